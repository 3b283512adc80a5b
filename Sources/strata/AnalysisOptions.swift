import ArgumentParser
import StrataPipeline
import StrataSourceTree

/// How every command that analyzes a repository reads it, whether a folder (`analyze`,
/// `check`, `graph`, `why`, `fix`, `init`, `watch`, `mcp`, `lsp`) or git revisions (`diff`,
/// `affected`, `history`): one declaration, so every command takes the same options with the
/// same meaning, and one value (`AnalysisSession.Input`) made from them.
struct AnalysisOptions: ParsableArguments {
    @Flag(help: "Parse every file again instead of reusing the facts cached by content hash.")
    var noCache = false

    @Option(help: "The cache folder (default: $XDG_CACHE_HOME/strata or ~/.cache/strata). Safe to delete.")
    var cacheDir: String?

    @Option(name: .customLong("exclude"), help: "A glob of paths to leave out, relative to the repository root (repeatable), e.g. 'Examples/**'.")
    var excludes: [String] = []

    @Option(help: "The strata.yml to use (default: the analyzed tree's own, at each revision analyzed).")
    var config: String?

    @Option(
        name: .customLong("build-times"),
        help: ArgumentHelp("A CSV file of measured build seconds, `module,seconds` per line, for the build shape instead of the estimate from lines.", valueName: "file"))
    var buildTimes: String?

    @Option(help: ArgumentHelp("Seconds one Swift file's parse may take; a slower file is reported and left out.", valueName: "seconds"))
    var fileTimeLimit: Double = TimeBudget.defaultPerFile

    func validate() throws {
        guard fileTimeLimit > 0, fileTimeLimit.isFinite else { throw ValidationError("--file-time-limit must be a positive number of seconds") }
    }

    /// The cache folder to use, nil with `--no-cache`.
    var cacheDirectory: String? { noCache ? nil : (cacheDir ?? Pipeline.defaultCacheDirectory) }

    /// What the analyses of `repository` are given (`--build-times` read here: a file that
    /// cannot be read is bad input).
    func input(repository: String) throws -> AnalysisSession.Input {
        AnalysisSession.Input(
            repository: repository, cacheDirectory: cacheDirectory, excludes: excludes, configPath: config,
            buildTimes: try buildTimes.map(BuildTimes.read), fileTimeLimit: fileTimeLimit)
    }
}
