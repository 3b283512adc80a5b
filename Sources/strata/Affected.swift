import ArgumentParser
import Foundation
import StrataModel
import StrataPipeline
import StrataReport

/// `strata affected`: the modules and test targets a change can break, each with its reason.
struct Affected: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The modules and test targets a change touches, each with the reason, for building and testing only those.",
        discussion: """
            The files changed between BASE and HEAD (git revisions, read from git objects; \
            --worktree: BASE against the working directory, untracked files included) are \
            mapped to the modules that own them: the Swift files a module compiles, other \
            files in its folder, its manifest. Every module that depends on one of those \
            (imports or declared dependencies, directly or not) is affected too; the test \
            modules among them are the tests to run.

            A changed manifest affects the modules whose declaration changed (all it declares \
            when the change is in something Strata does not read, such as build settings); a \
            changed Package.resolved affects the modules that use a package whose pin \
            changed; strata.yml affects nothing. A changed file no module owns is listed; with \
            --unowned auto (the default) it makes every module affected unless it is \
            documentation outside the source folders, or excluded.

            --changed-files FILE (or - for stdin) takes the changed paths, one per line, from \
            another system; without BASE the working directory is analyzed, and manifests and \
            pins cannot be compared (every module they may touch is affected).

            Formats: text, json (modules, tests, reasons, unowned files, counts), md (for a \
            pull request), xcodebuild (-only-testing:Target lines; with no affected test, \
            -skip-testing: for every test target), swift-test (--filter, or --skip of every \
            test module when none is affected), bazel (the labels of the affected test targets \
            BUILD files declare, for bazel test; nothing when none is).

            Exit codes: 0 answered (whatever is affected); 2 bad usage or input (unknown \
            revision, not a repository).
            """
    )

    @Argument(help: "The revision compared against (e.g. main, origin/main...HEAD).")
    var base: String?

    @Argument(help: "The revision with the change (default HEAD).")
    var head: String?

    @Option(help: "The git repository (a work tree or a bare repository).", completion: .directory)
    var repo: String = "."

    @Flag(help: "Compare BASE with the working directory, uncommitted and untracked files included.")
    var worktree = false

    @Option(name: .customLong("changed-files"), help: ArgumentHelp("Changed paths, one per line, relative to the repository root, instead of git's; - reads stdin.", valueName: "file"))
    var changedFiles: String?

    @Option(help: ArgumentHelp("How to print the answer.", valueName: "format"))
    var format: AffectedFormat = .text

    @Flag(help: "List only the affected test modules.")
    var testsOnly = false

    @Option(help: ArgumentHelp("What a changed file no module owns does: auto, all (every module affected) or ignore (listed only).", valueName: "policy"))
    var unowned: String = "auto"

    @OptionGroup var analysis: AnalysisOptions

    @Flag(name: .shortAndLong, help: "Print no progress and no note of how many tests are affected; warnings are still printed.")
    var quiet = false

    func validate() throws {
        guard AffectedAnalysis.UnownedPolicy(rawValue: unowned.lowercased()) != nil else {
            throw ValidationError("unknown --unowned '\(unowned)'; expected auto, all or ignore")
        }
        if base == nil, changedFiles == nil { throw ValidationError("give BASE, or the changed files with --changed-files") }
        if worktree, head != nil { throw ValidationError("--worktree replaces HEAD; give only BASE") }
        if worktree, changedFiles != nil { throw ValidationError("--worktree asks git for the changed files; drop --changed-files") }
    }

    func run() throws {
        let progress: (@Sendable (String) -> Void)? = quiet ? nil : { @Sendable message in Progress.report(message) }
        let options = AffectedAnalysis.Options(
            try analysis.input(repository: repo), base: base, head: head, worktree: worktree, changedFiles: try changedFiles.map(readList),
            unowned: AffectedAnalysis.UnownedPolicy(rawValue: unowned.lowercased())!)
        let outcome = try AffectedAnalysis.run(options, progress: progress)
        Diagnostics.write(outcome.warnings, quiet: quiet)
        if !quiet {
            if format == .xcodebuild || format == .swiftTest || format == .bazel {
                let counts = outcome.affected.counts
                let note = counts.allTests == 0
                    ? "no test module in the repository: nothing to run"
                    : counts.tests == 0 ? "no test module affected: skipping all \(counts.allTests)" : "\(counts.tests) of \(counts.allTests) test modules affected"
                FileHandle.standardError.write(Data("strata affected: \(note)\n".utf8))
            }
        }
        print(try format.text(for: testsOnly ? outcome.affected.testModulesOnly : outcome.affected), terminator: "")
    }

    /// The changed paths of `--changed-files`, from a file or stdin.
    func readList(_ source: String) throws -> [String] {
        let data: Data?
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: source)
        }
        guard let data else { throw Pipeline.InputError(description: "\(source): cannot be read") }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }
}
