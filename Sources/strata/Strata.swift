import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree

/// `strata`: the command line. Commands only parse options and call the pipeline.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Dependency-graph analysis for modular Swift codebases.",
        discussion: """
            Exit codes: 0 success, 1 error-severity findings (`strata check`), a failed gate (`strata diff`) or no dependency (`strata why`, `strata history --edge`), 2 bad usage or input.
            """,
        version: "0.1.0",
        subcommands: [
            Analyze.self, Report.self, Check.self, BaselineCommand.self, Diff.self, Affected.self, History.self, GraphCommand.self, Why.self, RulesCommand.self,
            Init.self, Fix.self, Bench.self, Org.self, Watch.self, MCPCommand.self, LSPCommand.self,
        ],
        defaultSubcommand: Analyze.self
    )

    /// What a command leaves for the process's exit to let go of, rather than freeing it.
    nonisolated(unsafe) static var keptUntilExit: Any?

    /// ArgumentParser exits 64 on usage errors; Strata documents 2 for bad usage or input.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            if TimeBudget.abandonedWork { TimeBudget.exit(0) }
        } catch let error as Pipeline.InputError {
            // Bad input, not bad usage: one line, no usage text.
            for message in error.messages { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            TimeBudget.exit(2)
        } catch {
            // Help and version exit 0; an explicit ExitCode (violations) is kept; anything
            // else is bad usage or input: 2.
            if TimeBudget.abandonedWork, let code = error as? ExitCode { TimeBudget.exit(code.rawValue) }
            if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            TimeBudget.exit(2)
        }
    }
}

/// Warnings and notes about the input on stderr, one line each. `-q` never drops them: it
/// drops progress and summaries only.
enum Diagnostics {
    static func write(_ lines: [String]) {
        for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// An analysis's warnings (paths as `FindingLines` prints them for PATH), then what the
    /// run had to say besides (damaged cache files, drawings left out).
    /// - Parameter quiet: `-q`, which prints warnings and errors only: the notes are left out.
    static func write(_ outcome: Pipeline.Outcome, root: String, quiet: Bool = false) {
        let lines = FindingLines(root: root)
        let warnings = outcome.result.warnings.filter { !quiet || !$0.isNote }
        write(warnings.map { lines.line(for: $0) } + outcome.messages.filter { !quiet || !Self.isNote($0) })
    }

    /// Problems with the input of a run that reads git revisions (affected, diff, history):
    /// `file:line: warning: …` or `note: …`, paths from the repository's root.
    /// - Parameter quiet: `-q`: the notes are left out.
    static func write(_ warnings: [Diagnostic], quiet: Bool) {
        let lines = FindingLines(root: "")
        write(warnings.filter { !quiet || !$0.isNote }.map { lines.line(for: $0) })
    }

    /// Whether a message line is a note (`note: …`, `path: note: …`, `path:12: note: …`).
    static func isNote(_ line: String) -> Bool { line.hasPrefix("note: ") || line.contains(": note: ") }

    /// The modules a `--build-times` file has no time for (counted as 0), as a warning.
    static func unmeasured(_ shape: BuildShape?) -> [String] {
        guard let unmeasured = shape?.unmeasured, !unmeasured.isEmpty else { return [] }
        return ["warning: --build-times has no time for \(unmeasured.count) module\(unmeasured.count == 1 ? "" : "s") (counted as 0): \(unmeasured.prefix(10).joined(separator: ", "))"]
    }
}

/// Progress lines on stderr, only when stderr is a terminal and not in CI (`CI=true`), so CI
/// logs stay clean.
enum Progress {
    nonisolated static let enabled = isatty(2) == 1 && ProcessInfo.processInfo.environment["CI"]?.lowercased() != "true"

    nonisolated static func report(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("strata: \(message)\n".utf8))
    }
}
