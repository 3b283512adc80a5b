// strata-fuzz: a deterministic random-input driver for the manifest readers (libFuzzer's
// `-sanitize=fuzzer` needs a toolchain with its runtime, which this one lacks). Run it from
// a release build: swift-syntax parses about 50x slower in debug, so a debug run's "slow"
// inputs are mostly fast ones.
//
//     make fuzz SECONDS=600 [READER=podspec]
//     strata-fuzz [--seconds 600] [--reader NAME] [--seed 1] [--slow 1] [--out DIR]
//     strata-fuzz --replay FILE...     (the reader is the file name up to its first '.' or '-N')
//
// Inputs are the samples' manifests mutated (bytes flipped, tokens inserted, slices repeated,
// which nests, spliced and cut). Each input is written to `<out>/<reader>.current` before it
// runs, so a crash leaves its reproducer there; an input slower than `--slow` seconds is kept
// as `<out>/<reader>.slow-<n>`. Exit status 1 when any input was slow.
import ArgumentParser
import Foundation
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataParsing
import StrataScan
import StrataSourceTree

@main
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-fuzz",
        abstract: "Feed Strata's manifest readers mutated inputs; keep the slow ones.")

    @Option(help: "Seconds per reader.") var seconds: Double = 60
    @Option(help: "Only this reader: \(Reader.all.map(\.name).joined(separator: ", ")).") var reader: String?
    @Option(help: "The random seed: the same seed, the same inputs.") var seed: UInt64 = 1
    @Option(help: "An input slower than this many seconds is kept and fails the run.") var slow: Double = 1
    @Option(help: "Where inputs are kept (default: $TMPDIR/strata-fuzz).") var out: String?
    @Option(help: "The samples the seeds come from.") var samples = "Samples"
    @Option(parsing: .upToNextOption, help: "Run these inputs once each and print their times.") var replay: [String] = []
    @Flag(help: "With --replay: also write what swift-syntax parses of each, the input bounded, to FILE.bounded.") var bounded = false

    func run() throws {
        if !replay.isEmpty { return try runReplay() }
        let folder = out ?? NSTemporaryDirectory() + "strata-fuzz"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let readers = Reader.all.filter { reader == nil || $0.name == reader }
        guard !readers.isEmpty else { throw ValidationError("no reader named '\(reader ?? "")'") }
        var generator = SplitMix(seed: seed)
        var failed = false
        for reader in readers {
            let seeds = reader.seeds(samples)
            guard !seeds.isEmpty else { throw ValidationError("\(reader.name): no seed in \(samples)") }
            var inputs = 0, slowCount = 0
            var slowest: Duration = .zero
            let start = ContinuousClock.now
            LargeStack.run {
                while ContinuousClock.now - start < .seconds(seconds) {
                    let input = mutate(seeds, dictionary: reader.dictionary, &generator)
                    _ = FileManager.default.createFile(atPath: "\(folder)/\(reader.name).current", contents: Data(input))
                    let began = ContinuousClock.now
                    reader.read(input)
                    let took = ContinuousClock.now - began
                    slowest = max(slowest, took)
                    if took > .seconds(slow) {
                        slowCount += 1
                        _ = FileManager.default.createFile(atPath: "\(folder)/\(reader.name).slow-\(slowCount)", contents: Data(input))
                    }
                    inputs += 1
                }
            }
            print("\(reader.name): \(inputs) inputs in \(Int(seconds)) s, slowest \(slowest.seconds) s, \(slowCount) slower than \(slow) s")
            failed = failed || slowCount > 0
        }
        if failed { throw ExitCode(1) }
    }

    func runReplay() throws {
        var failed = false
        for file in replay {
            let name = reader ?? Reader.name(ofInput: file)
            guard let reader = Reader.all.first(where: { $0.name == name }) else {
                throw ValidationError("\(file): no reader named '\(name)'")
            }
            let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            if bounded { try Data(BoundedParse(input).source).write(to: URL(fileURLWithPath: file + ".bounded")) }
            let start = ContinuousClock.now
            LargeStack.run { reader.read(input) }
            let took = ContinuousClock.now - start
            print("\(file): \(reader.name) \(took.seconds) s")
            failed = failed || took > .seconds(slow)
        }
        if failed { throw ExitCode(1) }
    }
}

/// One manifest reader: its name, the seeds' file names, tokens worth inserting, and how an
/// input is read.
struct Reader: Sendable {
    var name: String
    var suffixes: [String]
    var dictionary: [String]
    var read: @Sendable ([UInt8]) -> Void

    /// The seeds: the samples' files with one of the suffixes, or the built-in podspec JSON.
    func seeds(_ samples: String) -> [[UInt8]] {
        if suffixes.isEmpty { return [Array(Self.podspecJSON.utf8)] }
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: samples)
        while let path = enumerator?.nextObject() as? String {
            if suffixes.contains(where: { path.hasSuffix($0) }) { found.append(samples + "/" + path) }
        }
        return found.sorted().compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    }

    /// `tuist-slow-2.txt` → `tuist`, `package-swift.current` → `package-swift`.
    static func name(ofInput path: String) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let stem = String(file.prefix { $0 != "." })
        return all.map(\.name).filter { stem == $0 || stem.hasPrefix($0 + "-") }.max { $0.count < $1.count } ?? stem
    }

    static let ruby = ["(", ")", "[", "]", "{", "}", " do |s|\n", "\nend\n", "'", "\"", "#{", "}", "=>", ":", ",", "..", "\\", "%w[", "<<~EOS\n", "if ", "unless ", "s.", "ENV['X']", "\n", "|", "*", "**", "->", "::", "?", "!"]
    static let swift = ["(", ")", "[", "]", "{", "}", "\"", "\"\"\"", "#\"", "\"#", "#if os(iOS)\n", "#endif\n", ".target(name: ", "\\(", ",", ":", "=", "let ", "func f() {", "switch x {", "case .a:", "+", "?", "!", "<", ">", "\n", "#", "/*", "*/", "//"]

    static let podspecJSON = #"""
        {
          "name": "Kit", "version": "1.0", "module_name": "KitCore", "static_framework": true,
          "source_files": ["Kit/**/*.{h,swift}"], "exclude_files": "Kit/Generated/*",
          "dependencies": {"Alamofire": ["~> 5.0"], "Kit/Core": []},
          "ios": {"frameworks": ["UIKit"], "dependencies": {"SnapKit": []}},
          "subspecs": [{"name": "Core", "source_files": "Kit/Core/*.swift"}, {"name": "UI", "dependencies": {"Kit/Core": []}}],
          "testspecs": [{"name": "Tests", "test_type": "unit", "source_files": "Tests/*.swift"}]
        }
        """#

    static let all: [Reader] = [
        Reader(name: "podspec", suffixes: [".podspec"], dictionary: ruby) { bytes in
            _ = PodspecReader.read(bytes, path: "Kit.podspec", files: ["Kit/A.swift"])
        },
        Reader(name: "podspec-json", suffixes: [],
               dictionary: ["{", "}", "[", "]", "\"", ":", ",", "\"name\": ", "\"subspecs\": [", "\\u", "null", "true", "1e999"]) { bytes in
            _ = PodspecReader.read(bytes, path: "Kit.podspec.json", files: [])
        },
        Reader(name: "podfile", suffixes: ["Podfile"], dictionary: ruby) { bytes in
            _ = PodfileReader.read(bytes, path: "Podfile", rootName: "Root")
        },
        Reader(name: "pbxproj", suffixes: ["project.pbxproj"],
               dictionary: ["{", "}", "(", ")", "=", ";", ",", "\"", "/*", "*/", "//", "<", ">", "\\"]) { bytes in
            let path = "App.xcodeproj/project.pbxproj"
            _ = XcodeProjectReader.read(bytes, path: path, tree: MemoryTree([:]), files: [path])
        },
        Reader(name: "package-swift", suffixes: ["Package.swift"], dictionary: swift) { bytes in
            _ = SwiftPackageReader.read(bytes, path: "Package.swift", files: ["Package.swift", "Sources/A/A.swift"])
        },
        Reader(name: "swift-source", suffixes: ["Package.swift", "Project.swift"], dictionary: swift) { bytes in
            _ = FileScanner.scan(bytes)
        },
        Reader(name: "tuist", suffixes: ["Project.swift", "Workspace.swift"], dictionary: swift) { bytes in
            let tree = MemoryTree(["Tuist/Config.swift": Array("import ProjectDescription\n".utf8), "Project.swift": bytes])
            _ = try? TuistProjectReader.read(path: "Project.swift", tree: tree, files: try tree.files())
        },
        Reader(name: "strata-yml", suffixes: ["strata.yml"],
               dictionary: ["- ", ": ", "\n  ", "[", "]", "{", "}", "&a ", "*a", "'", "\"", "|\n", ">\n", "!!str ", "? ", "#", "\t"]) { bytes in
            _ = try? Configuration.parse(String(decoding: bytes, as: UTF8.self), file: "strata.yml")
        },
    ]
}

/// Files held in memory.
struct MemoryTree: SourceTree {
    var name = "Memory"
    var contents: [String: [UInt8]]

    init(_ contents: [String: [UInt8]]) { self.contents = contents }

    func files() throws -> [String] { contents.keys.sorted() }

    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = contents[path] else { throw SourceTreeError(path: path, reason: "no such file") }
        return bytes
    }
}

/// One to eight mutations of a seed, or of two seeds spliced.
func mutate(_ seeds: [[UInt8]], dictionary: [String], _ generator: inout SplitMix) -> [UInt8] {
    var bytes = seeds[generator.below(seeds.count)]
    for _ in 0..<(1 + generator.below(8)) {
        let at = bytes.isEmpty ? 0 : generator.below(bytes.count + 1)
        switch generator.below(7) {
        case 0 where !bytes.isEmpty:  // flip a byte
            bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: generator.next())
        case 1:  // insert a token
            bytes.insert(contentsOf: dictionary[generator.below(dictionary.count)].utf8, at: at)
        case 2:  // delete a run
            let end = min(bytes.count, at + generator.below(64))
            bytes.removeSubrange(at..<end)
        case 3 where !bytes.isEmpty:  // repeat a slice many times: nesting and length
            let end = min(bytes.count, at + 1 + generator.below(16))
            let slice = Array(bytes[min(at, end)..<end])
            let times = 1 + generator.below(generator.below(4) == 0 ? 5000 : 20)
            bytes.insert(contentsOf: Array([[UInt8]](repeating: slice, count: times).joined()), at: min(at, end))
        case 4:  // splice another seed
            let other = seeds[generator.below(seeds.count)]
            let from = other.isEmpty ? 0 : generator.below(other.count)
            bytes.insert(contentsOf: other[from..<min(other.count, from + generator.below(512))], at: at)
        case 5:  // cut
            bytes.removeSubrange(at...)
        default:  // a random byte
            bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: at)
        }
    }
    return bytes
}

/// A small, seedable random number generator: the same seed, the same inputs.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}

extension Duration {
    /// Seconds, to two decimals.
    var seconds: String {
        let (whole, fraction) = components
        return String(format: "%.2f", Double(whole) + Double(fraction) / 1e18)
    }
}
