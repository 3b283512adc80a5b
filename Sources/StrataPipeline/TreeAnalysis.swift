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
        var stopwatch = Stopwatch()
        progress?("discovering modules")
        let files = try tree.files()
        var discoverer = Discoverer(tree: tree, evaluateManifest: evaluateManifest)
        discoverer.overrides = configuration.modules
        discoverer.overridesFile = configurationFile
        let discovery = discoverer.discover(files: files)
        stopwatch.lap("discover")

        let sources = Set(discovery.modules.flatMap(\.sourceFiles)).sorted()
        progress?("scanning \(sources.count) Swift files in \(discovery.modules.count) modules")
        let scan = Scanner(tree: tree, store: store, names: configuration.injection.names).scan(sources)
        stopwatch.lap("scan")

        var project = Assembler.assemble(root: tree.name, discovery: discovery, facts: scan.facts, diagnostics: scan.diagnostics)
        for index in project.modules.indices {
            var bytes: [UInt8] = []
            for file in project.sources[project.modules[index].name] ?? [] {
                bytes += file.path.utf8
                bytes += "=\(scan.hashes[file.path].map(\.description) ?? "")\u{0}".utf8
            }
            project.modules[index].sourceDigest = ContentHash(bytes).description
        }
        let result = Analyzer.analyze(project, rules: configuration.rules, injection: configuration.injection)
        stopwatch.lap("analyze")
        return Output(result: result, project: project, files: files, scan: scan, timings: stopwatch.laps)
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
