import Foundation
import StrataModel
import StrataPipeline
import StrataReport
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
        #expect(data == ["module-0.js", "module-1.js"])
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
        #expect(outcome.result.edges.contains { $0.from == "Feature" && $0.to == "Core" && $0.imported })
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
