import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport

/// `strata check`: the rules of `strata.yml` on one repository, for CI and editors.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a Swift repository against the rules of its strata.yml.",
        discussion: """
            Prints one line per finding, `file:line: severity: message [rule]` (severity error, \
            warning or note, as compilers print them, so editors and CI logs link them), then a \
            total. Exits 1 when any finding has severity error, 0 otherwise, 2 on bad usage or \
            input. Writes no reports.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Flag(name: .shortAndLong, help: "Print only findings of severity error, and the total.")
    var quiet = false

    func run() throws {
        let options = repository.pipelineOptions()
        let result = try Pipeline.run(options).result
        let lines = FindingLines(root: repository.path)
        for finding in result.findings where !quiet || finding.severity == .error {
            print(lines.line(for: finding))
        }
        print(lines.total(result))
        if result.summary.findings.error > 0 { throw ExitCode(1) }
    }
}
