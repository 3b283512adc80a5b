import Foundation
import Testing

/// The fuzzer's finds, kept in `Tests/Hostile/fuzzed/` as regression tests, replayed through
/// the built `strata-fuzz` (`make fuzz` runs it in a release build, where its timings mean
/// something); and a short run of each reader, so the driver itself keeps working.
@Suite struct FuzzTests {
    static let binary = builtProduct("strata-fuzz")
    static let readers = ["podspec", "podspec-json", "podfile", "pbxproj", "package-swift", "swift-source", "tuist", "strata-yml"]

    func fuzz(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let finished = try run(Self.binary!, arguments, in: repositoryRoot)
        return (finished.status, finished.all)
    }

    /// Each kept input is read to the end by the reader its name gives (no crash, no hang:
    /// the hang inputs took minutes before their fixes; a debug build is far slower than
    /// release, hence the loose bound, which only catches a hang).
    @Test(.enabled(if: binary != nil)) func keptInputsAreReadToTheEnd() throws {
        let folder = repositoryRoot + "/Tests/Hostile/fuzzed"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        #expect(files.count >= 19)
        let run = try fuzz(["--replay"] + files + ["--slow", "120"])
        #expect(run.status == 0, "\(run.output)")
        for file in files {
            // The reader is the file name's longest reader-name prefix: `podspec-json-x.txt`.
            let name = URL(fileURLWithPath: file).lastPathComponent
            let reader = Self.readers.filter { name.hasPrefix($0 + "-") }.max { $0.count < $1.count }
            #expect(reader != nil, "\(name) names no reader")
            #expect(run.output.contains("\(file): \(reader ?? "") "), "\(run.output)")
        }
    }

    @Test(.enabled(if: binary != nil)) func everyReaderRunsFromItsSeeds() throws {
        let out = NSTemporaryDirectory() + "strata-fuzz-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try fuzz(["--seconds", "0.3", "--slow", "120", "--out", out])
        #expect(run.status == 0, "\(run.output)")
        for name in Self.readers {
            #expect(run.output.contains("\(name): "), "\(run.output)")
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(name).current"))
        }
        #expect(try fuzz(["--reader", "cobol", "--out", out]).status != 0)
    }
}
