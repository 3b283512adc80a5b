import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport

/// `strata graph`: the module graph, or a part of it, in DOT, SVG, Mermaid or JSON.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Write the module graph, or part of it, as DOT, SVG, Mermaid or JSON.",
        discussion: """
            Without options: every production module, in clusters by layer. --focus: those \
            modules and the modules within --depth hops of them (their dependencies and \
            dependents). --reaches M: M and every module that depends on it; with --focus, the \
            modules on paths from the focus to M. --collapse layers|packages: one node per group \
            for the modules not shown (all of them alone). Edges are imports and declared \
            dependencies; cycles red, violations purple, undeclared imports dashed, declared \
            but unused dependencies dotted. Writes to stdout, or to -o FILE.

            Exit codes: 0 written; 2 bad usage or input (an unknown module, a Mermaid graph \
            larger than GitHub renders, an invalid strata.yml).
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Option(help: ArgumentHelp("Modules to center on, comma-separated or repeated.", valueName: "modules"))
    var focus: [String] = []

    @Option(help: "With --focus: how many hops around the focus (default 1).")
    var depth: Int?

    @Option(help: ArgumentHelp("Only a module and what depends on it (with --focus: the paths from the focus to it).", valueName: "module"))
    var reaches: String?

    @Option(help: ArgumentHelp("Draw the modules not shown as one node per layer or package: layers, packages.", valueName: "grouping"))
    var collapse: String?

    @Option(help: ArgumentHelp("How to write the drawing.", valueName: "format"))
    var format: GraphDrawing.Format = .dot

    @Option(name: [.short, .customLong("output")], help: "The file to write (default: stdout).")
    var output: String?

    @Flag(name: .shortAndLong, help: "Print nothing but the drawing, warnings and errors (as without -q: graph prints no progress or summary).")
    var quiet = false

    func validate() throws {
        if let collapse, ModuleGraph.Grouping(rawValue: collapse) == nil {
            throw ValidationError("unknown grouping '\(collapse)'; expected layers or packages")
        }
        if let depth {
            if focus.isEmpty || reaches != nil { throw ValidationError("--depth applies to --focus without --reaches") }
            if depth < 0 { throw ValidationError("--depth must be 0 or more") }
        }
    }

    func run() throws {
        let outcome = try Pipeline.run(try repository.pipelineOptions(formats: []))
        Diagnostics.write(outcome, root: repository.path, quiet: quiet)
        let graph = ModuleGraph(outcome.result), marks = GraphMarks(outcome.result, graph: graph)
        // A module whose name holds a comma is named whole; otherwise commas separate names.
        let names = focus.flatMap { graph.node(named: $0) != nil ? [$0] : $0.split(separator: ",").map(String.init) }
        let drawing: GraphDrawing
        do {
            drawing = try GraphDrawing.select(
                graph, marks: marks, focus: names, depth: depth ?? 1, reaches: reaches, collapse: collapse.flatMap(ModuleGraph.Grouping.init))
        } catch {
            throw Pipeline.InputError(description: error.description)
        }
        let data: Data
        do {
            data = try format.bytes(for: GraphDrawing.Format.Prepared(drawing, for: format))
        } catch {
            throw Pipeline.InputError(description: "\(error)")
        }
        guard let output else {
            FileHandle.standardOutput.write(data)
            return
        }
        try ReportWriter.write(data, toFile: output)
    }
}
