import XCTest
@testable import Home
import UseCaseProtocol

final class HomeViewModelTests: XCTestCase {
    @MainActor
    func testReloadPublishesEntriesAndSummary() async {
        let month = Month(year: 2024, month: 5)
        let stub = MonthUseCaseStub(entries: [
            DayEntry(month: month, day: 1, mood: .good),
            DayEntry(month: month, day: 2, mood: .good),
            DayEntry(month: month, day: 3, mood: .bad),
        ])
        let viewModel = HomeViewModel(useCase: stub, month: month)

        await viewModel.reload()

        XCTAssertEqual(viewModel.state, .loaded)
        XCTAssertEqual(viewModel.entries.count, 3)
        XCTAssertEqual(viewModel.dominantMood, .good)
    }

    @MainActor
    func testReloadFailureSetsFailedState() async {
        let stub = MonthUseCaseStub(entries: [], error: URLError(.cannotOpenFile))
        let viewModel = HomeViewModel(useCase: stub, month: Month(year: 2024, month: 2))

        await viewModel.reload()

        guard case .failed = viewModel.state else {
            return XCTFail("expected failed state, got \(viewModel.state)")
        }
    }
}

private final class MonthUseCaseStub: MonthUseCaseProtocol, @unchecked Sendable {
    private(set) var stored: [DayEntry]
    private let error: Error?

    init(entries: [DayEntry], error: Error? = nil) {
        self.stored = entries
        self.error = error
    }

    func entries(in month: Month) async throws -> [DayEntry] {
        if let error { throw error }
        return stored.filter { $0.month == month }
    }

    func save(_ entry: DayEntry) async throws {
        stored.append(entry)
    }

    func deleteEntry(id: UUID, in month: Month) async throws {
        stored.removeAll { $0.id == id }
    }

    func moodSummary(for month: Month) async throws -> [DayEntry.Mood: Int] {
        try await entries(in: month).reduce(into: [:]) { $0[$1.mood, default: 0] += 1 }
    }
}
