import Foundation
import Entities

public enum RepositoryError: Error, Equatable {
    case notFound(UUID)
    case storageUnavailable
    case corrupted(reason: String)
}

public protocol MonthRepositoryProtocol: MonthIndexing {
    func fetchEntries(for month: Month) async throws -> [DayEntry]
    func upsert(_ entry: DayEntry) async throws
    func deleteEntry(id: UUID, in month: Month) async throws
}
