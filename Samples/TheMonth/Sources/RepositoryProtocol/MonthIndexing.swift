import struct Entities.Month

/// Lets the calendar know which months have any pages without loading them.
public protocol MonthIndexing: Sendable {
    func monthsWithEntries() async throws -> [Month]
}
