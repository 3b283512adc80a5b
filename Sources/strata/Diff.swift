import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport

/// `strata diff`: what a change did to the module graph, its findings and metrics.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two revisions of a repository: modules, edges, cycles, findings, metrics, DI and linkage.",
        discussion: """
            BASE and HEAD are git revisions (anything `git rev-parse` takes: a branch, a tag, \
            HEAD~3, a SHA), read from git objects without touching the working directory; \
            `A...B` means the merge base of A and B (what a pull request is compared with). \
            --worktree compares BASE with the working directory, uncommitted changes included. \
            Two saved strata.json files compare too. Each revision is analyzed with its own \
            strata.yml unless --config is given. Files unchanged between the revisions are \
            parsed once, and cached like `strata analyze`'s.

            Without -o, the summary goes to the terminal; with -o DIR the formats are written \
            to DIR (html also writes HEAD's full report there, which diff.html links to).

            Exit codes: 0 no gate failed; 1 a gate failed (by default: an error finding at HEAD \
            that BASE does not have; see --fail-on); 2 bad usage or input (unknown revision, \
            not a repository, shallow clone without BASE).
            """
    )

    @Argument(help: "The revision compared against (e.g. main, origin/main...HEAD, v1.2), or a saved strata.json.")
    var base: String

    @Argument(help: "The revision to judge (default HEAD), or a saved strata.json.")
    var head: String?

    @Option(help: "The git repository (a work tree or a bare repository).", completion: .directory)
    var repo: String = "."

    @Flag(help: "Compare BASE with the working directory, uncommitted changes included.")
    var worktree = false

    @Option(name: [.short, .customLong("output")], help: "Write the formats into this folder instead of printing the summary.")
    var output: String?

    @Option(help: ArgumentHelp("Comma-separated formats for -o.", valueName: "formats"))
    var format = Formats<DiffFormat>([.md, .json, .html])

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Comma-separated gates that make the exit code 1, besides new-error: new-cycle, new-edge, distance, launch; none for no gate.",
            valueName: "gates"))
    var failOn: String = ""

    @Option(help: "With --fail-on distance: how much worse a module's distance from the main sequence may get.")
    var distanceThreshold: Double = 0.1

    @Option(help: "Prefix for links to files in Markdown, e.g. https://github.com/OWNER/REPO/blob/SHA.")
    var linkBase: String?

    @OptionGroup var analysis: AnalysisOptions

    @Flag(name: .shortAndLong, help: "Print no progress and no summary, only warnings, errors and the gate's verdict.")
    var quiet = false

    func validate() throws {
        try format.check()
        _ = try gates()
        if worktree, head != nil { throw ValidationError("--worktree replaces HEAD; give only BASE") }
    }

    func gates() throws -> Set<DiffGate> {
        var gates: Set<DiffGate> = [.newError]
        for name in failOn.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            guard let gate = DiffGate(rawValue: name) else {
                throw ValidationError("unknown gate '\(name)'; expected \(DiffGate.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            gates.insert(gate)
        }
        return gates
    }

    func run() throws {
        let progress: (@Sendable (String) -> Void)? = quiet ? nil : { @Sendable message in Progress.report(message) }
        let options = DiffRun.Options(
            try analysis.input(repository: repo), base: base, head: head, worktree: worktree, formats: output == nil ? [] : format.list)
        var outcome = try DiffRun.run(options, progress: progress)
        outcome.document.linkBase = linkBase
        let document = outcome.document
        Diagnostics.write(outcome.warnings, quiet: quiet)
        Diagnostics.write(outcome.messages + Diagnostics.unmeasured(document.head.buildShape))
        if let output {
            let (written, messages) = try DiffRun.write(outcome, to: output)
            Diagnostics.write(messages)
            if !quiet {
                print(DiffText.render(document.diff, limit: 10))
                for file in written where file.hasSuffix(".md") || file.hasSuffix("diff.html") || file.hasSuffix("diff.json") {
                    print("wrote \(file)")
                }
            }
        } else if !quiet {
            print(DiffText.render(document.diff))
        }
        let failures = DiffGate.failures(document.diff, gates: try gates(), distanceThreshold: distanceThreshold)
        if !failures.isEmpty {
            FileHandle.standardError.write(Data("strata diff: failed: \(failures.joined(separator: "; "))\n".utf8))
            throw ExitCode(1)
        }
    }
}
