import Foundation
import Entities

/// Single source of truth for how things are named on disk.
public enum StorageKey {
    public static let entriesPrefix = "entries."
    public static let legacyEntriesPrefix = "month-"
    public static let settings = "settings.v2"

    public static func entries(for month: Month) -> String {
        entriesKey(year: month.year, month: month.month)
    }

    public static func entriesKey(year: Int, month: Int) -> String {
        String(format: "%@%04d-%02d", entriesPrefix, year, month)
    }
}
