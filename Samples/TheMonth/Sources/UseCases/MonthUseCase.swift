import Foundation
import UseCaseProtocol
import RepositoryProtocol

public enum MonthUseCaseError: Error, Equatable {
    case dayOutOfRange(Int)
    case noteTooLong(limit: Int)
}

public final class MonthUseCase: MonthUseCaseProtocol, @unchecked Sendable {
    private let repository: MonthRepositoryProtocol
    private let noteLimit: Int

    public init(repository: MonthRepositoryProtocol, noteLimit: Int = 280) {
        self.repository = repository
        self.noteLimit = noteLimit
    }

    public func entries(in month: Month) async throws -> [DayEntry] {
        try await repository.fetchEntries(for: month).sorted { $0.day < $1.day }
    }

    public func save(_ entry: DayEntry) async throws {
        guard (1...entry.month.numberOfDays()).contains(entry.day) else {
            throw MonthUseCaseError.dayOutOfRange(entry.day)
        }
        guard entry.note.count <= noteLimit else {
            throw MonthUseCaseError.noteTooLong(limit: noteLimit)
        }
        try await repository.upsert(entry)
    }

    public func deleteEntry(id: UUID, in month: Month) async throws {
        try await repository.deleteEntry(id: id, in: month)
    }

    public func moodSummary(for month: Month) async throws -> [DayEntry.Mood: Int] {
        let entries = try await repository.fetchEntries(for: month)
        return entries.reduce(into: [:]) { summary, entry in
            summary[entry.mood, default: 0] += 1
        }
    }
}
