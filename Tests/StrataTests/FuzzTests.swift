import Foundation
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataScan
import StrataSourceTree
import Testing

/// A deterministic random-input driver for the manifest readers (libFuzzer's
/// `-sanitize=fuzzer` needs a toolchain with its runtime). Off unless asked for:
///
///     STRATA_FUZZ_SECONDS=600 [STRATA_FUZZ_READER=podspec] [STRATA_FUZZ_SEED=1] \
///         swift test --skip-build --filter FuzzTests
///
/// Inputs are the samples' manifests mutated (bytes flipped, tokens inserted, slices
/// repeated, which nests, spliced and cut). Each input is written to
/// `$TMPDIR/strata-fuzz/<reader>.current` before it runs, so a crash leaves its reproducer
/// there; an input slower than two seconds is kept as `<reader>.slow-<n>` and fails the test.
@Suite struct FuzzTests {
    struct Reader {
        var name: String
        var path: String
        /// The seeds' bytes.
        var seeds: [[UInt8]]
        var dictionary: [String]
        var read: @Sendable ([UInt8], String) -> Void
    }

    static let ruby = ["(", ")", "[", "]", "{", "}", " do |s|\n", "\nend\n", "'", "\"", "#{", "}", "=>", ":", ",", "..", "\\", "%w[", "<<~EOS\n", "if ", "unless ", "s.", "ENV['X']", "\n", "|", "*", "**", "->", "::", "?", "!"]
    static let swift = ["(", ")", "[", "]", "{", "}", "\"", "\"\"\"", "#if os(iOS)\n", "#endif\n", ".target(name: ", "\\(", ",", ":", "=", "let ", "func f() {", "switch x {", "case .a:", "+", "?", "!", "<", ">", "\n", "#", "/*", "*/", "//"]

    static func samples(_ suffixes: [String]) -> [[UInt8]] {
        let root = repositoryRoot + "/Samples"
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if suffixes.contains(where: { path.hasSuffix($0) }) { found.append(root + "/" + path) }
        }
        return found.sorted().compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    }

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

    static let readers: [Reader] = [
        Reader(name: "podspec", path: "Kit.podspec", seeds: samples([".podspec"]), dictionary: ruby) { bytes, path in
            _ = PodspecReader.read(bytes, path: path, files: ["Kit/A.swift"])
        },
        Reader(name: "podspec-json", path: "Kit.podspec.json",
               seeds: [Array(podspecJSON.utf8)],
               dictionary: ["{", "}", "[", "]", "\"", ":", ",", "\"name\": ", "\"subspecs\": [", "\\u", "null", "true", "1e999"]) { bytes, path in
            _ = PodspecReader.read(bytes, path: path, files: [])
        },
        Reader(name: "podfile", path: "Podfile", seeds: samples(["Podfile"]), dictionary: ruby) { bytes, path in
            _ = PodfileReader.read(bytes, path: path, rootName: "Root")
        },
        Reader(name: "pbxproj", path: "App.xcodeproj/project.pbxproj", seeds: samples(["project.pbxproj"]),
               dictionary: ["{", "}", "(", ")", "=", ";", ",", "\"", "/*", "*/", "//", "<", ">", "\\"]) { bytes, path in
            _ = XcodeProjectReader.read(bytes, path: path, tree: MemoryTree([:]), files: [path])
        },
        Reader(name: "package-swift", path: "Package.swift", seeds: samples(["Package.swift"]), dictionary: swift) { bytes, path in
            _ = SwiftPackageReader.read(bytes, path: path, files: ["Package.swift", "Sources/A/A.swift"])
        },
        Reader(name: "swift-source", path: "A.swift", seeds: samples(["Package.swift", "Project.swift"]), dictionary: swift) { bytes, _ in
            _ = FileScanner.scan(bytes)
        },
        Reader(name: "tuist", path: "Project.swift", seeds: samples(["Project.swift", "Workspace.swift"]), dictionary: swift) { bytes, path in
            var tree = MemoryTree(["Tuist/Config.swift": "import ProjectDescription\n"])
            tree.contents[path] = bytes
            _ = try? TuistProjectReader.read(path: path, tree: tree, files: try tree.files())
        },
        Reader(name: "strata-yml", path: "strata.yml", seeds: samples(["strata.yml"]),
               dictionary: ["- ", ": ", "\n  ", "[", "]", "{", "}", "&a ", "*a", "'", "\"", "|\n", ">\n", "!!str ", "? ", "#", "\t"]) { bytes, path in
            _ = try? Configuration.parse(String(decoding: bytes, as: UTF8.self), file: path)
        },
    ]

    @Test func manifestReadersNeitherCrashNorHang() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let seconds = environment["STRATA_FUZZ_SECONDS"].flatMap(Double.init), seconds > 0 else { return }
        let only = environment["STRATA_FUZZ_READER"]
        let folder = NSTemporaryDirectory() + "strata-fuzz"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SplitMix(seed: UInt64(environment["STRATA_FUZZ_SEED"] ?? "1") ?? 1)
        for reader in Self.readers where only == nil || only == reader.name {
            let seeds = reader.seeds
            #expect(!seeds.isEmpty, "\(reader.name) has no seed")
            guard !seeds.isEmpty else { continue }
            var inputs = 0, slow = 0
            var slowest: Duration = .zero
            let start = ContinuousClock.now
            LargeStack.run {
                while ContinuousClock.now - start < .seconds(seconds) {
                    let input = Self.mutate(seeds, dictionary: reader.dictionary, &generator)
                    _ = FileManager.default.createFile(atPath: "\(folder)/\(reader.name).current", contents: Data(input))
                    let began = ContinuousClock.now
                    reader.read(input, reader.path)
                    let took = ContinuousClock.now - began
                    slowest = max(slowest, took)
                    if took > .seconds(2) {
                        slow += 1
                        _ = FileManager.default.createFile(atPath: "\(folder)/\(reader.name).slow-\(slow)", contents: Data(input))
                    }
                    inputs += 1
                }
            }
            let line = "fuzz \(reader.name): \(inputs) inputs in \(Int(seconds)) s, slowest \(slowest), \(slow) slower than 2 s\n"
            FileHandle.standardError.write(Data(line.utf8))
            #expect(slow == 0, "\(reader.name): \(slow) inputs slower than 2 s, kept in \(folder)")
        }
    }

    /// `STRATA_FUZZ_REPLAY=reader:file` runs one input again and prints how long it took.
    @Test func replay() throws {
        guard let replay = ProcessInfo.processInfo.environment["STRATA_FUZZ_REPLAY"], let colon = replay.firstIndex(of: ":") else { return }
        let name = String(replay[..<colon]), file = String(replay[replay.index(after: colon)...])
        let reader = try #require(Self.readers.first { $0.name == name })
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let start = ContinuousClock.now
        LargeStack.run { reader.read(input, reader.path) }
        FileHandle.standardError.write(Data("replay \(name) \(file): \(ContinuousClock.now - start)\n".utf8))
    }

    /// One to eight mutations of a seed, or of two seeds spliced.
    static func mutate(_ seeds: [[UInt8]], dictionary: [String], _ generator: inout SplitMix) -> [UInt8] {
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
