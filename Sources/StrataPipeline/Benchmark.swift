import Dispatch
import Foundation
import StrataDiscovery
import StrataSourceTree
import SwiftParser

/// The figures `strata bench` prints for one corpus: whole processes of this `strata`, each
/// run `repetitions` times, the median printed (with each process's stage times, for where
/// the time goes). The baselines are processes too: one that reads every byte of the
/// corpus's Swift files, one that parses each with swift-syntax on all cores (`strata bench
/// --read-only` and `--parse-only`, hidden). Against them: a cold `strata analyze --format
/// html,json` (empty cache), a warm one (the same again), and `strata diff` of a commit that
/// changes ten files, cold (summary only) and warm with `--format md,json,html`.
public struct Benchmark {
    public let path: String
    public let repetitions: Int
    /// The `strata` executable the processes run.
    public let executable: String

    public init(path: String, repetitions: Int, executable: String) {
        self.path = path
        self.repetitions = repetitions
        self.executable = executable
    }

    /// The Swift files of the corpus's modules, as analyze finds them.
    static func files(_ path: String) throws -> (tree: WorkingDirectoryTree, files: [String], modules: Int) {
        let tree = WorkingDirectoryTree(rootPath: path)
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        return (tree, discovery.modules.flatMap(\.sourceFiles), discovery.modules.count)
    }

    /// `strata bench --read-only`: reads every byte of the corpus's Swift files; prints the
    /// megabytes.
    public static func readOnly(_ path: String) throws {
        let (tree, files, _) = try files(path)
        let bytes = try files.reduce(0) { $0 + (try tree.read($1)).count }
        print(String(format: "%.1f", Double(bytes) / 1_048_576))
    }

    /// `strata bench --parse-only`: reads and parses every Swift file of the corpus with
    /// swift-syntax on all cores, and nothing else.
    public static func parseOnly(_ path: String) throws {
        let (tree, files, _) = try files(path)
        let bytes = try files.map { try tree.read($0) }
        DispatchQueue.concurrentPerform(iterations: bytes.count) { index in
            bytes[index].withUnsafeBufferPointer { _ = Parser.parse(source: $0) }
        }
    }

    /// One finished process: its wall time, peak memory and standard error.
    struct Run {
        var seconds: Double
        var megabytes: Double
        var errors: String
        /// The `stages:` and `graphviz:` lines of `STRATA_TIMINGS=1`.
        var stages: String {
            errors.split(separator: "\n").filter { $0.hasPrefix("stages:") || $0.hasPrefix("graphviz:") }
                .map { "    " + $0 }.joined(separator: "\n")
        }
    }

    public func run() throws {
        let (tree, files, modules) = try Self.files(path)
        for file in files { _ = try? tree.read(file) }  // warm the page cache once, untimed
        let scratch = NSTemporaryDirectory() + "strata-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)

        let read = try median { _ in try process(["bench", "--read-only", path]) }
        let parse = try median { _ in try process(["bench", "--parse-only", path]) }
        let analyze = { (cache: String) in
            try self.process(["analyze", self.path, "-o", scratch + "/report", "--format", "html,json", "--cache-dir", cache, "--quiet"])
        }
        let cold = try median { attempt in try analyze(scratch + "/cache-\(attempt)") }
        let warm = try median { attempt in try analyze(scratch + "/cache-\(attempt)") }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        let megabytes = files.reduce(0) { $0 + ((try? tree.read($1))?.count ?? 0) }
        print("corpus: \(path): \(files.count) Swift files, \(String(format: "%.1f", Double(megabytes) / 1_048_576)) MB, \(modules) modules, \(cores) cores")
        print("whole processes of \(executable), median of \(repetitions)")
        print(String(format: "read every byte:                  %7.3f s", read.seconds))
        print(String(format: "bare swift-syntax parse (%d cores): %6.3f s", cores, parse.seconds))
        print(String(format: "cold analyze --format html,json:  %7.3f s  = %.2fx the parse (target 1.3x), peak %.0f MB", cold.seconds, cold.seconds / parse.seconds, cold.megabytes))
        print(cold.stages)
        print(String(format: "warm analyze (unchanged):         %7.3f s  = %.1fx reading the bytes (target 5x)", warm.seconds, warm.seconds / read.seconds))
        print(warm.stages)
        try diffFigures(scratch: scratch, files: files)
    }

    /// `strata diff` on a git repository holding the corpus as BASE and a HEAD commit that
    /// changes ten Swift files, against a cold analyze (html,json) of the repository: cold
    /// (empty cache, the summary only) and warm (the same pair again, md,json,html written).
    private func diffFigures(scratch: String, files: [String]) throws {
        let repository = scratch + "/git"
        try FileManager.default.copyItem(atPath: path, toPath: repository)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository, "-c", "user.name=bench", "-c", "user.email=bench@localhost", "-c", "commit.gpgsign=false"] + arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try git("init", "-q")
        try git("add", "-A")
        try git("commit", "-q", "-m", "base")
        let step = max(1, files.count / 10)
        for file in stride(from: 0, to: files.count, by: step).prefix(10).map({ files[$0] }) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: repository + "/" + file))
            handle.seekToEndOfFile()
            handle.write(Data("\n// changed for the diff benchmark\n".utf8))
            try handle.close()
        }
        try git("commit", "-q", "-a", "-m", "head")

        let analyze = try median { attempt in
            try process(["analyze", repository, "-o", scratch + "/analyze-\(attempt)", "--format", "html,json",
                         "--cache-dir", scratch + "/analyze-cache-\(attempt)", "--quiet"])
        }
        let diff = { (attempt: Int, output: [String]) in
            try self.process(["diff", "HEAD~1", "HEAD", "--repo", repository, "--cache-dir", scratch + "/diff-cache-\(attempt)", "--quiet", "--fail-on", "none"] + output)
        }
        let cold = try median { attempt in try diff(attempt, []) }
        let reported = { (attempt: Int) in ["-o", scratch + "/diff-\(attempt)", "--format", "md,json,html"] }
        let warmFirst = try median { attempt in try diff(attempt + repetitions, reported(attempt)) }
        let warm = try median { attempt in try diff(attempt + repetitions, reported(attempt)) }
        print(String(format: "cold analyze of the repository:   %7.3f s", analyze.seconds))
        print(String(format: "cold diff (10 files changed):     %7.3f s  = %.2fx the cold analyze (target 1.2x)", cold.seconds, cold.seconds / analyze.seconds))
        print(String(format: "cold diff with md,json,html:      %7.3f s  = %.2fx the cold analyze", warmFirst.seconds, warmFirst.seconds / analyze.seconds))
        print(String(format: "warm diff with md,json,html:      %7.3f s  = %.2fx the cold analyze (target 0.2x)", warm.seconds, warm.seconds / analyze.seconds))
    }

    /// The run of median time among `repetitions` (the attempt number passed in).
    private func median(_ body: (Int) throws -> Run) throws -> Run {
        var runs: [Run] = []
        for attempt in 0..<repetitions { runs.append(try body(attempt)) }
        return runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
    }

    /// Runs this `strata` with `arguments` (standard output discarded, `STRATA_TIMINGS=1`),
    /// started with `posix_spawn` (Foundation's `Process` adds tens of milliseconds).
    private func process(_ arguments: [String]) throws -> Run {
        let errors = NSTemporaryDirectory() + "strata-bench-\(getpid())-stderr"
        defer { unlink(errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var environment = ProcessInfo.processInfo.environment
        environment["STRATA_TIMINGS"] = "1"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let start = ContinuousClock.now
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw Pipeline.InputError(description: "cannot run \(executable): \(String(cString: strerror(status)))") }
        var exit: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exit, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        // diff exits 1 when a gate fails; anything else is a failed run.
        guard exit & 0x7F == 0, (exit >> 8) & 0xFF <= 1 else {
            throw Pipeline.InputError(description: "strata \(arguments.joined(separator: " ")) failed (status \(exit)): \(stderr)")
        }
        #if os(Linux)
        let megabytes = Double(usage.ru_maxrss) / 1024
        #else
        let megabytes = Double(usage.ru_maxrss) / 1_048_576
        #endif
        return Run(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, megabytes: megabytes,
            errors: stderr)
    }
}
