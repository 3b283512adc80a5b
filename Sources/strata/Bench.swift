import ArgumentParser
import Foundation
import StrataPipeline

/// `strata bench`: the performance figures, printed, never asserted.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure analyze and diff of a corpus as whole processes, against reading and parsing it.",
        discussion: """
            Runs this strata as separate processes: a bare read of every Swift file, a bare \
            swift-syntax parse on all cores, cold and warm `analyze --format html,json`, and \
            cold and warm `diff` of a commit changing ten files, and a warm session's \
            edit-to-answer time (as `strata mcp` and `strata lsp` keep one); prints the medians \
            and their ratios, with each analyze's stage times. See Benchmarks/run to export the standard \
            corpus from /opt/swift-packages. Exit codes: 0 measured, 2 bad usage or input.
            """
    )

    @Argument(help: "The corpus folder (every repository below it is analyzed as one tree).")
    var path: String

    @Option(help: "Runs of each measurement; the median is printed.")
    var repetitions: Int = 3

    @Option(help: ArgumentHelp("Another strata measured in the same run, interleaved (an earlier build).", valueName: "path"))
    var compare: String?

    /// The baseline processes `strata bench` runs.
    @Flag(help: .hidden) var parseOnly = false
    @Flag(help: .hidden) var readOnly = false
    /// A warm session's edit-to-answer time (edits the corpus: `strata bench` runs it on a copy).
    @Flag(help: .hidden) var session = false

    func run() throws {
        if parseOnly { return try Benchmark.parseOnly(path) }
        if readOnly { return try Benchmark.readOnly(path) }
        if session { return try Benchmark.session(path, edits: max(5, repetitions * 3)) }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        try Benchmark(path: path, repetitions: max(1, repetitions), executable: executable, other: compare).run()
    }
}
