import StrataAnalysis
import StrataConfiguration
import StrataModel
import Testing

/// A small in-memory project: per module its kind, declared dependencies, imports (a leading
/// `@testable ` or `@_exported ` becomes the attribute), and type declarations.
func ruleProject(_ spec: [(name: String, kind: ModuleKind, declares: [String], imports: [String], protocols: Int, types: Int)]) -> Project {
    madeUpProject(spec.map { ($0.name, $0.kind, $0.declares) }) { index in
        let entry = spec[index]
        var declarations = (0..<entry.protocols).map { DeclarationFact(kind: .protocol, name: "P\($0)", access: .public, line: 1) }
        declarations += (entry.protocols..<max(entry.protocols, entry.types)).map { DeclarationFact(kind: .struct, name: "S\($0)", access: .public, line: 1) }
        let imports = entry.imports.enumerated().map { offset, text in
            let parts = text.split(separator: " ").map(String.init)
            return ImportFact(module: parts.last!, line: offset + 1, attributes: Array(parts.dropLast()))
        }
        return FileFacts(lines: 10, imports: imports, declarations: declarations)
    }
}

func rules(_ yaml: String) throws -> ArchitectureRules {
    try Configuration.parse(yaml, file: "strata.yml").rules
}

extension Array where Element == Finding {
    /// `rule module->dependency severity`, compact for expectations.
    var brief: [String] { map { "\($0.rule) \($0.module)->\($0.dependency ?? "-") \($0.severity.rawValue)" } }
}

@Suite struct RuleConfigurationTests {
    func problem(_ text: String) -> Configuration.Invalid? {
        do throws(Configuration.Invalid) { _ = try Configuration.parse(text, file: "strata.yml") } catch { return error }
        return nil
    }

    @Test func readsLayersRulesAndSeveritiesNextToTheExistingKeys() throws {
        let configuration = try Configuration.parse("""
            exclude: [Samples/**]
            modules:
              - name: Core
                linkage: static
            layers:
              - name: core
                modules: ["*Core", Utilities]
              - name: domain
                modules: "*Domain"
                forbiddenImports: [UIKit, SwiftUI]
            rules:
              - forbidden: {from: domain, to: [core, Swinject]}
                severity: warn
                reason: the domain stands alone
              - allowed:
                  from: "*Feature"
                  to: "*Interface"
            severity:
              stable-dependencies: info
              unused-dependency: off
              cycle: warning
            """, file: "strata.yml")
        #expect(configuration.exclude == ["Samples/**"])
        #expect(configuration.modules.map(\.name) == ["Core"])
        let rules = configuration.rules
        #expect(rules.layers.map(\.name) == ["core", "domain"])
        #expect(rules.layers[0].modules == [ModulePattern("*Core"), ModulePattern("Utilities")])
        #expect(rules.layers[1].modules == [ModulePattern("*Domain")])
        #expect(rules.layers[1].forbiddenImports.map(\.text) == ["UIKit", "SwiftUI"])
        #expect(rules.layers[1].line == 8)
        #expect(rules.rules.map(\.kind) == [.forbidden, .allowed])
        #expect(rules.rules[0].to.map(\.text) == ["core", "Swinject"])
        #expect(rules.rules[0].severity == .warn)
        #expect(rules.rules[0].reason == "the domain stands alone")
        #expect(rules.rules[0].line == 12)
        #expect(rules.rules[1].severity == nil)
        #expect(rules.severity(of: .stableDependencies) == .info)
        #expect(rules.severity(of: .unusedDependency) == nil)
        #expect(rules.severity(of: .cycle) == .warn)
        #expect(rules.severity(of: .layerViolation) == .error)
        #expect(rules.layer(of: "AppCore")?.name == "core")
        #expect(rules.layer(of: "UserDomain")?.name == "domain")
        #expect(rules.layer(of: "Feature") == nil)
    }

    /// A module's layer is the first whose patterns match its name, whether it is listed by
    /// name (found through an index) or matched by a wildcard of an earlier layer; names are
    /// compared scalar by scalar, as module names are.
    @Test func aModulesLayerIsTheFirstThatMatchesIt() {
        func layer(_ name: String, _ patterns: [String]) -> ArchitectureRules.Layer {
            ArchitectureRules.Layer(name: name, modules: patterns.map(ModulePattern.init))
        }
        var rules = ArchitectureRules(layers: [
            layer("base", ["Core", "Net*"]), layer("mid", ["Network", "Cart", "Core"]), layer("top", ["Cart", "*"]),
        ])
        #expect(rules.layer(of: "Core")?.name == "base")
        #expect(rules.layer(of: "Network")?.name == "base")  // `Net*` comes first
        #expect(rules.layer(of: "Cart")?.name == "mid")
        #expect(rules.layer(of: "Anything")?.name == "top")
        // "é" composed and decomposed are equal Strings but different module names.
        rules = ArchitectureRules(layers: [layer("composed", ["Caf\u{E9}"]), layer("decomposed", ["Cafe\u{301}"])])
        #expect(rules.layer(of: "Cafe\u{301}")?.name == "decomposed")
        #expect(rules.layer(of: "Caf\u{E9}")?.name == "composed")
        #expect(rules.layer(of: "Cafe") == nil)
        // Layers changed after the rules were made are looked up as they are now.
        rules.layers.insert(layer("first", ["Cart"]), at: 0)
        #expect(rules.layer(of: "Cart")?.name == "first")
        #expect(rules.layer(of: "Caf\u{E9}")?.name == "composed")
        rules.layers.removeAll { $0.name == "composed" }
        #expect(rules.layer(of: "Caf\u{E9}") == nil)
    }

    @Test func invalidRulesAreErrorsWithLineAndColumn() {
        let unknownLayerKey = problem("layers:\n  - name: core\n    module: [Core]\n")
        #expect(unknownLayerKey?.line == 3)
        #expect(unknownLayerKey?.column == 5)
        #expect(unknownLayerKey?.reason.contains("unknown layer setting 'module'") == true)

        let badSeverity = problem("rules:\n  - forbidden: {from: A, to: B}\n    severity: fatal\n")
        #expect(badSeverity?.line == 3)
        #expect(badSeverity?.column == 15)
        #expect(badSeverity?.reason.contains("severity 'fatal' is not one of error, warn, info, off") == true)

        let unknownRule = problem("severity:\n  layer-violations: warn\n")
        #expect(unknownRule?.line == 2)
        #expect(unknownRule?.column == 3)
        #expect(unknownRule?.reason.contains("unknown rule id 'layer-violations'") == true)

        #expect(problem("rules:\n  - forbidden: {from: A}\n")?.reason.contains("needs both 'from' and 'to'") == true)
        #expect(problem("rules:\n  - forbidden: {from: A, to: B}\n    allowed: {from: A, to: B}\n")?.line == 2)
        #expect(problem("rules:\n  - forbidden: {from: A, too: B}\n")?.reason.contains("unknown forbidden setting 'too'") == true)
        #expect(problem("layers:\n  - name: core\n")?.reason.contains("needs 'modules'") == true)
        #expect(problem("layers:\n  - name: a\n    modules: [A]\n  - name: a\n    modules: [B]\n")?.line == 4)
        #expect(problem("layers: core\n")?.line == 1)
        #expect(problem("layerz: []\n")?.reason.contains("unknown setting 'layerz'") == true)
    }

    @Test func globsMatchWholeModuleNames() {
        #expect(ModulePattern("*Domain").matches("PetpionDomain"))
        #expect(ModulePattern("*Domain").matches("Domain"))
        #expect(!ModulePattern("*Domain").matches("DomainTests"))
        #expect(ModulePattern("Feature?").matches("FeatureA"))
        #expect(!ModulePattern("Feature?").matches("Feature"))
        #expect(ModulePattern("*Data*").matches("LocalDataCore"))
        #expect(ModulePattern("Core").matches("Core"))
        #expect(!ModulePattern("Core").matches("core"))
    }
}

@Suite struct RuleTests {
    let layered = """
        layers:
          - name: core
            modules: ["*Core"]
          - name: domain
            modules: ["*Domain"]
            forbiddenImports: [UIKit, Swinject]
          - name: presentation
            modules: ["*UI"]
        """

    @Test func aLowerLayerDependingOnAHigherOneIsALayerViolation() throws {
        let project = ruleProject([
            ("AppCore", .library, [], [], 0, 1),
            ("AppDomain", .library, ["AppCore", "AppUI"], ["AppCore", "AppUI"], 0, 1),
            ("AppUI", .library, ["AppDomain"], ["AppDomain"], 0, 1),
            ("AppDomainTests", .test, ["AppDomain", "AppUI"], ["AppUI"], 0, 1),
        ])
        let findings = ruleFindings(.layerViolation, project: project, rules: try rules(layered))
        #expect(findings.brief == ["layer-violation AppDomain->AppUI error"])
        #expect(findings[0].evidence == [Location(file: "Sources/AppDomain/File.swift", line: 2)])
        #expect(findings[0].message == "AppDomain (layer domain) imports AppUI (layer presentation), a higher layer")
    }

    @Test func aDeclaredOnlyEdgePointsAtTheManifestLine() throws {
        let project = ruleProject([
            ("AppCore", .library, ["AppDomain"], [], 0, 1),
            ("AppDomain", .library, [], [], 0, 1),
        ])
        let findings = ruleFindings(.layerViolation, project: project, rules: try rules(layered))
        #expect(findings.brief == ["layer-violation AppCore->AppDomain error"])
        #expect(findings[0].evidence == [Location(file: "Package.swift", line: 100)])
        #expect(findings[0].message.contains("declares a dependency on"))
    }

    @Test func anAllowedRuleWinsOverTheLayerOrderAndForbiddenRules() throws {
        let project = ruleProject([
            ("AppCore", .library, ["AppDomain"], ["AppDomain"], 0, 1),
            ("AppDomain", .library, [], [], 0, 1),
            ("AppUI", .library, [], ["AppCore"], 0, 1),
        ])
        let config = try rules(layered + """

            rules:
              - forbidden: {from: [presentation, domain], to: core}
              - allowed: {from: AppCore, to: domain}
            """)
        #expect(ruleFindings(.layerViolation, project: project, rules: config).isEmpty)
        let forbidden = ruleFindings(.forbiddenDependency, project: project, rules: config)
        #expect(forbidden.brief == ["forbidden-dependency AppUI->AppCore error"])
        #expect(forbidden[0].message == "AppUI depends on AppCore, forbidden by the rule on line 10 of strata.yml")
    }

    @Test func aForbiddenRuleAlsoCoversExternalImportsAndTakesItsOwnSeverity() throws {
        let project = ruleProject([
            ("Feature", .library, [], ["Alamofire", "Foundation", "Alamofire"], 0, 1),
            ("FeatureTests", .test, [], ["Alamofire"], 0, 1),
        ])
        let config = try rules("rules:\n  - forbidden: {from: \"Feature*\", to: Alamofire}\n    severity: warn\n    reason: use the Network module\n")
        let findings = ruleFindings(.forbiddenDependency, project: project, rules: config)
        #expect(findings.brief == ["forbidden-dependency Feature->Alamofire warn"])
        #expect(findings[0].evidence.map(\.line) == [1, 3])
        #expect(findings[0].message.hasSuffix(": use the Network module"))
    }

    @Test func aLayerForbidsImportsOfExternalAndInternalModules() throws {
        let project = ruleProject([
            ("AppDomain", .library, [], ["Foundation", "UIKit", "Swinject"], 0, 1),
            ("AppUI", .library, [], ["UIKit"], 0, 1),
            ("AppDomainTests", .test, [], ["UIKit"], 0, 1),
        ])
        let findings = ruleFindings(.forbiddenImport, project: project, rules: try rules(layered))
        #expect(findings.brief == ["forbidden-import AppDomain->Swinject error", "forbidden-import AppDomain->UIKit error"])
        #expect(findings[1].evidence == [Location(file: "Sources/AppDomain/File.swift", line: 2)])
        #expect(findings[1].message == "AppDomain (layer domain) imports UIKit, which layer domain forbids")
    }

    @Test func anEdgeToAMoreUnstableModuleBreaksStableDependencies() {
        let project = ruleProject([
            ("Base", .library, [], [], 0, 1),
            ("Middle", .library, [], ["Base", "Volatile"], 0, 1),
            ("Volatile", .library, [], ["Base"], 0, 1),
            ("Top", .library, [], ["Middle"], 0, 1),
        ])
        let result = Analyzer.analyze(project)
        let sdp = result.findings.filter { $0.rule == .stableDependencies }
        // Middle: Ce 2, Ca 1 -> 0.67; Volatile: Ce 1, Ca 1 -> 0.5; Top -> Middle: 1 -> 0.67 is fine.
        #expect(sdp.isEmpty)
        let flipped = ruleProject([
            ("Stable", .library, [], ["Volatile"], 0, 1),
            ("Volatile", .library, [], ["A", "B"], 0, 1),
            ("A", .library, [], [], 0, 1),
            ("B", .library, [], [], 0, 1),
            ("User1", .library, [], ["Stable"], 0, 1),
            ("User2", .library, [], ["Stable"], 0, 1),
        ])
        let findings = Analyzer.analyze(flipped).findings.filter { $0.rule == .stableDependencies }
        #expect(findings.brief == ["stable-dependencies Stable->Volatile warn"])
        #expect(findings[0].message == "Stable (I=0.33) depends on Volatile (I=0.67), which is less stable")
    }

    @Test func aStableConcreteModuleWithDependentsBreaksStableAbstractions() {
        let project = ruleProject([
            ("Models", .library, [], [], 0, 5),
            ("Contracts", .library, [], [], 4, 4),
            ("Lonely", .library, [], [], 0, 3),
            ("Feature", .library, [], ["Models", "Contracts"], 0, 1),
            ("Other", .library, [], ["Models"], 0, 1),
        ])
        let findings = Analyzer.analyze(project).findings.filter { $0.rule == .stableAbstractions }
        #expect(findings.brief == ["stable-abstractions Models->- info"])
        #expect(findings[0].evidence == [Location(file: "Package.swift", line: 1)])
        #expect(findings[0].message.hasPrefix("Models is stable and concrete (I=0.00, A=0.00, D=1.00) with 2 dependent modules"))
    }

    @Test func testableImportsOutsideTestModulesAreErrors() {
        let project = ruleProject([
            ("Core", .library, [], [], 0, 1),
            ("Feature", .library, ["Core"], ["@testable Core"], 0, 1),
            ("CoreTests", .test, ["Core"], ["@testable Core"], 0, 1),
        ])
        let findings = ruleFindings(.testableImport, project: project, rules: ArchitectureRules())
        #expect(findings.brief == ["testable-import Feature->Core error"])
        #expect(findings[0].evidence == [Location(file: "Sources/Feature/File.swift", line: 1)])
    }

    @Test func anExportedImportLeaksUnlessTheModuleIsAnUmbrellaOrItIsAnSDK() {
        let project = ruleProject([
            ("Core", .library, [], [], 0, 1),
            ("Feature", .library, ["Core"], ["@_exported Core", "@_exported Kingfisher", "@_exported Foundation"], 0, 1),
            ("Umbrella", .library, ["Core"], ["@_exported Core"], 0, 0),
        ])
        let findings = ruleFindings(.exportedImport, project: project, rules: ArchitectureRules())
        #expect(findings.brief == ["exported-import Feature->Core warn", "exported-import Feature->Kingfisher warn"])
    }

    @Test func aThirdPartyImportNeedsADeclaration() {
        var project = ruleProject([
            ("Core", .library, [], ["Swinject", "Foundation"], 0, 1),
            ("Domain", .library, ["Core"], ["Core", "Swinject"], 0, 1),
            ("Data", .library, [], ["GRDB", "Lottie"], 0, 1),
        ])
        project.modules[project.modules.firstIndex { $0.name == "Core" }!].dependencies = [
            DeclaredDependency(name: "Swinject", kind: .product, package: "Swinject", evidence: Location(file: "Package.swift", line: 3))
        ]
        project.modules[project.modules.firstIndex { $0.name == "Data" }!].dependencies = [
            DeclaredDependency(name: "GRDB.swift", kind: .pod, evidence: Location(file: "Podfile", line: 3)),
            DeclaredDependency(name: "Frameworks/Lottie.xcframework", kind: .binary, evidence: Location(file: "Project.swift", line: 9)),
        ]
        let findings = ruleFindings(.undeclaredImport, project: project, rules: ArchitectureRules())
        #expect(findings.brief == ["undeclared-import Domain->Swinject warn"])
        #expect(findings[0].evidence == [Location(file: "Sources/Domain/File.swift", line: 2)])
    }

    @Test func cyclesImplicitAndUnusedDependenciesAreFindingsWithDefaultSeverities() {
        let project = ruleProject([
            ("A", .library, ["B", "C"], ["B"], 0, 1),
            ("B", .library, [], ["A"], 0, 1),
            ("C", .library, [], [], 0, 1),
        ])
        // The made-up files import without naming anything: unused-import has its own tests.
        let findings = Analyzer.analyze(project).findings.filter { !$0.rule.rawValue.hasPrefix("stable") && $0.rule != .unusedImport }
        #expect(findings.brief == ["cycle A->A error", "unused-dependency A->C warn", "implicit-dependency B->A warn"])
        #expect(findings[0].message.hasPrefix("cycle between A, B"))
    }

    @Test func theSeverityMapChangesAndTurnsOffRules() throws {
        let project = ruleProject([
            ("A", .library, ["B", "C"], ["B"], 0, 1),
            ("B", .library, [], ["A"], 0, 1),
            ("C", .library, [], [], 0, 1),
        ])
        let config = try rules("severity:\n  cycle: warn\n  unused-dependency: off\n  implicit-dependency: info\n  stable-abstractions: off\n  stable-dependencies: off\n  unused-import: off\n")
        let result = Analyzer.analyze(project, rules: config)
        #expect(result.findings.brief == ["cycle A->A warn", "implicit-dependency B->A info"])
        #expect(result.summary.findings == FindingCounts(error: 0, warn: 1, info: 1))
    }

    @Test func findingsAreSortedWorstFirstAndCountedInTheSummary() throws {
        let project = ruleProject([
            ("AppCore", .library, [], ["AppDomain"], 0, 1),
            ("AppDomain", .library, ["AppCore"], ["AppCore", "UIKit"], 0, 1),
        ])
        let result = Analyzer.analyze(project, rules: try rules(layered + "\nseverity:\n  stable-abstractions: off\n  stable-dependencies: off\n"))
        #expect(result.findings.map(\.severity) == result.findings.map(\.severity).sorted())
        #expect(result.summary.findings.error == result.findings.count { $0.severity == .error })
        #expect(result.findings.brief.contains("layer-violation AppCore->AppDomain error"))
        #expect(result.findings.brief.contains("forbidden-import AppDomain->UIKit error"))
    }

    @Test func layersAreInferredFromNamesAndTheGraph() {
        let project = ruleProject([
            ("Entities", .library, [], [], 0, 1),
            ("UseCases", .library, [], ["Entities", "RepositoryProtocol"], 0, 1),
            ("RepositoryProtocol", .library, [], ["Entities"], 1, 1),
            ("Repositories", .library, [], ["RepositoryProtocol"], 0, 1),
            ("NetworkCore", .library, [], [], 0, 1),
            ("Home", .library, [], ["UseCases", "DesignSystem"], 0, 1),
            ("DesignSystem", .library, [], [], 0, 1),
            ("Widgets", .library, [], [], 0, 1),
            ("ShopApp", .library, [], ["Home"], 0, 1),
            ("HomeTests", .test, [], ["Home"], 0, 1),
        ])
        let inferred = LayerInference.infer(project)
        #expect(inferred.layers.map(\.name) == ["core", "domain", "data", "presentation", "app"])
        #expect(inferred.layers.map { $0.modules.map(\.text) } == [
            ["NetworkCore", "Widgets"], ["Entities", "RepositoryProtocol", "UseCases"], ["Repositories"],
            ["DesignSystem", "Home"], ["ShopApp"],
        ])
        #expect(inferred.layers[1].forbiddenImports.map(\.text) == ["AppKit", "SwiftUI", "UIKit"])
        #expect(Analyzer.analyze(project, rules: inferred).findings.filter { $0.rule == .layerViolation }.isEmpty)
    }

    @Test func interfaceModulesGetTheirOwnLayerWhenTheDomainDoesNotUseThem() {
        let project = ruleProject([
            ("Core", .library, [], [], 0, 1),
            ("ProfileInterface", .library, [], ["UIKit"], 1, 1),
            ("Profile", .library, [], ["Core", "ProfileInterface"], 0, 1),
        ])
        let inferred = LayerInference.infer(project)
        #expect(inferred.layers.map(\.name) == ["core", "interface"])
        #expect(inferred.layers[1].modules.map(\.text) == ["Profile", "ProfileInterface"])
        #expect(inferred.layers[1].forbiddenImports.isEmpty)
    }
}

/// One rule's findings, as the analysis runs it from the registry.
func ruleFindings(_ rule: RuleID, project: Project, rules: ArchitectureRules) -> [Finding] {
    Rules.findings(RuleContext(project: project, rules: rules)).filter { $0.rule == rule }
}
