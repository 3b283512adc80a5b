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
        /// The formats `write(_:to:)` writes; none: the caller shows the summary alone
        /// (`DiffText`). Each revision is analyzed for what they show, and its result is kept in
        /// the cache for the next run only when there are some (a summary alone is not worth the
        /// encoding). Results kept earlier are read either way.
        public var formats: [DiffFormat]

        public init(_ input: AnalysisSession.Input, base: String, head: String?, worktree: Bool = false, formats: [DiffFormat] = []) {
            self.input = input
            self.base = base
            self.head = head
            self.worktree = worktree
            self.formats = formats
        }

        /// How reports name BASE and HEAD.
        var labels: [String] { [base, worktree ? "the working directory" : head ?? "HEAD"] }

        /// What the formats show of BASE and of HEAD beyond the findings: the symbols of the
        /// edges HEAD adds (every format and the summary list them), each module's public
        /// surface (json, html), and HEAD's whole report beside diff.html.
        var extras: [AnalysisExtras] {
            let surface: AnalysisExtras = formats.contains(.json) || formats.contains(.html) ? .accessControl : []
            return [surface, formats.contains(.html) ? .all : surface.union(.edgeSymbols)]
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
        /// What the cache keeps for HEAD's report; nil without a cache.
        var head: KeptReport?
        /// Where the layouts of HEAD's report and the diff's drawings are kept; nil without a cache.
        var layouts: String?
        /// The formats the revisions were analyzed for (`Options.formats`).
        var formats: [DiffFormat] = []
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
            return Outcome(
                document: DiffDocument(diff: diff, base: old, head: new), parsedFiles: 0, reusedFiles: 0, warnings: [], formats: options.formats)
        }
        var session = try AnalysisSession(options.input, git: true)
        let commits = [try session.resolve(options.base), options.worktree ? nil : try session.resolve(options.head ?? "HEAD")]
        var revisions = Revisions(session: session, commits: commits, extras: options.extras)
        var analysis = (parsed: 0, reused: 0, warnings: [Diagnostic]())
        if !revisions.missing.isEmpty {
            analysis = try revisions.analyzeMissing(options, session: &session, progress: progress)
        }
        let old = revisions.sides[0].revision!.result!, new = revisions.sides[1].revision!.result!
        let diff = GraphComparison.compare(
            base: old, head: new, baseLabel: options.base, headLabel: options.worktree ? "working directory" : options.head ?? "HEAD",
            baseCommit: commits[0], headCommit: commits[1])
        let head = revisions.sides[1].cache.flatMap { cache in
            session.cacheFile("diff-head-report").map {
                KeptReport(cache: cache, json: revisions.sides[1].revision!.json, fromCache: !revisions.sides[1].revision!.analyzed, manifest: $0)
            }
        }
        return Outcome(
            document: DiffDocument(diff: diff, base: old, head: new), parsedFiles: analysis.parsed, reusedFiles: analysis.reused,
            warnings: analysis.warnings, messages: session.damageNotes + revisions.sides.flatMap { $0.revision?.notes ?? [] }, head: head,
            layouts: session.cacheFile("diff-layouts"), formats: options.formats)
    }

    /// BASE's and HEAD's results: read from the cache under their commit's digest (or, for
    /// the working directory, its files' digest once scanned), else analyzed.
    private struct Revisions {
        /// One side of the comparison.
        struct Side: Sendable {
            /// Nil: the working directory.
            var commit: String?
            /// What its analysis computes beyond the findings.
            var extras: AnalysisExtras
            /// Where the result is kept; nil without a cache.
            var file: String?
            /// The result's cache entry; nil without a cache, or, for the working directory,
            /// until its files are scanned.
            var cache: ResultCache?
            /// Nil until read from the cache (or until notes of a damaged one are known).
            var revision: Revision?
        }

        /// BASE, then HEAD.
        var sides: [Side]

        init(session: AnalysisSession, commits: [String?], extras: [AnalysisExtras]) {
            let files = ["diff-base-result.json", "diff-head-result.json"].map { session.cacheFile($0) }
            sides = commits.indices.map { index in
                // A commit's result is kept under the digest of the commit, the options and the
                // extras: a run of a revision analyzed before reads its result back without
                // reading the revision.
                var side = Side(commit: commits[index], extras: extras[index], file: files[index])
                if let file = side.file, let commit = side.commit {
                    side.cache = ResultCache(file: file, digest: session.digest(commit: commit, extras: side.extras))
                }
                return side
            }
            // The two kept results decoded side by side.
            let caches = sides.map(\.cache)
            let read = Parallel.map(caches.count) { index -> Revision? in
                guard let cache = caches[index] else { return nil }
                var notes: [String] = []
                let cached = cache.read { notes.append($0) }
                return cached == nil && notes.isEmpty ? nil : Revision(result: cached?.result, json: cached?.json, notes: notes)
            }
            for index in sides.indices { sides[index].revision = read[index] }
        }

        /// The revisions the cache does not hold.
        var missing: [Int] { sides.indices.filter { sides[$0].revision?.result == nil } }

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
                if sides[index].cache == nil, let file = sides[index].file {
                    sides[index].cache = ResultCache(file: file, digest: session.digest(of: scanned[slot], extras: sides[index].extras))
                }
            }
            // The facts are saved while the revisions are assembled and analyzed.
            let sides = self.sides, keep = !options.formats.isEmpty
            let work = Parallel.map(missing.count + 1) { [session] slot -> (revision: Revision?, warnings: [Diagnostic]) in
                guard slot < missing.count else { return (nil, session.saveFacts()) }
                let side = sides[missing[slot]]
                var notes: [String] = []
                if side.commit == nil, let cached = side.cache?.read(tell: { notes.append($0) }) {
                    return (Revision(result: cached.result, json: cached.json, notes: notes), [])
                }
                return (Revision(session.finish(scanned[slot], extras: side.extras).result, keep: keep ? side.cache : nil), [])
            }
            for (slot, index) in missing.enumerated() {
                let earlier = self.sides[index].revision?.notes ?? []
                self.sides[index].revision = work[slot].revision
                self.sides[index].revision?.notes.insert(contentsOf: earlier, at: 0)
            }
            return (scanned.reduce(0) { $0 + $1.scan.parsed }, scanned.reduce(0) { $0 + $1.scan.reused }, work[missing.count].warnings)
        }

        /// A revision's tree: its commit's, or the working directory for HEAD without one.
        func tree(_ index: Int, session: AnalysisSession) throws -> any SourceTree {
            if let commit = sides[index].commit { return try session.tree(at: commit) }
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

    /// The formats of the comparison (`Options.formats`) written into `output`; html also
    /// writes HEAD's full report (html and json), which `diff.html` links to, unless a run of
    /// the same HEAD left it there (`KeptReport`). Both share one layout cache, saved once at the end.
    /// - Returns: the paths written, and what writing had to say (one line each).
    public static func write(_ outcome: Outcome, to output: String) throws -> (written: [String], messages: [String]) {
        let formats = outcome.formats
        let layouts = outcome.layouts.map(LayoutCache.init(file:))
        var written: [String] = [], messages: [String] = []
        // The layouts are saved whether or not every file could be written.
        let saved = { layouts?.save().map { ["warning: \($0.description); the cache is not kept"] } ?? [] }
        do {
            if formats.contains(.html) {
                let report = try KeptReport.write(
                    outcome.document.head, formats: [.html, .json], to: output, kept: outcome.head, layouts: layouts, savesLayouts: false)
                written += report.written
                messages += report.messages
            }
            let document = outcome.document.prepared(for: formats, layouts: layouts) { messages.append($0) }
            written += try ReportWriter.write(formats.map { format in
                ReportWriter.Job(format.reporter, document) { "\(output)/\(format.reporter.help): cannot write: \(Pipeline.reason($0))" }
            }, to: output)
        } catch var error as Pipeline.InputError {
            error.messages = messages + error.messages + saved()
            throw error
        }
        return (written, messages + saved())
    }
}

