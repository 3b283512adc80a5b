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
            total; --format github prints GitHub Actions annotations, sarif a SARIF 2.1.0 log, \
            md a Markdown summary for $GITHUB_STEP_SUMMARY. With --baseline, findings recorded \
            by `strata baseline` are known debt: only new ones are judged. Writes no reports.

            Exit codes: 0 no error finding (no new one with --baseline); 1 an error-severity \
            finding (a new one with --baseline; or, with --strict-baseline, a baseline entry \
            that matches nothing any more); 2 bad usage or input.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Option(help: ArgumentHelp("How to print findings.", valueName: "format"))
    var format: CheckFormat = .text

    @Option(help: "A baseline written by `strata baseline`: its findings are known and do not fail the check.")
    var baseline: String?

    @Flag(help: "With --baseline, also fail when a baseline entry matches nothing any more (so the file only shrinks).")
    var strictBaseline = false

    @Option(help: "With --format md: prefix for links to files, e.g. https://github.com/OWNER/REPO/blob/SHA.")
    var linkBase: String?

    @Flag(name: .shortAndLong, help: "Print no notes: only findings of severity error and warning, the warnings about the input, and the total.")
    var quiet = false

    func validate() throws {
        if strictBaseline, baseline == nil { throw ValidationError("--strict-baseline needs --baseline FILE") }
    }

    func run() throws {
        let known: Baseline?
        do {
            known = try baseline.map(BaselineFile.read)
        } catch {
            throw Pipeline.InputError(description: "\(error)")
        }
        let outcome = try Pipeline.run(try repository.pipelineOptions())
        let result = outcome.result
        let comparison = known?.compare(result.findings)
        var findings = comparison?.new ?? result.findings
        if quiet { findings = findings.filter { $0.severity != .info } }
        // Problems with the input (unreadable files, manifests read in part) on stderr, so a
        // check that passes says what it could not read.
        if format == .text || format == .github { Diagnostics.write(outcome, root: repository.path, quiet: quiet) }
        print(try format.text(for: CheckReport(
            result: result, findings: findings, known: comparison?.known ?? [], stale: comparison?.stale ?? [],
            suppressed: quiet ? [] : result.suppressedFindings, root: repository.path, linkBase: linkBase)))
        if let comparison, format == .text {
            print("baseline: \(comparison.new.count) new, \(comparison.known.count) known, \(comparison.stale.count) fixed (stale entries)")
            for entry in comparison.stale { print("  fixed: \(entry.fingerprint)") }
        }
        let failed = (comparison?.new ?? result.findings).contains { $0.severity == .error }
        if failed || (strictBaseline && !(comparison?.stale.isEmpty ?? true)) { throw ExitCode(1) }
    }
}

/// `strata baseline`: today's findings, recorded so `check --baseline` judges only new ones.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record today's findings as known, for `strata check --baseline`.",
        discussion: """
            Writes every finding's fingerprint (rule, module, dependency, and the file for \
            one-site findings; never a line or the message), sorted, one per line, so the file \
            survives edits and a fixed finding is one deleted line. Exit codes: 0 written, 2 bad \
            usage or input.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Option(name: [.short, .customLong("output")], help: "The file to write.")
    var output: String = BaselineFile.defaultName

    @Flag(name: .shortAndLong, help: "Print nothing but warnings and errors.")
    var quiet = false

    func run() throws {
        let outcome = try Pipeline.run(try repository.pipelineOptions())
        Diagnostics.write(outcome, root: repository.path, quiet: quiet)
        let baseline = Baseline(findings: outcome.result.findings)
        try ReportWriter.write(try BaselineFile.render(baseline), toFile: output)
        if !quiet { print("wrote \(output): \(baseline.findings.count) findings") }
    }
}
