import Foundation
import UseCaseProtocol

/// Lays a month out as a 7-column grid, padding the first week with empty slots.
struct CalendarGrid {
    struct Slot: Hashable, Identifiable {
        let id: Int
        let day: Int?
    }

    let month: Month
    let firstWeekday: Weekday

    func slots(calendar: Calendar = .current) -> [Slot] {
        let weekdayOfFirst = calendar.component(.weekday, from: month.firstDay(calendar: calendar))
        let leading = (weekdayOfFirst - firstWeekday.rawValue + 7) % 7
        let days = month.numberOfDays(calendar: calendar)
        return (0..<(leading + days)).map { index in
            Slot(id: index, day: index < leading ? nil : index - leading + 1)
        }
    }

    var orderedWeekdays: [Weekday] {
        let all = Weekday.allCases
        let start = all.firstIndex(of: firstWeekday) ?? 0
        return Array(all[start...] + all[..<start])
    }
}
