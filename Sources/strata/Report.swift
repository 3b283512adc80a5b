import ArgumentParser
import Foundation
import StrataPipeline
import StrataReport

/// `strata report`: every format written again from a saved `strata.json`, without the
/// sources: one CI job analyzes, another renders or gates; an old result renders with a
/// newer Strata.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write reports again from a saved strata.json.",
        discussion: """
            Reads RESULT (a strata.json, or the folder holding one) and writes the formats asked \
            for into the output folder, byte for byte what `strata analyze` writes for the same \
            result. The repository is not read. Formats: \
            \(OutputFormat.allCases.map { "\($0.rawValue) (\($0.reporter.help))" }.joined(separator: ", ")).

            Exit codes: 0 reports written, 2 bad usage or input (a result that cannot be read, a \
            damaged one, one from a newer Strata's schema, an output folder that cannot be written).
            """
    )

    @Argument(help: "The saved result: a strata.json, or a report folder holding one.")
    var result: String

    @Option(name: [.short, .customLong("output")], help: "The folder to write reports into.")
    var output: String = "strata-report"

    @Option(help: ArgumentHelp("Comma-separated report formats.", valueName: "formats"))
    var format = Formats<OutputFormat>([.html, .json])

    @Flag(name: .shortAndLong, help: "Print no summary, only warnings and errors.")
    var quiet = false

    func validate() throws {
        try format.check()
    }

    func run() throws {
        var isFolder: ObjCBool = false
        let path = FileManager.default.fileExists(atPath: result, isDirectory: &isFolder) && isFolder.boolValue ? result + "/strata.json" : result
        let outcome = try Pipeline.render(savedResult: path, formats: format.list, to: output)
        Diagnostics.write(outcome.messages)
        if !quiet { for file in outcome.written { print("wrote \(file)") } }
    }
}
