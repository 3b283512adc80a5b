import Foundation
import Entities
import RepositoryProtocol
import LocalDataCore
@_implementationOnly import LocalDataExtension

public final class MonthRepository: BaseRepository, MonthRepositoryProtocol, @unchecked Sendable {
    private let cache = MonthEntryCache()

    public func fetchEntries(for month: Month) async throws -> [DayEntry] {
        if let cached = await cache.entries(for: month) { return cached }
        let entries = try await dataSource.decoded([DayEntry].self, forKey: StorageKey.entries(for: month)) ?? []
        await cache.store(entries, for: month)
        return entries
    }

    public func upsert(_ entry: DayEntry) async throws {
        var entries = try await fetchEntries(for: entry.month)
        if let index = entries.firstIndex(where: { $0.id == entry.id }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
        try await persist(entries, for: entry.month)
    }

    public func deleteEntry(id: UUID, in month: Month) async throws {
        var entries = try await fetchEntries(for: month)
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw RepositoryError.notFound(id)
        }
        entries.remove(at: index)
        try await persist(entries, for: month)
    }

    public func monthsWithEntries() async throws -> [Month] {
        let keys = await dataSource.keys(withPrefix: StorageKey.entriesPrefix)
        return keys.compactMap(Self.month(fromKey:)).sorted()
    }

    private func persist(_ entries: [DayEntry], for month: Month) async throws {
        let key = StorageKey.entries(for: month)
        willPersist(key: key)
        try await dataSource.setEncoded(entries, forKey: key)
        await cache.store(entries, for: month)
    }

    private static func month(fromKey key: String) -> Month? {
        let parts = key.dropFirst(StorageKey.entriesPrefix.count).split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        return Month(year: year, month: month)
    }
}

/// Keeps the last few months in memory so paging back and forth is instant.
actor MonthEntryCache {
    private var storage: [Month: [DayEntry]] = [:]
    private var order: [Month] = []
    private let capacity = 6

    func entries(for month: Month) -> [DayEntry]? {
        storage[month]
    }

    func store(_ entries: [DayEntry], for month: Month) {
        storage[month] = entries
        order.removeAll { $0 == month }
        order.append(month)
        if order.count > capacity {
            storage[order.removeFirst()] = nil
        }
    }
}
