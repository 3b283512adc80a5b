import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataGraphviz
import StrataModel
import StrataReport
import StrataScan
import StrataSourceTree

/// `strata diff`: two revisions of a repository (or a revision and the working directory, or
/// two saved `strata.json` results) analyzed and compared. Each revision is read straight from
/// git with its own `strata.yml`; files unchanged between them are parsed once.
public enum Comparison {
    public struct Options: Sendable {
        /// The repository (a work tree or a bare repository).
        public var repository: String
        public var base: String
        /// Nil with `worktree`.
        public var head: String?
        /// HEAD is the working directory, uncommitted changes included.
        public var worktree: Bool
        public var cacheDirectory: String?
        public var excludes: [String]
        /// One `strata.yml` for both revisions instead of each revision's own.
        public var configPath: String?
        /// Measured build seconds per module (`--build-times`), used for both revisions' build shape.
        public var buildTimes: [String: Double]?

        public init(
            repository: String, base: String, head: String?, worktree: Bool = false,
            cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [], configPath: String? = nil,
            buildTimes: [String: Double]? = nil
        ) {
            self.buildTimes = buildTimes
            self.repository = repository
            self.base = base
            self.head = head
            self.worktree = worktree
            self.cacheDirectory = cacheDirectory
            self.excludes = excludes
            self.configPath = configPath
        }
    }

    public struct Outcome: Sendable {
        public var document: DiffDocument
        /// Files parsed, and reused from the cache or the other revision.
        public var parsedFiles: Int
        public var reusedFiles: Int
        public var warnings: [Diagnostic]
        /// Damaged cache files, one note each (as `Pipeline.Outcome.messages`).
        public var messages: [String] = []
    }

    /// Whether the two arguments are saved results rather than revisions.
    public static func comparesSavedResults(_ base: String, _ head: String?) -> Bool {
        guard let head else { return false }
        return [base, head].allSatisfy { $0.hasSuffix(".json") && FileManager.default.fileExists(atPath: $0) }
    }

    public static func run(_ options: Options, progress: (@Sendable (String) -> Void)? = nil) throws -> Outcome {
        if comparesSavedResults(options.base, options.head), let head = options.head {
            let old = try load(options.base), new = try load(head)
            let diff = GraphComparison.compare(
                base: old, head: new, baseLabel: RepositoryPath.name(of: options.base), headLabel: RepositoryPath.name(of: head))
            return Outcome(document: DiffDocument(diff: diff, base: old, head: new), parsedFiles: 0, reusedFiles: 0, warnings: [])
        }

        let repository: GitRepository
        let baseCommit: String
        let headCommit: String?
        do {
            repository = try GitRepository(path: options.repository)
            baseCommit = try repository.resolve(options.base)
            headCommit = options.worktree ? nil : try repository.resolve(options.head ?? "HEAD")
        } catch let error as GitError {
            throw Pipeline.InputError(description: error.description)
        }
        let explicit: Configuration?
        do {
            explicit = try options.configPath.map { path throws(Configuration.Invalid) in try Configuration.load(path: path, required: true) }
        } catch {
            throw Pipeline.InputError(description: error.description)
        }

        let filter = PathFilter(excludes: options.excludes)
        let baseTree = try revisionTree(repository, baseCommit, filter: filter)
        let headTree: any SourceTree
        if let headCommit {
            headTree = try revisionTree(repository, headCommit, filter: filter)
        } else {
            guard let root = repository.workTree else {
                throw Pipeline.InputError(description: "\(options.repository): a bare repository has no working directory for --worktree")
            }
            headTree = WorkingDirectoryTree(rootPath: root, filter: filter)
        }
        let labels = [options.base, options.worktree ? "the working directory" : options.head ?? "HEAD"]

        // Discovery, then assembly and analysis, run for both revisions side by side; the
        // scans run one after the other, so HEAD reuses every fact BASE computed.
        let trees: [any SourceTree] = [baseTree, headTree]
        let stages = try Self.inParallel(2) { index in
            try prepare(trees[index], label: labels[index], explicit: explicit, options: options, progress: progress)
        }
        var scanned = stages
        let stores = Stores(directory: options.cacheDirectory, rootKey: Pipeline.rootKey(options.repository))
        for index in scanned.indices {
            progress?("scanning \(labels[index])")
            TreeAnalysis.scan(&scanned[index], store: stores.store(for: scanned[index].configuration.injection.names))
        }
        // The cache is written while both revisions are assembled and analyzed.
        let ready = scanned
        let work = try Self.inParallel(3) { index -> (output: TreeAnalysis.Output?, warnings: [Diagnostic]) in
            index < 2 ? (TreeAnalysis.finish(ready[index]), []) : (nil, stores.save())
        }
        let outputs = work.compactMap(\.output), warnings = work[2].warnings
        var old = outputs[0].result, new = outputs[1].result
        if let times = options.buildTimes {
            old.buildShape = BuildShape.analyze(modules: old.modules.map(\.module), edges: old.edges, seconds: times)
            new.buildShape = BuildShape.analyze(modules: new.modules.map(\.module), edges: new.edges, seconds: times)
        }
        let parsed = outputs.reduce(0) { $0 + $1.scan.parsed }, reused = outputs.reduce(0) { $0 + $1.scan.reused }
        let diff = GraphComparison.compare(
            base: old, head: new, baseLabel: options.base, headLabel: options.worktree ? "working directory" : options.head ?? "HEAD",
            baseCommit: baseCommit, headCommit: headCommit)
        let damaged = stores.stores.keys.sorted().flatMap { stores.stores[$0]!.damagedFiles }
        var document = DiffDocument(diff: diff, base: old, head: new)
        document.layouts = options.cacheDirectory.map { directory in
            LayoutCache(file: FactsCache(directory: directory, rootKey: Pipeline.rootKey(options.repository)).companion("diff-layouts"))
        }
        return Outcome(
            document: document, parsedFiles: parsed, reusedFiles: reused, warnings: warnings,
            messages: damaged.map { "note: " + CacheFile.damageNote($0) })
    }

    /// A revision's configuration (its own `strata.yml`, unless one was given) and discovery.
    static func prepare(
        _ tree: any SourceTree, label: String, explicit: Configuration?, options: Options,
        progress: (@Sendable (String) -> Void)?
    ) throws -> TreeAnalysis.Stage {
        let configuration: Configuration
        do {
            configuration = try explicit ?? TreeAnalysis.configuration(in: tree, files: try tree.files())
        } catch {
            throw Pipeline.InputError(description: "\(label): \(error)")
        }
        var tree = tree
        if !configuration.exclude.isEmpty {
            let filter = PathFilter(excludes: options.excludes + configuration.exclude)
            if let revision = tree as? GitRevisionTree {
                tree = revision.narrowed(by: filter)
            } else if let directory = tree as? WorkingDirectoryTree {
                tree = WorkingDirectoryTree(rootPath: directory.rootPath, filter: filter)
            }
        }
        progress?("discovering the modules of \(label)")
        return try TreeAnalysis.discover(
            tree: tree, configuration: configuration, configurationFile: options.configPath ?? Configuration.fileName)
    }

    /// `body(0..<count)` on all cores; the first error is thrown.
    private static func inParallel<T>(_ count: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
        let slots = ParallelSlots<T>(count: count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let value = Result { try body(index) }
            lock.lock()
            slots.values[index] = value
            lock.unlock()
        }
        return try slots.values.map { try $0!.get() }
    }

    static func revisionTree(_ repository: GitRepository, _ commit: String, filter: PathFilter) throws -> GitRevisionTree {
        do {
            return try GitRevisionTree(repository: repository, commit: commit, filter: filter)
        } catch let error as GitError {
            throw Pipeline.InputError(description: error.description)
        }
    }

    /// A saved `strata.json`.
    static func load(_ path: String) throws -> AnalysisResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Pipeline.InputError(description: "\(path): cannot be read")
        }
        do {
            let result = try JSONDecoder().decode(AnalysisResult.self, from: data)
            // Version 1 differs only by a key version 2 dropped: it reads as is.
            guard (1...AnalysisResult.currentSchemaVersion).contains(result.schemaVersion) else {
                throw Pipeline.InputError(
                    description: "\(path): schemaVersion \(result.schemaVersion); this strata reads 1 to \(AnalysisResult.currentSchemaVersion)")
            }
            return result
        } catch let error as Pipeline.InputError {
            throw error
        } catch {
            throw Pipeline.InputError(description: "\(path): not a strata.json result (\(error))")
        }
    }

    /// One fact store per injection vocabulary (facts depend on it), all saved at the end.
    final class Stores: @unchecked Sendable {
        let directory: String?
        let rootKey: String
        var stores: [String: FactStore] = [:]

        init(directory: String?, rootKey: String) {
            self.directory = directory
            self.rootKey = rootKey
        }

        func store(for names: InjectionNames) -> FactStore {
            if let store = stores[names.identity] { return store }
            let store = FactStore(cache: directory.map { FactsCache(directory: $0, rootKey: rootKey, names: names) })
            stores[names.identity] = store
            return store
        }

        func save() -> [Diagnostic] {
            stores.values.compactMap { store in
                do {
                    try store.save()
                    return nil
                } catch {
                    return Diagnostic(file: store.cache?.file ?? "", message: "cache not saved: \(error)")
                }
            }
        }
    }
}

/// Results written by index from concurrent work, under the caller's lock.
private final class ParallelSlots<T>: @unchecked Sendable {
    var values: [Result<T, any Error>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
}
