import Foundation
import StrataAnalysis
import StrataGraphviz
import StrataModel
import StrataReport
import StrataSourceTree

/// `strata diff`: two revisions of a repository (or a revision and the working directory, or
/// two saved `strata.json` results) analyzed and compared. Each revision is read straight from
/// git with its own `strata.yml`; files unchanged between them are parsed once.
public enum DiffRun {
    public struct Options: Sendable {
        /// The repository (a work tree or a bare repository) and how both revisions are read
        /// (`--config`: one `strata.yml` for both; `--build-times`: both build shapes).
        public var input: AnalysisSession.Input
        public var base: String
        /// Nil with `worktree`.
        public var head: String?
        /// HEAD is the working directory, uncommitted changes included.
        public var worktree: Bool
        /// Whether the revisions' results are kept in the cache for the next run (a run that
        /// writes reports: a summary alone is not worth the encoding). Results kept earlier are
        /// read either way.
        public var keepResults: Bool

        public init(_ input: AnalysisSession.Input, base: String, head: String?, worktree: Bool = false, keepResults: Bool = false) {
            self.input = input
            self.base = base
            self.head = head
            self.worktree = worktree
            self.keepResults = keepResults
        }

        /// How reports name BASE and HEAD.
        var labels: [String] { [base, worktree ? "the working directory" : head ?? "HEAD"] }
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
            let old = try Pipeline.loadResult(options.base), new = try Pipeline.loadResult(head)
            let diff = GraphComparison.compare(
                base: old, head: new, baseLabel: RepositoryPath.name(of: options.base), headLabel: RepositoryPath.name(of: head))
            return Outcome(document: DiffDocument(diff: diff, base: old, head: new), parsedFiles: 0, reusedFiles: 0, warnings: [])
        }
        var session = try AnalysisSession(options.input, git: true)
        let commits = [try session.resolve(options.base), options.worktree ? nil : try session.resolve(options.head ?? "HEAD")]
        var revisions = Revisions(session: session, commits: commits)
        var analysis = (parsed: 0, reused: 0, warnings: [Diagnostic]())
        if !revisions.missing.isEmpty {
            analysis = try revisions.analyzeMissing(options, session: &session, progress: progress)
        }
        let old = revisions.results[0]!.result!, new = revisions.results[1]!.result!
        let diff = GraphComparison.compare(
            base: old, head: new, baseLabel: options.base, headLabel: options.worktree ? "working directory" : options.head ?? "HEAD",
            baseCommit: commits[0], headCommit: commits[1])
        var document = DiffDocument(diff: diff, base: old, head: new)
        document.layouts = session.cacheFile("diff-layouts").map { LayoutCache(file: $0) }
        let head = revisions.caches[1].flatMap { cache in
            session.cacheFile("diff-head-report").map {
                HeadReport(result: cache, json: revisions.results[1]!.json, fromCache: !revisions.results[1]!.analyzed, manifest: $0)
            }
        }
        return Outcome(
            document: document, parsedFiles: analysis.parsed, reusedFiles: analysis.reused, warnings: analysis.warnings,
            messages: session.damageNotes + revisions.results.flatMap { $0?.notes ?? [] }, head: head)
    }

    /// BASE's and HEAD's results: read from the cache under their commit's digest (or, for
    /// the working directory, its files' digest once scanned), else analyzed.
    private struct Revisions {
        let commits: [String?]
        /// Where each revision's result is kept; nil without a cache.
        let files: [String?]
        var caches: [ResultCache?]
        var results: [Revision?]

        init(session: AnalysisSession, commits: [String?]) {
            self.commits = commits
            files = ["diff-base-result.json", "diff-head-result.json"].map { session.cacheFile($0) }
            // A commit's result is kept under the digest of the commit and the options: a run of
            // a revision analyzed before reads its result back without reading the revision.
            caches = zip(files, commits).map { file, commit in
                guard let file, let commit else { return nil }
                return ResultCache(file: file, digest: session.digest(commit: commit))
            }
            // The two kept results decoded side by side.
            let caches = self.caches
            results = Parallel.map(caches.count) { index in
                guard let cache = caches[index] else { return nil }
                var notes: [String] = []
                let cached = cache.read { notes.append($0) }
                return cached == nil && notes.isEmpty ? nil : Revision(result: cached?.result, json: cached?.json, notes: notes)
            }
        }

        /// The revisions the cache does not hold.
        var missing: [Int] { results.indices.filter { results[$0]?.result == nil } }

        /// Analyzes the missing revisions: discovery, then assembly and analysis, side by side;
        /// the scans one after the other, so HEAD reuses every fact BASE computed.
        mutating func analyzeMissing(
            _ options: Options, session: inout AnalysisSession, progress: (@Sendable (String) -> Void)?
        ) throws -> (parsed: Int, reused: Int, warnings: [Diagnostic]) {
            let missing = self.missing, labels = options.labels
            let trees = try missing.map { try tree($0, session: session) }
            let discovered = try Parallel.map(missing.count) { [session] slot in
                try session.discover(trees[slot], label: labels[missing[slot]], progress: progress)
            }
            var scanned: [TreeAnalysis.Scanned] = []
            for (slot, index) in missing.enumerated() {
                progress?("scanning \(labels[index])")
                // Both sides alike: a revision has no checked-out dependencies to grade imports by.
                scanned.append(session.scan(discovered[slot], checkouts: false))
                // The working directory has no commit: its result is kept under the digest of
                // its files, known once they are scanned.
                if caches[index] == nil, let file = files[index] {
                    caches[index] = ResultCache(file: file, digest: session.digest(of: scanned[slot]))
                }
            }
            // The facts are saved while the revisions are assembled and analyzed.
            let known = caches, keep = options.keepResults ? caches : [nil, nil], commits = self.commits
            let work = Parallel.map(missing.count + 1) { [session] slot -> (revision: Revision?, warnings: [Diagnostic]) in
                guard slot < missing.count else { return (nil, session.saveFacts()) }
                let index = missing[slot]
                var notes: [String] = []
                if index == 1, commits[1] == nil, let cached = known[1]?.read(tell: { notes.append($0) }) {
                    return (Revision(result: cached.result, json: cached.json, notes: notes), [])
                }
                return (Revision(session.finish(scanned[slot]).result, keep: keep[index]), [])
            }
            for (slot, index) in missing.enumerated() {
                let earlier = results[index]?.notes ?? []
                results[index] = work[slot].revision
                results[index]?.notes.insert(contentsOf: earlier, at: 0)
            }
            return (scanned.reduce(0) { $0 + $1.scan.parsed }, scanned.reduce(0) { $0 + $1.scan.reused }, work[missing.count].warnings)
        }

        /// A revision's tree: its commit's, or the working directory for HEAD without one.
        func tree(_ index: Int, session: AnalysisSession) throws -> any SourceTree {
            if let commit = commits[index] { return try session.tree(at: commit) }
            guard let root = session.git?.workTree else {
                throw Pipeline.InputError(description: "\(session.input.repository): a bare repository has no working directory for --worktree")
            }
            return WorkingDirectoryTree(rootPath: root, filter: PathFilter(excludes: session.input.excludes))
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

        init(result: AnalysisResult?, json: Data?, notes: [String]) {
            self.result = result
            self.json = json
            self.notes = notes
        }

        /// A result this run analyzed, kept in `cache` for the next run when there is one
        /// (HEAD's bytes are its report's JSON too).
        init(_ result: AnalysisResult, keep cache: ResultCache?) {
            self.result = result
            json = cache == nil ? nil : try? JSONReporter.encode(result)
            notes = []
            analyzed = true
            if let cache, let json {
                do throws(AtomicFile.Failure) {
                    try cache.write(json)
                } catch {
                    notes.append("warning: \(error.description); the cache is not kept")
                }
            }
        }
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
            PreparedReport.KnownJSON(inputDigest: head.result.digest, bytes: head.json) { json throws(AtomicFile.Failure) in try head.result.write(json) }
        }
        try ReportWriter.makeFolder(output)
        let report = PreparedReport.prepare(outcome.document.head, for: formats, layouts: outcome.document.layouts, known: known)
        let written = try Pipeline.write(report, formats: formats, to: output, manifest: manifest)
        return (written.written, messages + written.messages)
    }
}

