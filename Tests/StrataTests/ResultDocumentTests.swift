import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// `strata.json` schema 3: each path once in `files`, every location `[file, line]` into it,
/// imports, access candidates and edge symbols as rows of `columns`; results of schema 2
/// (locations as strings, objects) still read.
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

    /// The paths of a document's `files`, by index: runs of `[directory, name, name, …]`, the
    /// directory an index into `directories`.
    func paths(_ document: [String: Any]) throws -> [String] {
        let directories = try #require(document["directories"] as? [String])
        let files = try #require(document["files"] as? [[Any]])
        return try files.flatMap { run in
            let directory = try #require(run.first as? Int), names = try #require(Array(run.dropFirst()) as? [String])
            #expect(!names.isEmpty)
            return names.map { directories[directory].isEmpty ? $0 : directories[directory] + "/" + $0 }
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
        let columns = try #require(document["columns"] as? [String: [String]])
        #expect(columns["import"]?.prefix(2) == ["module", "evidence"])
        // Rows: [module, evidence], the module an index into `importedModules` (each once), the
        // optional columns left out when absent.
        let importedModules = try #require(document["importedModules"] as? [String])
        #expect(importedModules.count == 2 && Set(importedModules) == ["Core", "Foundation"])
        let imports = try #require(feature["imports"] as? [[Any]])
        let row = try #require(imports.first { ($0.first as? Int).map { importedModules[$0] } == "Core" })
        let site = try #require(row.last as? [Int])
        #expect(row.count == 2 && site.count == 2 && files[site[0]] == "Sources/Feature/Feature.swift" && site[1] == 1)
        let text = String(decoding: json, as: UTF8.self)
        #expect(!text.contains("Feature.swift:"), "no location is written as a string")
        #expect(!text.contains("\"module\":\"Foundation\""), "no import is written as an object")
        // Read back: the same result, the same bytes.
        let decoded = try JSONReporter.decode(json)
        #expect(try JSONReporter.encode(decoded) == json)
        #expect(decoded.modules.map(\.module.imports) == result.modules.map(\.module.imports))
    }

    /// The files of one folder that come one after another are one run of `files`; a table with
    /// a run per file (earlier builds of schema 3) reads the same, a run without a name does not.
    @Test func aFoldersFilesAreOneRun() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n")
        for name in ["A", "B", "C"] { try repo.write("Sources/Core/\(name).swift", "import Foundation\n") }
        let json = try JSONReporter.encode(try Pipeline.run(.init(path: repo.path, formats: [], cacheDirectory: nil)).result)
        let document = try object(json)
        let runs = try #require(document["files"] as? [[Any]])
        let core = try #require((document["directories"] as? [String])?.firstIndex(of: "Sources/Core"))
        let run = try #require(runs.first { $0.first as? Int == core })
        #expect(Array(run.dropFirst()) as? [String] == ["A.swift", "B.swift", "C.swift"])
        let text = String(decoding: json, as: UTF8.self)
        let one = "[\(core),\"A.swift\",\"B.swift\",\"C.swift\"]"
        #expect(text.contains(one))
        let perFile = text.replacingOccurrences(of: one, with: "[\(core),\"A.swift\"],[\(core),\"B.swift\"],[\(core),\"C.swift\"]")
        #expect(try JSONReporter.encode(try JSONReporter.decode(Data(perFile.utf8))) == json)
        #expect(throws: (any Error).self) { try JSONReporter.decode(Data(text.replacingOccurrences(of: one, with: "[\(core)]").utf8)) }
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

    /// An import row's module, as the table index this Strata writes or as the name earlier
    /// builds of schema 3 wrote; an index outside the table is an error.
    @Test func anImportRowsModuleIsReadThroughTheTable() throws {
        let result = try result()
        let json = String(decoding: try JSONReporter.encode(result), as: UTF8.self)
        let document = try object(Data(json.utf8))
        let files = try paths(document), modules = try #require(document["importedModules"] as? [String])
        let site = "[\(try #require(files.firstIndex(of: "Sources/Feature/Feature.swift"))),1]"
        let row = "[\(try #require(modules.firstIndex(of: "Core"))),\(site)]"
        #expect(json.contains(row))
        let named = json.replacingOccurrences(of: row, with: "[\"Core\",\(site)]")
        #expect(named != json)
        #expect(try JSONReporter.encode(try JSONReporter.decode(Data(named.utf8))) == Data(json.utf8))
        let outside = json.replacingOccurrences(of: row, with: "[\(modules.count),\(site)]")
        #expect { try JSONReporter.decode(Data(outside.utf8)) } throws: { error in "\(error)".contains("is not in importedModules") }
    }

    /// An edge names its modules as the document's `modules` do (the result keys them by
    /// identity): read back to the same modules, in both schemas; a name no module has is an
    /// error naming it, not an edge to nowhere.
    @Test func anEdgesModulesAreTheResultsModulesByName() throws {
        let result = try result()
        let core = try #require(result.modules.first { $0.module.name == "Core" }?.module.id)
        let feature = try #require(result.modules.first { $0.module.name == "Feature" }?.module.id)
        #expect(result.edges.map { [$0.from, $0.to] } == [[feature, core]])
        let json = try JSONReporter.encode(result)
        var document = try object(json)
        let edges = try #require(document["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["from"]!)->\($0["to"]!)" } == ["Feature->Core"])
        #expect(try JSONReporter.decode(json).edges.map { [$0.from, $0.to] } == [[feature, core]])
        var old = result
        old.schemaVersion = 2
        #expect(try JSONReporter.decode(try ReportJSON.document(old)).edges.map { [$0.from, $0.to] } == [[feature, core]])
        var nowhere = edges
        nowhere[0]["to"] = "Gone"
        document["edges"] = nowhere
        let damaged = try JSONSerialization.data(withJSONObject: document)
        #expect { try JSONReporter.decode(damaged) } throws: { error in "\(error)".contains("'Gone' is not one of the result's modules") }
    }

    @Test func aLocationOutsideTheFileTableOrOfTheWrongShapeIsAnError() throws {
        let json = String(decoding: try JSONReporter.encode(try result()), as: UTF8.self)
        let document = try object(Data(json.utf8))
        let files = try paths(document), core = try #require((document["importedModules"] as? [String])?.firstIndex(of: "Core"))
        for (wrong, reason) in [("[\(files.count),1]", "is not in files"), ("\"Sources/Feature/Feature.swift:1\"", ""), ("[]", "")] {
            let damaged = json.replacingOccurrences(of: "[\(core),[\(files.firstIndex(of: "Sources/Feature/Feature.swift")!),1]]", with: "[\(core),\(wrong)]")
            #expect(damaged != json)
            #expect { try JSONReporter.decode(Data(damaged.utf8)) } throws: { error in
                reason.isEmpty || "\(error)".contains(reason)
            }
        }
    }

    /// A document whose rows have other columns than this Strata reads is refused; one with a
    /// column added at the end (a later Strata's) reads, the extra values left unread.
    @Test func rowsAreReadByTheDocumentsColumns() throws {
        let json = String(decoding: try JSONReporter.encode(try result()), as: UTF8.self)
        let known = "\"import\":[\"module\",\"evidence\","
        #expect(json.contains(known))
        let swapped = json.replacingOccurrences(of: known, with: "\"import\":[\"evidence\",\"module\",")
        #expect { try JSONReporter.decode(Data(swapped.utf8)) } throws: { error in "\(error)".contains("columns.import") }
        let document = try object(Data(json.utf8))
        let files = try paths(document), core = try #require((document["importedModules"] as? [String])?.firstIndex(of: "Core"))
        let site = "[\(core),[\(files.firstIndex(of: "Sources/Feature/Feature.swift")!),1]"
        let added = json.replacingOccurrences(of: "\"condition\"]", with: "\"condition\",\"later\"]")
            .replacingOccurrences(of: site + "]", with: site + ",null,null,null,null,null,\"a later column\"]")
        #expect(added.contains("a later column") && added.contains("\"later\"]"))
        #expect(try JSONReporter.encode(try JSONReporter.decode(Data(added.utf8))) == Data(json.utf8))
    }
}
