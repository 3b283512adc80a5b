import Foundation
import UseCaseProtocol

public final class CalendarViewModel: ObservableObject {
    @Published public private(set) var month: Month
    @Published public private(set) var moods: [Int: DayEntry.Mood] = [:]
    @Published public var selectedDay: Int?

    let firstWeekday: Weekday
    private let useCase: MonthUseCaseProtocol

    public init(useCase: MonthUseCaseProtocol, month: Month = .current, firstWeekday: Weekday = .sunday) {
        self.useCase = useCase
        self.month = month
        self.firstWeekday = firstWeekday
    }

    var grid: CalendarGrid { CalendarGrid(month: month, firstWeekday: firstWeekday) }

    @MainActor
    public func load() async {
        let entries = (try? await useCase.entries(in: month)) ?? []
        moods = Dictionary(entries.map { ($0.day, $0.mood) }, uniquingKeysWith: { _, latest in latest })
    }

    @MainActor
    public func move(by offset: Int) async {
        month = offset >= 0 ? month.next : month.previous
        selectedDay = nil
        await load()
    }
}
