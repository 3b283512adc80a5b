import Foundation
import StrataConfiguration
import StrataDiscovery
import StrataHistory
import StrataModel
import StrataSourceTree

/// `strata history`: the sampled commits of a repository's first-parent history (or its
/// tags), each analyzed from git objects with its own `strata.yml` and stored in the history
/// database; the facts of a blob seen at any commit are reused at every other one.
public enum HistoryRun {
    public struct Options: Sendable {
        public var repository: String
        /// The newest commit (`--until`, default HEAD).
        public var until: String
        /// A revision or a date (`--since`).
        public var since: String?
        public var sampling: HistorySampling
        public var max: Int?
        public var database: String
        public var cacheDirectory: String?
        public var excludes: [String]
        public var configPath: String?
        /// A PostgreSQL URL: the repository's rows go there (under `repositoryName`, default the
        /// folder's name, with `remote`, default origin's URL) instead of the SQLite file.
        public var databaseURL: String?
        public var repositoryName: String?
        public var remote: String?

        public init(
            repository: String, until: String = "HEAD", since: String? = nil, sampling: HistorySampling = .count(1), max: Int? = nil,
            database: String, cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [], configPath: String? = nil
        ) {
            self.repository = repository
            self.until = until
            self.since = since
            self.sampling = sampling
            self.max = max
            self.database = database
            self.cacheDirectory = cacheDirectory
            self.excludes = excludes
            self.configPath = configPath
        }
    }

    public struct Outcome: Sendable {
        /// The sampled commits' snapshots, oldest first.
        public var snapshots: [CommitSnapshot]
        public var repositoryName: String
        /// Commits analyzed by this run (the others were in the database).
        public var analyzed: Int
        public var parsedFiles: Int
        public var reusedFiles: Int
        public var warnings: [Diagnostic]
        /// Seconds per stage over all analyzed commits: tree (listing git's tree), discover,
        /// scan, analyze, store.
        public var timings: [(stage: String, seconds: Double)] = []
        /// Nothing new and the caller's outputs already written from these commits.
        public var upToDate = false
    }

    /// - Parameter upToDate: asked, with the sampled commits' ids, when the database already
    ///   held every one; true means what the caller would write from them is already written,
    ///   so the snapshots are not read (`snapshots` is then empty and `upToDate` true).
    public static func run(
        _ options: Options, progress: (@Sendable (String) -> Void)? = nil, upToDate: (([String]) -> Bool)? = nil
    ) throws -> Outcome {
        let repository: GitRepository
        let commits: [HistoryCommit]
        do {
            repository = try GitRepository(path: options.repository)
            commits = try sample(repository, options)
        } catch let error as GitError {
            throw Pipeline.InputError(description: error.description)
        }
        guard !commits.isEmpty else {
            let what = options.sampling == .tag ? "no tagged commit" : "no commit"
            throw Pipeline.InputError(description: "\(options.repository): \(what) to analyze" + (options.since.map { " since \($0)" } ?? ""))
        }
        let store: HistoryDatabase
        do {
            if let url = options.databaseURL {
                store = try PostgresHistoryStore(
                    url: url, repository: options.repositoryName ?? repository.name, remote: options.remote ?? repository.originURL())
            } else {
                store = try HistoryStore(path: options.database)
            }
        } catch let error as SQLiteError {
            throw Pipeline.InputError(description: error.description)
        } catch let error as PostgresError {
            throw Pipeline.InputError(description: error.description)
        }
        let explicit: Configuration?
        do {
            explicit = try options.configPath.map { path throws(Configuration.Invalid) in try Configuration.load(path: path, required: true) }
        } catch {
            throw Pipeline.InputError(description: error.description)
        }

        let known = try storeCall { try store.commitIDs() }
        let missing = commits.filter { !known.contains($0.id) }
        let stores = Comparison.Stores(directory: options.cacheDirectory, rootKey: Pipeline.rootKey(options.repository))
        let comparison = Comparison.Options(
            repository: options.repository, base: "HEAD", head: nil, cacheDirectory: options.cacheDirectory,
            excludes: options.excludes, configPath: options.configPath)
        let filter = PathFilter(excludes: options.excludes)
        var parsed = 0, reused = 0
        var timings: [String: Double] = [:]
        var clock = ContinuousClock.now
        func lap(_ stage: String) {
            let now = ContinuousClock.now
            let elapsed = (now - clock).components
            timings[stage, default: 0] += Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            clock = now
        }
        // Two commits in flight: while one is assembled and analyzed (pure, on another
        // thread), the next one's tree is listed, discovered and scanned (scans stay one at a
        // time, so each reuses every fact the previous ones found). Commits are stored in order.
        var conditions: [String: CompilationConditions] = [:]
        var inFlight: (commit: HistoryCommit, packages: [PackageRow], group: DispatchGroup, output: FinishedOutput)?
        func storeInFlight() throws {
            guard let (commit, packages, group, finished) = inFlight else { return }
            group.wait()
            inFlight = nil
            let output = finished.value!
            parsed += output.scan.parsed
            reused += output.scan.reused
            for (name, seconds) in output.timings where name != "discover" && name != "scan" { timings[name, default: 0] += seconds }
            clock = ContinuousClock.now
            var snapshot = CommitSnapshot(commit: commit, result: output.result)
            snapshot.packages = packages
            try storeCall { try store.insert(snapshot) }
            lap("store")
        }
        for (number, commit) in missing.enumerated() {
            let label = "\(commit.id.prefix(12)) (\(number + 1)/\(missing.count))"
            progress?("analyzing \(label) \(commit.subject.prefix(60))")
            let tree = try Comparison.revisionTree(repository, commit.id, filter: filter)
            // The organisation's page needs each commit's package pins; the SQLite file keeps none.
            let packages = options.databaseURL == nil ? [] : packageRows(tree)
            lap("tree")
            var stage = try Comparison.prepare(tree, label: label, explicit: explicit, options: comparison, progress: nil)
            lap("discover")
            TreeAnalysis.scan(&stage, store: stores.store(for: stage.configuration.injection.names))
            lap("scan")
            try storeInFlight()
            // `#if` answers carry over from commit to commit (most conditions and modules stay).
            let build = stage.configuration.build
            let key = "\(build.conditions)|\(build.platforms ?? [])"
            let shared = conditions[key] ?? CompilationConditions(flags: Set(build.conditions), platforms: build.platforms)
            conditions[key] = shared
            let group = DispatchGroup(), finished = FinishedOutput(), ready = stage
            DispatchQueue.global().async(group: group) { finished.value = TreeAnalysis.finish(ready, conditions: shared, accessControl: false) }
            inFlight = (commit, packages, group, finished)
        }
        try storeInFlight()
        let warnings = missing.isEmpty ? [] : stores.save()
        if missing.isEmpty, upToDate?(commits.map(\.id)) == true {
            return Outcome(
                snapshots: [], repositoryName: repository.name, analyzed: 0, parsedFiles: 0, reusedFiles: 0, warnings: [],
                upToDate: true)
        }
        let snapshots = try storeCall { try store.snapshots(commits.map(\.id)) }
        lap("read")
        let order = ["tree", "discover", "scan", "analyze", "store", "read"]  // analyze overlaps the next commit's stages
        return Outcome(
            snapshots: snapshots, repositoryName: repository.name, analyzed: missing.count, parsedFiles: parsed,
            reusedFiles: reused, warnings: warnings, timings: order.compactMap { name in timings[name].map { (name, $0) } })
    }

    /// The commits `options` asks for, oldest first.
    static func sample(_ repository: GitRepository, _ options: Options) throws -> [HistoryCommit] {
        let head = try repository.resolve(options.until)
        var listed: [GitCommit]
        if options.sampling == .tag {
            // A tag's commit need not be on any branch: --since and --until compare commit times.
            let end = try repository.commitTime(head)
            listed = try repository.taggedCommits().filter { $0.time <= end }
            if let since = options.since {
                let start = try (try? repository.resolve(since)).map { try repository.commitTime($0) } ?? repository.time(of: since)
                listed = listed.filter { $0.time >= start }
            }
        } else if let since = options.since {
            if let commit = try? repository.resolve(since) {
                listed = try repository.firstParentHistory(head: head, since: commit)
            } else {
                listed = try repository.firstParentHistory(head: head, sinceDate: since)
            }
        } else {
            listed = try repository.firstParentHistory(head: head)
        }
        let commits = listed.map { HistoryCommit(id: $0.id, time: $0.time, parents: $0.parents, subject: $0.subject) }
        return options.sampling.pick(commits, max: options.max)
    }

    /// One analysis finished on another thread, read after its group is waited for.
    private final class FinishedOutput: @unchecked Sendable {
        var value: TreeAnalysis.Output?
    }

    /// A database error as bad input: one line, exit 2.
    private static func storeCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw Pipeline.InputError(description: error.description)
        } catch let error as PostgresError {
            throw Pipeline.InputError(description: error.description)
        }
    }

    /// The packages a commit's `Package.swift`, `Package.resolved` and `Podfile.lock` files name.
    static func packageRows(_ tree: GitRevisionTree) -> [PackageRow] {
        let paths = ((try? tree.files()) ?? []).filter(PackagePins.isPackageFile)
        return PackagePins.rows(paths.compactMap { path in
            (try? tree.read(path)).map { (path: path, text: String(decoding: $0, as: UTF8.self)) }
        })
    }
}
