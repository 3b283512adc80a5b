import SwiftUI

public struct MonthCard<Content: View>: View {
    private let title: String
    private let content: Content

    public init(title: String, @ViewBuilder content: () -> Content) {
        self.title = title
        self.content = content()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: Theme.Spacing.s) {
            Text(title).font(.headline)
            content
        }
        .padding(Theme.Spacing.m)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(Theme.Palette.paper, in: RoundedRectangle(cornerRadius: Theme.cornerRadius))
    }
}

public struct PrimaryButtonStyle: ButtonStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body.weight(.semibold))
            .padding(.vertical, Theme.Spacing.s)
            .padding(.horizontal, Theme.Spacing.l)
            .background(Theme.Palette.accent.opacity(configuration.isPressed ? 0.7 : 1), in: Capsule())
            .foregroundStyle(.white)
    }
}

public protocol CalendarCellStyle {
    func background(isToday: Bool, isSelected: Bool) -> Color
    func foreground(isInMonth: Bool) -> Color
}

public struct DefaultCalendarCellStyle: CalendarCellStyle {
    public init() {}

    public func background(isToday: Bool, isSelected: Bool) -> Color {
        if isSelected { return Theme.Palette.accent }
        return isToday ? Theme.Palette.accent.opacity(0.2) : .clear
    }

    public func foreground(isInMonth: Bool) -> Color {
        isInMonth ? Theme.Palette.ink : Theme.Palette.faded
    }
}
