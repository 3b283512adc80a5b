import ArgumentParser
import StrataPipeline
import StrataReport

/// The repository folder of the commands that read one (`analyze`, `check`, `graph`, `why`,
/// `fix`, `init`, `watch`, `mcp`, `lsp`), and how it is read.
struct RepositoryOptions: ParsableArguments {
    @Argument(help: "The repository to read.", completion: .directory)
    var path: String = "."

    @OptionGroup var analysis: AnalysisOptions

    /// What the analyses of the repository are given.
    func input() throws -> AnalysisSession.Input {
        try analysis.input(repository: path)
    }

    /// The pipeline's options for the repository, plus what only `analyze` sets.
    func pipelineOptions(output: String? = nil, formats: [OutputFormat] = OutputFormat.allCases, evaluateManifests: Bool = false) throws -> Pipeline.Options {
        Pipeline.Options(try input(), outputDirectory: output, formats: formats, evaluateManifests: evaluateManifests)
    }
}
