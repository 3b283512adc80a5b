import Foundation
@preconcurrency import Combine
import UseCaseProtocol
// Entities is reachable through UseCaseProtocol's re-export, but this file imports it
// directly even though Home never declares it in Package.swift.
import Entities

public final class HomeViewModel: ObservableObject {
    public enum State: Equatable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    @Published public private(set) var month: Month
    @Published public private(set) var entries: [DayEntry] = []
    @Published public private(set) var summary: [DayEntry.Mood: Int] = [:]
    @Published public private(set) var state: State = .idle

    private let useCase: MonthUseCaseProtocol
    private var cancellables = Set<AnyCancellable>()

    public init(useCase: MonthUseCaseProtocol, month: Month = .current) {
        self.useCase = useCase
        self.month = month

        $month
            .dropFirst()
            .removeDuplicates()
            .sink { [weak self] _ in
                Task { await self?.reload() }
            }
            .store(in: &cancellables)
    }

    var dominantMood: DayEntry.Mood? {
        summary.max { $0.value < $1.value }?.key
    }

    @MainActor
    public func reload() async {
        state = .loading
        do {
            entries = try await useCase.entries(in: month)
            summary = try await useCase.moodSummary(for: month)
            state = .loaded
        } catch {
            state = .failed(error.localizedDescription)
        }
    }

    @MainActor
    public func showNextMonth() { month = month.next }

    @MainActor
    public func showPreviousMonth() { month = month.previous }

    @MainActor
    func addEntry(day: Int, mood: DayEntry.Mood, note: String) async {
        let entry = DayEntry(month: month, day: day, mood: mood, note: note)
        do {
            try await useCase.save(entry)
            await reload()
        } catch {
            state = .failed(error.localizedDescription)
        }
    }
}
