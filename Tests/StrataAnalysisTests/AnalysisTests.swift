import StrataAnalysis
import StrataModel
import Testing

@Suite struct AnalysisTests {
    /// A project from module names, declared dependencies and imports, files made up.
    func project(_ spec: [(name: String, kind: ModuleKind, declares: [String], imports: [String], protocols: Int, types: Int)]) -> Project {
        madeUpProject(spec.map { ($0.name, $0.kind, $0.declares) }, declaredOn: { $0 + 1 }) { index in
            let entry = spec[index]
            var declarations = (0..<entry.protocols).map { DeclarationFact(kind: .protocol, name: "P\($0)", access: .public, line: 1) }
            declarations += (entry.protocols..<entry.types).map { DeclarationFact(kind: .struct, name: "S\($0)", access: .internal, line: 1) }
            return FileFacts(
                lines: 10, imports: entry.imports.enumerated().map { ImportFact(module: $1, line: $0 + 1) },
                declarations: declarations)
        }
    }

    @Test func appleSDKModulesOverlaysAndSubmodulesAreNotThirdParty() throws {
        let sdk = [
            "CallKit", "CommonCrypto", "AdAttributionKit", "AdServices", "Social", "SwiftUICore", "_Concurrency",
            "_MapKit_SwiftUI", "os.log", "FoundationModels", "CompositorServices", "TVUIKit", "ClockKit",
        ]
        let others = ["Alamofire", "SnapKit", "Swinject", "_Private_Thing", "CallKitHelpers", "Social_SDK"]
        let result = Analyzer.analyze(project([("App", .executable, [], sdk + others, 0, 1)]))
        let external = try #require(result.modules.first?.external)
        #expect(external.apple == sdk.sorted())
        #expect(external.thirdParty == others.sorted())
    }

    @Test func computesMartinMetrics() {
        let result = Analyzer.analyze(project([
            ("App", .executable, ["Domain", "Data"], ["Domain", "Data", "Foundation"], 0, 1),
            ("Data", .library, ["Domain"], ["Domain"], 0, 2),
            ("Domain", .library, [], ["Foundation"], 3, 4),
            ("DomainTests", .test, ["Domain"], ["Domain", "XCTest"], 0, 1),
        ]))
        let metrics = Dictionary(uniqueKeysWithValues: result.modules.map { ($0.module.name, $0.metrics) })
        #expect(metrics["App"]??.ce == 2)
        #expect(metrics["App"]??.ca == 0)
        #expect(metrics["App"]??.instability == 1)
        #expect(metrics["Data"]??.instability == 0.5)
        #expect(metrics["Domain"]??.ca == 2)  // the test module does not count
        #expect(metrics["Domain"]??.instability == 0)
        #expect(metrics["Domain"]??.abstractness == 0.75)
        #expect(metrics["Domain"]??.distance == 0.25)
        #expect(metrics["DomainTests"]! == nil)
        #expect(result.modules.first { $0.module.name == "DomainTests" }?.external.apple == ["XCTest"])
    }

    @Test func findsCyclesWithTheirImportSites() {
        let result = Analyzer.analyze(project([
            ("A", .library, ["B"], ["B"], 0, 0),
            ("B", .library, ["C"], ["C"], 0, 0),
            ("C", .library, [], ["A"], 0, 0),
            ("D", .library, ["A"], ["A"], 0, 0),
            ("E", .library, [], ["E"], 0, 0),
        ]))
        #expect(result.cycles.map(\.modules) == [["A", "B", "C"]])
        let names = result.moduleNames
        #expect(result.cycles[0].edges.map { "\(names[$0.from])->\(names[$0.to])" } == ["A->B", "B->C", "C->A"])
        #expect(result.cycles[0].edges[2].evidence == [Location(file: "Sources/C/File.swift", line: 1)])
    }

    @Test func findsImplicitAndUnusedDependencies() {
        let result = Analyzer.analyze(project([
            ("Feature", .library, ["Domain", "UI"], ["Domain", "Entities", "SwiftUI"], 0, 0),
            ("Domain", .library, ["Entities"], ["Entities"], 0, 0),
            ("Entities", .library, [], [], 0, 1),
            ("UI", .library, [], [], 0, 1),
        ]))
        #expect(result.implicitDependencies.map { "\($0.module)->\($0.dependency)" } == ["Feature->Entities"])
        #expect(result.implicitDependencies[0].evidence == [Location(file: "Sources/Feature/File.swift", line: 2)])
        #expect(result.unusedDependencies.map { "\($0.module)->\($0.dependency)" } == ["Feature->UI"])
        #expect(result.unusedDependencies[0].evidence == Location(file: "Package.swift", line: 1))
        let feature = result.modules.first { $0.module.name == "Feature" }!
        #expect(feature.external == ExternalImports(apple: ["SwiftUI"], thirdParty: []))
        #expect(result.summary.internalEdges == 3)
    }

    /// The project with its modules changed, and its graph built again from them.
    func changing(_ project: Project, _ change: (inout AssembledModule) -> Void) -> Project {
        var modules = project.modules
        for index in modules.indices { change(&modules[index]) }
        return Project(
            root: project.root, packages: project.packages, modules: modules, edges: project.edges,
            diagnostics: project.diagnostics, sources: project.sources)
    }

    /// The project with these modules' first import `@_exported`.
    func exporting(_ names: [String], in project: Project) -> Project {
        changing(project) { if names.contains($0.name) { $0.imports[0].attributes = ["@_exported"] } }
    }

    @Test func anExportedReExportCountsAsUse() {
        let plain = project([
            ("App", .library, ["Umbrella", "Core"], ["Umbrella"], 0, 0),
            ("Umbrella", .library, ["Core"], ["Core"], 0, 0),
            ("Core", .library, [], [], 0, 1),
        ])
        #expect(Analyzer.analyze(plain).unusedDependencies.map { "\($0.module)->\($0.dependency)" } == ["App->Core"])
        #expect(Analyzer.analyze(exporting(["Umbrella"], in: plain)).unusedDependencies.isEmpty)
    }

    @Test func reExportsAreFollowedOnAndOn() {
        let plain = project([
            ("App", .library, ["Umbrella", "Core"], ["Umbrella"], 0, 0),
            ("Umbrella", .library, ["Middle"], ["Middle"], 0, 0),
            ("Middle", .library, ["Core"], ["Core"], 0, 0),
            ("Core", .library, [], [], 0, 1),
        ])
        // Umbrella re-exports Middle only, which does not pass Core on.
        #expect(Analyzer.analyze(exporting(["Umbrella"], in: plain)).unusedDependencies.map { "\($0.module)->\($0.dependency)" } == ["App->Core"])
        // Middle re-exports Core too: importing Umbrella makes Core visible.
        #expect(Analyzer.analyze(exporting(["Umbrella", "Middle"], in: plain)).unusedDependencies.isEmpty)
    }

    @Test func embeddingAnExtensionOrHostingTestsIsNotAnUnusedDependency() {
        let project = changing(project([
            ("App", .app, ["Widget", "Feature"], [], 0, 0),
            ("Widget", .app, [], [], 0, 0),
            ("Feature", .library, [], [], 0, 1),
            ("AppTests", .test, ["App"], [], 0, 0),
        ])) { if $0.kind != .library { $0.linkage = Linkage(.executable, reason: "application") } }
        #expect(Analyzer.analyze(project).unusedDependencies.map { "\($0.module)->\($0.dependency)" } == ["App->Feature"])
        // Each dependency needed without an import says why.
        #expect(Analyzer.analyze(project).imports?.needed.map { "\($0.module)->\($0.dependency) \($0.reason.rawValue)" }
            == ["App->Widget embedded", "AppTests->App host-app"])
    }

    @Test func aMarkerModuleAResourceBundleAMacroAndAReExportAreNeededWithoutAnImport() {
        let plain = changing(project([
            ("App", .library, ["Umbrella", "Core", "Marker", "Assets", "Macros"], ["Umbrella"], 0, 0),
            ("Umbrella", .library, ["Core"], ["Core"], 0, 0),
            ("Core", .library, [], [], 0, 1),
            ("Marker", .library, [], [], 0, 0),
            ("Assets", .bundle, [], [], 0, 0),
            ("Macros", .macro, [], [], 0, 1),
        ])) { _ in }
        let result = Analyzer.analyze(exporting(["Umbrella"], in: plain))
        #expect(result.unusedDependencies.isEmpty)
        #expect(result.imports?.needed.map { "\($0.dependency) \($0.reason.rawValue)" }
            == ["Assets resources", "Core exported", "Macros macro", "Marker marker"])
    }
}
