import Dispatch
import StrataModel
import StrataSourceTree

/// Scans many files in parallel on all cores, reusing cached facts for unchanged bytes.
public struct Scanner: Sendable {
    public let tree: any SourceTree
    public let cache: FactsCache?

    public init(tree: any SourceTree, cache: FactsCache?) {
        self.tree = tree
        self.cache = cache
    }

    /// What a scan produced, and how much of it came from the cache.
    public struct Outcome: Sendable {
        public var facts: [String: FileFacts]
        public var diagnostics: [Diagnostic]
        public var parsed: Int
        public var reused: Int
    }

    public func scan(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) -> Outcome {
        let cached = cache?.load() ?? [:]
        let results = ResultBuffer(count: paths.count)
        let total = paths.count
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let bytes: [UInt8]
            do {
                bytes = try tree.read(path)
            } catch {
                results.store(index, .unreadable("cannot be read: \(error)"))
                return
            }
            let hash = ContentHash(bytes)
            if let facts = cached[hash] {
                results.store(index, .scanned(hash, facts, parsed: false))
            } else {
                results.store(index, .scanned(hash, FileScanner.scan(bytes), parsed: true))
            }
            if let progress, index % 64 == 0 { progress(index, total) }
        }
        var outcome = Outcome(facts: [:], diagnostics: [], parsed: 0, reused: 0)
        var entries: [ContentHash: FileFacts] = [:]
        for (index, result) in results.collected.enumerated() {
            let path = paths[index]
            switch result {
            case .unreadable(let message)?:
                outcome.diagnostics.append(Diagnostic(file: path, message: message))
            case .scanned(let hash, let facts, let parsed)?:
                outcome.facts[path] = facts
                entries[hash] = facts
                if parsed { outcome.parsed += 1 } else { outcome.reused += 1 }
                for problem in facts.problems {
                    outcome.diagnostics.append(Diagnostic(file: path, message: problem))
                }
            case nil:
                break
            }
        }
        if let cache, outcome.parsed > 0 || entries.count != cached.count {
            do {
                try cache.save(entries)
            } catch {
                outcome.diagnostics.append(Diagnostic(file: cache.file, message: "cache not saved: \(error)"))
            }
        }
        return outcome
    }
}

private enum FileResult: Sendable {
    case scanned(ContentHash, FileFacts, parsed: Bool)
    case unreadable(String)
}

/// Slots written by index from many threads, each slot by exactly one of them.
private final class ResultBuffer: @unchecked Sendable {
    private let base: UnsafeMutablePointer<FileResult?>

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
        self.count = count
    }

    private let count: Int

    func store(_ index: Int, _ value: FileResult) { base[index] = value }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Read once all writers are done.
    var collected: [FileResult?] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
