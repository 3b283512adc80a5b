import Foundation
import Dependencies

public struct ContiniousScheduleFeature {
    @Dependency(\.calendar) var calendar
    @Dependency(\.universityCalendar) var universityCalendar
    @Dependency(\.date.now) var now

    public init() {}

    func weekStart() -> Date? {
        universityCalendar.dateInterval(of: .weekOfYear, for: now)?.start ?? calendar.startOfDay(for: now)
    }
}
