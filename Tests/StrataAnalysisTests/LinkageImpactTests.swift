import StrataAnalysis
import StrataAssemble
import StrataModel
import Testing

@Suite struct LinkageImpactTests {
    struct Spec {
        var name: String
        var kind: ModuleKind = .library
        var linkage: Linkage.Kind
        var declares: [String] = []
        var lines = 10
        var declarations: [DeclarationFact] = []
    }

    /// A project whose modules import what they declare; each module has one file,
    /// `<Name>/File.swift`, and its linkage is decided on manifest line = its position + 1.
    func project(_ specs: [Spec]) -> Project {
        var modules: [DiscoveredModule] = []
        var facts: [String: FileFacts] = [:]
        for (index, spec) in specs.enumerated() {
            let file = "\(spec.name)/File.swift"
            let manifest = Location(file: "Package.swift", line: index + 1)
            modules.append(DiscoveredModule(
                name: spec.name, kind: spec.kind, linkage: Linkage(spec.linkage, evidence: manifest, reason: "test"),
                package: "P", path: spec.name, manifest: manifest,
                dependencies: spec.declares.map { DeclaredDependency(name: $0, kind: .byName, evidence: manifest) },
                sourceFiles: [file]))
            facts[file] = FileFacts(
                lines: spec.lines, imports: spec.declares.enumerated().map { ImportFact(module: $1, line: $0 + 1) },
                declarations: spec.declarations)
        }
        let discovery = Discovery(packages: [PackageInfo(name: "P", manifest: "Package.swift")], modules: modules, diagnostics: [])
        return Assembler.assemble(root: "P", discovery: discovery, facts: facts, diagnostics: [])
    }

    func impact(_ specs: [Spec]) -> LinkageImpact { Analyzer.analyze(project(specs)).linkage }

    func declaration(_ kind: DeclarationKind, _ name: String, line: Int) -> DeclarationFact {
        DeclarationFact(kind: kind, name: name, access: .public, line: line)
    }

    /// `static var name` in `parent`.
    func staticVar(_ name: String, in parent: String, line: Int) -> DeclarationFact {
        DeclarationFact(kind: .var, name: name, access: .public, line: line, parent: parent, traits: .static)
    }

    /// An app and an example over a dynamic feature with a static core, a test bundle beside them.
    var features: [Spec] {
        [
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["Feature", "Core"], lines: 30),
            Spec(name: "Core", linkage: .static, lines: 40, declarations: [
                declaration(.class, "DIContainer", line: 3), staticVar("shared", in: "DIContainer", line: 4),
                declaration(.func, "register", line: 6),
            ]),
            Spec(name: "CoreTests", kind: .test, linkage: .executable, declares: ["Core"], lines: 500),
            Spec(name: "Example", kind: .example, linkage: .executable, declares: ["Feature"], lines: 5),
            Spec(name: "Feature", linkage: .dynamic, declares: ["Core", "UI"], lines: 100),
            Spec(name: "Tool", kind: .executable, linkage: .executable, declares: ["UI"], lines: 7),
            Spec(name: "UI", linkage: .dynamic, lines: 20),
        ]
    }

    @Test func theLinkGraphFollowsStaticModulesAndTheEmbedGraphAllButExecutables() {
        let graph = project(features).graph
        #expect(graph.modules.map(\.module.name) == ["App", "Core", "CoreTests", "Example", "Feature", "Tool", "UI"])
        let (links, embeds) = graph.linkage()
        // Each image carries the static Core it reaches; none walks through dynamic Feature.
        #expect(links.successors == [[1], [], [1], [], [1], [], []])
        // Apps embed Feature and, through it, UI; the test bundle reaches no dynamic framework.
        #expect(embeds.successors == [[4, 6], [], [], [4, 6], [], [6], []])
        #expect(graph.modules.map { $0.module.embeds.map(graph.name(of:)) } == [["Feature", "UI"], [], [], ["Feature", "UI"], [], ["UI"], []])
    }

    @Test func eachAppLoadsItsDynamicFrameworksTransitively() {
        let loads = impact(features).launchLoads
        #expect(loads == [
            LaunchLoad(app: "App", frameworks: ["Feature", "UI"]),
            LaunchLoad(app: "Example", frameworks: ["Feature", "UI"]),
        ])
        #expect(loads[0].count == 2)
    }

    @Test func aStaticDIContainerInTwoImagesIsCritical() {
        let result = Analyzer.analyze(project(features))
        #expect(result.linkage.duplicatedStaticModules == [
            DuplicatedStaticModule(
                module: "Core", images: ["App", "Feature"], evidence: Location(file: "Package.swift", line: 2), critical: true,
                singletons: [Singleton(name: "DIContainer.shared", evidence: Location(file: "Core/File.swift", line: 4))],
                reason: "holds `DIContainer.shared` (Core/File.swift:4); each image gets its own instance, so registrations made in one are missing in the others"),
        ])
        #expect(result.summary.duplicatedStaticModules == 1)
        #expect(result.summary.criticalDuplicatedStaticModules == 1)
    }

    @Test func separateExecutablesEachWithACopyAreNotDuplication() {
        let linkage = impact([
            Spec(name: "Client", kind: .executable, linkage: .executable, declares: ["Core"]),
            Spec(name: "Core", linkage: .static, declarations: [declaration(.class, "AppContainer", line: 1)]),
            Spec(name: "Server", kind: .executable, linkage: .executable, declares: ["Core"]),
        ])
        #expect(linkage.duplicatedStaticModules.isEmpty)
    }

    @Test func aTestBundleDoesNotCountAsAnImage() {
        let linkage = impact([
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["Core"]),
            Spec(name: "Core", linkage: .static),
            Spec(name: "CoreTests", kind: .test, linkage: .executable, declares: ["Core"]),
        ])
        #expect(linkage.duplicatedStaticModules.isEmpty)
    }

    @Test func aDuplicatedModuleWithoutSharedStateIsNotCritical() {
        let duplicated = impact([
            Spec(name: "A", linkage: .dynamic, declares: ["Formatting"]),
            Spec(name: "B", linkage: .dynamic, declares: ["Formatting"]),
            Spec(name: "Formatting", linkage: .static, declarations: [declaration(.struct, "MoneyFormatter", line: 1)]),
        ]).duplicatedStaticModules
        #expect(duplicated.map(\.module) == ["Formatting"])
        #expect(duplicated[0].images == ["A", "B"])
        #expect(duplicated[0].critical == false)
        #expect(duplicated[0].reason == "its code is copied into each of the 2 images: they grow, and its types and globals exist once per image")
    }

    @Test func aSharedInstanceThatIsNotAContainerIsCriticalWithItsOwnReason() {
        let duplicated = impact([
            Spec(name: "A", linkage: .dynamic, declares: ["Kit"]),
            Spec(name: "B", linkage: .dynamic, declares: ["Kit"]),
            Spec(name: "Kit", linkage: .static, declarations: [declaration(.class, "SecureStore", line: 2), staticVar("shared", in: "SecureStore", line: 3)]),
        ]).duplicatedStaticModules
        #expect(duplicated.first?.critical == true)
        #expect(duplicated.first?.reason == "holds `SecureStore.shared` (Kit/File.swift:3); each image gets its own instance, so state set through one is not seen by the others")
    }

    @Test func singletonsAreStaticInstancesAndContainerTypes() {
        let module = project([
            Spec(name: "Kit", linkage: .static, declarations: [
                declaration(.protocol, "Service", line: 1), staticVar("shared", in: "Service", line: 2),  // a requirement
                declaration(.class, "Settings", line: 4), staticVar("`default`", in: "Settings", line: 5),
                declaration(.struct, "Flags", line: 12), staticVar("`default`", in: "Flags", line: 13),  // a value
                staticVar("title", in: "Settings", line: 6),
                DeclarationFact(kind: .var, name: "shared", access: .public, line: 7, parent: "Settings"),  // not static
                declaration(.class, "AppAssembler", line: 8),  // a container without `shared`
                DeclarationFact(kind: .func, name: "assemble", access: .public, line: 9, parent: "AppAssembler"),
                declaration(.class, "DIContainer", line: 10), staticVar("shared", in: "DIContainer", line: 11),
                declaration(.class, "NavigationContainer", line: 14),  // no container's method: a view
            ]),
        ]).modules[0]
        #expect(module.singletons.map(\.name) == ["Settings.default", "AppAssembler", "DIContainer.shared"])
        #expect(module.singletons.map(\.evidence.line) == [5, 8, 11])
    }

    @Test func blastRadiusCountsTransitiveProductionDependentsAndTheirLines() {
        let radius = impact([
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["Feature"], lines: 1),
            Spec(name: "Core", linkage: .dynamic, lines: 1000),
            Spec(name: "CoreTests", kind: .test, linkage: .executable, declares: ["Core"], lines: 500),
            Spec(name: "Domain", linkage: .dynamic, declares: ["Core"], lines: 20),
            Spec(name: "Feature", linkage: .dynamic, declares: ["Domain", "Core"], lines: 300),
        ]).blastRadius
        #expect(radius.map(\.module) == ["App", "Core", "Domain", "Feature"])
        #expect(radius[1] == BlastRadius(module: "Core", count: 3, lines: 321))
        #expect(radius[1].count == 3)
        #expect(radius[2] == BlastRadius(module: "Domain", count: 2, lines: 301))
        #expect(radius[0] == BlastRadius(module: "App", count: 0, lines: 0))
    }

    @Test func theCriticalPathIsTheChainWithTheMostLines() {
        let path = impact([
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["Heavy", "Light"], lines: 10),
            Spec(name: "Core", linkage: .dynamic, lines: 5),
            Spec(name: "Heavy", linkage: .dynamic, declares: ["Core"], lines: 100),
            Spec(name: "Light", linkage: .dynamic, declares: ["Core", "Util"], lines: 50),
            Spec(name: "Util", linkage: .dynamic, lines: 20),
            Spec(name: "UtilTests", kind: .test, linkage: .executable, declares: ["App"], lines: 9000),
        ]).criticalPath
        #expect(path == CriticalPath(modules: ["Core", "Heavy", "App"], lines: 115))
    }

    @Test func equalChainsAreBrokenByName() {
        let path = impact([
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["B", "A"], lines: 1),
            Spec(name: "A", linkage: .dynamic, lines: 10),
            Spec(name: "B", linkage: .dynamic, lines: 10),
        ]).criticalPath
        #expect(path == CriticalPath(modules: ["A", "App"], lines: 11))
    }

    @Test func aCycleIsOneStepOfTheCriticalPath() {
        let path = impact([
            Spec(name: "Account", linkage: .dynamic, declares: ["Card", "Kit"], lines: 30),
            Spec(name: "App", kind: .app, linkage: .executable, declares: ["Account", "Card"], lines: 10),
            Spec(name: "Card", linkage: .dynamic, declares: ["Account"], lines: 40),
            Spec(name: "Kit", linkage: .static, lines: 5),
        ]).criticalPath
        #expect(path == CriticalPath(modules: ["Kit", "Account", "Card", "App"], lines: 85))
    }

    @Test func anEmptyProjectHasAnEmptyImpact() {
        #expect(LinkageImpact.analyze(ModuleGraph(modules: [], edges: [])) == .empty)
    }
}
