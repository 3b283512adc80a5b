import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataGraphviz
import StrataModel
import StrataReport
import StrataScan
import StrataSourceTree

/// discover -> scan -> assemble -> analyze -> report, for one repository on disk.
/// The CLI parses options and calls this; the tests call it directly.
public struct Pipeline {
    public struct Options: Sendable {
        /// The repository and how every analysis of it reads it (the cache, excludes,
        /// `--config`, `--build-times`, `--file-time-limit`).
        public var input: AnalysisSession.Input
        /// Where reports go; nil writes nothing (the result is still returned).
        public var outputDirectory: String?
        public var formats: [OutputFormat]
        public var evaluateManifests: Bool

        public init(
            _ input: AnalysisSession.Input, outputDirectory: String? = nil, formats: [OutputFormat] = OutputFormat.allCases,
            evaluateManifests: Bool = false
        ) {
            self.input = input
            self.outputDirectory = outputDirectory
            self.formats = formats
            self.evaluateManifests = evaluateManifests
        }

        /// The input spelled out field by field (tests, `strata init`).
        public init(
            path: String, outputDirectory: String? = nil, formats: [OutputFormat] = OutputFormat.allCases,
            cacheDirectory: String? = Pipeline.defaultCacheDirectory, evaluateManifests: Bool = false,
            excludes: [String] = [], configPath: String? = nil, buildTimes: [String: Double]? = nil,
            fileTimeLimit: Double = TimeBudget.defaultPerFile
        ) {
            self.init(
                AnalysisSession.Input(
                    repository: path, cacheDirectory: cacheDirectory, excludes: excludes, configPath: configPath, buildTimes: buildTimes,
                    fileTimeLimit: fileTimeLimit),
                outputDirectory: outputDirectory, formats: formats, evaluateManifests: evaluateManifests)
        }

        /// The repository's folder.
        public var path: String { input.repository }
    }

    /// Bad input that stops the run (exit code 2): a missing path, an invalid config.
    public struct InputError: Error, CustomStringConvertible {
        /// One line per problem (several when several files could not be written).
        public var description: String
        /// Notes and warnings of the run before it stopped, to print before the error.
        public var messages: [String] = []

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
        /// with inferred rules); nil when the result was read from the cache (only a run that
        /// writes reports reads it).
        public var project: Project?
        /// The configuration that was used (`strata.yml` or `--config`).
        public var configuration: Configuration
        /// What the run has to say besides the result, one line each: damaged cache files
        /// (notes) and drawings left out (warnings). Not part of the result: a damaged cache
        /// or a Graphviz crash never changes `strata.json`.
        public var messages: [String] = []
    }

    /// `$XDG_CACHE_HOME/strata`, else `~/.cache/strata`.
    public static var defaultCacheDirectory: String? {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/strata" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/strata" }
        return nil
    }

    public static func run(_ options: Options, progress: (@Sendable (String) -> Void)? = nil) throws -> Outcome {
        try checkFolder(options.path)
        var session = try AnalysisSession(options.input, git: false)
        let configuration = try session.explicitConfiguration ?? AnalysisSession.mapped {
            try Configuration.load(path: options.path + "/" + Configuration.fileName, required: false)
        }
        let tree = WorkingDirectoryTree(rootPath: options.path, filter: PathFilter(excludes: options.input.excludes + configuration.exclude))
        let root = options.path
        // Discovery, the facts cache and the result kept by the last run are read at once, each
        // from its own files; the result is matched against this run's digest after the scan.
        let names = configuration.injection.names, configurationFile = session.configurationFile, reader = session
        let resultFile = options.outputDirectory == nil || options.evaluateManifests ? nil : session.cacheFile("result.json", names: names)
        // While discovery reads manifests on one core, the others begin the scan of every Swift
        // file the walk found (most are sources), until discovery says which are.
        progress?("discovering modules")
        let walking = Pending { Result { try tree.walk() } }
        let cutoff = TimeBudget.Cutoff()
        let ((discovered, (store, early)), stored) = Parallel.both({
            Parallel.both({
                let discovered = Result {
                    try TreeAnalysis.discover(
                        tree: tree, configuration: configuration, configurationFile: configurationFile,
                        evaluateManifest: options.evaluateManifests ? { try DumpPackageReader.read(rootPath: root, manifestPath: $0) } : nil,
                        progress: progress, walked: walking.value.get())
                }
                cutoff.stop(keeping: Set((try? discovered.get())?.sources ?? []))
                return discovered
            }, {
                let store = reader.loadStore(for: names)
                return (store, (try? walking.value.get()).map { reader.begin($0.files, tree: tree, store: store, names: names, until: cutoff) })
            })
        }, { resultFile.map { ResultCache.Stored.load($0) } })
        session.keep(store, for: names)
        let scanned = session.scan(try discovered.get(), early: consume early, progress: progress)
        var messages = session.damageNotes
        // A run that writes reports keeps its result, and the next run of the same inputs reads
        // it back instead of assembling and analyzing again (not with evaluated manifests:
        // what a manifest's code does is no input the digest holds).
        let resultCache = resultFile.map { ResultCache(file: $0, digest: session.digest(of: scanned)) }
        let cached = resultCache?.read(stored) { messages.append($0) }
        var stopwatch = scanned.stopwatch
        let analysis = cached == nil ? session.finish(scanned) : nil
        if analysis == nil { stopwatch.lap("analyze") }
        // A message, not a warning of the result: the cache never changes `strata.json`.
        messages += session.saveFacts().map { "\($0.file): warning: \($0.message)" }

        var report = Stopwatch()
        let result = analysis?.result ?? cached!.result
        let written = try options.outputDirectory.map { output -> [String] in
            progress?("writing reports to \(output)")
            let kept = resultCache.flatMap { cache in
                session.cacheFile("report", names: names).map { KeptReport(cache: cache, json: cached?.json, fromCache: cached != nil, manifest: $0) }
            }
            do {
                let report = try KeptReport.write(
                    result, formats: options.formats, to: output, kept: kept,
                    layouts: session.cacheFile("layouts", names: names).map(LayoutCache.init(file:)), savesLayouts: true)
                messages += report.messages
                return report.written
            } catch var error as InputError {
                error.messages = messages + error.messages
                throw error
            }
        } ?? []
        report.lap("report")
        return Outcome(
            result: result, written: written, parsedFiles: scanned.scan.parsed,
            reusedFiles: scanned.scan.reused, timings: (analysis?.timings ?? stopwatch.laps) + report.laps, project: analysis?.project,
            configuration: configuration, messages: messages)
    }

    /// Fails unless `path` is a folder this process may read.
    static func checkFolder(_ path: String) throws {
        // stat, not fileExists: a folder the user may not reach is not "no such directory".
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "no such directory" : "cannot be read: \(String(cString: strerror(errno)))"
            throw InputError(description: "\(path): \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw InputError(description: "\(path): not a directory") }
    }

    /// Writes every format of a prepared report into `output`, creating the folder.
    public static func write(_ report: PreparedReport, formats: [OutputFormat], to output: String) throws -> [String] {
        try write(report, formats: formats, to: output, manifest: nil).written
    }

    /// `write(_:formats:to:)`, recording the files in `manifest` when writing them gave no
    /// warning. - Returns: the paths written, and the report's messages.
    static func write(
        _ report: PreparedReport, formats: [OutputFormat], to output: String, manifest: ReportManifest?
    ) throws -> (written: [String], messages: [String]) {
        let written = try ReportWriter.writeFiles(formats.map { format in
            ReportWriter.Job(format.reporter, report) { "\(output): cannot write the \(format.rawValue) report: \(reason($0))" }
        }, to: output)
        var messages = report.messages
        // A report with a warning (a drawing left out, a cache not kept) is written again next
        // time; notes of damaged cache files say nothing about the report.
        if let manifest {
            if messages.allSatisfy({ $0.hasPrefix("note: ") }) {
                do throws(AtomicFile.Failure) {
                    try manifest.record(written.files)
                } catch {
                    messages.append("warning: \(error.description); the cache is not kept")
                }
            } else {
                manifest.forget()
            }
        }
        return (written.paths, messages)
    }

    /// Why a file operation failed, in a few words ("Permission denied", "No space left on
    /// device"), not Foundation's `Error Domain=NSCocoaErrorDomain Code=513 …` dump.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? InputError { return error.description }
        if let error = error as? AtomicFile.Failure { return error.reason }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch error.code {
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "Permission denied"
        case NSFileWriteOutOfSpaceError: return "No space left on device"
        case NSFileWriteVolumeReadOnlyError: return "Read-only file system"
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
        default: return error.localizedDescription
        }
    }

    /// The key of a repository's cache files: its absolute, resolved path.
    static func rootKey(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

extension Pipeline {
    /// The text `strata init` writes: layers inferred from the repository, with the severity
    /// of every rule that has an error today lowered to `warn`, so that `strata check` passes
    /// on the repository as it is; today's findings are listed as comments. Keeps `exclude`,
    /// `modules` and `injection` of an existing configuration and adds the `--exclude` globs.
    public static func starterConfiguration(_ options: Options, analyzed: (Outcome) -> Void = { _ in }) throws -> String {
        var options = options
        options.outputDirectory = nil
        let outcome = try run(options)
        analyzed(outcome)
        let project = outcome.project!  // no output folder: never read from the cache
        var rules = LayerInference.infer(project)
        var findings = Analyzer.analyze(project, rules: rules, injection: outcome.configuration.injection).findings
        var lowered: [RuleID: Int] = [:]
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
        for glob in options.input.excludes where !exclude.contains(glob) { exclude.append(glob) }
        return StarterFile.render(
            rules: rules, exclude: exclude, modules: outcome.configuration.modules, lowered: lowered, findings: findings,
            injection: outcome.configuration.injection, catalog: Rules.definitions)
    }
}
