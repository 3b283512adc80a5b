import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

@Suite struct PipelineTests {
    func makeRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Demo", targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
            ])
            """)
        try repo.write("Sources/Core/Core.swift", "public protocol Service {}\n")
        try repo.write("Sources/Feature/Feature.swift", "import Core\nimport Foundation\nstruct View {}\n")
        return repo
    }

    @Test func runningTwiceGivesByteIdenticalReports() throws {
        let repo = try makeRepository()
        let first = repo.path + "/out1", second = repo.path + "/out2"
        _ = try Pipeline.run(.init(path: repo.path, outputDirectory: first, cacheDirectory: nil))
        _ = try Pipeline.run(.init(path: repo.path, outputDirectory: second, cacheDirectory: repo.path + "/cache"))
        let data = try FileManager.default.contentsOfDirectory(atPath: first + "/data").sorted()
        #expect(data == ["modules-0.js"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: second + "/data").sorted() == data)
        for name in ["strata.json", "index.html", "graph.svg", "graph.dot", "report.js", "report.css"] + data.map({ "data/" + $0 }) {
            let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: second + "/" + name))
            #expect(a == b, "\(name) differs between runs")
            #expect(!a.isEmpty)
        }
    }

    @Test func aWarmRunParsesNothingAndGivesTheSameResult() throws {
        let repo = try makeRepository()
        let cache = repo.path + "/../" + URL(fileURLWithPath: repo.path).lastPathComponent + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let cold = try Pipeline.run(.init(path: repo.path, cacheDirectory: cache))
        let warm = try Pipeline.run(.init(path: repo.path, cacheDirectory: cache))
        #expect(cold.parsedFiles == 2)
        #expect(warm.parsedFiles == 0)
        #expect(warm.reusedFiles == 2)
        #expect(try JSONReporter.encode(cold.result) == JSONReporter.encode(warm.result))
        try repo.write("Sources/Feature/Feature.swift", "import Core\n")
        let changed = try Pipeline.run(.init(path: repo.path, cacheDirectory: cache))
        #expect(changed.parsedFiles == 1)
    }

    @Test func unreadableAndInvalidFilesAreWarningsAndTheRestGoesOn() throws {
        let repo = try makeRepository()
        try repo.write("Sources/Feature/Latin1.swift", Data([0x69, 0x6D, 0x70, 0x6F, 0x72, 0x74, 0x20, 0x43, 0x6F, 0x72, 0x65, 0x0A, 0xE9, 0xFF]))
        try repo.write("Sources/Core/Noise.swift", Data((0..<2048).map { _ in UInt8.random(in: 0...255) }))
        try repo.write("Sources/Core/Locked.swift", "import Foundation\n")
        chmod(repo.path + "/Sources/Core/Locked.swift", 0)
        defer { chmod(repo.path + "/Sources/Core/Locked.swift", 0o644) }
        let outcome = try Pipeline.run(.init(path: repo.path, outputDirectory: repo.path + "/out", cacheDirectory: nil))
        let warnings = outcome.result.warnings
        #expect(warnings.contains { $0.file == "Sources/Feature/Latin1.swift" && $0.message.contains("UTF-8") })
        #expect(warnings.contains { $0.file == "Sources/Core/Noise.swift" })
        if getuid() != 0 {  // root reads files whatever their mode
            #expect(warnings.contains { $0.file == "Sources/Core/Locked.swift" && $0.message.contains("cannot be read") })
        }
        #expect(outcome.result.namedEdges.contains { $0.from == "Feature" && $0.to == "Core" && $0.edge.imported })
        #expect(FileManager.default.fileExists(atPath: repo.path + "/out/index.html"))
    }

    @Test func cachedReportsFollowEveryChangeOfTheInputs() throws {
        let repo = try makeRepository()
        let cache = repo.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        func json(cached: Bool) throws -> Data {
            let output = repo.path + "/out"
            _ = try Pipeline.run(.init(path: repo.path, outputDirectory: output, cacheDirectory: cached ? cache : nil))
            return try Data(contentsOf: URL(fileURLWithPath: output + "/strata.json"))
        }
        _ = try json(cached: true)
        try repo.write("Sources/Feature/Feature.swift", "import Core\n")
        #expect(try json(cached: true) == json(cached: false))
        try repo.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"Demo\", targets: [.target(name: \"Core\")])\n")
        let afterManifest = try json(cached: true)
        #expect(afterManifest == (try json(cached: false)))
        #expect(!String(decoding: afterManifest, as: UTF8.self).contains("Feature"))
        try repo.write("Sources/Extra/Extra.swift", "")
        #expect(try json(cached: true) == json(cached: false))
    }

    /// The files of a report folder, by path relative to it.
    func reportFiles(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }

    func modified(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// A warm run reads the result back (no model assembled) and, when the folder holds the
    /// report of these inputs, writes nothing; a folder that does not hold it exactly is
    /// written whole, byte for byte what the first run wrote.
    @Test func aWarmRunReadsTheResultAndWritesOnlyAReportThatDiffers() throws {
        let repo = try makeRepository()
        // Outside the repository: a report inside it is one more input of the next run.
        let cache = repo.path + "-cache", output = repo.path + "-out", other = repo.path + "-other"
        defer { for folder in [cache, output, other] { try? FileManager.default.removeItem(atPath: folder) } }
        let run = { (folder: String) in try Pipeline.run(.init(path: repo.path, outputDirectory: folder, formats: [.html, .json, .md], cacheDirectory: cache)) }
        let cold = try run(output)
        #expect(cold.project != nil)
        let expected = try reportFiles(output)
        #expect(expected.keys.contains("data/modules-0.js") && expected.keys.contains("summary.md"))
        let stamps = try expected.keys.map { try modified(output + "/" + $0) }
        Thread.sleep(forTimeInterval: 0.01)

        let warm = try run(output)
        #expect(warm.project == nil)
        #expect(warm.messages.isEmpty)
        #expect(warm.written == cold.written)
        #expect(try JSONReporter.encode(warm.result) == JSONReporter.encode(cold.result))
        #expect(try expected.keys.map { try modified(output + "/" + $0) } == stamps)

        // A report file edited, one removed, a stale data script beside them: written again.
        try Data("edited".utf8).write(to: URL(fileURLWithPath: output + "/index.html"))
        try FileManager.default.removeItem(atPath: output + "/data/modules-0.js")
        try Data("stale".utf8).write(to: URL(fileURLWithPath: output + "/data/modules-9.js"))
        try Data("stale".utf8).write(to: URL(fileURLWithPath: output + "/data/module-9.js"))
        let repaired = try run(output)
        #expect(repaired.project == nil && repaired.messages.isEmpty)
        #expect(try reportFiles(output) == expected)
        // A new folder: rendered from the cached result, the same bytes.
        _ = try run(other)
        #expect(try reportFiles(other) == expected)
        // Other formats are another report.
        let json = try Pipeline.run(.init(path: repo.path, outputDirectory: output, formats: [.json], cacheDirectory: cache))
        #expect(json.written == [output + "/strata.json"])
    }

    /// A cached result or report record of other inputs (another build, an older format) is
    /// not used and says nothing; a damaged one is one note, and the run computes and writes
    /// everything again.
    @Test func aCacheOfOtherInputsMissesAndADamagedOneIsOneNote() throws {
        let repo = try makeRepository()
        let cache = repo.path + "-cache", out = repo.path + "-out"
        defer { for folder in [cache, out] { try? FileManager.default.removeItem(atPath: folder) } }
        let run = { (folder: String) in try Pipeline.run(.init(path: repo.path, outputDirectory: out + "/" + folder, cacheDirectory: cache)) }
        _ = try run("first")
        let expected = try reportFiles(out + "/first")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        let result = cache + "/" + (try #require(names.first { $0.hasSuffix("-result.json") }))
        let record = cache + "/" + (try #require(names.first { $0.hasSuffix("-report") }))
        let json = try #require(expected["strata.json"])

        // Sealed and intact, but of other inputs.
        try CacheFile.write(Data("0123456789abcdef\n".utf8) + json, to: result)
        try CacheFile.write(Array("strata-report 0\nold\n".utf8), to: record)
        let other = try run("first")
        #expect(other.project != nil)
        #expect(other.messages.isEmpty, "\(other.messages)")
        #expect(try reportFiles(out + "/first") == expected)
        #expect(try run("first").project == nil)
        // Of other inputs and in a format this build does not read (another build's): a miss,
        // never a note, though the file is read before the run's digest is known.
        try CacheFile.write(Data("0123456789abcdef\n{\"format\": 99}".utf8), to: result)
        let otherBuild = try run("first")
        #expect(otherBuild.project != nil)
        #expect(otherBuild.messages.isEmpty, "\(otherBuild.messages)")

        // Damaged: one note each, then recomputed and written back.
        for file in [result, record] {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            bytes[bytes.count / 2] ^= 0x20
            try bytes.write(to: URL(fileURLWithPath: file))
        }
        let damaged = try run("damaged")
        #expect(damaged.project != nil)
        #expect(damaged.messages.sorted() == [result, record].sorted().map { "note: \($0): cache entry damaged, recomputed" })
        #expect(try reportFiles(out + "/damaged") == expected)
        let again = try run("damaged")
        #expect(again.project == nil && again.messages.isEmpty)
    }

    @Test func aMissingPathIsAnInputError() {
        #expect(throws: Pipeline.InputError.self) {
            try Pipeline.run(.init(path: "/nonexistent/strata-\(UUID().uuidString)", cacheDirectory: nil))
        }
    }

    @Test func anInvalidConfigIsAnInputErrorWithItsLine() throws {
        let repo = try makeRepository()
        try repo.write("strata.yml", "exclude:\n  - ok\n  bad: [\n")
        do {
            _ = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil))
            Issue.record("expected an error")
        } catch let error as Pipeline.InputError {
            #expect(error.description.contains("strata.yml:"))
        }
        try repo.write("strata.yml", "exclude: Sources\n")
        #expect(throws: Pipeline.InputError.self) { try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)) }
        try repo.write("strata.yml", "exclude:\n  - Sources/Feature\n")
        let outcome = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil))
        #expect(outcome.result.modules.first { $0.module.name == "Feature" } == nil)
    }
}
