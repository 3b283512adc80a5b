import SwiftUI
import DesignSystem
import UseCaseProtocol

public struct HomeView: View {
    @StateObject private var viewModel: HomeViewModel

    public init(viewModel: HomeViewModel) {
        _viewModel = StateObject(wrappedValue: viewModel)
    }

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: Theme.Spacing.m) {
                    MonthCard(title: viewModel.month.title()) {
                        HStack {
                            ForEach(DayEntry.Mood.allCases, id: \.self) { mood in
                                MoodBadge(mood: mood, count: viewModel.summary[mood] ?? 0)
                            }
                        }
                    }
                    ForEach(viewModel.entries) { entry in
                        EntryRow(entry: entry)
                    }
                }
                .padding(Theme.Spacing.m)
            }
            .overlay {
                if viewModel.state == .loading { ProgressView() }
            }
            .toolbar {
                ToolbarItemGroup(placement: .navigationBarTrailing) {
                    Button { viewModel.showPreviousMonth() } label: { Image(systemName: "chevron.left") }
                    Button { viewModel.showNextMonth() } label: { Image(systemName: "chevron.right") }
                }
            }
            .navigationTitle("The Month")
            .task { await viewModel.reload() }
        }
    }
}

private struct EntryRow: View {
    let entry: DayEntry

    var body: some View {
        HStack(alignment: .top, spacing: Theme.Spacing.s) {
            Text("\(entry.day)")
                .font(.title3.monospacedDigit())
                .frame(width: 32)
            VStack(alignment: .leading) {
                MoodBadge(mood: entry.mood)
                if !entry.note.isEmpty {
                    Text(entry.note).font(.body)
                }
            }
            Spacer()
            if entry.hasPhoto {
                Image(systemName: "photo")
            }
        }
    }
}
