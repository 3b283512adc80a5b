public import Foundation

/// A calendar month — the unit every screen of The Month is organised around.
public struct Month: Hashable, Codable, Sendable, Comparable {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        precondition((1...12).contains(month), "month must be in 1...12")
        self.year = year
        self.month = month
    }

    public init(containing date: Date, calendar: Calendar = .current) {
        let components = calendar.dateComponents([.year, .month], from: date)
        self.init(year: components.year ?? 1970, month: components.month ?? 1)
    }

    public static var current: Month { Month(containing: Date()) }

    public var next: Month {
        month == 12 ? Month(year: year + 1, month: 1) : Month(year: year, month: month + 1)
    }

    public var previous: Month {
        month == 1 ? Month(year: year - 1, month: 12) : Month(year: year, month: month - 1)
    }

    public func firstDay(calendar: Calendar = .current) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? Date(timeIntervalSince1970: 0)
    }

    public func numberOfDays(calendar: Calendar = .current) -> Int {
        calendar.range(of: .day, in: .month, for: firstDay(calendar: calendar))?.count ?? 30
    }

    public func title(locale: Locale = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.setLocalizedDateFormatFromTemplate("MMMM yyyy")
        return formatter.string(from: firstDay())
    }

    public static func < (lhs: Month, rhs: Month) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

/// Weekdays numbered the way `Calendar.firstWeekday` numbers them.
public enum Weekday: Int, CaseIterable, Codable, Sendable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public var shortSymbol: String {
        let symbols = Calendar.current.veryShortWeekdaySymbols
        return symbols[rawValue - 1]
    }
}
