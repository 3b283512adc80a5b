import Foundation

extension Date {
    /// "3 min. ago", as album cells and the widget show it.
    public func relativeDescription(to now: Date = Date()) -> String {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .abbreviated
        return formatter.localizedString(for: self, relativeTo: now)
    }
}
