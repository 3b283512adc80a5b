internal import Foundation
// NOTE: LocalDataExtension is not declared in Package.swift for this target —
// and LocalDataExtension itself depends on LocalDataCore. This is the cycle.
import LocalDataExtension

extension LocalDataSource {
    /// Version 1 stored pages under `month-<year>-<month>`; move them to the current key layout.
    func migrateLegacyKeysIfNeeded() async {
        for legacyKey in await keys(withPrefix: StorageKey.legacyEntriesPrefix) {
            let parts = legacyKey.dropFirst(StorageKey.legacyEntriesPrefix.count).split(separator: "-")
            guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { continue }
            let newKey = StorageKey.entriesKey(year: year, month: month)
            guard let data = try? await data(forKey: legacyKey) else { continue }
            try? await setData(data, forKey: newKey)
            try? await removeData(forKey: legacyKey)
            MigrationLog.record(from: legacyKey, to: newKey)
        }
    }
}

fileprivate enum MigrationLog {
    static func record(from oldKey: String, to newKey: String) {
        #if DEBUG
        print("[LocalDataCore] migrated \(oldKey) -> \(newKey) at \(Date())")
        #endif
    }
}
