import Dispatch
import Foundation
import StrataDiscovery
import StrataReport
import StrataSourceTree
import SwiftParser

/// The figures `strata bench` prints for one corpus, all on the same files:
/// reading the bytes, a bare swift-syntax parse on all cores (the baseline), a cold analyze
/// (empty cache, reports included), a warm analyze (cache hit), and peak memory.
public struct Benchmark {
    public let path: String
    public let repetitions: Int

    public init(path: String, repetitions: Int) {
        self.path = path
        self.repetitions = repetitions
    }

    public func run() throws {
        let tree = WorkingDirectoryTree(rootPath: path)
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        let files = discovery.modules.flatMap(\.sourceFiles)
        for file in files { _ = try? tree.read(file) }  // warm the page cache once, untimed

        let scratch = NSTemporaryDirectory() + "strata-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var cold = Double.infinity, warm = Double.infinity
        var coldStages = "", warmStages = ""
        func stages(_ outcome: Pipeline.Outcome) -> String {
            outcome.timings.map { String(format: "%@ %.3f", $0.stage, $0.seconds) }.joined(separator: ", ")
        }
        for attempt in 0..<repetitions {
            let cache = scratch + "/cache-\(attempt)"
            let options = Pipeline.Options(path: path, outputDirectory: scratch + "/report", formats: [.html, .json], cacheDirectory: cache)
            var outcome: Pipeline.Outcome?
            let coldTime = try time { outcome = try Pipeline.run(options) }
            if coldTime < cold { cold = coldTime; coldStages = stages(outcome!) }
            let warmTime = try time { outcome = try Pipeline.run(options) }
            if warmTime < warm { warm = warmTime; warmStages = stages(outcome!) }
        }
        let peakMB = Self.peakResidentMegabytes()

        var bytes: [[UInt8]] = []
        var read = Double.infinity
        for _ in 0..<repetitions {
            read = min(read, try time { bytes = try files.map { try tree.read($0) } })
        }
        let megabytes = Double(bytes.reduce(0) { $0 + $1.count }) / 1_048_576
        var parse = Double.infinity
        let shared = bytes
        for _ in 0..<repetitions {
            parse = min(parse, try time {
                DispatchQueue.concurrentPerform(iterations: shared.count) { index in
                    shared[index].withUnsafeBufferPointer { _ = Parser.parse(source: $0) }
                }
            })
        }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("corpus: \(path): \(files.count) Swift files, \(String(format: "%.1f", megabytes)) MB, \(discovery.modules.count) modules, \(cores) cores")
        print(String(format: "read all bytes:                 %8.3f s", read))
        print(String(format: "bare swift-syntax parse (%d cores): %6.3f s", cores, parse))
        print(String(format: "cold analyze (reports included): %7.3f s  = %.2fx the bare parse", cold, cold / parse))
        print(String(format: "warm analyze (cache hit):        %7.3f s  = %.1fx reading the bytes", warm, warm / read))
        print("  cold analyze stages (s): \(coldStages)")
        print("  warm analyze stages (s): \(warmStages)")
        print(String(format: "peak memory (analyses):          %7.0f MB", peakMB))
        try diffFigures(scratch: scratch, files: files)
    }

    /// `strata diff` on a git repository holding the corpus as BASE and a HEAD commit that
    /// changes ten Swift files, against a cold analyze of one revision without reports (the
    /// diff writes none either): cold (empty cache) and warm (same pair again).
    private func diffFigures(scratch: String, files: [String]) throws {
        let repository = scratch + "/git"
        try FileManager.default.copyItem(atPath: path, toPath: repository)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository, "-c", "user.name=bench", "-c", "user.email=bench@localhost"] + arguments
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

        var analyze = Double.infinity, reported = Double.infinity, cold = Double.infinity, warm = Double.infinity
        for attempt in 0..<repetitions {
            analyze = min(analyze, try time {
                _ = try Pipeline.run(.init(path: repository, outputDirectory: nil, cacheDirectory: scratch + "/analyze-\(attempt)"))
            })
            reported = min(reported, try time {
                _ = try Pipeline.run(.init(
                    path: repository, outputDirectory: scratch + "/analyze-report-\(attempt)", formats: [.html, .json],
                    cacheDirectory: scratch + "/analyze-reported-\(attempt)"))
            })
            let options = Comparison.Options(repository: repository, base: "HEAD~1", head: "HEAD", cacheDirectory: scratch + "/diff-\(attempt)")
            cold = min(cold, try time { _ = DiffText.render(try Comparison.run(options).document.diff) })
            warm = min(warm, try time { _ = DiffText.render(try Comparison.run(options).document.diff) })
        }
        print(String(format: "cold analyze of the repository:  %7.3f s  (%.3f s without reports)", reported, analyze))
        print(String(format: "cold diff (10 files changed):    %7.3f s  = %.2fx the cold analyze (%.2fx without reports)", cold, cold / reported, cold / analyze))
        print(String(format: "warm diff (same pair again):     %7.3f s  = %.2fx the cold analyze (%.2fx without reports)", warm, warm / reported, warm / analyze))
    }

    private func time(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #if os(Linux)
        return Double(usage.ru_maxrss) / 1024
        #else
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
