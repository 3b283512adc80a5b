import StrataAnalysis
import StrataModel
import StrataScan
import Testing

@Suite struct AccessControlTests {
    /// A project of modules given as Swift source, one file each (`<Name>/File.swift`), scanned
    /// by the real scanner so the facts are what a repository would give.
    func project(_ modules: [(name: String, kind: ModuleKind, source: String)]) -> Project {
        var assembled: [AssembledModule] = []
        var sources: [ModuleID: [SourceFile]] = [:]
        for module in modules {
            let facts = FileScanner.scan(Array(module.source.utf8))
            assembled.append(AssembledModule(
                name: module.name, kind: module.kind, package: "P", path: module.name, manifest: nil, files: 1,
                lines: facts.lines, dependencies: [], imports: [], declarations: [:], access: [:]))
            sources[assembled.last!.id] = [SourceFile(path: "\(module.name)/File.swift", facts: facts)]
        }
        return Project(root: "P", packages: [], modules: assembled, edges: [], diagnostics: [], sources: sources)
    }

    func report(_ modules: [(name: String, kind: ModuleKind, source: String)]) -> AccessControlReport {
        AccessControl.analyze(project(modules))
    }

    func unused(_ report: AccessControlReport, in module: String) -> [String] {
        report.modules.first { $0.module == module }?.unusedPublic.map(\.qualifiedName) ?? []
    }

    @Test func publicDeclarationsNoOtherModuleNamesAreCandidatesWithTheirLine() {
        let result = report([
            ("Core", .library, """
                public struct Money {}
                public func format() {}
                public func parse() {}
                """),
            ("App", .app, "import Core\nlet m = Money()\nformat()\n"),
        ])
        let core = result.modules.first { $0.module == "Core" }
        #expect(core?.unusedPublic.map(\.name) == ["parse"])
        #expect(core?.unusedPublic.first?.evidence == Location(file: "Core/File.swift", line: 3))
        #expect(core?.unusedPublic.first?.kind == .func)
        #expect(result.unusedPublic == 1)
    }

    @Test func referencesFromTheModuleItselfDoNotCount() {
        let result = report([
            ("Core", .library, "public func helper() {}\nfunc caller() { helper() }\n"),
            ("App", .app, "import Core\n"),
        ])
        #expect(unused(result, in: "Core") == ["helper"])
    }

    @Test func referencesFromTestModulesCountAndTestModulesAreNotAnalyzed() {
        let result = report([
            ("Core", .library, "public func onlyTested() {}\n"),
            ("CoreTests", .test, "import Core\npublic func testHelper() { onlyTested() }\n"),
        ])
        #expect(unused(result, in: "Core").isEmpty)
        #expect(result.modules.map(\.module) == ["Core"])
    }

    @Test func objcEntryPointsAndOverridesAreNeverCandidates() {
        let result = report([
            ("Core", .library, """
                @objc public class Bridge: NSObject {}
                @main public struct Tool { public static func run() {} }
                public class Base { public func draw() {} }
                public class Shape: Base { public override func draw() {} }
                public extension String { func shout() {} }
                public func == (a: Base, b: Base) -> Bool { true }
                """),
            ("App", .app, "let b: Base\n"),
        ])
        // `Tool.run` is a member of an entry point type with no inheritance clause: still a
        // candidate; the type itself and the operator are not, nor is `Shape.draw`.
        #expect(unused(result, in: "Core") == ["Tool.run", "Base.draw", "Shape", "String.shout"])
    }

    @Test func membersThatMayWitnessAProtocolRequirementAreSkipped() {
        let result = report([
            ("Core", .library, """
                public protocol Store { func load() }
                extension Store { public func load() {} }
                public struct Disk {
                    public func load() {}
                    public func save() {}
                    public var path: String { "" }
                }
                extension Disk: Equatable {}
                public struct Plain { public func save() {} }
                public struct Wrapper { public var wrappedValue: Int }
                """),
            ("App", .app, "import Core\nlet d = Disk()\nlet p = Plain()\nlet w = Wrapper()\n"),
        ])
        // Store.load is a requirement, its default and Disk.load share its name; Disk conforms
        // in an extension, so its other members may witness Equatable; wrappedValue is implicit.
        // The protocol itself is still a candidate.
        #expect(unused(result, in: "Core") == ["Store", "Plain.save"])
    }

    @Test func typesExposedByPublicInheritanceOrTypealiasesStayPublic() {
        let result = report([
            ("Core", .library, """
                public protocol Indexing {}
                public protocol Repository: Indexing {}
                public struct Raw {}
                public typealias Rows = [Raw]
                protocol Hidden {}
                public struct Shown {}
                struct Internal: Shown {}
                """),
            ("App", .app, "import Core\n"),
        ])
        // Indexing and Raw must stay public; an internal type inheriting Shown exposes nothing.
        #expect(unused(result, in: "Core") == ["Repository", "Rows", "Shown"])
    }

    @Test func openClassesNotSubclassedInAnotherModuleAreFlagged() {
        let result = report([
            ("UIKitten", .library, """
                open class Cell {}
                open class Screen {}
                open class Lonely {}
                public final class Sealed {}
                class Local: Lonely {}
                """),
            ("Feature", .library, "import UIKitten\nclass ProfileCell: UIKitten.Cell {}\nlet s = Screen()\nlet l = Lonely()\n"),
            ("FeatureTests", .test, "import UIKitten\nclass FakeScreen: Screen {}\n"),
        ])
        let kitten = result.modules.first { $0.module == "UIKitten" }
        #expect(kitten?.openNotSubclassed.map(\.name) == ["Lonely"])
        #expect(kitten?.openNotSubclassed.first?.evidence == Location(file: "UIKitten/File.swift", line: 3))
        #expect(result.openNotSubclassed == 1)
    }

    @Test func declarationsAreCountedByAccessLevelWithoutExtensions() {
        let result = report([
            ("Core", .library, """
                open class A { open func f() {} }
                public struct B { public var x = 1; var y = 2; private var z = 3 }
                package func p() {}
                fileprivate func q() {}
                extension B { func r() {} }
                """),
        ])
        let core = result.modules.first { $0.module == "Core" }
        #expect(core?.byLevel == ["open": 2, "public": 2, "package": 1, "internal": 2, "fileprivate": 1, "private": 1])
        #expect(core?.publicSurface == 4)
        #expect(result.publicDeclarations == 4)
    }

    @Test func findingsAreOffUnlessStrataYmlNamesTheRules() {
        let project = project([("Core", .library, "open class Unused {}\n"), ("App", .app, "import Core\n")])
        let ids: Set<RuleID> = [.unusedPublic, .openNotSubclassed]
        let quiet = Analyzer.analyze(project)
        #expect(quiet.findings.filter { ids.contains($0.rule) }.isEmpty)
        #expect(quiet.summary.unusedPublic == 1)
        #expect(quiet.summary.openNotSubclassed == 1)
        let rules = ArchitectureRules(severities: [.unusedPublic: .warn, .openNotSubclassed: .info])
        let findings = Analyzer.analyze(project, rules: rules).findings.filter { ids.contains($0.rule) }
        #expect(findings.map(\.rule) == [.unusedPublic, .openNotSubclassed])
        #expect(findings.first?.evidence == [Location(file: "Core/File.swift", line: 1)])
        #expect(findings.first?.dependency == "Unused")
    }
}
