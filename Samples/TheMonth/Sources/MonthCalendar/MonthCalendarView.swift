import SwiftUI
import DesignSystem
import UseCaseProtocol

public struct MonthCalendarView: View {
    @StateObject private var viewModel: CalendarViewModel
    private let cellStyle: CalendarCellStyle

    public init(viewModel: CalendarViewModel, cellStyle: CalendarCellStyle = DefaultCalendarCellStyle()) {
        _viewModel = StateObject(wrappedValue: viewModel)
        self.cellStyle = cellStyle
    }

    private let columns = Array(repeating: GridItem(.flexible(), spacing: Theme.Spacing.xs), count: 7)

    public var body: some View {
        VStack(spacing: Theme.Spacing.m) {
            HStack {
                Button { Task { await viewModel.move(by: -1) } } label: { Image(systemName: "chevron.left") }
                Spacer()
                Text(viewModel.month.title()).font(.title2.bold())
                Spacer()
                Button { Task { await viewModel.move(by: 1) } } label: { Image(systemName: "chevron.right") }
            }
            LazyVGrid(columns: columns, spacing: Theme.Spacing.xs) {
                ForEach(viewModel.grid.orderedWeekdays, id: \.self) { weekday in
                    Text(weekday.shortSymbol).font(.caption).foregroundStyle(Theme.Palette.faded)
                }
                ForEach(viewModel.grid.slots()) { slot in
                    DayCell(
                        day: slot.day,
                        mood: slot.day.flatMap { viewModel.moods[$0] },
                        isSelected: slot.day != nil && slot.day == viewModel.selectedDay,
                        style: cellStyle
                    )
                    .onTapGesture { viewModel.selectedDay = slot.day }
                }
            }
        }
        .padding(Theme.Spacing.m)
        .task { await viewModel.load() }
    }
}

struct DayCell: View {
    let day: Int?
    let mood: DayEntry.Mood?
    let isSelected: Bool
    let style: CalendarCellStyle

    var body: some View {
        VStack(spacing: 2) {
            Text(day.map(String.init) ?? "")
                .font(.callout.monospacedDigit())
                .foregroundStyle(style.foreground(isInMonth: day != nil))
            Text(mood?.emoji ?? " ").font(.caption2)
        }
        .frame(maxWidth: .infinity, minHeight: 44)
        .background(style.background(isToday: false, isSelected: isSelected), in: RoundedRectangle(cornerRadius: 8))
    }
}
