import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataHistory  // strata:ignore stable-dependencies the pipeline runs `strata history`; the servers made it more stable than its store
import StrataModel
import StrataScan
import StrataSourceTree

/// `strata history`: the sampled commits of a repository's first-parent history (or its
/// tags), each analyzed from git objects with its own `strata.yml` and stored in the history
/// database; the facts of a blob seen at any commit are reused at every other one.
public enum HistoryRun {
    /// Where the commits are stored.
    public enum Database: Sendable, Equatable {
        /// A SQLite file of this repository alone (`--db`).
        case sqlite(path: String)
        /// A PostgreSQL database many repositories share (`--database`), the repository's rows
        /// under `name` (default: the folder's name) with `remote` (default: origin's URL).
        case postgres(url: String, name: String? = nil, remote: String? = nil)

        /// How the database is named to people: the file, or the URL without its password.
        public var description: String {
            switch self {
            case .sqlite(let path): path
            case .postgres(let url, _, _): PostgresHistoryStore.redacted(url)
            }
        }

        /// The organisation's page needs each commit's package pins; the SQLite file keeps none.
        var keepsPackages: Bool {
            if case .postgres = self { return true }
            return false
        }

        /// The database, opened (a PostgreSQL one for `repository`).
        func open(for repository: GitRepository) throws -> HistoryDatabase {
            switch self {
            case .sqlite(let path):
                return try HistoryStore(path: path)
            case .postgres(let url, let name, let remote):
                return try PostgresHistoryStore(url: url, repository: name ?? repository.name, remote: remote ?? repository.originURL())
            }
        }
    }

    public struct Options: Sendable {
        /// The repository and how every commit is read (`--config`: one `strata.yml` for every
        /// commit instead of each commit's own).
        public var input: AnalysisSession.Input
        public var database: Database
        /// The newest commit (`--until`, default HEAD).
        public var until: String
        /// A revision or a date (`--since`).
        public var since: String?
        public var sampling: HistorySampling
        public var max: Int?
        /// The report the caller writes from the snapshots (`write(_:to:)`); with nothing new
        /// and that report already in its folder, the snapshots are not read.
        public var report: Report?

        public init(
            _ input: AnalysisSession.Input, database: Database, until: String = "HEAD", since: String? = nil,
            sampling: HistorySampling = .count(1), max: Int? = nil, report: Report? = nil
        ) {
            self.input = input
            self.database = database
            self.until = until
            self.since = since
            self.sampling = sampling
            self.max = max
            self.report = report
        }
    }

    /// The history's report: its folder, formats and link base.
    public struct Report: Sendable {
        public var folder: String
        public var formats: [HistoryFormat]
        public var linkBase: String?

        public init(folder: String, formats: [HistoryFormat], linkBase: String? = nil) {
            self.folder = folder
            self.formats = formats
            self.linkBase = linkBase
        }

        /// The record of the report written from `commits` (`.strata-history-stamp` in the
        /// folder): its key names Strata's version, the timeline's schema, the link base, the
        /// formats and the commits.
        func stamp(commits: [String]) -> ReportManifest {
            var input = DigestInput()
            for field in [StrataVersion.current, "\(HistoryTimeline.currentSchemaVersion)", linkBase ?? ""] { input.add(field) }
            for list in [formats.map(\.rawValue), commits] {
                input.add(count: list.count)
                for item in list { input.add(item) }
            }
            return ReportManifest(file: folder + "/.strata-history-stamp", key: "history \(input.hash)")
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
        /// Nothing new and `options.report` already written from these commits: the snapshots
        /// were not read (`snapshots` is empty).
        public var upToDate = false
    }

    public static func run(_ options: Options, progress: (@Sendable (String) -> Void)? = nil) throws -> Outcome {
        var session = try AnalysisSession(options.input, git: true)
        let repository = session.repository()
        let commits = try AnalysisSession.mapped { try sample(repository, options) }
        guard !commits.isEmpty else {
            let what = options.sampling == .tag ? "no tagged commit" : "no commit"
            throw Pipeline.InputError(description: "\(options.input.repository): \(what) to analyze" + (options.since.map { " since \($0)" } ?? ""))
        }
        let store = try AnalysisSession.mapped { try options.database.open(for: repository) }
        let known = try AnalysisSession.mapped { try store.commitIDs() }
        let missing = commits.filter { !known.contains($0.id) }
        var analysis = Analysis()
        for (number, commit) in missing.enumerated() {
            let label = "\(commit.id.prefix(12)) (\(number + 1)/\(missing.count))"
            progress?("analyzing \(label) \(commit.subject.prefix(60))")
            try analysis.next(commit, label: label, session: &session, withPackages: options.database.keepsPackages, store: store)
        }
        try analysis.next(nil, label: "", session: &session, withPackages: false, store: store)
        let warnings = missing.isEmpty ? [] : session.saveFacts()
        if missing.isEmpty, let report = options.report,
            report.stamp(commits: commits.map(\.id)).alreadyWritten(in: report.folder, tell: { _ in }) != nil
        {
            return Outcome(
                snapshots: [], repositoryName: repository.name, analyzed: 0, parsedFiles: 0, reusedFiles: 0, warnings: [],
                upToDate: true)
        }
        let snapshots = try AnalysisSession.mapped { try store.snapshots(commits.map(\.id)) }
        analysis.stopwatch.lap("read")
        return Outcome(
            snapshots: snapshots, repositoryName: repository.name, analyzed: missing.count, parsedFiles: analysis.parsed,
            reusedFiles: analysis.reused, warnings: warnings,
            // analyze overlaps the next commit's stages
            timings: analysis.stopwatch.totals(in: ["tree", "discover", "scan", "analyze", "store", "read"]))
    }

    /// The commits analyzed so far, two at a time: while one is assembled and analyzed (pure,
    /// on another thread), the next one's tree is listed, discovered and scanned (scans stay
    /// one at a time, so each reuses every fact the previous ones found). Commits are stored
    /// in order.
    private struct Analysis {
        var parsed = 0, reused = 0
        var stopwatch = Stopwatch()
        /// `#if` answers carry over from commit to commit (most conditions and modules stay),
        /// by build settings.
        var conditions: [Configuration.Build: CompilationConditions] = [:]
        /// The commit scanned last, to be assembled, analyzed and stored.
        var pending: Pending?
        /// The last commit scanned: the next reads again only the manifests that changed, and
        /// the headers only when one changed.
        var last: TreeAnalysis.Scanned?
        /// What the last commit's analysis made that the next takes again where its inputs are
        /// the same (from commit to commit, most modules are).
        var memo: AnalysisMemo? = AnalysisMemo()
        /// Each module as the last commit's analysis assembled it, for a commit that leaves it alone.
        var assembly: TreeAnalysis.AssemblyMemo?

        struct Pending {
            var commit: HistoryCommit
            var packages: [PackageRow]
            var scanned: TreeAnalysis.Scanned
            var conditions: CompilationConditions
        }

        /// Scans `commit` while the pending commit is analyzed, then stores that one; nil
        /// stores the last.
        mutating func next(
            _ commit: HistoryCommit?, label: String, session: inout AnalysisSession, withPackages: Bool, store: HistoryDatabase
        ) throws {
            let finishing = session, pending = self.pending, memo = self.memo, assembly = self.assembly
            let (prepared, finished) = Parallel.both(
                { commit.map { commit in Result { try prepare(commit, label: label, session: &session, withPackages: withPackages) } } },
                // A snapshot keeps none of the extras; its findings are computed with whatever their rules read.
                {
                    pending.map { pending in
                        var memo = memo, assembly = assembly
                        let output = finishing.finish(pending.scanned, conditions: pending.conditions, extras: [], memo: &memo, assembly: &assembly)
                        return (output: output, memo: memo, assembly: assembly)
                    }
                })
            if let pending, let (output, memo, assembly) = finished {
                self.memo = memo
                self.assembly = assembly
                parsed += output.scan.parsed
                reused += output.scan.reused
                stopwatch.add(output.timings.filter { $0.stage != "discover" && $0.stage != "scan" })
                stopwatch.restart()
                var snapshot = CommitSnapshot(commit: pending.commit, result: output.result)
                snapshot.packages = pending.packages
                try AnalysisSession.mapped { try store.insert(snapshot) }
                stopwatch.lap("store")
            }
            self.pending = try prepared?.get()
        }

        /// A commit's tree, listed, discovered and scanned.
        private mutating func prepare(
            _ commit: HistoryCommit, label: String, session: inout AnalysisSession, withPackages: Bool
        ) throws -> Pending {
            let tree = try session.tree(at: commit.id)
            // The organisation's page needs each commit's package pins; the SQLite file keeps none.
            let packages = withPackages ? HistoryRun.packageRows(tree) : []
            stopwatch.lap("tree")
            let since = changes(in: tree, configurationFile: session.configurationFile)
            let discovered = try session.discover(tree, label: label, reusing: since.map { ($0.discovered, $0.manifests) })
            stopwatch.lap("discover")
            // The headers as the last commit read them, when its files and modules are this one's
            // (no manifest changed) and no header or module map changed.
            let keep = since.map { $0.manifests.isEmpty && !$0.headers && $0.discovered.files == discovered.files } ?? false
            // Only the files whose content changed are read, when the last commit's scan saw the same Swift files.
            let scanned = session.scan(discovered, headers: keep ? last?.scan.headersRead : nil, changed: since?.files)
            last = scanned
            stopwatch.lap("scan")
            let build = scanned.configuration.build
            let shared = conditions[build] ?? CompilationConditions(flags: Set(build.conditions), platforms: build.platforms)
            conditions[build] = shared
            return Pending(commit: commit, packages: packages, scanned: scanned, conditions: shared)
        }

        /// What changed since the last commit among the files discovery and the headers' reading
        /// depend on, in one pass over its files: the manifests, for `tree`'s discovery to read
        /// only those again (`TreeAnalysis.discover` also checks that the files are the same),
        /// whether a header or module map did, and every file whose content did (the scan reads
        /// only those when the Swift files are the last commit's). Nil, all read again, when a file manifests
        /// read changed (a Tuist helper, an `.xcconfig`, a `.bzl`) or the configuration did.
        /// Most commits change neither.
        func changes(
            in tree: any SourceTree, configurationFile: String
        ) -> (discovered: TreeAnalysis.Discovered, manifests: Set<String>, headers: Bool, files: Set<String>)? {
            guard let discovered = last?.discovered, discovered.tree.contentKey(configurationFile) == tree.contentKey(configurationFile) else {
                return nil
            }
            var manifests: Set<String> = [], headers = false, files: Set<String> = []
            let inputs = discovered.manifestInputs
            for path in discovered.files where discovered.tree.contentKey(path) != tree.contentKey(path) {
                files.insert(path)
                if inputs.contains(path) { return nil }
                if Discoverer.readsFile(path) {
                    guard Discoverer.isManifestFile(path) else { return nil }
                    manifests.insert(path)
                }
                headers = headers || HeaderScanner.reads(path)
            }
            return (discovered, manifests, headers, files)
        }
    }

    /// The report written from the timeline of the snapshots, and recorded (best effort:
    /// without a record the next run writes the files again).
    /// - Returns: the paths written.
    public static func write(_ timeline: HistoryTimeline, report: Report) throws -> [String] {
        var timeline = timeline
        timeline.linkBase = report.linkBase
        let files = try report.formats.flatMap { try $0.reporter.files(for: timeline) }
        let written = try ReportWriter.write(files, to: report.folder)
        try? report.stamp(commits: timeline.commits.map(\.commit)).record(files)
        return written
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

    /// The packages a commit's `Package.swift`, `Package.resolved` and `Podfile.lock` files name.
    static func packageRows(_ tree: GitRevisionTree) -> [PackageRow] {
        let paths = ((try? tree.files()) ?? []).filter(PackageRows.isPackageFile)
        return PackageRows.rows(paths.compactMap { path in (try? tree.read(path)).map { (path: path, bytes: $0) } })
    }
}
