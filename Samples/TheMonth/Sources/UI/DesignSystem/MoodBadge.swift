import SwiftUI
import Entities

public extension DayEntry.Mood {
    var tint: Color {
        switch self {
        case .great: return .green
        case .good: return .mint
        case .okay: return .yellow
        case .bad: return .orange
        case .awful: return .red
        }
    }
}

public struct MoodBadge: View {
    private let mood: DayEntry.Mood
    private let count: Int?

    public init(mood: DayEntry.Mood, count: Int? = nil) {
        self.mood = mood
        self.count = count
    }

    public var body: some View {
        HStack(spacing: Theme.Spacing.xs) {
            Text(mood.emoji)
            if let count {
                Text("\(count)").font(.caption.monospacedDigit())
            }
        }
        .padding(.horizontal, Theme.Spacing.s)
        .padding(.vertical, Theme.Spacing.xs)
        .background(mood.tint.opacity(0.2), in: Capsule())
    }
}
