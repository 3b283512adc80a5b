import Foundation
import StrataAnalysis
import StrataConfiguration
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

        public init(
            repository: String, base: String, head: String?, worktree: Bool = false,
            cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [], configPath: String? = nil
        ) {
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

        let stores = Stores(directory: options.cacheDirectory, rootKey: Pipeline.rootKey(options.repository))
        var parsed = 0, reused = 0
        var warnings: [Diagnostic] = []
        func analyze(_ tree: any SourceTree, files: [String], label: String) throws -> AnalysisResult {
            let configuration: Configuration
            do {
                configuration = try explicit ?? TreeAnalysis.configuration(in: tree, files: files)
            } catch {
                throw Pipeline.InputError(description: "\(label): \(error)")
            }
            var tree = tree
            if !configuration.exclude.isEmpty, let revision = tree as? GitRevisionTree {
                tree = revision.narrowed(by: PathFilter(excludes: options.excludes + configuration.exclude))
            } else if !configuration.exclude.isEmpty, let directory = tree as? WorkingDirectoryTree {
                tree = WorkingDirectoryTree(rootPath: directory.rootPath, filter: PathFilter(excludes: options.excludes + configuration.exclude))
            }
            progress?("analyzing \(label)")
            let output = try TreeAnalysis.run(
                tree: tree, configuration: configuration, configurationFile: options.configPath ?? Configuration.fileName,
                store: stores.store(for: configuration.injection.names))
            parsed += output.scan.parsed
            reused += output.scan.reused
            return output.result
        }

        let filter = PathFilter(excludes: options.excludes)
        let baseTree = try revisionTree(repository, baseCommit, filter: filter)
        let old = try analyze(baseTree, files: try baseTree.files(), label: options.base)
        let new: AnalysisResult
        if let headCommit {
            let headTree = try revisionTree(repository, headCommit, filter: filter)
            new = try analyze(headTree, files: try headTree.files(), label: options.head ?? "HEAD")
        } else {
            guard let root = repository.workTree else {
                throw Pipeline.InputError(description: "\(options.repository): a bare repository has no working directory for --worktree")
            }
            let tree = WorkingDirectoryTree(rootPath: root, filter: filter)
            new = try analyze(tree, files: try tree.files(), label: "the working directory")
        }
        warnings += stores.save()
        let diff = GraphComparison.compare(
            base: old, head: new, baseLabel: options.base, headLabel: options.worktree ? "working directory" : options.head ?? "HEAD",
            baseCommit: baseCommit, headCommit: headCommit)
        return Outcome(document: DiffDocument(diff: diff, base: old, head: new), parsedFiles: parsed, reusedFiles: reused, warnings: warnings)
    }

    private static func revisionTree(_ repository: GitRepository, _ commit: String, filter: PathFilter) throws -> GitRevisionTree {
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
            guard result.schemaVersion == AnalysisResult.currentSchemaVersion else {
                throw Pipeline.InputError(
                    description: "\(path): schemaVersion \(result.schemaVersion); this strata reads \(AnalysisResult.currentSchemaVersion)")
            }
            return result
        } catch let error as Pipeline.InputError {
            throw error
        } catch {
            throw Pipeline.InputError(description: "\(path): not a strata.json result (\(error))")
        }
    }

    /// One fact store per injection vocabulary (facts depend on it), all saved at the end.
    private final class Stores {
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

/// The gate: which changes make `strata diff` exit 1.
public enum DiffGate: String, CaseIterable, Sendable {
    /// An error-severity finding at HEAD that BASE does not have (always on unless `none`).
    case newError = "new-error"
    case newCycle = "new-cycle"
    /// Any internal import edge added.
    case newEdge = "new-edge"
    /// A module's distance from the main sequence worse by more than the threshold.
    case distance
    /// An app loading more dynamic frameworks at launch.
    case launch
    /// No gate: exit 0 whatever changed.
    case none

    /// The reasons the diff fails these gates, one line each; empty when it passes.
    public static func failures(_ diff: GraphDiff, gates: Set<DiffGate>, distanceThreshold: Double) -> [String] {
        guard !gates.contains(.none) else { return [] }
        var reasons: [String] = []
        let s = diff.summary
        if gates.contains(.newError), s.newFindings.error > 0 {
            reasons.append("\(s.newFindings.error) new error finding\(s.newFindings.error == 1 ? "" : "s")")
        }
        if gates.contains(.newCycle), s.cyclesIntroduced > 0 { reasons.append("\(s.cyclesIntroduced) new cycle\(s.cyclesIntroduced == 1 ? "" : "s")") }
        if gates.contains(.newEdge), s.edgesAdded > 0 { reasons.append("\(s.edgesAdded) new import edge\(s.edgesAdded == 1 ? "" : "s")") }
        if gates.contains(.distance) {
            for delta in diff.metrics where delta.distanceChange > distanceThreshold + 1e-9 {
                reasons.append(String(format: "%@: distance from the main sequence %.2f → %.2f", delta.module, delta.base.distance, delta.head.distance))
            }
        }
        if gates.contains(.launch) {
            for change in diff.launch where change.head > change.base {
                reasons.append("\(change.app) loads \(change.head) dynamic frameworks at launch, \(change.base) before")
            }
        }
        return reasons
    }
}
