import Foundation
import StrataModel
import StrataPipeline
import Testing

/// What every command prints, as a new user meets it: `-q` drops progress and summaries but
/// never a warning, paths are relative to the repository, and a `--build-times` file that is
/// not one is refused at its line.
@Suite struct CommandOutputTests {
    static let binary = builtProduct("strata")

    func strata(_ arguments: [String], in directory: String? = nil) throws -> ProcessRun {
        try run(Self.binary!, arguments, in: directory)
    }

    /// App → Core; Extra imports Core without declaring it (a finding with a file and line);
    /// Core holds a file nested too deep to parse (a warning). Two commits: the second changes
    /// App.
    static func makeRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import Foundation
            import PackageDescription
            // A note on every reading (the variable read as unset), which -q leaves out.
            let extra = ProcessInfo.processInfo.environment["WARNS_EXTRA"] == nil ? "Extra" : "More"
            let package = Package(name: "Warns", targets: [
                .target(name: "App", dependencies: ["Core"]),
                .target(name: "Core"),
                .target(name: extra),
                .testTarget(name: "AppTests", dependencies: ["App"]),
            ])
            """)
        try repo.write("Sources/App/App.swift", "import Core\n")
        try repo.write("Sources/Core/Core.swift", "public struct Core {}\n")
        try repo.write("Sources/Core/Deep.swift", "let x = \(String(repeating: "[", count: 1_000))1\(String(repeating: "]", count: 1_000))\n")
        try repo.write("Sources/Extra/Extra.swift", "import Core\n")
        try repo.write("Tests/AppTests/AppTests.swift", "import App\n")
        let git = { (arguments: [String]) in
            let done = try run("/usr/bin/env", ["git", "-C", repo.path, "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"] + arguments)
            #expect(done.status == 0, "\(done.errors)")
        }
        try git(["init", "-q", "-b", "main"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        try repo.write("Sources/App/App.swift", "import Core\nlet app = Core()\n")
        try git(["commit", "-q", "-a", "-m", "head"])
        return repo
    }

    static let deepWarning = "Sources/Core/Deep.swift:1: warning: nesting too deep"

    /// Every command, with `-q`, on a repository that warns: the warning is printed. `diff` and
    /// `history` print no warning about the files they read from git objects (the deep file):
    /// a facts cache that cannot be saved is their warning here.
    @Test(.enabled(if: binary != nil)) func everyCommandPrintsItsWarningsWithQuiet() throws {
        let repo = try Self.makeRepository(), scratch = try TemporaryDirectory()
        let path = repo.path
        try scratch.write("times.csv", "module,seconds\nApp,3\nExtra,1\n")
        try scratch.write("blocked", "a file where the cache folder would be\n")
        let blocked = scratch.path + "/blocked"
        let commands: [String: (arguments: [String], warning: String)] = [
            "analyze": (["analyze", path, "-o", scratch.path + "/report", "--format", "json", "--build-times", scratch.path + "/times.csv", "--no-cache", "-q"],
                        Self.deepWarning),
            "check": (["check", path, "--no-cache", "-q"], Self.deepWarning),
            "baseline": (["baseline", path, "-o", scratch.path + "/baseline.json", "--no-cache", "-q"], Self.deepWarning),
            "init": (["init", path, "--force", "-q"], Self.deepWarning),
            "diff": (["diff", "HEAD~1", "HEAD", "--repo", path, "--build-times", scratch.path + "/times.csv", "--cache-dir", blocked, "--fail-on", "none", "-q"],
                     "warning: cache not saved"),
            "affected": (["affected", "HEAD~1", "HEAD", "--repo", path, "--no-cache", "-q"], Self.deepWarning),
            "history": (["history", path, "-o", scratch.path + "/history", "--cache-dir", blocked, "-q"], "warning: cache not saved"),
            "graph": (["graph", path, "--no-cache", "-q"], Self.deepWarning),
            "why": (["why", "App", "Core", path, "--no-cache", "-q"], Self.deepWarning),
            "fix": (["fix", "unused-imports", path, "--dry-run", "--no-cache", "-q"], Self.deepWarning),
        ]
        // rules reads no repository; bench prints only its figures (the analyze it measures
        // runs with -q, its stderr read for the stage times); org reads a PostgreSQL database
        // (PostgresHistoryTests); lsp, mcp and watch serve until stopped (Tests/Servers);
        // report reads a saved result, not a repository (Tests/Formats/test_report_command.py).
        let noInput: Set = ["rules", "bench", "org", "lsp", "mcp", "watch", "report"]
        // Every command `strata help` lists is here, so a new one cannot be left out.
        let help = try strata(["--help"]).output
        let listed = help.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/  ([a-z]+)( \(default\))?  +\S.*/#).map { String($0.output.1) }
        }
        #expect(Set(listed).subtracting(["help"]) == Set(commands.keys).union(noInput), "\(help)")

        // Without -q, the note is there.
        let loud = try strata(["check", path, "--no-cache"])
        #expect(loud.errors.contains("Package.swift:5: note: WARNS_EXTRA read as unset"), "\(loud.errors)")
        for (command, expected) in commands.sorted(by: { $0.key < $1.key }) {
            let quiet = try strata(expected.arguments)
            #expect([0, 1].contains(quiet.status), "\(command): \(quiet.errors)")
            #expect(quiet.errors.contains(expected.warning), "\(command) -q: \(quiet.errors)")
            #expect(!quiet.errors.contains(": note: "), "\(command) -q prints notes: \(quiet.errors)")
            // What -q drops: the summary and the `wrote` lines.
            if ["analyze", "baseline", "init", "diff", "history"].contains(command) {
                #expect(quiet.output.isEmpty, "\(command) -q: \(quiet.output)")
            }
        }
        // The warning the issue found missing: modules --build-times has no time for (diff
        // said nothing of them, -q or not).
        for command in ["analyze", "diff"] {
            let run = try strata(commands[command]!.arguments)
            #expect(run.errors.contains("warning: --build-times has no time for 1 module (counted as 0): Core\n"), "\(command): \(run.errors)")
        }
        // check -q leaves out notes only: the implicit dependency (a warning) is printed.
        let check = try strata(commands["check"]!.arguments)
        #expect(check.output.contains("Sources/Extra/Extra.swift:1: warning: "), "\(check.output)")
    }

    /// Paths are relative to the repository, whichever PATH names it: `why`, `check` (text and
    /// GitHub annotations) and `analyze` print no absolute path for an absolute PATH, and keep
    /// a relative PATH in front, so the path resolves from where strata ran.
    @Test(.enabled(if: binary != nil)) func pathsAreRelativeToTheRepository() throws {
        let repo = try Self.makeRepository()
        let path = repo.path
        #expect(path.hasPrefix("/"))
        let why = try strata(["why", "App", "Core", path, "--no-cache"])
        #expect(why.status == 0 && why.output.contains("\n   App → Core: 1 import\n     Sources/App/App.swift:1\n"), "\(why.output)")
        let check = try strata(["check", path, "--no-cache"])
        #expect(check.output.contains("\nSources/Extra/Extra.swift:1: warning: ") || check.output.hasPrefix("Sources/Extra/Extra.swift:1: warning: "), "\(check.output)")
        let github = try strata(["check", path, "--no-cache", "--format", "github"])
        #expect(github.output.contains("::warning file=Sources/Extra/Extra.swift,line=1,"), "\(github.output)")
        let analyze = try strata(["analyze", path, "-o", path + "/report", "--format", "json", "--no-cache"])
        #expect(analyze.output.contains("  Sources/Extra/Extra.swift:1: warning: "), "\(analyze.output)")
        for run in [why, check, github, analyze] {
            #expect(!run.all.contains(path + "/Sources"), "\(run.all)")
            #expect(run.errors.contains(Self.deepWarning), "\(run.errors)")
        }
        // A relative PATH stays in front: the path resolves from the current folder.
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path, name = URL(fileURLWithPath: path).lastPathComponent
        let relative = try strata(["why", "App", "Core", name, "--no-cache"], in: parent)
        #expect(relative.output.contains("\n     \(name)/Sources/App/App.swift:1\n"), "\(relative.output)")
        #expect(relative.errors.contains("\(name)/\(Self.deepWarning)"), "\(relative.errors)")
    }

    /// A `--build-times` file whose first line has no number is refused at that line, exit 2,
    /// not read as a header that leaves every module at 0 s.
    @Test(.enabled(if: binary != nil)) func aBuildTimesFileWithoutNumbersIsRefusedAtItsLine() throws {
        let repo = try Self.makeRepository(), scratch = try TemporaryDirectory()
        for (name, text) in [("abc.csv", "Good,abc\nApp,3\n"), ("empty.csv", "Good,\nApp,3\n")] {
            try scratch.write(name, text)
            let file = scratch.path + "/" + name
            let analyze = try strata(["analyze", repo.path, "-o", scratch.path + "/report", "--build-times", file, "--no-cache"])
            #expect(analyze.status == 2 && analyze.errors == "error: \(file):1: expected module,seconds (seconds a number ≥ 0)\n", "\(analyze.errors)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path + "/report"))
        }
    }

    /// Every command that analyzes a repository takes every analysis option, with the same
    /// meaning: a bad `--file-time-limit` and a `--build-times` file that is not one are
    /// refused the same way by each, exit 2.
    @Test(.enabled(if: binary != nil)) func everyCommandThatAnalyzesTakesEveryAnalysisOption() throws {
        let repo = try Self.makeRepository(), scratch = try TemporaryDirectory()
        try scratch.write("times.csv", "Good,abc\n")
        let times = scratch.path + "/times.csv"
        let commands: [[String]] = [
            ["analyze", repo.path, "-o", scratch.path + "/report"], ["check", repo.path], ["baseline", repo.path, "-o", scratch.path + "/b.json"],
            ["init", repo.path, "--force"], ["graph", repo.path], ["why", "App", "Core", repo.path], ["fix", "unused-imports", repo.path, "--dry-run"],
            ["watch", repo.path], ["mcp", repo.path], ["lsp", repo.path],
            ["diff", "HEAD~1", "HEAD", "--repo", repo.path, "--fail-on", "none"], ["affected", "HEAD~1", "HEAD", "--repo", repo.path],
            ["history", repo.path, "-o", scratch.path + "/history"],
        ]
        for command in commands {
            let limit = try strata(command + ["--no-cache", "--exclude", "Nothing/**", "--file-time-limit", "0"])
            #expect(limit.status == 2 && limit.errors.contains("--file-time-limit must be a positive number of seconds"), "\(command[0]): \(limit.errors)")
            // The servers start reading only after their options; the rest read the times first.
            guard !["watch", "mcp", "lsp"].contains(command[0]) else { continue }
            let built = try strata(command + ["--no-cache", "--build-times", times])
            #expect(built.status == 2 && built.errors.contains("\(times):1: expected module,seconds"), "\(command[0]): \(built.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/history"))
    }
}
