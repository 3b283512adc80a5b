import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree

/// `strata watch`: the findings of `check`, kept current as files change.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print findings as they appear and disappear while you edit, for a terminal beside the editor.",
        discussion: """
            Analyzes PATH once and prints its findings as `strata check` does, then watches the \
            files (inotify on Linux, else polling) and, after each change, prints the findings \
            that appeared (as check prints them) and those that disappeared (`fixed: …`), then \
            the total. Only the changed files are read again. --format github prints GitHub \
            annotations, json one JSON object per line ({"change": "appeared"|"disappeared", \
            "finding": …}). Problems with the input (an invalid strata.yml, a broken manifest) \
            are printed on stderr and watching goes on. Stop with Ctrl-C.

            Exit codes: 0 stopped; 2 bad usage or input at the start.
            """
    )

    @OptionGroup var repository: RepositoryOptions

    @Option(help: ArgumentHelp("How to print changes: text, github, json.", valueName: "format"))
    var format: Format = .text

    @Flag(help: "Poll the files' modification times instead of inotify.")
    var poll = false

    @Flag(name: .shortAndLong, help: "Print no notes.")
    var quiet = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, github, json
    }

    func run() throws {
        var session = try StrataSession(try repository.input(), progress: { Progress.report($0) })
        let watcher = FileWatchers.watch(session.tree.base, polling: poll)
        var warnings = print(session, appeared: shown(session.result.findings), disappeared: [], warnings: [], first: true)
        FileHandle.standardError.write(Data("strata watch: watching \(session.result.summary.files) Swift files in \(session.result.summary.modules) modules; Ctrl-C stops\n".utf8))
        while true {
            let changed = watcher.changes(timeout: 3600)
            if changed.isEmpty { continue }
            let before = session.problems
            let update = session.refresh(changed: changed)
            // A problem once, as it appears; the last good analysis stands meanwhile.
            if session.problems != before { Diagnostics.write(session.problems) }
            guard session.problems.isEmpty else { continue }
            // New warnings about the input (a manifest line not read) are printed whether or
            // not the findings changed; the findings and the total only when they did.
            warnings = print(session, appeared: shown(update.appeared), disappeared: shown(update.disappeared), warnings: warnings)
        }
    }

    func shown(_ findings: [Finding]) -> [Finding] { quiet ? findings.filter { $0.severity != .info } : findings }

    /// Prints the input's new warnings, and the change (with the total) when there is one or
    /// this is the `first` print; returns the warnings now.
    func print(
        _ session: StrataSession, appeared: [Finding], disappeared: [Finding], warnings before: [String], first: Bool = false
    ) -> [String] {
        let lines = FindingLines(root: repository.path)
        let warnings = session.result.warnings.filter { !quiet || !$0.isNote }.map { lines.line(for: $0) }
        let known = Set(before)
        Diagnostics.write(warnings.filter { !known.contains($0) })
        var output: [String] = []
        switch format {
        case .text:
            output = appeared.map { lines.line(for: $0) } + disappeared.map { "fixed: " + lines.line(for: $0) }
            output.append(lines.total(session.result))
        case .github:
            output = appeared.map { GitHubAnnotation.line(for: $0, root: repository.path) }
                + disappeared.map { "::notice title=fixed [\($0.rule)]::" + GitHubAnnotation.data(lines.line(for: $0)) }
        case .json:
            output = [("appeared", appeared), ("disappeared", disappeared)].flatMap { change, findings in
                findings.map { finding in
                    String(decoding: (try? ReportJSON.compact(Change(change: change, finding: finding))) ?? Data(), as: UTF8.self)
                }
            }
        }
        if first || !appeared.isEmpty || !disappeared.isEmpty, !output.isEmpty {
            FileHandle.standardOutput.write(Data((output.joined(separator: "\n") + "\n").utf8))
        }
        return warnings
    }

    struct Change: Encodable {
        var change: String
        var finding: Finding
    }
}
