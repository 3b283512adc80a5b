import Foundation
import StrataModel
import StrataPipeline
import Testing

/// `strata fix unused-imports`: the unused imports go, nothing else changes.
@Suite struct FixCommandTests {
    static let binary = builtProduct("strata")

    /// A package whose App imports Core (used), Tools (unused, CRLF line endings in one file)
    /// and Foundation (unknown: never removed).
    static func makeRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Fixable", targets: [
                .target(name: "Core"), .target(name: "Tools"), .target(name: "App", dependencies: ["Core", "Tools"]),
            ])
            """)
        try repo.write("Sources/Core/Core.swift", "public struct Model { public init() {} }\n")
        try repo.write("Sources/Tools/Tools.swift", "public func format(_ value: Int) -> String { \"\\(value)\" }\n")
        try repo.write("Sources/App/App.swift", "import Foundation\nimport Core\n@testable import Tools // logging\n\nlet model = Model()\n")
        try repo.write("Sources/App/Other.swift", "import Tools\r\nimport Core\r\n\r\nlet other = Model()\r\n")
        try repo.write("Sources/App/Used.swift", "import Tools\nlet text = format(1)\n")
        return repo
    }

    func git(_ arguments: [String], in path: String) throws {
        let result = try run("/usr/bin/git", ["-C", path] + arguments)
        #expect(result.status == 0, "git \(arguments): \(result.errors)")
    }

    @Test func removesOnlyTheUnusedImportLines() throws {
        let repo = try Self.makeRepository()
        let imports = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result.imports?.imports ?? []
        let edits = try UnusedImportFix.edits(imports) { Array(try Data(contentsOf: URL(fileURLWithPath: repo.path + "/" + $0))) }
        #expect(edits.map(\.path) == ["Sources/App/App.swift", "Sources/App/Other.swift"])
        #expect(String(decoding: edits[0].after, as: UTF8.self) == "import Foundation\nimport Core\n\nlet model = Model()\n")
        // Byte-identical apart from the removed line: the CRLF endings stay.
        #expect(edits[1].after == Array("import Core\r\n\r\nlet other = Model()\r\n".utf8))
        let diff = UnusedImportFix.unifiedDiff(edits)
        #expect(diff.hasPrefix("""
            --- a/Sources/App/App.swift
            +++ b/Sources/App/App.swift
            @@ -1,5 +1,4 @@
             import Foundation
             import Core
            -@testable import Tools // logging
             \("")
             let model = Model()

            """))
    }

    @Test(.enabled(if: binary != nil)) func theCommandRefusesADirtyTreeAndWritesACleanOne() throws {
        let repo = try Self.makeRepository()
        let path = repo.path
        try git(["init", "-q", "-b", "main"], in: path)
        try git(["add", "-A"], in: path)
        try git(["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "base"], in: path)
        // --dry-run: a patch git applies, and nothing written.
        let dry = try run(Self.binary!, ["fix", "unused-imports", path, "--dry-run", "--no-cache"])
        #expect(dry.status == 0, "\(dry.errors)")
        try repo.write("fix.patch", dry.output)
        let check = try run("/usr/bin/git", ["-C", path, "apply", "--check", "fix.patch"])
        #expect(check.status == 0, "\(check.errors)\n\(dry.output)")
        try FileManager.default.removeItem(atPath: path + "/fix.patch")
        // A change not committed: refused, exit 2, nothing written.
        try repo.write("Sources/App/Used.swift", "import Tools\nlet text = format(2)\n")
        let refused = try run(Self.binary!, ["fix", "unused-imports", path, "--no-cache"])
        #expect(refused.status == 2 && refused.errors.contains("uncommitted change"), "\(refused.errors)")
        #expect(try String(contentsOfFile: path + "/Sources/App/App.swift", encoding: .utf8).contains("import Tools"))
        // Committed: written; the same as --dry-run showed.
        try git(["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-a", "-m", "edit"], in: path)
        let fixed = try run(Self.binary!, ["fix", "unused-imports", path, "--no-cache"])
        #expect(fixed.status == 0 && fixed.output == "removed 2 unused imports in 2 files\n", "\(fixed.output)\(fixed.errors)")
        #expect(try String(contentsOfFile: path + "/Sources/App/App.swift", encoding: .utf8) == "import Foundation\nimport Core\n\nlet model = Model()\n")
        // A second run finds nothing left.
        let again = try run(Self.binary!, ["fix", "unused-imports", path, "--no-cache"])
        #expect(again.status == 0 && again.output == "removed 0 unused imports in 0 files\n")
    }
}
