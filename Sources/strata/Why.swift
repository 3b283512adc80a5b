import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport

/// `strata why A B`: every path by which one module depends on another, with the import
/// lines of each hop and what to remove to cut the dependency.
struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every path by which one module depends on another, and what to cut.",
        discussion: """
            Lists the paths from A to B, shortest first: imports (→), declared dependencies \
            never imported, and DI container edges (⇢, what A gets from the container). Each \
            hop shows its import lines (file:line), or the manifest line that declares it, or \
            the resolutions. The last line names the hops every path goes through (removing any \
            one removes the dependency), or the fewest hops to remove together. --format json \
            and md (Markdown for a pull-request comment) say the same.

            Exit codes: 0 A depends on B; 1 it does not (the output says whether B depends on \
            A); 2 bad usage or input (an unknown module, an invalid strata.yml).
            """
    )

    @Argument(help: "The module that depends.")
    var from: String

    @Argument(help: "The module it depends on.")
    var to: String

    @OptionGroup var repository: RepositoryOptions

    @Option(help: "How many paths to list, shortest first.")
    var limit: Int = 20

    @Option(help: ArgumentHelp("How to print the paths.", valueName: "format"))
    var format: WhyReport.Format = .text

    @Option(help: "With --format md: prefix for links to files, e.g. https://github.com/OWNER/REPO/blob/SHA.")
    var linkBase: String?

    @Flag(name: .shortAndLong, help: "Print nothing but the paths, warnings and errors (as without -q: why prints no progress or summary).")
    var quiet = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
        if from == to { throw ValidationError("A and B are the same module") }
    }

    func run() throws {
        let outcome = try Pipeline.run(try repository.pipelineOptions(formats: []))
        Diagnostics.write(outcome, root: repository.path, quiet: quiet)
        let graph = ModuleGraph(outcome.result), marks = GraphMarks(outcome.result, graph: graph)
        var report: WhyReport
        do {
            report = WhyReport(graph: graph, marks: marks, from: try graph.module(named: from), to: try graph.module(named: to), limit: limit)
        } catch {
            throw Pipeline.InputError(description: error.description)
        }
        (report.root, report.linkBase) = (repository.path, linkBase)
        FileHandle.standardOutput.write(try format.bytes(for: report))
        if !report.dependsOn { throw ExitCode(1) }
    }
}
