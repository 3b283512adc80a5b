import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// `strata.json` schema 3: each path once in `files`, every location `[file, line]` into it;
/// results of schema 2 (locations as strings) still read.
@Suite struct ResultDocumentTests {
    func result() throws -> AnalysisResult {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Demo", targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
            ])
            """)
        try repo.write("Sources/Core/Core.swift", "public protocol Service {}\npublic struct Unused {}\n")
        try repo.write("Sources/Feature/Feature.swift", "import Core\nimport Foundation\nstruct View: Service {}\n")
        return try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil)).result
    }

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The paths of a document's `files`, by index: `[directory, name]` into `directories`.
    func paths(_ document: [String: Any]) throws -> [String] {
        let directories = try #require(document["directories"] as? [String])
        let files = try #require(document["files"] as? [[Any]])
        return try files.map { entry in
            let directory = try #require(entry.first as? Int), name = try #require(entry.last as? String)
            return directories[directory].isEmpty ? name : directories[directory] + "/" + name
        }
    }

    @Test func eachPathIsWrittenOnceAndEveryLocationIndexesIt() throws {
        let result = try result()
        let json = try JSONReporter.encode(result)
        let document = try object(json)
        let files = try paths(document)
        #expect(document["schemaVersion"] as? Int == 3)
        #expect(files.count == Set(files).count)
        let directories = try #require(document["directories"] as? [String])
        #expect(directories.count == 3 && Set(directories) == ["", "Sources/Core", "Sources/Feature"])
        #expect(Set(files) == ["Package.swift", "Sources/Core/Core.swift", "Sources/Feature/Feature.swift"])
        let modules = try #require(document["modules"] as? [[String: Any]])
        let feature = try #require(modules.first { $0["name"] as? String == "Feature" })
        let imports = try #require(feature["imports"] as? [[String: Any]])
        let site = try #require(imports.first { $0["module"] as? String == "Core" }?["evidence"] as? [Int])
        #expect(site.count == 2 && files[site[0]] == "Sources/Feature/Feature.swift" && site[1] == 1)
        #expect(!String(decoding: json, as: UTF8.self).contains("Feature.swift:"), "no location is written as a string")
        // Read back: the same result, the same bytes.
        let decoded = try JSONReporter.decode(json)
        #expect(try JSONReporter.encode(decoded) == json)
        #expect(decoded.modules.map(\.module.imports) == result.modules.map(\.module.imports))
    }

    @Test func aSchema2ResultReadsAsTheSameResult() throws {
        let result = try result()
        var old = result
        old.schemaVersion = 2
        // Schema 2 is the result encoded without a file table: locations as strings.
        let version2 = try ReportJSON.document(old)
        #expect(String(decoding: version2, as: UTF8.self).contains("\"Sources/Feature/Feature.swift:1\""))
        let decoded = try JSONReporter.decode(version2)
        #expect(decoded.schemaVersion == 2)
        #expect(try JSONReporter.encode(decoded) == JSONReporter.encode(result))
    }

    @Test func aLocationOutsideTheFileTableOrOfTheWrongShapeIsAnError() throws {
        let json = String(decoding: try JSONReporter.encode(try result()), as: UTF8.self)
        let files = try paths(try object(Data(json.utf8)))
        for (wrong, reason) in [("[\(files.count),1]", "is not in files"), ("\"Sources/Feature/Feature.swift:1\"", ""), ("[]", "")] {
            let damaged = json.replacingOccurrences(of: "\"evidence\":[\(files.firstIndex(of: "Sources/Feature/Feature.swift")!),1]", with: "\"evidence\":\(wrong)")
            #expect(damaged != json)
            #expect { try JSONReporter.decode(Data(damaged.utf8)) } throws: { error in
                reason.isEmpty || "\(error)".contains(reason)
            }
        }
    }
}
