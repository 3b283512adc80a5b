// Feature modules depend on UseCaseProtocol only; re-export the entities so
// they can use `Month`, `DayEntry` and friends without a second import.
@_exported import Entities
import Foundation

public protocol MonthUseCaseProtocol: Sendable {
    func entries(in month: Month) async throws -> [DayEntry]
    func save(_ entry: DayEntry) async throws
    func deleteEntry(id: UUID, in month: Month) async throws
    func moodSummary(for month: Month) async throws -> [DayEntry.Mood: Int]
}
