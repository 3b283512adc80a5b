import StrataAnalysis
import StrataAssemble
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataScan
import StrataSourceTree

/// discover -> scan -> assemble -> analyze for one source tree and its configuration: the
/// analysis as a function of a tree. A working directory and a git revision are both trees;
/// output folders, caches and manifest evaluation are the caller's business.
public enum TreeAnalysis {
    public struct Output: Sendable {
        public var result: AnalysisResult
        /// The assembled model the result was computed from.
        public var project: Project
        /// Every file of the tree, as discovery saw it.
        public var files: [String]
        public var scan: Scanner.Outcome
        /// Seconds per stage: discover, scan, analyze.
        public var timings: [(stage: String, seconds: Double)]
    }

    /// - Parameters:
    ///   - configurationFile: how evidence names the configuration (`strata.yml`).
    ///   - store: facts already known, shared with other analyses of this run; nil parses all.
    ///   - evaluateManifest: replaces static reading of a `Package.swift` (`--evaluate-manifests`).
    public static func run(
        tree: any SourceTree, configuration: Configuration, configurationFile: String = Configuration.fileName,
        store: FactStore?, evaluateManifest: ((String) throws -> Manifest)? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws -> Output {
        let discovered = try discover(
            tree: tree, configuration: configuration, configurationFile: configurationFile,
            evaluateManifest: evaluateManifest, progress: progress)
        var memo: AnalysisMemo?
        return finish(scan(discovered, store: store, progress: progress), memo: &memo)
    }

    /// A tree after discovery: its configuration, files and modules. A caller with two trees
    /// runs the stages that share nothing (discovery, assembly and analysis) side by side.
    public struct Discovered: Sendable {
        public private(set) var tree: any SourceTree
        public let configuration: Configuration
        /// Every file of the tree, as discovery saw it.
        public let files: [String]
        public let discovery: Discovery
        /// Every manifest file's read, for a later discovery of the same files to reuse.
        let manifests: [String: Discoverer.Read]
        /// The files the manifests' reading read besides the manifests (an XcodeGen spec's
        /// includes, a Bazel file's loads): a change to one changes what a manifest says. Made
        /// once: a watcher asks it of every changed path.
        let manifestInputs: Set<String>
        /// Every module's Swift files, each once, sorted: what `scan` reads. Made once: a
        /// session scans the same discovery again on every edit.
        public let sources: [String]
        /// What the tree's walk could not read (part of `discovery.diagnostics`).
        let unwalked: [Diagnostic]
        var stopwatch: Stopwatch

        init(
            tree: any SourceTree, configuration: Configuration, files: [String], discovery: Discovery, manifests: [String: Discoverer.Read],
            unwalked: [Diagnostic], stopwatch: Stopwatch
        ) {
            (self.tree, self.configuration, self.files, self.discovery, self.manifests) = (tree, configuration, files, discovery, manifests)
            manifestInputs = manifests.values.reduce(into: []) { $0.formUnion($1.inputs) }
            sources = Set(discovery.modules.flatMap(\.sourceFiles)).sorted()
            (self.unwalked, self.stopwatch) = (unwalked, stopwatch)
        }

        /// The same discovery over another version of its tree (the same files, other bytes).
        func reading(_ tree: any SourceTree) -> Self {
            var same = self
            same.tree = tree
            same.stopwatch = Stopwatch()
            return same
        }
    }

    /// A tree after discovery and scanning: its facts.
    public struct Scanned: Sendable {
        public let discovered: Discovered
        public let scan: Scanner.Outcome
        var stopwatch: Stopwatch
        /// The files whose facts may differ from those of the session's scan `since` (the
        /// last, which saw the same Swift files): a session's edit, a history's next commit.
        /// Nil: any file's.
        public var touched: Set<String>?
        var since: Int?
        /// This scan's number in its session (`ScanMemo`), which what is made of it records.
        var number = 0
        /// Content hashes the last scan of the session had and this one no longer has (with
        /// `touched`): the edited files' earlier bytes.
        public var dropped: [ContentHash] = []

        public var tree: any SourceTree { discovered.tree }
        public var configuration: Configuration { discovered.configuration }
        public var files: [String] { discovered.files }
        public var discovery: Discovery { discovered.discovery }
    }

    /// discover: the tree's files and modules.
    public static func discover(
        tree: any SourceTree, configuration: Configuration, configurationFile: String = Configuration.fileName,
        evaluateManifest: ((String) throws -> Manifest)? = nil, progress: (@Sendable (String) -> Void)? = nil,
        reusing known: (files: [String], reads: [String: Discoverer.Read])? = nil, unchanged: Discovered? = nil,
        walked: (files: [String], problems: [Diagnostic])? = nil
    ) throws -> Discovered {
        var stopwatch = Stopwatch()
        // A caller that walked the tree said so when it began.
        if walked == nil { progress?("discovering modules") }
        let (files, unwalked) = try walked ?? tree.walk()
        // The same files, configuration and walk, and none that discovery reads changed: the same modules.
        if let unchanged, unchanged.files == files, unchanged.unwalked == unwalked, unchanged.configuration == configuration {
            var same = unchanged.reading(tree)
            stopwatch.lap("discover")
            same.stopwatch = stopwatch
            return same
        }
        var discoverer = Discoverer(tree: tree, evaluateManifest: evaluateManifest)
        discoverer.overrides = configuration.modules
        discoverer.overridesFile = configurationFile
        discoverer.manifestHost = ManifestHost.of(platforms: configuration.build.platforms)
        // Manifest readers recurse as deep as a manifest nests.
        var (discovery, reads) = LargeStack.run { discoverer.discover(files: files, reusing: known?.files == files ? known?.reads ?? [:] : [:]) }
        discovery.diagnostics = unwalked + discovery.diagnostics
        if !files.contains(where: \.hasSwiftExtension) {
            discovery.diagnostics.append(Diagnostic(file: ".", message: "no Swift file found (are they all excluded?); nothing to analyze"))
        }
        stopwatch.lap("discover")
        return Discovered(
            tree: tree, configuration: configuration, files: files, discovery: discovery, manifests: reads, unwalked: unwalked, stopwatch: stopwatch)
    }

    /// scan: every module's Swift files, reusing what `store` knows (one scan at a time).
    /// - Parameter timeLimit: seconds one file's parse may take (`--file-time-limit`).
    /// - Parameter checkouts: also scan the checked-out sources of the external modules the
    ///   files import (`dependencies(of:into:store:timeLimit:)`); false where the result is
    ///   compared with a revision's, which has none (`diff`, `history`).
    /// - Parameter headers: what the modules' headers gave in an earlier scan of the same
    ///   modules when no header or module map changed since (a warm session's edit); nil
    ///   reads them.
    public static func scan(
        _ discovered: Discovered, store: FactStore?, timeLimit: Double = TimeBudget.defaultPerFile, checkouts: Bool = true,
        headers known: HeaderScanner.Read? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) -> Scanned {
        var none: ScanMemo?
        return scan(discovered, store: store, timeLimit: timeLimit, checkouts: checkouts, headers: known, memo: &none, progress: progress)
    }

    /// The same, for a caller that scans again and again: `memo` is what the last scan left
    /// (`ScanMemo`), and is left this one's.
    /// - Parameter changed: the paths whose content changed since the last scan (a session's
    ///   edit, a history's next commit); when this scan's Swift files are the memo's, only
    ///   those of them that are Swift files are read. Nil reads every file the tree does not know.
    /// - Parameter early: what a scan begun during discovery found (`Scanner.begin`), taken
    ///   instead of reading and parsing those files again.
    public static func scan(
        _ discovered: Discovered, store: FactStore?, timeLimit: Double = TimeBudget.defaultPerFile, checkouts: Bool = true,
        headers known: HeaderScanner.Read? = nil, changed: Set<String>? = nil, early: consuming Scanner.Early? = nil, memo: inout ScanMemo?,
        progress: (@Sendable (String) -> Void)? = nil
    ) -> Scanned {
        let sources = discovered.sources
        progress?("scanning \(sources.count) Swift files in \(discovered.discovery.modules.count) modules")
        let configured = discovered.configuration.injection.names
        var scanner = Scanner(tree: discovered.tree, store: store, names: configured)
        scanner.timeLimit = timeLimit
        let last = memo.flatMap { $0.sources == sources && $0.configured == configured ? $0 : nil }
        var outcome: Scanner.Outcome
        var touched: Set<String>?
        var dropped: [ContentHash] = []
        var replaced: Set<ContentHash> = []
        if let changed, let last {
            // The last first pass, with the changed files scanned again, and those it could not
            // read (a whole scan would try them again).
            let paths = Set(changed.filter { sources.containsSorted($0) } + last.unscanned).sorted()
            outcome = last.firstPass
            outcome.patch(scanner.scan(paths), paths: paths)
            touched = Set(paths)
            replaced = Set(paths.compactMap { last.firstPass.hashes[$0] })
        } else {
            outcome = scanner.scan(sources, early: early)
        }
        // Hand-written containers found by their shape: scan again, with their method and
        // property wrapper names, the files that spell them.
        var names = memo?.names
        let found = InjectionWiring.names(in: outcome.facts, configured: configured, memo: &names, changed: touched)
        let firstPass = outcome
        let spelled = found.spelled
        var again: [String] = []
        if !spelled.isEmpty {
            let names = configured.merged(with: found)
            // A few names are looked up in each file's sorted references; many, the other way round.
            let wanted = spelled.sorted()
            again = sources.filter { path in
                guard let facts = outcome.facts[path] else { return false }
                return wanted.count < 16
                    ? wanted.contains { facts.referenceIndex(of: $0) != nil } : facts.references.contains(where: spelled.contains)
            }
            var rescanner = Scanner(tree: discovered.tree, store: store.map { $0.variant(names: names) }, names: names)
            rescanner.timeLimit = timeLimit
            let rescan = rescanner.scan(again)
            outcome.facts.merge(rescan.facts) { _, new in new }
            outcome.parsed += rescan.parsed
        }
        // A file scanned again with the containers' names, this time or the last, may have
        // other facts than its first pass.
        if let last { touched?.formUnion(last.again + again) }
        let number = (memo?.number ?? 0) + 1
        memo = ScanMemo(
            number: number, sources: sources, configured: configured, firstPass: firstPass, names: names, again: again,
            unscanned: firstPass.facts.count + firstPass.timedOut.count == sources.count
                ? [] : sources.filter { firstPass.facts[$0] == nil && !firstPass.timedOut.contains($0) })
        if checkouts { dependencies(of: discovered, into: &outcome, store: store, timeLimit: timeLimit) }
        let headers = known ?? HeaderScanner(tree: discovered.tree).read(discovered.discovery.modules, files: discovered.files)
        outcome.headers = headers.interfaces
        outcome.headerHashes = headers.hashes.filter { HeaderScanner.reads($0.key) }
        outcome.hashes.merge(headers.hashes) { old, _ in old }
        // The edited files' earlier bytes that no file read has any more.
        if !replaced.isEmpty { dropped = Array(replaced.subtracting(outcome.hashes.values)) }
        var stopwatch = discovered.stopwatch
        stopwatch.lap("scan")
        return Scanned(
            discovered: discovered, scan: outcome, stopwatch: stopwatch, touched: touched, since: touched == nil ? nil : last?.number, number: number,
            dropped: dropped)
    }

    /// What one scan of a session leaves for the next of the same discovery: its first pass
    /// (every file's facts before the files spelling hand-written containers were scanned
    /// again with their names), the containers found, and the files scanned again.
    public struct ScanMemo: Sendable {
        var number: Int
        var sources: [String]
        var configured: InjectionNames
        var firstPass: Scanner.Outcome
        var names: InjectionWiring.NamesMemo?
        var again: [String]
        /// The sources the first pass could not read (tried again at every scan, as a whole
        /// scan would). One whose parse took too long is tried again when it changes: every
        /// edit would otherwise wait for it.
        var unscanned: [String]
    }

    /// The checked-out sources of the external modules the files import (a working directory's
    /// `.build/checkouts`, `SourcePackages/checkouts`, `Pods`), scanned for their names.
    static func dependencies(of discovered: Discovered, into outcome: inout Scanner.Outcome, store: FactStore?, timeLimit: Double) {
        let tree = discovered.tree
        // No checkout to look in (most trees): the files' imports are not listed at all.
        guard let folder = tree.workingDirectory, DependencySources.hasCheckouts(root: folder.rootPath) else { return }
        let internalNames = Set(discovered.discovery.modules.map(\.importName))
        // Each imported name once (most files import the same few), then the external ones.
        var imported: Set<String> = []
        for facts in outcome.facts.values { for site in facts.imports { imported.insert(site.module) } }
        let wanted = imported.filter { !internalNames.contains($0) && !SystemModules.contains($0) }
        var scanner = Scanner(tree: tree, store: store, names: discovered.configuration.injection.names)
        scanner.timeLimit = timeLimit
        let (found, scans) = DependencySources.gather(root: folder.rootPath, wanted: wanted) { scanner.scan($0) }
        for scanned in scans {
            for (module, paths) in found {
                for path in paths { if let facts = scanned.facts[path] { outcome.dependencies[module, default: []].append(SourceFile(path: path, facts: facts)) } }
            }
            outcome.hashes.merge(scanned.hashes) { old, _ in old }
            outcome.parsed += scanned.parsed
            outcome.reused += scanned.reused
        }
    }

    /// assemble and analyze.
    /// - Parameter conditions: `#if` answers shared by analyses of several revisions with the
    ///   same build settings (`strata history`); nil decides them afresh.
    ///   - extras: what the caller shows beyond the findings; the rest is not computed.
    ///   - buildSeconds: measured build seconds by module (`--build-times`); nil estimates from lines.
    ///   - memo: what the last analysis of a session made that this one may take again; left
    ///     what this one made (`AnalysisMemo`). Nil for a caller that analyzes once.
    public static func finish(
        _ scanned: Scanned, conditions shared: CompilationConditions? = nil, extras: AnalysisExtras = .all, buildSeconds: [String: Double]? = nil,
        memo: inout AnalysisMemo?
    ) -> Output {
        var none: AssemblyMemo?
        return finish(scanned, conditions: shared, extras: extras, buildSeconds: buildSeconds, memo: &memo, assembly: &none)
    }

    /// The same for a session: `assembly` is what its last assembly left, and is left this one's.
    public static func finish(
        _ scanned: Scanned, conditions shared: CompilationConditions? = nil, extras: AnalysisExtras = .all, buildSeconds: [String: Double]? = nil,
        memo: inout AnalysisMemo?, assembly: inout AssemblyMemo?
    ) -> Output {
        var stopwatch = scanned.stopwatch
        let project = assemble(scanned, conditions: shared, memo: &assembly)
        let result = Analyzer.analyze(
            project, rules: scanned.configuration.rules, injection: scanned.configuration.injection, extras: extras,
            buildSeconds: buildSeconds, workers: AllCores(), memo: &memo)
        stopwatch.lap("analyze")
        return Output(result: result, project: project, files: scanned.files, scan: scanned.scan, timings: stopwatch.laps)
    }

    /// assemble: the model of modules and edges, for a caller that needs no analysis
    /// (`strata affected` asks only who depends on whom).
    static func assemble(_ scanned: Scanned, conditions shared: CompilationConditions? = nil) -> Project {
        var none: AssemblyMemo?
        return assemble(scanned, conditions: shared, memo: &none)
    }

    /// What a session's last assembly leaves for the next: each module's part, the modules'
    /// source digests, and what they were made from.
    public struct AssemblyMemo: Sendable {
        /// The number of the scan assembled (`Scanned.number`).
        var scan: Int
        var discovery: Discovery
        /// What the `#if` conditions were decided for (`CompilationConditions`).
        var flags: Set<String>
        var platforms: [String]?
        var parts: [Assembler.Part]
        var digests: [ModuleID: String]
    }

    /// The same, taking again from `memo` the modules none of whose files the scan touched
    /// (a session's edit, a history's next commit) when the memo is the assembly of the scan
    /// it counts from, with the same discovery and `#if` settings.
    static func assemble(_ scanned: Scanned, conditions shared: CompilationConditions? = nil, memo: inout AssemblyMemo?) -> Project {
        let scan = scanned.scan
        let build = scanned.configuration.build
        let conditions = shared ?? CompilationConditions(flags: Set(build.conditions), platforms: build.platforms)
        let internalNames = Set(scanned.discovery.modules.map(\.importName))
        let last = memo.flatMap { last in
            scanned.touched != nil && scanned.since == last.scan && last.flags == conditions.flags && last.platforms == conditions.platforms
                && last.discovery == scanned.discovery ? last : nil
        }
        let touched = last.map { _ in Assembler.touched(scanned.discovery, by: scanned.touched ?? [], workers: AllCores()) }
        let parts = Assembler.parts(
            discovery: scanned.discovery, facts: scan.facts,
            conditions: { condition, module in
                conditions.isActive(condition, in: module) { name in
                    internalNames.contains(name) || module.dependencies.contains { $0.name == name }
                }
            },
            platforms: conditions.platforms(of:), workers: AllCores(), reusing: last.flatMap { last in touched.map { (last.parts, $0) } })
        var project = Assembler.assemble(root: scanned.tree.name, discovery: scanned.discovery, parts: parts, diagnostics: scan.diagnostics)
        project.dependencySources = scan.dependencies
        project.clang = scan.headers
        // Modules whose digest the memo has: those of untouched parts.
        var known: [ModuleID: String] = [:]
        if let last, let touched {
            let remade = Set(zip(scanned.discovery.modules, touched).filter(\.1).map(\.0.id))
            known = last.digests.filter { !remade.contains($0.key) }
        }
        // `path=hash` records, each ended by a NUL (which no path holds): the digest is in
        // `strata.json`, so its input stays what it was and saved results still compare.
        let digests = Parallel.map(project.modules.count) { index in
            if let digest = known[project.modules[index].id] { return digest }
            var bytes: [UInt8] = []
            for file in project.sources[project.modules[index].id] ?? [] {
                bytes += file.path.utf8
                bytes += "=\(scan.hashes[file.path].map(\.description) ?? "")".utf8
                bytes.append(0)
            }
            return ContentHash(bytes).description
        }
        for index in project.modules.indices {
            project.modules[index].headers = scan.headers[project.modules[index].id]?.summary
            project.modules[index].sourceDigest = digests[index]
        }
        memo = AssemblyMemo(
            scan: scanned.number, discovery: scanned.discovery, flags: conditions.flags, platforms: conditions.platforms, parts: parts,
            digests: Dictionary(zip(project.modules.map(\.id), digests), uniquingKeysWith: { first, _ in first }))
        return project
    }

    /// The configuration a tree carries: its root `strata.yml`, or the empty one.
    public static func configuration(in tree: any SourceTree, files: [String]) throws(Configuration.Invalid) -> Configuration {
        guard files.sortedRun(withPrefix: Configuration.fileName).contains(Configuration.fileName) else { return Configuration() }
        let bytes: [UInt8]
        do {
            bytes = try tree.read(Configuration.fileName)
        } catch {
            throw Configuration.Invalid(file: Configuration.fileName, reason: "cannot be read: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Configuration.Invalid(file: Configuration.fileName, reason: "is not valid UTF-8")
        }
        return try Configuration.parse(text, file: Configuration.fileName)
    }
}

/// Seconds per stage, in order.
struct Stopwatch: Sendable {
    private var clock = ContinuousClock.now
    private(set) var laps: [(stage: String, seconds: Double)] = []

    /// The time since the last lap (or the start), as `stage`.
    mutating func lap(_ stage: String) {
        let now = ContinuousClock.now
        let elapsed = now - clock
        laps.append((stage, elapsed.seconds))
        clock = now
    }

    /// Starts the next lap now: the time since the last one is no stage's.
    mutating func restart() { clock = ContinuousClock.now }

    /// Laps timed elsewhere (another thread's), as they are.
    mutating func add(_ other: [(stage: String, seconds: Double)]) { laps += other }

    /// The seconds of each stage summed over its laps, in `order` (stages with no lap left out).
    func totals(in order: [String]) -> [(stage: String, seconds: Double)] {
        order.compactMap { stage in
            let times = laps.filter { $0.stage == stage }
            return times.isEmpty ? nil : (stage, times.reduce(0) { $0 + $1.seconds })
        }
    }
}

extension Duration {
    /// The duration in seconds, as the timings print it.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
