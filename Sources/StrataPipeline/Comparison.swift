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
        /// Whether the revisions' results are kept in the cache for the next run (a run that
        /// writes reports: a summary alone is not worth the encoding). Results kept earlier are
        /// read either way.
        public var keepResults: Bool

        public init(
            repository: String, base: String, head: String?, worktree: Bool = false,
            cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [], configPath: String? = nil,
            buildTimes: [String: Double]? = nil, keepResults: Bool = false
        ) {
            self.buildTimes = buildTimes
            self.keepResults = keepResults
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
        /// Where HEAD's report is cached; nil without a cache.
        var head: HeadReport?
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

        let labels = [options.base, options.worktree ? "the working directory" : options.head ?? "HEAD"]
        let commits = [baseCommit, headCommit]
        let companion = options.cacheDirectory.map { FactsCache(directory: $0, rootKey: Pipeline.rootKey(options.repository)) }
        let cacheFiles = ["diff-base-result.json", "diff-head-result.json"].map { companion?.companion($0) }

        // A commit's result is kept under the digest of the commit and the options: a run of
        // a revision analyzed before reads its result back without reading the revision.
        var caches: [ResultCache?] = commits.indices.map { index in
            guard let file = cacheFiles[index], let commit = commits[index] else { return nil }
            return ResultCache(file: file, digest: Self.digest(commit: commit, repository: repository, options: options))
        }
        var revisions: [Revision?] = caches.map { cache in
            guard let cache else { return nil }
            var notes: [String] = []
            let cached = cache.read { notes.append($0) }
            return cached == nil && notes.isEmpty ? nil : Revision(result: cached?.result, json: cached?.json, notes: notes)
        }
        let missing = revisions.indices.filter { revisions[$0]?.result == nil }
        var parsed = 0, reused = 0
        var warnings: [Diagnostic] = []
        var damaged: [String] = []
        if !missing.isEmpty {
            let filter = PathFilter(excludes: options.excludes)
            let trees: [any SourceTree] = try missing.map { index in
                if let commit = commits[index] { return try revisionTree(repository, commit, filter: filter) }
                guard let root = repository.workTree else {
                    throw Pipeline.InputError(description: "\(options.repository): a bare repository has no working directory for --worktree")
                }
                return WorkingDirectoryTree(rootPath: root, filter: filter)
            }
            // Discovery, then assembly and analysis, run for both revisions side by side; the
            // scans run one after the other, so HEAD reuses every fact BASE computed.
            var scanned = try Parallel.map(missing.count) { slot in
                try prepare(trees[slot], label: labels[missing[slot]], explicit: explicit, options: options, progress: progress)
            }
            let stores = Stores(directory: options.cacheDirectory, rootKey: Pipeline.rootKey(options.repository))
            for slot in scanned.indices {
                progress?("scanning \(labels[missing[slot]])")
                TreeAnalysis.scan(&scanned[slot], store: stores.store(for: scanned[slot].configuration.injection.names))
                parsed += scanned[slot].scan!.parsed
                reused += scanned[slot].scan!.reused
                // The working directory has no commit: its result is kept under the digest of
                // its files, known once they are scanned.
                let index = missing[slot]
                if caches[index] == nil, let file = cacheFiles[index] {
                    let digest = Pipeline.inputDigest(
                        files: scanned[slot].files, scan: scanned[slot].scan!, tree: scanned[slot].tree, excludes: options.excludes,
                        configPath: options.configPath, buildTimes: options.buildTimes)
                    caches[index] = ResultCache(file: file, digest: digest)
                }
            }
            // The facts are saved while the revisions are assembled and analyzed.
            let ready = scanned, known = caches, keep = options.keepResults ? caches : [nil, nil]
            let work = try Parallel.map(missing.count + 1) { slot -> (revision: Revision?, warnings: [Diagnostic]) in
                guard slot < missing.count else { return (nil, stores.save()) }
                let index = missing[slot]
                var notes: [String] = []
                if index == 1, commits[1] == nil, let cached = known[1]?.read(tell: { notes.append($0) }) {
                    return (Revision(result: cached.result, json: cached.json, notes: notes), [])
                }
                var result = TreeAnalysis.finish(ready[slot]).result
                if let times = options.buildTimes {
                    result.buildShape = BuildShape.analyze(modules: result.modules.map(\.module), edges: result.edges, seconds: times)
                }
                // Kept for the next run (HEAD's bytes are its report's JSON too).
                let json = keep[index] == nil ? nil : try? JSONReporter.encode(result)
                if let cache = keep[index], let json {
                    do throws(AtomicFile.Failure) {
                        try cache.write(json)
                    } catch {
                        notes.append("warning: \(error.description); the cache is not kept")
                    }
                }
                return (Revision(result: result, json: json, notes: notes, analyzed: true), [])
            }
            for (slot, index) in missing.enumerated() {
                let earlier = revisions[index]?.notes ?? []
                revisions[index] = work[slot].revision
                revisions[index]?.notes.insert(contentsOf: earlier, at: 0)
            }
            warnings = work[missing.count].warnings
            damaged = stores.stores.keys.sorted().flatMap { stores.stores[$0]!.damagedFiles }
        }
        let old = revisions[0]!.result!, new = revisions[1]!.result!
        let diff = GraphComparison.compare(
            base: old, head: new, baseLabel: options.base, headLabel: options.worktree ? "working directory" : options.head ?? "HEAD",
            baseCommit: baseCommit, headCommit: headCommit)
        var document = DiffDocument(diff: diff, base: old, head: new)
        document.layouts = companion.map { LayoutCache(file: $0.companion("diff-layouts")) }
        let head = caches[1].flatMap { cache in
            companion.map {
                HeadReport(result: cache, json: revisions[1]!.json, fromCache: !revisions[1]!.analyzed, manifest: $0.companion("diff-head-report"))
            }
        }
        return Outcome(
            document: document, parsedFiles: parsed, reusedFiles: reused, warnings: warnings,
            messages: damaged.map { "note: " + CacheFile.damageNote($0) } + revisions.flatMap { $0?.notes ?? [] }, head: head)
    }

    /// The digest a commit's result is kept under: the commit names every byte of its tree.
    static func digest(commit: String, repository: GitRepository, options: Options) -> String {
        Pipeline.digest(name: repository.name, excludes: options.excludes, configPath: options.configPath, buildTimes: options.buildTimes) {
            $0.add("commit " + commit)
        }
    }

    /// One revision's result, and what reading or keeping it in the cache had to say.
    private struct Revision: Sendable {
        /// Nil while only notes are known (a damaged cache file, before the analysis).
        var result: AnalysisResult?
        /// Its `strata.json` bytes, when read from the cache or encoded to be kept there.
        var json: Data?
        var notes: [String]
        /// Assembled and analyzed by this run (else read from the cache).
        var analyzed = false
    }

    /// Where HEAD's report finds its cached result and the record of its files.
    struct HeadReport: Sendable {
        var result: ResultCache
        /// HEAD's `strata.json` bytes, when the run has them.
        var json: Data?
        var fromCache: Bool
        var manifest: String
    }

    /// HEAD's full report (html and json), which `diff.html` links to, written into `output`
    /// with the layout cache of the diff; a run of the same HEAD whose folder already holds
    /// that report writes nothing (`ReportManifest`).
    /// - Returns: the paths written, and what writing had to say (one line each).
    public static func writeHeadReport(_ outcome: Outcome, to output: String) throws -> (written: [String], messages: [String]) {
        let formats: [OutputFormat] = [.html, .json]
        var messages: [String] = []
        let manifest = outcome.head.map { ReportManifest(file: $0.manifest, digest: $0.result.digest, formats: formats) }
        if let paths = manifest?.alreadyWritten(in: output, resultFromCache: outcome.head?.fromCache == true, tell: { messages.append($0) }) {
            return (paths, messages)
        }
        let known = outcome.head.map { head in
            ReportDocument.KnownJSON(inputDigest: head.result.digest, bytes: head.json) { json throws(AtomicFile.Failure) in try head.result.write(json) }
        }
        let report = ReportDocument(result: outcome.document.head, layouts: outcome.document.layouts, known: known)
        let written = try Pipeline.write(report, formats: formats, to: output, manifest: manifest)
        return (written.written, messages + written.messages)
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

    /// The tree of `commit`, a git failure as bad input.
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
