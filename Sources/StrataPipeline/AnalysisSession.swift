import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataHistory  // strata:ignore stable-dependencies the pipeline runs `strata history`; the servers made it more stable than its store
import StrataModel
import StrataScan
import StrataSourceTree

/// One command's analyses of a repository's trees (its working directory, or revisions read
/// from git): what `analyze`, `diff`, `history` and `affected` share. It owns git, the
/// explicit configuration (`--config`), the fact stores (one per injection vocabulary), the
/// digests results are cached under, the measured build times and the per-file time budget.
/// A command runs its trees through it (`discover`, `scan`, `finish`) and saves the facts
/// once at the end; every git, configuration or database failure leaves it as one
/// `Pipeline.InputError` (exit code 2).
public struct AnalysisSession: Sendable {
    /// What every command that analyzes a repository is given.
    public struct Input: Sendable {
        /// The repository: a folder (a work tree or a bare repository for the commands that
        /// read revisions).
        public var repository: String
        /// The cache folder; nil disables the cache (`--no-cache`).
        public var cacheDirectory: String?
        public var excludes: [String]
        /// One `strata.yml` for every tree instead of each tree's own.
        public var configPath: String?
        /// Measured build seconds per module (`--build-times`), for the build shape.
        public var buildTimes: [String: Double]?
        /// Seconds one Swift file's parse may take (`--file-time-limit`).
        public var fileTimeLimit: Double

        public init(
            repository: String, cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [],
            configPath: String? = nil, buildTimes: [String: Double]? = nil, fileTimeLimit: Double = TimeBudget.defaultPerFile
        ) {
            (self.repository, self.cacheDirectory, self.excludes) = (repository, cacheDirectory, excludes)
            (self.configPath, self.buildTimes, self.fileTimeLimit) = (configPath, buildTimes, fileTimeLimit)
        }
    }

    public let input: Input
    /// The repository's git; nil when the command reads only a folder.
    public let git: GitRepository?
    /// Its objects, read by one process for every tree of the session (each listing reuses
    /// the folders the last one read).
    let objects: GitObjects?
    /// `--config`, read once for every tree; nil: each tree's own `strata.yml`.
    public let explicitConfiguration: Configuration?
    /// The key of the repository's cache files: its absolute, resolved path.
    let rootKey: String
    /// The fact stores by injection vocabulary, filled as trees are scanned.
    private var stores: [InjectionNames: FactStore] = [:]
    /// What the last scan left for the next scan of the session (`TreeAnalysis.ScanMemo`).
    private var lastScan: TreeAnalysis.ScanMemo?

    /// - Parameter git: whether the command reads revisions (then `input.repository` must be
    ///   in a git repository).
    public init(_ input: Input, git: Bool) throws {
        self.input = input
        self.git = git ? try Self.mapped { try GitRepository(path: input.repository) } : nil
        objects = try self.git.map { git in try Self.mapped { try GitObjects(repository: git) } }
        explicitConfiguration = try Self.mapped {
            try input.configPath.map { path throws(Configuration.Invalid) in try Configuration.load(path: path, required: true) }
        }
        rootKey = Pipeline.rootKey(input.repository)
    }

    /// `body`, with a git, configuration or database failure as bad input: one line, exit 2.
    static func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError {
            throw Pipeline.InputError(description: error.description)
        } catch let error as Configuration.Invalid {
            throw Pipeline.InputError(description: error.description)
        } catch let error as SQLiteError {
            throw Pipeline.InputError(description: error.description)
        } catch let error as PostgresError {
            throw Pipeline.InputError(description: error.description)
        }
    }

    /// The repository's git (a session made with `git: true` has one).
    func repository() -> GitRepository {
        guard let git else { preconditionFailure("a session of a folder reads no revision") }
        return git
    }

    /// The full commit id of a revision.
    public func resolve(_ revision: String) throws -> String {
        try Self.mapped { try repository().resolve(revision) }
    }

    /// The files of `commit`, without the excluded paths.
    public func tree(at commit: String) throws -> GitRevisionTree {
        try Self.mapped {
            try GitRevisionTree(repository: repository(), commit: commit, filter: PathFilter(excludes: input.excludes), objects: objects)
        }
    }

    /// A revision's configuration (the explicit one, else its own `strata.yml`), its tree
    /// narrowed by that configuration's excludes, and its modules.
    /// - Parameter configuration: the configuration to use instead (`affected` reads BASE
    ///   with HEAD's).
    /// - Parameter known: an earlier discovery of the tree and the manifests that changed since:
    ///   when the tree has the same files, the other manifests are not read again, and when
    ///   none changed (nor the configuration), its modules are the earlier ones.
    public func discover(
        _ tree: any SourceTree, label: String, configuration given: Configuration? = nil, progress: (@Sendable (String) -> Void)? = nil,
        reusing known: (discovered: TreeAnalysis.Discovered, changed: Set<String>)? = nil
    ) throws -> TreeAnalysis.Discovered {
        let configuration: Configuration
        do {
            configuration = try given ?? explicitConfiguration ?? TreeAnalysis.configuration(in: tree, files: try tree.files())
        } catch {
            throw Pipeline.InputError(description: "\(label): \(error)")
        }
        let tree = configuration.exclude.isEmpty ? tree : tree.narrowed(by: PathFilter(excludes: input.excludes + configuration.exclude))
        progress?("discovering the modules of \(label)")
        let reads = known.map { known in
            (files: known.discovered.files, reads: known.discovered.manifests.filter { !known.changed.contains($0.key) })
        }
        return try TreeAnalysis.discover(
            tree: tree, configuration: configuration, configurationFile: configurationFile, reusing: reads,
            unchanged: known.flatMap { $0.changed.isEmpty ? $0.discovered : nil })
    }

    /// How evidence names the configuration: `--config`'s path, else `strata.yml`.
    var configurationFile: String { input.configPath ?? Configuration.fileName }

    /// The fact store of one injection vocabulary (facts depend on it), made on first use.
    public mutating func store(for names: InjectionNames) -> FactStore {
        if let store = stores[names] { return store }
        let store = loadStore(for: names)
        stores[names] = store
        return store
    }

    /// A fact store of `names` filled from the cache, read ahead of the scan that `keep`s it.
    func loadStore(for names: InjectionNames) -> FactStore {
        FactStore(cache: input.cacheDirectory.map { FactsCache(directory: $0, rootKey: rootKey, names: names) })
    }

    /// Makes a store read ahead the store of `names`.
    mutating func keep(_ store: FactStore, for names: InjectionNames) { stores[names] = store }

    /// Scans a discovered tree with the facts every earlier scan of the session found.
    /// - Parameter checkouts: false where the result is compared with a git revision's, which
    ///   has no checked-out dependencies (`TreeAnalysis.scan`).
    /// - Parameter changed: the files whose content changed since the last scan: when the
    ///   Swift files are the last scan's, only they are read (`TreeAnalysis.scan`).
    /// - Parameter early: what a scan begun during discovery found (`Scanner.begin`).
    public mutating func scan(
        _ discovered: TreeAnalysis.Discovered, checkouts: Bool = true, headers: HeaderScanner.Read? = nil, changed: Set<String>? = nil,
        early: consuming StrataScan.Scanner.Early? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) -> TreeAnalysis.Scanned {
        TreeAnalysis.scan(
            discovered, store: store(for: discovered.configuration.injection.names), timeLimit: input.fileTimeLimit, checkouts: checkouts,
            headers: headers, changed: changed, early: early, memo: &lastScan, progress: progress)
    }

    /// A scan of `files`' Swift files, as `scan(_:)` with `names` would, begun before discovery
    /// says which are sources and cut off when it is done (`Scanner.begin`).
    func begin(_ files: [String], tree: any SourceTree, store: FactStore, names: InjectionNames, until cutoff: TimeBudget.Cutoff) -> StrataScan.Scanner.Early {
        var scanner = StrataScan.Scanner(tree: tree, store: store, names: names)
        scanner.timeLimit = input.fileTimeLimit
        return scanner.begin(files.filter(\.hasSwiftExtension), until: cutoff)
    }

    /// Assembles and analyzes a scanned tree, with the measured build times; of the extras,
    /// only `extras` are computed.
    public func finish(_ scanned: TreeAnalysis.Scanned, conditions: CompilationConditions? = nil, extras: AnalysisExtras = .all) -> TreeAnalysis.Output {
        var memo: AnalysisMemo?
        return finish(scanned, conditions: conditions, extras: extras, memo: &memo)
    }

    /// The same for a command that analyzes again and again (a session, a history): `memo` is
    /// what the last analysis made that this one may take again, and is left what this one made.
    public func finish(
        _ scanned: TreeAnalysis.Scanned, conditions: CompilationConditions? = nil, extras: AnalysisExtras = .all, memo: inout AnalysisMemo?
    ) -> TreeAnalysis.Output {
        TreeAnalysis.finish(scanned, conditions: conditions, extras: extras, buildSeconds: input.buildTimes, memo: &memo)
    }

    /// The same, also taking again the modules the scan did not touch since the last one
    /// (`TreeAnalysis.AssemblyMemo`): a session's edit, a history's next commit.
    public func finish(
        _ scanned: TreeAnalysis.Scanned, conditions: CompilationConditions? = nil, extras: AnalysisExtras = .all, memo: inout AnalysisMemo?,
        assembly: inout TreeAnalysis.AssemblyMemo?
    ) -> TreeAnalysis.Output {
        TreeAnalysis.finish(scanned, conditions: conditions, extras: extras, buildSeconds: input.buildTimes, memo: &memo, assembly: &assembly)
    }

    /// Forgets the facts of bytes no file has any more (`FactStore.keep(only:)`).
    func keepFacts(only hashes: Set<ContentHash>) {
        for store in stores.values { store.keep(only: hashes) }
    }

    /// Forgets the facts of these bytes, which no file has any more (`FactStore.forget`).
    func forgetFacts(_ hashes: [ContentHash]) {
        for store in stores.values { store.forget(hashes) }
    }

    /// Saves every fact store; a store that could not be saved is one warning.
    public func saveFacts() -> [Diagnostic] {
        stores.values.compactMap { store in
            do {
                try store.save()
                return nil
            } catch {
                return Diagnostic(file: store.cache?.file ?? "", message: "cache not saved: \(error)")
            }
        }
    }

    /// The damaged cache files the stores found (and recomputed), one note each.
    var damageNotes: [String] {
        stores.sorted { $0.key.identity < $1.key.identity }.flatMap(\.value.damagedFiles).map { "note: " + CacheFile.damageNote($0) }
    }

    /// A cache file of this repository (`diff-head-result.json`, `layouts`) beside the facts of
    /// `names`; nil without a cache.
    func cacheFile(_ name: String, names: InjectionNames = InjectionNames()) -> String? {
        input.cacheDirectory.map { FactsCache(directory: $0, rootKey: rootKey, names: names).companion(name) }
    }

    /// The digest a commit's result analyzed with `extras` is kept under: the commit names
    /// every byte of its tree.
    func digest(commit: String, extras: AnalysisExtras) -> String {
        digest(name: repository().name, extras: extras) { $0.add("commit " + commit) }
    }

    /// The digest a scanned tree's result analyzed with `extras` is kept under. Everything the
    /// result depends on: every path in the tree (discovery reads folder layout), and the bytes
    /// of every manifest, config and scanned file (the dependencies' checked-out sources
    /// included, and what discovery read outside the tree: another Bazel repository's `.bzl`
    /// files). Equal digests mean byte-identical results.
    func digest(of scanned: TreeAnalysis.Scanned, extras: AnalysisExtras = .all) -> String {
        digest(name: scanned.tree.name, extras: extras) { digest in
            digest.add(count: scanned.discovery.externalInputs.count)
            for input in scanned.discovery.externalInputs { digest.add(input) }
            digest.add(count: scanned.files.count)
            // The checked-out sources of dependencies whose imports are graded, then the tree's files.
            let dependencies = scanned.scan.dependencies.values.joined().map(\.path).sorted()
            for file in dependencies + scanned.files {
                digest.add(file)
                if let hash = scanned.scan.hashes[file] {
                    digest.add(hash.description)
                } else if Discoverer.readsFile(file) || file == Configuration.fileName, let content = try? scanned.tree.read(file) {
                    digest.add(ContentHash(content).description)
                } else {
                    digest.add("")
                }
            }
        }
    }

    /// A digest of Strata's build, the repository's name, the options, the extras (a result
    /// without some is never read by a run that shows them) and what `content` adds (the files
    /// of a tree, or a commit that names them).
    private func digest(name: String, extras: AnalysisExtras, content: (inout DigestInput) -> Void) -> String {
        var digest = DigestInput()
        for field in ["\(FactsCache.buildIdentity)", name, "\(input.excludes)", input.configPath ?? "", "extras \(extras.rawValue)"] {
            digest.add(field)
        }
        content(&digest)
        let times = (input.buildTimes ?? [:]).sorted(by: { $0.key < $1.key })
        digest.add(count: times.count)
        for (module, seconds) in times {
            digest.add(module)
            digest.add("\(seconds)")
        }
        if let config = input.configPath, let bytes = FileManager.default.contents(atPath: config) {
            digest.add(ContentHash(Array(bytes)).description)
        }
        return digest.hash.description
    }
}
