import ArgumentParser
import Foundation
import StrataConfiguration
import StrataPipeline

/// `strata init`: a starter `strata.yml` inferred from the repository.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a starter strata.yml with layers inferred from the repository.",
        discussion: """
            Layers come from module names (Core, Domain, Data, Presentation, Feature, App, \
            *Interface) and the import graph. Rules that have errors today are lowered to warn, \
            so `strata check` passes on the repository as it is; today's findings are listed \
            in the file as comments. The --exclude globs are written to the file.

            Exit codes: 0 written, 2 bad usage or input (a strata.yml exists without --force).
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Flag(help: "Overwrite an existing strata.yml.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing but warnings and errors.")
    var quiet = false

    func run() throws {
        let path = repository.path
        let file = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + Configuration.fileName
        if FileManager.default.fileExists(atPath: file) && !force {
            throw Pipeline.InputError(description: "\(file) exists; pass --force to overwrite it")
        }
        let text = try Pipeline.starterConfiguration(try repository.pipelineOptions()) { outcome in
            Diagnostics.write(outcome, root: path, quiet: quiet)
        }
        try ReportWriter.write(Data(text.utf8), toFile: file)
        if !quiet { print("wrote \(file)") }
    }
}
