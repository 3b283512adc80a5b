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
        var stage = try discover(
            tree: tree, configuration: configuration, configurationFile: configurationFile,
            evaluateManifest: evaluateManifest, progress: progress)
        scan(&stage, store: store, progress: progress)
        return finish(stage)
    }

    /// The analysis between its stages, so a caller with two trees can run the stages that
    /// share nothing (discovery, assembly and analysis) side by side.
    public struct Stage: @unchecked Sendable {
        let tree: any SourceTree
        let configuration: Configuration
        let files: [String]
        public let discovery: Discovery
        var scan: Scanner.Outcome?
        var stopwatch: Stopwatch
    }

    /// discover: the tree's files and modules.
    public static func discover(
        tree: any SourceTree, configuration: Configuration, configurationFile: String = Configuration.fileName,
        evaluateManifest: ((String) throws -> Manifest)? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) throws -> Stage {
        var stopwatch = Stopwatch()
        progress?("discovering modules")
        let (files, unwalked) = try tree.walk()
        var discoverer = Discoverer(tree: tree, evaluateManifest: evaluateManifest)
        discoverer.overrides = configuration.modules
        discoverer.overridesFile = configurationFile
        discoverer.manifestHost = ManifestHost.of(platforms: configuration.build.platforms)
        // Manifest readers recurse as deep as a manifest nests.
        var discovery = LargeStack.run { discoverer.discover(files: files) }
        discovery.diagnostics = unwalked + discovery.diagnostics
        if !files.contains(where: \.hasSwiftExtension) {
            discovery.diagnostics.append(Diagnostic(file: ".", message: "no Swift file found (are they all excluded?); nothing to analyze"))
        }
        stopwatch.lap("discover")
        return Stage(tree: tree, configuration: configuration, files: files, discovery: discovery, stopwatch: stopwatch)
    }

    /// scan: every module's Swift files, reusing what `store` knows (one scan at a time).
    public static func scan(_ stage: inout Stage, store: FactStore?, progress: (@Sendable (String) -> Void)? = nil) {
        let sources = Set(stage.discovery.modules.flatMap(\.sourceFiles)).sorted()
        progress?("scanning \(sources.count) Swift files in \(stage.discovery.modules.count) modules")
        let configured = stage.configuration.injection.names
        var outcome = Scanner(tree: stage.tree, store: store, names: configured).scan(sources)
        // Hand-written containers found by their shape: scan again, with their method and
        // property wrapper names, the files that spell them.
        let found = InjectionContainers.names(in: outcome.facts.values, configured: configured)
        let spelled = found.spelled
        if !spelled.isEmpty {
            let names = configured.merged(with: found)
            // A few names are looked up in each file's sorted references; many, the other way round.
            let wanted = spelled.sorted()
            let again = sources.filter { path in
                guard let facts = outcome.facts[path] else { return false }
                return wanted.count < 16
                    ? wanted.contains { facts.referenceIndex(of: $0) != nil } : facts.references.contains(where: spelled.contains)
            }
            let rescan = Scanner(tree: stage.tree, store: store.map { $0.variant(names: names) }, names: names).scan(again)
            outcome.facts.merge(rescan.facts) { _, new in new }
            outcome.parsed += rescan.parsed
        }
        dependencies(of: stage, into: &outcome, store: store)
        stage.scan = outcome
        stage.stopwatch.lap("scan")
    }

    /// The checked-out sources of the external modules the files import (a working directory's
    /// `.build/checkouts`, `SourcePackages/checkouts`, `Pods`), scanned for their names.
    static func dependencies(of stage: Stage, into outcome: inout Scanner.Outcome, store: FactStore?) {
        guard let tree = stage.tree as? WorkingDirectoryTree else { return }
        let internalNames = Set(stage.discovery.modules.map(\.importName))
        var wanted: Set<String> = []
        for facts in outcome.facts.values {
            for site in facts.imports where !internalNames.contains(site.module) && !SystemModules.contains(site.module) {
                wanted.insert(site.module)
            }
        }
        let found = DependencySources.find(root: tree.rootPath, wanted: wanted)
        guard !found.isEmpty else { return }
        let scanned = Scanner(tree: tree, store: store, names: stage.configuration.injection.names).scan(found.values.flatMap { $0 }.sorted())
        for (module, paths) in found {
            outcome.dependencies[module] = paths.compactMap { path in scanned.facts[path].map { SourceFile(path: path, facts: $0) } }
        }
        outcome.hashes.merge(scanned.hashes) { old, _ in old }
        outcome.parsed += scanned.parsed
        outcome.reused += scanned.reused
    }

    /// assemble and analyze.
    /// - Parameter conditions: `#if` answers shared by analyses of several revisions with the
    ///   same build settings (`strata history`); nil decides them afresh.
    ///   - accessControl: false skips the access-control report where nothing reads it.
    public static func finish(_ stage: Stage, conditions shared: CompilationConditions? = nil, accessControl: Bool = true) -> Output {
        var stopwatch = stage.stopwatch
        let scan = stage.scan!  // `scan` ran: the stages run in order
        let project = assemble(stage, conditions: shared)
        let result = Analyzer.analyze(
            project, rules: stage.configuration.rules, injection: stage.configuration.injection, accessControl: accessControl)
        stopwatch.lap("analyze")
        return Output(result: result, project: project, files: stage.files, scan: scan, timings: stopwatch.laps)
    }

    /// assemble: the model of modules and edges, for a caller that needs no analysis
    /// (`strata affected` asks only who depends on whom).
    static func assemble(_ stage: Stage, conditions shared: CompilationConditions? = nil) -> Project {
        let scan = stage.scan!  // `scan` ran: the stages run in order
        let build = stage.configuration.build
        let conditions = shared ?? CompilationConditions(flags: Set(build.conditions), platforms: build.platforms)
        let internalNames = Set(stage.discovery.modules.map(\.importName))
        var project = Assembler.assemble(
            root: stage.tree.name, discovery: stage.discovery, facts: scan.facts, diagnostics: scan.diagnostics,
            conditions: { condition, module in
                conditions.isActive(condition, in: module) { name in
                    internalNames.contains(name) || module.dependencies.contains { $0.name == name }
                }
            },
            platforms: conditions.platforms(of:))
        project.dependencySources = scan.dependencies
        for index in project.modules.indices {
            // `path=hash` records, each ended by a NUL (which no path holds): the digest is in
            // `strata.json`, so its input stays what it was and saved results still compare.
            var bytes: [UInt8] = []
            for file in project.sources[project.modules[index].name] ?? [] {
                bytes += file.path.utf8
                bytes += "=\(scan.hashes[file.path].map(\.description) ?? "")".utf8
                bytes.append(0)
            }
            project.modules[index].sourceDigest = ContentHash(bytes).description
        }
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
struct Stopwatch {
    private var clock = ContinuousClock.now
    private(set) var laps: [(stage: String, seconds: Double)] = []

    mutating func lap(_ stage: String) {
        let now = ContinuousClock.now
        let elapsed = now - clock
        laps.append((stage, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        clock = now
    }
}
