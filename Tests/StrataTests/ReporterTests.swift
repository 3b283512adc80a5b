import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// The reporters return files and the writer writes them: what lands in the output folder is
/// exactly what the registry's reporters return.
@Suite struct ReporterTests {
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
        try repo.write("Sources/Feature/Feature.swift", "import Core\nstruct View {}\n")
        return repo
    }

    @Test func everyFormatWritesWhatItsReporterReturnsAndNothingElse() throws {
        let repo = try makeRepository()
        let result = try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil)).result
        let output = repo.path + "/out"
        var expected: [String: Data] = [:]
        let document = PreparedReport.prepare(result, for: OutputFormat.allCases)
        for format in OutputFormat.allCases {
            let files = try format.reporter.files(for: document)
            #expect(!files.isEmpty, "\(format) returns no file")
            for file in files {
                #expect(expected[file.path] == nil, "two formats return \(file.path)")
                #expect(!file.path.hasPrefix("/") && !file.path.split(separator: "/").contains(".."))
                expected[file.path] = file.bytes
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output), "rendering touched the disk")
        let written = try Pipeline.write(document, formats: OutputFormat.allCases, to: output)
        #expect(Set(written) == Set(expected.keys.map { output + "/" + $0 }))
        for (path, bytes) in expected {
            #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/" + path)) == bytes, "\(path) is not what its reporter returned")
        }
        #expect(expected["graph.graphml"] != nil && expected["strata.json"] != nil && expected["data/modules-0.js"] != nil)
    }

    @Test func aModuleScriptOfAnEarlierRunGoesAndTheUsersFilesStay() throws {
        let repo = try makeRepository()
        let output = repo.path + "/out"
        _ = try Pipeline.run(.init(path: repo.path, outputDirectory: output, formats: [.html], cacheDirectory: nil))
        // module-7.js: a module's script as reports before modulesPerScript named it.
        for name in ["modules-7.js", "module-7.js", "findings-3.js", "notes.txt", "module-7.json"] { try repo.write("out/data/" + name, "x\n") }
        _ = try Pipeline.run(.init(path: repo.path, outputDirectory: output, formats: [.html], cacheDirectory: nil))
        let data = try FileManager.default.contentsOfDirectory(atPath: output + "/data").sorted()
        #expect(data == ["module-7.json", "modules-0.js", "notes.txt"])
    }

    @Test func aFileInTheWayOfTheDataFolderIsNamedAndTheOtherFormatsAreWritten() throws {
        let repo = try makeRepository()
        let output = repo.path + "/out"
        try repo.write("out/data", "in the way\n")
        #expect {
            try Pipeline.run(.init(path: repo.path, outputDirectory: output, formats: [.html, .json], cacheDirectory: nil))
        } throws: { "\($0)" == "\(output)/data: cannot write: a file is in the way of the folder" }
        #expect(FileManager.default.fileExists(atPath: output + "/strata.json"))
        #expect(!FileManager.default.fileExists(atPath: output + "/index.html"))
    }
}
