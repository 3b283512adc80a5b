import Foundation
import Widgets

/// A category's subscript of NSUserDefaults, which Swift calls UserDefaults.
func savedTitle() -> Any? { UserDefaults.standard["title"] }
