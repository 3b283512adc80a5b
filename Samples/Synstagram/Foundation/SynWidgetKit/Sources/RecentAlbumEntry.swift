import Foundation
import WidgetKit

/// What the widget shows at one point of its timeline.
public struct RecentAlbumEntry: TimelineEntry {
    public let date: Date
    public let title: String
    public let photoCount: Int
    public let coverData: Data?

    public init(date: Date, title: String, photoCount: Int, coverData: Data?) {
        self.date = date
        self.title = title
        self.photoCount = photoCount
        self.coverData = coverData
    }

    /// Shown in the widget gallery and while the first entry loads.
    public static let placeholder = RecentAlbumEntry(date: Date(), title: "Summer", photoCount: 24, coverData: nil)
}

/// Refreshes every half hour, and not at night.
public enum RefreshSchedule {
    public static func nextRefresh(after date: Date, calendar: Calendar = .current) -> Date {
        let next = date.addingTimeInterval(30 * 60)
        let hour = calendar.component(.hour, from: next)
        guard hour < 7 else { return next }
        return calendar.date(bySettingHour: 7, minute: 0, second: 0, of: next) ?? next
    }
}
