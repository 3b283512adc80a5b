import StrataModel

/// Per-file facts by content hash, for every scan of one run: both revisions of a diff see
/// the same store, so a file unchanged between them is parsed once. Backed by a `FactsCache`
/// file when the cache is on; `save()` keeps what this run used, in any of its scans.
///
/// Scans use it one after the other, never at once (the scanner reads it from many threads
/// only between its own updates).
public final class FactStore: @unchecked Sendable {
    public let cache: FactsCache?
    private(set) var contents: FactsCache.Contents
    private var used = FactsCache.Contents()
    private var changed = false
    /// Stores of the same cache for more injection names, by their identity: the files
    /// rescanned for the hand-written containers found in a first scan.
    private var variants: [String: FactStore] = [:]

    /// Cache files found damaged (and recomputed), this store's and its variants'.
    public var damagedFiles: [String] {
        (damaged ? [cache?.file ?? ""] : []) + variants.keys.sorted().flatMap { variants[$0]!.damagedFiles }
    }
    private let damaged: Bool

    /// A store filled from `cache`'s file, or an empty one in memory without a cache.
    public init(cache: FactsCache?) {
        self.cache = cache
        let loaded = cache?.load()
        contents = loaded?.contents ?? FactsCache.Contents()
        damaged = loaded?.damaged ?? false
    }

    /// The facts of a file with these bytes, if known.
    func facts(for hash: ContentHash) -> FileFacts? { contents.entries[hash] }

    /// The content hash of a file known by its content key (a git blob id).
    func hash(forKey key: String) -> ContentHash? { contents.aliases[key] }

    /// Records what a scan used or computed.
    func record(_ hash: ContentHash, _ facts: FileFacts, key: String?, parsed: Bool) {
        if parsed {
            contents.entries[hash] = facts
            changed = true
        }
        used.entries[hash] = facts
        if let key {
            if contents.aliases[key] != hash { changed = true }
            contents.aliases[key] = hash
            used.aliases[key] = hash
        }
    }

    /// The store for scanning with other injection names, saved with this one.
    public func variant(names: InjectionNames) -> FactStore {
        if let store = variants[names.identity] { return store }
        let store = FactStore(cache: cache.map { $0.with(names: names) })
        variants[names.identity] = store
        return store
    }

    /// Forgets the facts of bytes no file has any more: a long-lived session calls it after
    /// each change, so the versions of an edited file do not pile up.
    public func keep(only hashes: Set<ContentHash>) {
        // Removed in place: most entries stay, and a filtered copy would copy every one.
        for key in contents.entries.keys.filter({ !hashes.contains($0) }) { contents.entries[key] = nil }
        for key in used.entries.keys.filter({ !hashes.contains($0) }) { used.entries[key] = nil }
        for variant in variants.values { variant.keep(only: hashes) }
    }

    /// Forgets the facts of these bytes, which no file has any more: `keep(only:)` when the
    /// caller knows which went (a session's edit, the edited files' earlier bytes).
    public func forget(_ hashes: [ContentHash]) {
        for hash in hashes {
            contents.entries[hash] = nil
            used.entries[hash] = nil
        }
        for variant in variants.values { variant.forget(hashes) }
    }

    /// Writes the facts this run used to the cache file, when anything changed.
    public func save() throws {
        for variant in variants.values { try variant.save() }
        guard let cache, changed || damaged || used.entries.count != contents.entries.count || used.aliases.count != contents.aliases.count
        else { return }
        try cache.save(used)
    }
}
