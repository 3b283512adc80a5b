import ArgumentParser
import StrataPipeline
import StrataReport
import StrataSourceTree

/// What `analyze` and `check` both need to read a repository: one declaration, so the two
/// commands accept the same options with the same meaning.
struct RepositoryOptions: ParsableArguments {
    @Argument(help: "The repository to read.", completion: .directory)
    var path: String = "."

    @Flag(help: "Parse every file again instead of reusing the facts cached by content hash.")
    var noCache = false

    @Option(help: "The cache folder (default: $XDG_CACHE_HOME/strata or ~/.cache/strata). Safe to delete.")
    var cacheDir: String?

    @Option(name: .customLong("exclude"), help: "A glob of paths to leave out, relative to PATH (repeatable), e.g. 'Examples/**'.")
    var excludes: [String] = []

    @Option(help: "The strata.yml to use (default: PATH/strata.yml when it exists).")
    var config: String?

    @Option(help: ArgumentHelp("Seconds one Swift file's parse may take; a slower file is reported and left out.", valueName: "seconds"))
    var fileTimeLimit: Double = TimeBudget.defaultPerFile

    func validate() throws {
        guard fileTimeLimit > 0, fileTimeLimit.isFinite else { throw ValidationError("--file-time-limit must be a positive number of seconds") }
    }

    /// The facts cache to use, nil with `--no-cache`.
    var cacheDirectory: String? { noCache ? nil : (cacheDir ?? Pipeline.defaultCacheDirectory) }

    /// The pipeline's options for these, plus what only `analyze` sets.
    func pipelineOptions(
        output: String? = nil, formats: [OutputFormat] = OutputFormat.allCases, evaluateManifests: Bool = false,
        buildTimes: [String: Double]? = nil
    ) -> Pipeline.Options {
        Pipeline.Options(
            path: path, outputDirectory: output, formats: formats, cacheDirectory: cacheDirectory,
            evaluateManifests: evaluateManifests, excludes: excludes, configPath: config, buildTimes: buildTimes,
            fileTimeLimit: fileTimeLimit)
    }

    /// What a long-lived session of the repository is given (`watch`, `mcp`, `lsp`).
    var sessionInput: AnalysisSession.Input {
        AnalysisSession.Input(repository: path, cacheDirectory: cacheDirectory, excludes: excludes, configPath: config, fileTimeLimit: fileTimeLimit)
    }
}
