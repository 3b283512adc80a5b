import ArgumentParser
import Foundation
import StrataGraphviz
import StrataModel
import StrataPipeline
import StrataReport

/// `strata analyze`: the whole pipeline on one repository, reports into a folder.
struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyze a Swift repository and write its reports.",
        discussion: """
            Reads every Package.swift under PATH without running it, scans the Swift files with \
            swift-syntax, and writes the reports. Warnings (unreadable files, manifest constructs \
            that could not be read statically) go to stderr; the analysis goes on. Formats: \
            \(OutputFormat.allCases.map { "\($0.rawValue) (\($0.reporter.help))" }.joined(separator: ", ")). \
            Suppress one finding with `// strata:ignore RULE reason` on its line or the line \
            above; it is listed in every report with the reason.

            Exit codes: 0 reports written (findings do not fail analyze; `strata check` does), \
            2 bad usage or input (a missing path, an invalid strata.yml, an output folder that \
            cannot be written).
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Option(name: [.short, .customLong("output")], help: "The folder to write reports into.")
    var output: String = "strata-report"

    @Option(help: ArgumentHelp("Comma-separated report formats.", valueName: "formats"))
    var format = Formats<OutputFormat>([.html, .json])

    @Flag(help: "Run `swift package dump-package` to read manifests. This compiles and runs the manifest code; by default manifests are only read.")
    var evaluateManifests = false

    @Flag(name: .shortAndLong, help: "Print no progress and no summary, only warnings and errors.")
    var quiet = false

    func validate() throws {
        try format.check()
    }

    func run() throws {
        let options = try repository.pipelineOptions(output: output, formats: format.list, evaluateManifests: evaluateManifests)
        let progress: (@Sendable (String) -> Void)? = quiet ? nil : { @Sendable message in Progress.report(message) }
        let outcome = try Pipeline.run(options, progress: progress)
        // The process ends after this command: its memory goes back whole, not freed object by
        // object (a large repository's facts take tens of milliseconds to free).
        Strata.keptUntilExit = outcome
        let result = outcome.result
        Diagnostics.write(outcome, root: repository.path, quiet: quiet)
        Diagnostics.write(Diagnostics.unmeasured(result.buildShape))
        if !quiet {
            let s = result.summary
            let lines = FindingLines(root: repository.path)
            print("""
                \(result.root): \(s.modules) modules, \(s.files) Swift files, \(s.lines) lines, \(s.internalEdges) internal import edges
                  cycles: \(s.cycles)  implicit dependencies: \(s.implicitDependencies)  unused dependencies: \(s.unusedDependencies)  warnings: \(s.warnings)
                  static modules in several images: \(s.duplicatedStaticModules) (\(s.criticalDuplicatedStaticModules) holding shared state)
                  dependency injection: \(s.registrations) registrations, \(s.resolutions) resolutions, \(s.unregisteredResolutions) unregistered, \(s.duplicateRegistrations) registered twice, \(s.flaggedContainerEdges) flagged container edges
                  access control: \(s.publicDeclarations) public declarations, \(s.unusedPublic) candidates for internal, \(s.openNotSubclassed) open classes never subclassed
                  files parsed: \(outcome.parsedFiles), reused from cache: \(outcome.reusedFiles)
                """)
            if let shape = result.buildShape, !shape.criticalPath.isEmpty {
                let cost = { (value: Double) in shape.unit == .lines ? "\(Int(value)) lines" : String(format: "%.1f s", value) }
                print("  build shape (\(shape.unit == .lines ? "estimated from lines" : "measured")): critical path of \(shape.criticalPath.count) modules, \(cost(shape.criticalCost)) of \(cost(shape.totalCost)); at most \(shape.maximumWidth) modules at once" + (shape.hot.isEmpty ? "" : "; hot: \(shape.hot.prefix(5).joined(separator: ", "))"))
            }
            for container in result.injection.containers {
                print("  container recognised by its shape: \(container.type) at \(container.evidence): \(container.reason) (if wrong: injection: ignore: [\(container.type)] in strata.yml)")
            }
            // Errors and warnings, as `strata check` prints them; notes stay in the report.
            for finding in result.findings where finding.severity != .info { print("  " + lines.line(for: finding)) }
            if let unknown = lines.unknownImports(result) { print(unknown) }
            print(lines.total(result))
            for file in outcome.written where !file.hasSuffix(".css") && !file.hasSuffix(".js") && !file.hasSuffix(".svg") {
                print("wrote \(file)")
            }
        }
        // Benchmarks/monorepo reads these: seconds per stage and what Graphviz cost.
        if ProcessInfo.processInfo.environment["STRATA_TIMINGS"] == "1" {
            let stages = outcome.timings.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }
            let graphviz = GraphvizLayout.statistics
            let slowest = graphviz.slowest.map { String(format: ", slowest %.2f s (%@, %d nodes: %@)", $0.seconds, $0.engine, $0.nodes, $0.name) } ?? ""
            let lines = "stages: \(stages.joined(separator: ", "))\n"
                + "graphviz: \(graphviz.layouts) layouts, \(String(format: "%.2f", graphviz.seconds)) s in all"
                + " (\(String(format: "%.2f", graphviz.wall)) s wall on \(graphviz.workers) workers)\(slowest)\n"
            FileHandle.standardError.write(Data(lines.utf8))
        }
    }
}
