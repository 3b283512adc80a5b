import Widgets

/// A category's initializer of a Foundation class: `NSNumber(widgetCount:)`.
func widgetCount() -> NSNumber { NSNumber(widgetCount: 3) }

/// A factory method, which Swift imports as an initializer.
let firstWidget = NSNumber(widgetID: "first")
