import Dispatch
import StrataModel
import StrataSourceTree

/// Scans many files in parallel on all cores, reusing known facts for unchanged bytes.
public struct Scanner: Sendable {
    public let tree: any SourceTree
    /// Facts already known (from the cache, or an earlier scan of this run); nil parses all.
    public let store: FactStore?
    /// The configured injection names, beyond the built-in ones.
    public let names: InjectionNames
    /// Seconds one file's parse and walk may take; a slower file is reported and left out.
    public var timeLimit = TimeBudget.defaultPerFile

    public init(tree: any SourceTree, store: FactStore?, names: InjectionNames = InjectionNames()) {
        self.tree = tree
        self.store = store
        self.names = names
    }

    /// What a scan produced, and how much of it came from the cache.
    public struct Outcome: Sendable {
        public var facts: [String: FileFacts]
        /// The content hash of every file read.
        public var hashes: [String: ContentHash]
        public var diagnostics: [Diagnostic]
        public var parsed: Int
        public var reused: Int
        /// The checked-out sources of external modules the files import, by import name
        /// (`DependencySources`); their files' hashes are in `hashes`, their facts only here.
        public var dependencies: [String: [SourceFile]] = [:]
        /// What Swift sees of each C, Objective-C and mixed module through its public headers,
        /// by module (`HeaderScanner`).
        public var headers: [ModuleID: ClangInterface] = [:]
        /// The content hashes of the headers and module maps read for `headers` (also in
        /// `hashes`).
        public var headerHashes: [String: ContentHash] = [:]
        /// The files whose parse took longer than the time limit (no facts; a diagnostic).
        public var timedOut: Set<String> = []

        /// This outcome of some files' scan with `paths` (sorted, among them) scanned again
        /// (`again`, their scan): their facts, hashes and diagnostics replaced, as a scan of
        /// them all would have found. A session's edit scans the edited files alone so.
        public mutating func patch(_ again: Outcome, paths: [String]) {
            let replaced = Set(paths)
            for path in paths {
                facts[path] = again.facts[path]
                hashes[path] = again.hashes[path]
            }
            // In file order, as a whole scan lists them: the others' then these, merged.
            let kept = diagnostics.filter { !replaced.contains($0.file) }
            diagnostics = []
            diagnostics.reserveCapacity(kept.count + again.diagnostics.count)
            var next = again.diagnostics.startIndex
            for diagnostic in kept {
                while next < again.diagnostics.endIndex, again.diagnostics[next].file < diagnostic.file {
                    diagnostics.append(again.diagnostics[next])
                    next += 1
                }
                diagnostics.append(diagnostic)
            }
            diagnostics += again.diagnostics[next...]
            timedOut.subtract(paths)
            timedOut.formUnion(again.timedOut)
            parsed = again.parsed
            reused = facts.count - parsed
        }
    }

    public func scan(_ paths: [String]) -> Outcome {
        scan(paths, early: nil)
    }

    /// What a scan begun before the paths to scan were known found (`begin(_:until:)`): the
    /// files it finished, and those it read but did not parse before it was cut off.
    public struct Early: Sendable {
        fileprivate var results: [String: FileResult] = [:]
        fileprivate var read: [String: (hash: ContentHash, bytes: [UInt8])] = [:]
        fileprivate var names: InjectionNames
        fileprivate var timeLimit: Double
        /// The files it parsed.
        public var parsed: Int {
            results.values.count { if case .scanned(_, _, parsed: true) = $0 { true } else { false } }
        }
    }

    /// Scans `paths` until `cutoff` is stopped, as `scan(_:)` would, and records nothing in the
    /// store: a scan of the files that may be Swift sources while discovery finds which are,
    /// on the cores discovery leaves idle. `scan(_:early:)` then takes what it found.
    ///
    /// When the cutoff stops, the parses under way of files it does not keep (not sources) are
    /// given up, not waited for: a slow file no scan would parse holds nothing up.
    public func begin(_ paths: [String], until cutoff: TimeBudget.Cutoff) -> Early {
        var early = Early(names: names, timeLimit: timeLimit)
        guard !cutoff.isStopped else { return early }
        let results = ResultBuffer<FileResult>(count: paths.count)
        let pending = ResultBuffer<[UInt8]>(count: paths.count)
        read(paths, Array(paths.indices), into: results, pending: pending, until: cutoff)
        let work = Self.largestFirst(paths.indices.filter { pending[$0] != nil }, pending)
        let scanned = parse(work, pending: pending, until: cutoff) { !cutoff.keeps(paths[work[$0]]) }
        for (position, index) in work.enumerated() {
            guard case .unparsed(let hash)? = results[index] else { continue }
            if position < scanned.taken {
                results.store(index, parsed(scanned.values[position], hash))
            } else if let bytes = pending[index] {
                early.read[paths[index]] = (hash, bytes)
                results.store(index, nil)
            }
        }
        for (index, result) in results.collected.enumerated() {
            if let result { early.results[paths[index]] = result }
        }
        return early
    }

    /// `scan(_:)`, taking what `early` found (when it scanned with this scanner's names and
    /// time limit): the files it finished are not read again, those it read are not read twice.
    /// `early` is let go of once taken: the bytes of files read but not parsed go as they are.
    public func scan(_ paths: [String], early: consuming Early?) -> Outcome {
        let results = ResultBuffer<FileResult>(count: paths.count)
        let pending = ResultBuffer<[UInt8]>(count: paths.count)
        if var taken = early.take(), taken.names == names, taken.timeLimit == timeLimit {
            for (index, path) in paths.enumerated() {
                if let result = taken.results.removeValue(forKey: path) {
                    results.store(index, result)
                } else if let read = taken.read.removeValue(forKey: path) {
                    results.store(index, .unparsed(read.hash))
                    pending.store(index, read.bytes)
                }
            }
        }
        read(paths, (0..<paths.count).filter { results[$0] == nil }, into: results, pending: pending, until: nil)
        let work = Self.largestFirst(paths.indices.filter { pending[$0] != nil }, pending)
        let scanned = parse(work, pending: pending, until: nil).values
        for (position, index) in work.enumerated() {
            guard case .unparsed(let hash)? = results[index] else { continue }
            results.store(index, parsed(scanned[position], hash))
        }
        var outcome = Outcome(facts: .init(minimumCapacity: paths.count), hashes: .init(minimumCapacity: paths.count), diagnostics: [], parsed: 0, reused: 0)
        for (index, result) in results.collected.enumerated() {
            let path = paths[index]
            switch result {
            case .unreadable(let message)?:
                outcome.diagnostics.append(Diagnostic(file: path, message: message))
            case .timedOut(let message)?:
                outcome.diagnostics.append(Diagnostic(file: path, message: message))
                outcome.timedOut.insert(path)
            case .scanned(let hash, let facts, let parsed)?:
                outcome.facts[path] = facts
                outcome.hashes[path] = hash
                store?.record(hash, facts, key: tree.contentKey(path), parsed: parsed)
                if parsed { outcome.parsed += 1 } else { outcome.reused += 1 }
                for problem in facts.problems {
                    outcome.diagnostics.append(Diagnostic(file: path, line: problem.line, message: problem.message))
                }
            case .unparsed?, nil:
                break
            }
        }
        return outcome
    }

    /// A parse's result: its facts, or none within the time limit.
    private func parsed(_ facts: FileFacts?, _ hash: ContentHash) -> FileResult {
        facts.map { .scanned(hash, $0, parsed: true) } ?? .timedOut("not analyzed: parsing took longer than \(TimeBudget.describe(timeLimit))")
    }

    /// The files at `indices` of `paths`, as the store knows them or read: a file whose hash
    /// the tree knows, or whose content key (git blob id) names known bytes, is not even read
    /// (looked up once, on every core: a warm session's edit finds all but one file so). The
    /// rest are read and hashed (cheap); what the store lacks is left in `pending`. Once
    /// `cutoff` is stopped, no further file is read.
    private func read(
        _ paths: [String], _ indices: [Int], into results: ResultBuffer<FileResult>, pending: ResultBuffer<[UInt8]>, until cutoff: TimeBudget.Cutoff?
    ) {
        DispatchQueue.concurrentPerform(iterations: indices.count) { position in
            let index = indices[position]
            if let hash = tree.knownHash(paths[index]) ?? tree.contentKey(paths[index]).flatMap({ store?.hash(forKey: $0) }),
                let facts = store?.facts(for: hash)
            {
                results.store(index, .scanned(hash, facts, parsed: false))
            }
        }
        let unknown = indices.filter { results[$0] == nil }
        tree.prefetch(unknown.map { paths[$0] })
        DispatchQueue.concurrentPerform(iterations: unknown.count) { position in
            let index = unknown[position]
            guard cutoff?.isStopped != true else { return }
            do {
                let bytes = try tree.read(paths[index])
                let hash = ContentHash(bytes)
                if let facts = store?.facts(for: hash) {
                    results.store(index, .scanned(hash, facts, parsed: false))
                } else {
                    results.store(index, .unparsed(hash))
                    pending.store(index, bytes)
                }
            } catch {
                // The diagnostic names the file: the error's own path is not repeated.
                results.store(index, .unreadable("cannot be read: \((error as? SourceTreeError)?.reason ?? "\(error)")"))
            }
        }
    }

    /// Largest files first, so no big file starts last and leaves a core idle at the end.
    private static func largestFirst(_ indices: [Int], _ pending: ResultBuffer<[UInt8]>) -> [Int] {
        indices.sorted { (pending[$0]?.count ?? 0, $1) > (pending[$1]?.count ?? 0, $0) }
    }

    /// Each file at `work` parsed on a large-stack thread of TimeBudget, within the time limit
    /// (nil: it took longer), until `cutoff` is stopped: `taken` of them were begun (those
    /// `unwanted` then names, given up, nil).
    private func parse(
        _ work: [Int], pending: ResultBuffer<[UInt8]>, until cutoff: TimeBudget.Cutoff?, unwanted: (@Sendable (Int) -> Bool)? = nil
    ) -> (values: [FileFacts?], taken: Int) {
        let names = self.names
        return TimeBudget.map(iterations: work.count, within: timeLimit, until: cutoff, unwanted: unwanted) { position in
            // Each file's bytes let go of once read: a parse left running past the time limit
            // keeps only its own.
            let bytes = pending[work[position]]!
            pending.store(work[position], nil)
            return FileScanner.scan(bytes, names: names)
        }
    }
}

private enum FileResult: Sendable {
    case scanned(ContentHash, FileFacts, parsed: Bool)
    case unparsed(ContentHash)
    case unreadable(String)
    case timedOut(String)
}

/// Slots written by index from many threads, each slot by one thread at a time.
private final class ResultBuffer<Value>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
        self.count = count
    }

    func store(_ index: Int, _ value: Value?) { base[index] = value }

    subscript(index: Int) -> Value? { base[index] }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Read once all writers are done.
    var collected: [Value?] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
