import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataScan
import StrataSourceTree

/// One repository's analysis kept warm for the servers (`strata mcp`, `strata lsp`,
/// `strata watch`): its modules, every file's facts and symbols, the model and the result.
///
/// A change re-reads only what changed: an edited Swift file is parsed again and every other
/// file's facts are taken from memory without reading it; a manifest, `strata.yml`, or a file
/// added or deleted re-runs discovery (whose manifests are read again only when they changed).
/// Then the model is assembled and analyzed again from the facts. Bad input behaves as in
/// `analyze`: a broken manifest or file is a warning of the result, and an invalid
/// `strata.yml` keeps the last good analysis and says so in `problems`.
public struct StrataSession: Sendable {
    /// What changed in one `refresh`, for the servers to tell their clients.
    public struct Update: Sendable {
        /// Paths that were read again (relative to the root).
        public var changed: [String]
        /// Whether the modules were discovered again (a manifest, strata.yml, a file added or deleted).
        public var rediscovered: Bool
        /// Swift files parsed again (the others' facts came from memory).
        public var parsed: Int
        /// Findings that appeared and disappeared, worst first.
        public var appeared: [Finding]
        public var disappeared: [Finding]
        public var seconds: Double
    }

    public private(set) var analysis: AnalysisSession
    /// What the last analysis made that the next takes again where its inputs are the same.
    private var memo: AnalysisMemo? = AnalysisMemo()
    /// Each module as the last analysis assembled it, for an edit that leaves it alone.
    private var assembly: TreeAnalysis.AssemblyMemo?
    /// Files changed in updates whose discovery failed (an invalid strata.yml): the next scan
    /// reads them too, and the next discovery those it reads (manifests, their inputs, strata.yml).
    private var unscanned: Set<String> = []
    /// Whether the fact store kept only the facts of this session's files once: later edits
    /// forget only the bytes they replaced.
    private var trimmed = false
    /// The latest assembled model and its result.
    public private(set) var output: TreeAnalysis.Output
    /// The latest discovery (with the live tree it read).
    public private(set) var discovered: TreeAnalysis.Discovered
    /// Problems that stopped the latest refresh (an invalid strata.yml), one line each; the
    /// analysis before it is kept meanwhile. Empty once a refresh succeeds.
    public private(set) var problems: [String] = []
    /// The root as given.
    public var root: String { analysis.input.repository }
    /// The latest result. Its access-control report is left out (a session answers about the
    /// graph and the findings; the report is half the work of an edit) unless strata.yml turns
    /// on a rule that needs it: `completeResult` has it.
    public var result: AnalysisResult { output.result }
    /// The latest result as `analyze` writes it, with the access-control report.
    public var completeResult: AnalysisResult {
        Analyzer.addingAccessControl(to: output.result, of: output.project, workers: AllCores())
    }
    /// What the session's analyses compute beyond the findings: all but the access-control report.
    static let extras = AnalysisExtras.all.subtracting(.accessControl)
    public var project: Project { output.project }
    /// The tree the analysis read: the working directory, with its unsaved texts.
    public var tree: LiveTree { discovered.tree as? LiveTree ?? LiveTree(WorkingDirectoryTree(rootPath: root)) }

    /// Discovers, scans and analyzes the repository at `input.repository`.
    /// - Throws: `Pipeline.InputError` for a missing folder or an invalid configuration.
    public init(_ input: AnalysisSession.Input, progress: (@Sendable (String) -> Void)? = nil) throws {
        try Pipeline.checkFolder(input.repository)
        var analysis = try AnalysisSession(input, git: false)
        let live = LiveTree(WorkingDirectoryTree(rootPath: input.repository, filter: PathFilter(excludes: input.excludes)))
        let discovered = try analysis.discover(live, label: input.repository, progress: progress)
        let scanned = analysis.scan(discovered, progress: progress)
        self.discovered = discovered.reading(Self.remembering(scanned))
        var assembly: TreeAnalysis.AssemblyMemo?
        output = analysis.finish(scanned, extras: Self.extras, memo: &memo, assembly: &assembly)
        self.assembly = assembly
        // The next `analyze` of the repository starts warm too.
        _ = analysis.saveFacts()
        self.analysis = analysis
    }

    /// What changed since the last analysis: files on disk, and an editor's unsaved texts.
    /// Paths are relative to the root, or absolute under it.
    public struct Changes: Sendable {
        /// Files (or folders) changed on disk; `FileWatchers.everything` for anything.
        public var disk: Set<String>
        /// Unsaved texts by path; nil: the file as saved.
        public var edits: [String: String?]

        public init(disk: some Sequence<String> = [], edits: [String: String?] = [:]) {
            self.disk = Set(disk)
            self.edits = edits
        }
    }

    /// Analyzes again once for everything that changed (a burst of edits is one analysis).
    /// Paths outside the analysis (excluded, `.build`) change nothing.
    @discardableResult
    public mutating func update(_ changes: Changes) -> Update {
        let clock = ContinuousClock.now
        let disk = Set(changes.disk.map(relative))
        let edits = Dictionary(changes.edits.map { (relative($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        var tree = disk.contains(FileWatchers.everything) || disk.contains("") ? self.tree.changingAll() : self.tree.changing(disk)
        for (path, text) in edits.sorted(by: { $0.key < $1.key }) { tree = tree.editing(path, text: text.map { Array($0.utf8) }) }
        let changed = disk.contains(FileWatchers.everything) || disk.contains("")
            ? [FileWatchers.everything] : disk.union(edits.keys).sorted()
        return analyze(changed, tree: tree, since: clock)
    }

    /// The files of `paths` changed on disk: analyze again.
    @discardableResult
    public mutating func refresh(changed paths: some Sequence<String>) -> Update {
        update(Changes(disk: paths))
    }

    /// An editor's unsaved text of a file (nil: the file as saved): analyze again as if it
    /// were saved.
    @discardableResult
    public mutating func edit(_ path: String, text: String?) -> Update {
        update(Changes(edits: [path: text]))
    }

    private mutating func analyze(_ changed: [String], tree: LiveTree, since clock: ContinuousClock.Instant) -> Update {
        // With what earlier updates changed but did not read: their discovery failed.
        let read = unscanned.union(changed)
        let before = output.result.findings
        let inputs = discovered.manifestInputs
        let structural = changed.contains { path in
            // A file added or deleted, or a folder (with what it held).
            let added = !discovered.files.containsSorted(path), folder = !discovered.files.sortedRun(withPrefix: path + "/").isEmpty
            return path == FileWatchers.everything || Discoverer.readsFile(path) || inputs.contains(path) || path == analysis.configurationFile || folder
                || (added == exists(path, in: tree))
        }
        var next = discovered.reading(tree)
        if structural {
            do {
                // Manifests read again only when they changed, unless a file they read changed
                // (a Tuist helper, an .xcconfig) or the configuration did.
                let manifestsOnly = read.allSatisfy { Discoverer.isManifestFile($0) && !inputs.contains($0) }
                next = try analysis.discover(
                    tree, label: RepositoryPath.name(of: root), reusing: manifestsOnly ? (discovered, read) : nil)
                problems = []
            } catch {
                problems = ["\(error)"]
                discovered = next
                unscanned = read
                return Update(changed: changed, rediscovered: false, parsed: 0, appeared: [], disappeared: [], seconds: seconds(since: clock))
            }
        }
        // What discovery reads stays for the next discovery, which reads it again; the rest is read now.
        unscanned = structural ? [] : read.filter { Discoverer.readsFile($0) || inputs.contains($0) || $0 == analysis.configurationFile }
        // The headers are read again only when one of them, a module map or the modules changed.
        let headers = structural || read.contains(where: HeaderScanner.reads) ? nil : output.scan.headersRead
        // Only the changed files are read when the Swift files are the last scan's (a manifest
        // edit too); every file the tree does not know when the watcher lost track.
        let scanned = analysis.scan(next, headers: headers, changed: read.contains(FileWatchers.everything) ? nil : read)
        if scanned.touched != nil && trimmed {
            analysis.forgetFacts(scanned.dropped)
        } else {
            analysis.keepFacts(only: Set(scanned.scan.hashes.values))
            trimmed = true
        }
        discovered = next.reading(Self.remembering(scanned, changed: scanned.touched == nil ? nil : read))
        let last = output
        output = analysis.finish(scanned, extras: Self.extras, memo: &memo, assembly: &assembly)
        // What only the last analysis held is let go of on another thread: the answer does not wait for it.
        Self.letGo(consume last)
        let (appeared, disappeared) = Self.difference(before, output.result.findings)
        return Update(
            changed: changed, rediscovered: structural, parsed: scanned.scan.parsed, appeared: appeared, disappeared: disappeared,
            seconds: seconds(since: clock))
    }

    /// Whether the analysis reads a file (relative to the root): a Swift source, a manifest or
    /// a file manifests read (by its kind, or because the last reading read it), the configuration.
    public func reads(_ path: String) -> Bool {
        path.hasSwiftExtension || Discoverer.readsFile(path) || path == analysis.configurationFile || HeaderScanner.reads(path)
            || discovered.manifestInputs.contains(path)
    }

    /// A path relative to the root (an absolute one under the root, or `./x`, as editors and
    /// watchers give them).
    public func relative(_ path: String) -> String {
        for prefix in [root, tree.base.resolvedRootPath] where !prefix.isEmpty {
            let folder = prefix.hasSuffix("/") ? prefix : prefix + "/"
            if path.hasPrefix(folder) { return String(path.dropFirst(folder.count)) }
        }
        return AffectedAnalysis.normalized(path)
    }

    /// Whether a file is in the tree now: on disk (and not filtered out), or unsaved in an editor.
    private func exists(_ path: String, in tree: LiveTree) -> Bool {
        if tree.unsaved[path] != nil { return true }
        var info = stat()
        return stat(tree.base.rootPath + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && !tree.base.filter.skips(path: path)
    }

    /// The scanned tree, knowing the hashes the scan found (those files are not read again).
    /// - Parameter changed: the only files whose hashes the tree lost since it last knew the
    ///   scan's (an edit); nil: any. The headers' and checked-out dependencies' hashes are
    ///   remembered either way (a new import may have brought a checkout in).
    private static func remembering(_ scanned: TreeAnalysis.Scanned, changed: Set<String>? = nil) -> any SourceTree {
        guard let live = scanned.tree as? LiveTree else { return scanned.tree }
        guard let changed else { return live.scanned(scanned.scan.hashes) }
        let scan = scanned.scan
        let paths = changed.union(scan.headerHashes.keys).union(scan.dependencies.values.joined().map(\.path))
        return live.scanned(Dictionary(paths.compactMap { path in scan.hashes[path].map { (path, $0) } }, uniquingKeysWith: { $1 }))
    }

    /// Releases `value` on a background thread, once the caller's references are gone.
    private static func letGo(_ value: some Sendable) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }

    /// Findings of `after` not in `before` and the other way round, by fingerprint and message.
    static func difference(_ before: [Finding], _ after: [Finding]) -> (appeared: [Finding], disappeared: [Finding]) {
        struct Key: Hashable {
            var fingerprint: String
            var message: String
        }
        func key(_ finding: Finding) -> Key { Key(fingerprint: finding.fingerprint, message: finding.message) }
        let old = Set(before.map(key)), new = Set(after.map(key))
        return (after.filter { !old.contains(key($0)) }.sorted(), before.filter { !new.contains(key($0)) }.sorted())
    }

    private func seconds(since clock: ContinuousClock.Instant) -> Double { (ContinuousClock.now - clock).seconds }

    /// Saves the facts, so the next `analyze` of the repository starts warm.
    public func close() -> [Diagnostic] { analysis.saveFacts() }
}

