import Foundation
import StrataAnalysis
import StrataAssemble
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataReport
import StrataScan
import StrataSourceTree

/// discover -> scan -> assemble -> analyze -> report, for one repository on disk.
/// The CLI parses options and calls this; the tests call it directly.
public struct Pipeline {
    public struct Options: Sendable {
        public var path: String
        /// Where reports go; nil writes nothing (the result is still returned).
        public var outputDirectory: String?
        public var formats: [OutputFormat]
        /// The cache folder; nil disables the cache (`--no-cache`).
        public var cacheDirectory: String?
        public var evaluateManifests: Bool
        public var excludes: [String]
        /// An explicit `--config`; otherwise `strata.yml` at the root is read if present.
        public var configPath: String?

        public init(
            path: String, outputDirectory: String? = nil, formats: [OutputFormat] = OutputFormat.allCases,
            cacheDirectory: String? = Pipeline.defaultCacheDirectory, evaluateManifests: Bool = false,
            excludes: [String] = [], configPath: String? = nil
        ) {
            self.path = path
            self.outputDirectory = outputDirectory
            self.formats = formats
            self.cacheDirectory = cacheDirectory
            self.evaluateManifests = evaluateManifests
            self.excludes = excludes
            self.configPath = configPath
        }
    }

    /// Bad input that stops the run (exit code 2): a missing path, an invalid config.
    public struct InputError: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    public struct Outcome: Sendable {
        public var result: AnalysisResult
        public var written: [String]
        public var parsedFiles: Int
        public var reusedFiles: Int
        /// Seconds per stage, in pipeline order.
        public var timings: [(stage: String, seconds: Double)]
        /// The assembled model the result was computed from (`strata init` analyzes it again
        /// with inferred rules).
        public var project: Project
        /// The configuration that was used (`strata.yml` or `--config`).
        public var configuration: Configuration
    }

    /// `$XDG_CACHE_HOME/strata`, else `~/.cache/strata`.
    public static var defaultCacheDirectory: String? {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/strata" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/strata" }
        return nil
    }

    /// Everything the result depends on: Strata's build, the root's name, the options, every
    /// path in the tree (discovery reads folder layout), and the bytes of every manifest,
    /// config and scanned file. Equal digests mean byte-identical results.
    static func inputDigest(files: [String], scan: StrataScan.Scanner.Outcome, tree: WorkingDirectoryTree, options: Options) -> String {
        var bytes: [UInt8] = Array("\(FactsCache.buildIdentity)\u{0}\(tree.name)\u{0}\(options.excludes)\u{0}\(options.configPath ?? "")\u{0}".utf8)
        for file in files {
            bytes += file.utf8
            if let hash = scan.hashes[file] {
                bytes += "=\(hash)".utf8
            } else if Discoverer.readsFile(file) || file == Configuration.fileName, let content = try? tree.read(file) {
                bytes += "=\(ContentHash(content))".utf8
            }
            bytes.append(0)
        }
        if let config = options.configPath, let content = FileManager.default.contents(atPath: config) {
            bytes += "\(ContentHash(Array(content)))".utf8
        }
        return ContentHash(bytes).description
    }

    public static func run(_ options: Options, progress: (@Sendable (String) -> Void)? = nil) throws -> Outcome {
        var timings: [(String, Double)] = []
        var clock = ContinuousClock.now
        func lap(_ stage: String) {
            let now = ContinuousClock.now
            let elapsed = now - clock
            timings.append((stage, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            clock = now
        }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "\(options.path): no such directory")
        }
        let configuration: Configuration
        do {
            configuration = try Configuration.load(
                path: options.configPath ?? options.path + "/" + Configuration.fileName, required: options.configPath != nil)
        } catch {
            throw InputError(description: error.description)
        }

        progress?("discovering modules")
        let tree = WorkingDirectoryTree(rootPath: options.path, filter: PathFilter(excludes: options.excludes + configuration.exclude))
        let files = try tree.files()
        let root = options.path
        var discoverer = Discoverer(
            tree: tree,
            evaluateManifest: options.evaluateManifests
                ? { try DumpPackageReader.read(rootPath: root, manifestPath: $0) } : nil)
        discoverer.overrides = configuration.modules
        discoverer.overridesFile = options.configPath ?? Configuration.fileName
        let discovery = discoverer.discover(files: files)
        lap("discover")

        let sources = Set(discovery.modules.flatMap(\.sourceFiles)).sorted()
        progress?("scanning \(sources.count) Swift files in \(discovery.modules.count) modules")
        let rootKey = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        let names = configuration.injection.names
        let cache = options.cacheDirectory.map { FactsCache(directory: $0, rootKey: rootKey, names: names) }
        let scan = Scanner(tree: tree, cache: cache, names: names).scan(sources)
        lap("scan")

        let project = Assembler.assemble(root: tree.name, discovery: discovery, facts: scan.facts, diagnostics: scan.diagnostics)
        let result = Analyzer.analyze(project, rules: configuration.rules, injection: configuration.injection)
        lap("analyze")

        var written: [String] = []
        if let output = options.outputDirectory {
            progress?("writing reports to \(output)")
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                throw InputError(description: "\(output): cannot create the output folder")
            }
            let resultCache = cache.flatMap { cache in
                options.evaluateManifests ? nil : (cache.companion("result.json"), Self.inputDigest(files: files, scan: scan, tree: tree, options: options))
            }
            let document = ReportDocument(result: result, layoutCache: cache?.companion("layout.svg"), resultCache: resultCache)
            document.prepare(for: options.formats)
            for format in options.formats {
                written += try format.reporter.write(document, to: output)
            }
        }
        lap("report")
        return Outcome(
            result: result, written: written, parsedFiles: scan.parsed, reusedFiles: scan.reused, timings: timings,
            project: project, configuration: configuration)
    }
}

extension Pipeline {
    /// The text `strata init` writes: layers inferred from the repository, with the severity
    /// of every rule that has an error today lowered to `warn`, so that `strata check` passes
    /// on the repository as it is; today's findings are listed as comments. Keeps `exclude`,
    /// `modules` and `injection` of an existing configuration and adds the `--exclude` globs.
    public static func starterConfiguration(_ options: Options) throws -> String {
        var options = options
        options.outputDirectory = nil
        let outcome = try run(options)
        var rules = LayerInference.infer(outcome.project)
        var findings = Analyzer.analyze(outcome.project, rules: rules, injection: outcome.configuration.injection).findings
        var lowered: [String: Int] = [:]
        for finding in findings where finding.severity == .error { lowered[finding.rule, default: 0] += 1 }
        for id in lowered.keys { rules.severities[id] = .some(.warn) }
        // What a run with the lowered severities would find, without running it again: inferred
        // rules carry no severity of their own, so each finding takes its rule's.
        findings = findings.map { finding in
            var finding = finding
            if lowered[finding.rule] != nil { finding.severity = .warn }
            return finding
        }.sorted()
        var exclude = outcome.configuration.exclude
        for glob in options.excludes where !exclude.contains(glob) { exclude.append(glob) }
        return StarterFile.render(
            rules: rules, exclude: exclude, modules: outcome.configuration.modules, lowered: lowered, findings: findings,
            injection: outcome.configuration.injection)
    }
}
