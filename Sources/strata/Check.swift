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

    @Argument(help: "The repository to check.", completion: .directory)
    var path: String = "."

    @Option(help: "The strata.yml to use (default: PATH/strata.yml when it exists).")
    var config: String?

    @Option(name: .customLong("exclude"), help: "A glob of paths to leave out, relative to PATH (repeatable).")
    var excludes: [String] = []

    @Flag(help: "Parse every file again instead of reusing the facts cached by content hash.")
    var noCache = false

    @Flag(name: .shortAndLong, help: "Print only findings of severity error, and the total.")
    var quiet = false

    func run() throws {
        let options = Pipeline.Options(
            path: path, outputDirectory: nil, cacheDirectory: noCache ? nil : Pipeline.defaultCacheDirectory,
            excludes: excludes, configPath: config)
        let result = try Pipeline.run(options).result
        let lines = FindingLines(root: path)
        for finding in result.findings where !quiet || finding.severity == .error {
            print(lines.line(for: finding))
        }
        print(lines.total(result))
        if result.summary.findings.error > 0 { throw ExitCode(1) }
    }
}
