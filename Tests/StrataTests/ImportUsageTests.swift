import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Imports graded from the symbol index, on a package of traps (`Tests/Fixtures/Imports/Traps`,
/// its `expected.txt`): names only in comments and strings, members added by extensions,
/// operators, a retroactive conformance, a re-export, an inactive `#if`, access-level and
/// attributed imports, scoped imports, a macro, a property wrapper, a result builder, and the
/// same member in two modules.
@Suite struct ImportUsageTests {
    static let traps = repositoryRoot + "/Tests/Fixtures/Imports/Traps"

    /// Traps, and Reach: members by what reaches them (a property's type, a function's result, a
    /// superclass, an enum case a parameter takes), lookalike members of the file's own and
    /// another module's types, conformances of standard types to the module's own protocol, and
    /// a conformance a generic call needs unnamed (`Tests/Imports/test_grades_compile.py` builds
    /// Reach with each import removed).
    @Test(arguments: ["Traps", "Reach"])
    func everyTrapIsGradedAsTheCompilerWouldNeedIt(fixture: String) throws {
        let root = repositoryRoot + "/Tests/Fixtures/Imports/" + fixture
        let result = try Pipeline.run(.init(path: root, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        let text = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let expected = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.sorted()
        let found = report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" }.sorted()
        #expect(found == expected)
        let counts = try #require(lines.first { $0.hasPrefix("# counts: ") }).dropFirst("# counts: ".count)
        let wanted = Dictionary(uniqueKeysWithValues: counts.split(separator: ",").map { entry in
            let parts = entry.split(separator: " ")
            return (String(parts[0]), Int(parts[1])!)
        })
        #expect(report.counts == wanted)
        if fixture == "Traps" {
            // A module imported twice: the second import says so.
            let twice = try #require(report.imports.first { $0.evidence.description == "Sources/App/Redundant.swift:4" })
            #expect(twice.explanation.hasSuffix("from Operators, which its other import of Operators gives too"))
        }
    }

    /// Imports of external modules checked out beside the package (`.build/checkouts`,
    /// `SourcePackages/checkouts`, `Pods`) are graded from their sources; one that is not
    /// checked out stays `unknown`.
    @Test func importsOfCheckedOutDependenciesAreGraded() throws {
        let copy = try TemporaryDirectory()
        let root = copy.path + "/Checkouts"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/Imports/Checkouts", toPath: root)
        try FileManager.default.createDirectory(atPath: root + "/.build", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/checkouts", toPath: root + "/.build/checkouts")
        let run = { try Pipeline.run(.init(path: root, outputDirectory: copy.path + "/out", formats: [.json], cacheDirectory: copy.path + "/cache")) }
        let first = try run()
        let result = first.result
        #expect(result.modules.map(\.module.name) == ["App"])
        let report = try #require(result.imports)
        let text = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" }.sorted()
            == lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.sorted())
        #expect(report.counts == ["used": 3, "unused": 3, "unknown": 3])
        let idle = try #require(report.imports.first { $0.imported == "XcodeKit" })
        #expect(idle.explanation == "uses nothing from XcodeKit (it declares XcodeWindow 1 name)")
        // The kept result holds the checked-out files: unchanged, it is read back; a checkout
        // edited, the repository is analyzed again.
        #expect(try run().project == nil)
        try "public struct Frame { public init() {} }\npublic struct Size {}\n".write(
            toFile: root + "/.build/checkouts/remote-kit/Sources/RemoteCore/Frame.swift", atomically: true, encoding: .utf8)
        #expect(try run().project != nil)
    }

    @Test func anUnusedImportIsAWarningAndAProbablyUnusedOneANoteWithWhatWasLookedFor() throws {
        let result = try Pipeline.run(.init(path: Self.traps, cacheDirectory: nil)).result
        let findings = result.findings.filter { $0.rule == .unusedImport }
        let comments = try #require(findings.first { $0.evidence.first?.file == "Sources/App/CommentsAndStrings.swift" })
        #expect(comments.severity == .warn)
        #expect(comments.message == "Sources/App/CommentsAndStrings.swift uses nothing from Names (it declares Other, Pair, Token, … 4 names)")
        let alpha = try #require(findings.first { $0.dependency == "Alpha" })
        #expect(alpha.severity == .info && alpha.message.contains("uses only members of Alpha (tidy)"))
        // Per site: the file is part of what identifies it, never the line.
        #expect(comments.fingerprint.hasSuffix("|Sources/App/CommentsAndStrings.swift"))
    }

    /// An import used only for members its module alone declares is used, with or without
    /// MemberImportVisibility, even where another import (another file's, or through a public
    /// import of another module) loads the module anyway: removing that other import later, or
    /// turning the feature on, would break the file.
    @Test func anImportUsedOnlyForMembersOfItsModuleStays() throws {
        let result = try Pipeline.run(.init(path: Self.traps, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        for file in ["Sources/App/AnchoredElsewhere.swift", "Sources/App/LoadedThroughOuter.swift", "Sources/Guarded/ThroughSealed.swift"] {
            #expect(!report.imports.contains { $0.evidence.file == file && $0.imported == "Inner" }, "\(file)")
        }
        #expect(result.modules.first { $0.module.name == "Strict" }?.module.features == ["MemberImportVisibility"])
        #expect(!report.imports.contains { $0.module == "Strict" })
        #expect(!result.findings.contains { $0.message.contains("without the import") || $0.message.contains("loads Inner") })
    }

    /// A pod of Swift and Objective-C: a file naming only a class its header declares, a
    /// typedef or a function uses the pod, as one naming its Swift type does (its headers are
    /// read, `public_header_files` else `source_files`); one of a pure Swift pod naming nothing
    /// stays `unused`. A pod whose headers are not found (its `public_header_files` match none)
    /// is at most `probably-unused` for a file naming nothing of its Swift declarations.
    @Test(arguments: [
        ("let object = KVObject()", "type KVObject"), ("func take(_ error: KVError) {}", "type KVError"),
        ("let sum = kv_add(1, 2)", "func kv_add"),
    ])
    func anImportOfAModuleWithObjectiveCHeadersIsGradedByWhatTheyDeclare(use: String, symbol: String) throws {
        let repo = try TemporaryDirectory()
        try repo.write("Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Classes/**/*.{h,m,swift}'\nend\n")
        try repo.write("Kit/Classes/KitHelper.swift", "public struct KitHelper { public init() {} }\n")
        try repo.write("Kit/Classes/KVObject.h", "@interface KVObject : NSObject\n@end\ntypedef NS_ENUM(NSInteger, KVError) { KVErrorNone };\nint kv_add(int a, int b);\n")
        try repo.write("Kit/Classes/KVObject.m", "#import \"KVObject.h\"\n@implementation KVObject\n@end\n")
        try repo.write("Hidden/Hidden.podspec", "Pod::Spec.new do |s|\n  s.name = 'Hidden'\n  s.source_files = 'Classes/**/*.{h,m,swift}'\n  s.public_header_files = 'Public/*.h'\nend\n")
        try repo.write("Hidden/Classes/HiddenHelper.swift", "public struct HiddenHelper { public init() {} }\n")
        try repo.write("Hidden/Classes/HDObject.h", "@interface HDObject : NSObject\n@end\n")
        try repo.write("Hidden/Classes/HDObject.m", "#import \"HDObject.h\"\n@implementation HDObject\n@end\n")
        try repo.write("Plain/Plain.podspec", "Pod::Spec.new do |s|\n  s.name = 'Plain'\n  s.source_files = 'Classes/**/*.swift'\nend\n")
        try repo.write("Plain/Classes/Plain.swift", "public struct Plain { public init() {} }\n")
        try repo.write("App/App.podspec", "Pod::Spec.new do |s|\n  s.name = 'App'\n  s.source_files = 'Classes/**/*.swift'\n  s.dependency 'Kit'\n  s.dependency 'Plain'\n  s.dependency 'Hidden'\nend\n")
        try repo.write("App/Classes/Uses.swift", "import Kit\nimport Plain\nimport Hidden\n\(use)\n")
        try repo.write("App/Classes/Helper.swift", "import Kit\nlet helper = KitHelper()\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        #expect(result.modules.first { $0.module.name == "Kit" }?.module.clangSources == true)
        #expect(result.modules.first { $0.module.name == "Kit" }?.module.headers?.names == 4)
        #expect(result.modules.first { $0.module.name == "Hidden" }?.module.headers == nil)
        #expect(result.modules.first { $0.module.name == "Plain" }?.module.clangSources == nil)
        let report = try #require(result.imports)
        #expect(!report.imports.contains { $0.imported == "Kit" })
        #expect(result.namedEdges.first { $0.from == "App" && $0.to == "Kit" }?.edge.symbols?.map { "\($0.kind) \($0.name)" }.contains(symbol) == true)
        let hidden = try #require(report.imports.first { $0.imported == "Hidden" })
        #expect(hidden.grade == .probablyUnused && hidden.clangHeaders == true && hidden.headersNote == nil)
        #expect(hidden.explanation.contains("whose public headers were not found"))
        #expect(report.imports.first { $0.imported == "Plain" }?.grade == .unused)
        #expect(!result.findings.contains { $0.rule == .unusedImport && $0.severity == .warn && ($0.dependency == "Kit" || $0.dependency == "Hidden") })
    }

    @Test func eachEdgeNamesTheSymbolsBehindIt() throws {
        let result = try Pipeline.run(.init(path: Self.traps, cacheDirectory: nil)).result
        func symbols(_ from: String, _ to: String) -> [String] {
            (result.namedEdges.first { $0.from == from && $0.to == to }?.edge.symbols ?? []).map { "\($0.kind) \($0.name) \($0.count) \($0.evidence)" }
        }
        #expect(symbols("App", "Operators") == ["operator <~> 2 Sources/App/OperatorUse.swift:3"])
        #expect(symbols("App", "Retro") == ["conformance Int 1 Sources/App/Retroactive.swift:4", "member id 1 Sources/App/Retroactive.swift:3"])
        #expect(symbols("App", "Names") == ["type Token 4 Sources/App/AccessLevels.swift:5"])
        #expect(symbols("App", "Macros") == ["macro stringify 1 Sources/App/Attributes.swift:14"])
    }
}
