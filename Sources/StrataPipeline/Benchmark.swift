import Dispatch
import Foundation
import StrataDiscovery
import StrataModel
import StrataReport
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
    /// The `strata` executable that runs the baselines, and is measured.
    public let executable: String
    /// Another `strata` measured in the same run, its processes interleaved with this one's
    /// (an earlier build, to compare on a machine whose speed varies).
    public let other: String?

    public init(path: String, repetitions: Int, executable: String, other: String? = nil) {
        self.path = path
        self.repetitions = repetitions
        self.executable = executable
        self.other = other
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
                .map { "      " + $0 }.joined(separator: "\n")
        }
    }

    /// The executables measured: this one, then the other.
    var measured: [String] { [executable] + (other.map { [$0] } ?? []) }

    public func run() throws {
        let (tree, files, modules) = try Self.files(path)
        // The page cache warmed once, untimed; the corpus's size counted on the way.
        let bytes = files.reduce(0) { $0 + ((try? tree.read($1))?.count ?? 0) }
        let scratch = NSTemporaryDirectory() + "strata-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)

        let read = try median(of: [executable]) { _, _ in try process(executable, ["bench", "--read-only", path]) }[0]
        let parse = try median(of: [executable]) { _, _ in try process(executable, ["bench", "--parse-only", path]) }[0]
        let analyze = { (binary: String, cache: String) in
            try self.process(binary, ["analyze", self.path, "-o", cache + "-report", "--format", "html,json", "--cache-dir", cache, "--quiet"])
        }
        let cold = try median { binary, attempt in try analyze(measured[binary], scratch + "/cache-\(binary)-\(attempt)") }
        let warm = try median { binary, attempt in try analyze(measured[binary], scratch + "/cache-\(binary)-\(attempt)") }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("corpus: \(path): \(files.count) Swift files, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, \(modules) modules, \(cores) cores")
        print("whole processes, median of \(repetitions)\(other == nil ? "" : ", each line: this strata, then the other (interleaved)")")
        print(String(format: "read every byte:                  %7.3f s", read.seconds))
        print(String(format: "bare swift-syntax parse (%d cores): %6.3f s", cores, parse.seconds))
        for (binary, run) in cold.enumerated() {
            print(String(format: "cold analyze --format html,json:  %7.3f s  = %.2fx the parse (target 1.3x), peak %.0f MB  %@", run.seconds, run.seconds / parse.seconds, run.megabytes, measured[binary]))
            print(run.stages)
        }
        for (binary, run) in warm.enumerated() {
            print(String(format: "warm analyze (unchanged):         %7.3f s  = %.1fx reading the bytes (target 5x)  %@", run.seconds, run.seconds / read.seconds, measured[binary]))
            print(run.stages)
        }
        try diffFigures(scratch: scratch, files: files)
        try sessionFigures(scratch: scratch)
    }

    /// `strata bench --session`, in a process of its own (so its peak memory is the
    /// session's) on a copy of the corpus, for each executable that has it.
    private func sessionFigures(scratch: String) throws {
        for (binary, executable) in measured.enumerated() {
            let copy = scratch + "/session-\(binary)"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            guard let run = try? process(executable, ["bench", "--session", copy, "--repetitions", "\(repetitions)"]) else {
                print("session: not measured (\(executable) has no `bench --session`)")
                continue
            }
            let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("session") }
            print(lines.joined(separator: "\n") + String(format: ", peak %.0f MB  %@", run.megabytes, executable))
        }
    }

    /// `strata bench --session`: a `StrataSession` of the corpus (as `strata mcp` and `strata
    /// lsp` keep one), then edits, each timed from the write to an answer that shows it: the
    /// watcher's report, the refresh, and the finding lines of the edited file. Edits add an
    /// import to Swift files spread over the corpus (one at a time, a new one each time), then
    /// a comment to a package's manifest (a BUILD file in a Bazel workspace). Prints one line on stderr. Edits the corpus: run it
    /// on a copy.
    public static func session(_ path: String, edits: Int) throws {
        let clock = ContinuousClock.now
        func seconds(since start: ContinuousClock.Instant) -> Double { (ContinuousClock.now - start).seconds }
        var session = try StrataSession(AnalysisSession.Input(repository: path, cacheDirectory: nil))
        let ready = seconds(since: clock)
        let watcher = FileWatchers.watch(session.tree.base)
        let sources = session.discovered.sources
        let step = max(1, sources.count / max(1, edits))
        var times: [Double] = [], reflected = 0
        func append(_ text: String, to file: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + "/" + file))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
        let picked = stride(from: step / 2, to: sources.count, by: step).prefix(edits).map { sources[$0] }
        for (edit, file) in picked.enumerated() {
            let module = "StrataBenchEdit\(edit)"
            let start = ContinuousClock.now
            try append("\nimport \(module)\n", to: file)
            session.refresh(changed: watcher.changes(timeout: 1))
            let lines = FindingLines(root: "")
            _ = session.result.findings.filter { $0.evidence.contains { $0.file == file } }.map { lines.line(for: $0) }
            times.append(seconds(since: start))
            if session.project.modules.contains(where: { $0.imports.contains { $0.module == module && $0.evidence.file == file } }) { reflected += 1 }
        }
        // A SwiftPM manifest, else a BUILD file: a comment in each one's language.
        let manifests = session.discovered.discovery.packages.map(\.manifest).sorted()
        let manifest = manifests.first { $0.hasSuffix("Package.swift") }.map { ($0, "//") }
            ?? manifests.first(where: BuildSystem.isBazelBuildFile).map { ($0, "#") }
        var manifestSeconds: Double?
        if let (manifest, comment) = manifest {
            let start = ContinuousClock.now
            try append("\n\(comment) edited by the session benchmark\n", to: manifest)
            session.refresh(changed: watcher.changes(timeout: 1))
            manifestSeconds = seconds(since: start)
        }
        times.sort()
        let median = times.isEmpty ? 0 : times[times.count / 2]
        FileHandle.standardError.write(Data(String(
            format: "session: ready in %.2f s; edit-to-answer %.0f ms median, %.0f ms max over %d edits (target < 200 ms; %d of %d shown in the answer); manifest edit %.0f ms",
            ready, median * 1000, (times.last ?? 0) * 1000, times.count, reflected, times.count, (manifestSeconds ?? 0) * 1000).utf8))
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

        let analyze = try median { binary, attempt in
            try process(measured[binary], ["analyze", repository, "-o", scratch + "/analyze-\(binary)-\(attempt)", "--format", "html,json",
                         "--cache-dir", scratch + "/analyze-cache-\(binary)-\(attempt)", "--quiet"])
        }
        let diff = { (binary: Int, cache: String, output: [String]) in
            try self.process(self.measured[binary], ["diff", "HEAD~1", "HEAD", "--repo", repository, "--cache-dir", scratch + "/" + cache, "--quiet", "--fail-on", "none"] + output)
        }
        let cold = try median { binary, attempt in try diff(binary, "diff-cache-\(binary)-\(attempt)", []) }
        let reported = { (binary: Int, attempt: Int) in ["-o", scratch + "/diff-\(binary)-\(attempt)", "--format", "md,json,html"] }
        let first = try median { binary, attempt in try diff(binary, "diff-reported-\(binary)-\(attempt)", reported(binary, attempt)) }
        let warm = try median { binary, attempt in try diff(binary, "diff-reported-\(binary)-\(attempt)", reported(binary, attempt)) }
        for binary in measured.indices {
            let base = analyze[binary].seconds
            print(String(format: "cold analyze of the repository:   %7.3f s  %@", base, measured[binary]))
            print(String(format: "cold diff (10 files changed):     %7.3f s  = %.2fx the cold analyze (target 1.2x)", cold[binary].seconds, cold[binary].seconds / base))
            print(String(format: "cold diff with md,json,html:      %7.3f s  = %.2fx the cold analyze", first[binary].seconds, first[binary].seconds / base))
            print(String(format: "warm diff with md,json,html:      %7.3f s  = %.2fx the cold analyze (target 0.2x)", warm[binary].seconds, warm[binary].seconds / base))
        }
    }

    /// For each executable measured (its index and the attempt passed in), the run of median
    /// time among `repetitions`, the executables interleaved.
    private func median(of executables: [String]? = nil, _ body: (Int, Int) throws -> Run) throws -> [Run] {
        let executables = executables ?? measured
        var runs: [[Run]] = executables.map { _ in [] }
        for attempt in 0..<repetitions {
            for binary in executables.indices { runs[binary].append(try body(binary, attempt)) }
        }
        return runs.map { $0.sorted { $0.seconds < $1.seconds }[$0.count / 2] }
    }

    /// Runs this `strata` with `arguments` (standard output discarded, `STRATA_TIMINGS=1`),
    /// started with `posix_spawn` (Foundation's `Process` adds tens of milliseconds).
    private func process(_ executable: String, _ arguments: [String]) throws -> Run {
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
            seconds: elapsed.seconds, megabytes: megabytes,
            errors: stderr)
    }
}
