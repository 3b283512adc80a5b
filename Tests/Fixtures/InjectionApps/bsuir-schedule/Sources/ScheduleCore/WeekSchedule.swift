import Foundation

public struct WeekSchedule: Equatable {
    public var startDate: Date
}

extension Calendar {
    public static let bsuir: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.firstWeekday = 2
        return calendar
    }()
}

// MARK: - Dependency

import Dependencies

private enum UniversityCalendarKey: DependencyKey {
    static let liveValue: Calendar = .bsuir
}

extension DependencyValues {
    public var universityCalendar: Calendar {
        get { self[UniversityCalendarKey.self] }
        set { self[UniversityCalendarKey.self] = newValue }
    }
}
