import ArgumentParser
import Foundation
import StrataPipeline

/// `strata bench`: the performance figures, printed, never asserted.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure reading, a bare swift-syntax parse, and cold and warm analyses of a corpus.",
        discussion: """
            Prints the figures; see Benchmarks/run to export the standard corpus from \
            /opt/swift-packages. Exit codes: 0 measured, 2 bad usage or input.
            """
    )

    @Argument(help: "The corpus folder (every repository below it is analyzed as one tree).")
    var path: String

    @Option(help: "Repetitions of each measurement; the best is printed.")
    var repetitions: Int = 1

    func run() throws {
        try Benchmark(path: path, repetitions: max(1, repetitions)).run()
    }
}
