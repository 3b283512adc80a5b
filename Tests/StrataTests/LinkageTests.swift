import StrataAssemble
import StrataDiscovery
import StrataModel
import Testing

@Suite struct LinkageTests {
    func target(_ name: String, _ kind: ModuleKind = .library, linkage: Linkage? = nil, deps: [DeclaredDependency] = [], podLinkage: Linkage? = nil, amends: Bool = false, line: Int = 1) -> Manifest.Target {
        Manifest.Target(
            name: name, kind: kind, linkage: linkage,
            sources: amends ? .amends(fallback: ["\(name)/**"]) : .globs(include: ["\(name)/**"], exclude: []),
            dependencies: deps, podLinkage: podLinkage, line: line)
    }

    func dependency(_ name: String, _ kind: DependencyKind = .target, file: String = "P") -> DeclaredDependency {
        DeclaredDependency(name: name, kind: kind, evidence: Location(file: file, line: 1))
    }

    @Test func aPodfileTargetAmendsTheXcodeTargetAndDecidesPodLinkageTransitively() {
        let files = ["App/A.swift", "Network/N.swift", "Scene/S.swift", "UI/U.swift"]
        let tree = MemoryTree(Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        let xcode = Manifest(name: "App", system: .xcode, path: "App.xcodeproj/project.pbxproj", targets: [
            target("App", .app, linkage: Linkage(.executable, reason: "application"), line: 10),
        ])
        let pods = ["Scene": ["Network"], "Network": [], "UI": []].map { name, deps in
            Manifest(name: name, system: .cocoapods, path: "\(name)/\(name).podspec", targets: [
                Manifest.Target(
                    name: name, kind: .library, product: "pod",
                    linkage: name == "UI" ? Linkage(.static, evidence: Location(file: "UI/UI.podspec", line: 5), reason: "s.static_framework = true") : nil,
                    sources: .globs(include: ["\(name)/**"], exclude: []),
                    dependencies: deps.map { dependency($0, .pod) }, line: 1),
            ])
        }
        let frameworks = Linkage(.dynamic, evidence: Location(file: "Podfile", line: 3), reason: "use_frameworks!")
        let podfile = Manifest(name: "Podfile", system: .cocoapods, path: "Podfile", targets: [
            target("App", .app, deps: [dependency("Scene", .pod, file: "Podfile"), dependency("UI", .pod, file: "Podfile"), dependency("Kingfisher", .pod, file: "Podfile")], podLinkage: frameworks, amends: true, line: 5),
        ])
        let discovery = Discoverer(tree: tree).discover(manifests: [podfile, xcode] + pods, files: files)
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(discovery.modules.map(\.name) == ["App", "Network", "Scene", "UI"])
        #expect(byName["App"]?.system == .xcode)
        #expect(byName["App"]?.dependencies.map(\.name) == ["Scene", "UI", "Kingfisher"])
        #expect(byName["Scene"]?.linkage == frameworks)
        #expect(byName["Network"]?.linkage == frameworks, "reached through Scene")
        #expect(byName["UI"]?.linkage.kind == .static, "the podspec's own setting wins")

        let project = Assembler.assemble(root: "R", discovery: discovery, facts: [:], diagnostics: [])
        let app = project.modules.first { $0.name == "App" }
        #expect(app?.embeds.map(\.target) == ["Network", "Scene"])
        #expect(app?.links.map(\.target) == ["UI"])
        #expect(app?.dependencies.map(\.modules) == [["Scene"], ["UI"], nil])
    }

    @Test func aStaticModuleIsCopiedIntoEveryDynamicImageThatReachesIt() {
        let files = ["App/A.swift", "Core/C.swift", "Search/S.swift", "Profile/P.swift", "Util/U.swift"]
        let tree = MemoryTree(Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        let dynamic = Linkage(.dynamic, reason: "product: .framework"), fixed = Linkage(.static, reason: "product: .staticFramework")
        let manifest = Manifest(name: "P", system: .tuist, path: "P", targets: [
            target("App", .app, linkage: Linkage(.executable, reason: "product: .app"), deps: [dependency("Search"), dependency("Profile")]),
            target("Search", linkage: dynamic, deps: [dependency("Core")]),
            target("Profile", linkage: dynamic, deps: [dependency("Core"), dependency("Search")]),
            target("Core", linkage: fixed, deps: [dependency("Util")]),
            target("Util", linkage: fixed),
        ])
        let discovery = Discoverer(tree: tree).discover(manifests: [manifest], files: files)
        let project = Assembler.assemble(root: "R", discovery: discovery, facts: [:], diagnostics: [])
        let byName = Dictionary(uniqueKeysWithValues: project.modules.map { ($0.name, $0) })
        #expect(byName["Search"]?.links.map(\.target) == ["Core", "Util"])
        #expect(byName["Profile"]?.links.map(\.target) == ["Core", "Util"], "Search is dynamic: its static code is not Profile's")
        #expect(byName["App"]?.links.map(\.target) == [])
        #expect(byName["App"]?.embeds.map(\.target) == ["Profile", "Search"])
        #expect(byName["Core"]?.links.map(\.target) == [] && byName["Core"]?.embeds.map(\.target) == [])
    }

    /// rules_apple's `avoid_deps`: an image does not link what the images it loads at run time
    /// (`avoidsLinking`: a bundle's `frameworks`, a test's `test_host`) carry, theirs included.
    @Test func anImageLinksNothingThatTheFrameworksItLoadsCarry() {
        let files = ["App/A.swift", "AppLib/L.swift", "Core/C.swift", "CoreKit/K.swift", "Feature/F.swift", "UIKitFramework/U.swift", "Widget/W.swift"]
        let tree = MemoryTree(Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        let dynamic = Linkage(.dynamic, reason: "ios_framework"), fixed = Linkage(.static, reason: "swift_library")
        let executable = Linkage(.executable, reason: "ios_application")
        func loaded(_ name: String) -> DeclaredDependency {
            var dependency = dependency(name)
            dependency.avoidsLinking = true
            return dependency
        }
        let manifest = Manifest(name: "P", system: .bazel, path: "P", targets: [
            target("App", .app, linkage: executable, deps: [dependency("AppLib"), loaded("UIKitFramework")]),
            target("Widget", .app, linkage: executable, deps: [dependency("Feature"), dependency("AppLib"), loaded("UIKitFramework")]),
            target("UIKitFramework", linkage: dynamic, deps: [dependency("Feature"), loaded("CoreKit")]),
            target("CoreKit", linkage: dynamic, deps: [dependency("Core")]),
            target("AppLib", linkage: fixed, deps: [dependency("Feature")]),
            target("Feature", linkage: fixed, deps: [dependency("Core")]),
            target("Core", linkage: fixed),
        ])
        let discovery = Discoverer(tree: tree).discover(manifests: [manifest], files: files)
        let project = Assembler.assemble(root: "R", discovery: discovery, facts: [:], diagnostics: [])
        let byName = Dictionary(uniqueKeysWithValues: project.modules.map { ($0.name, $0) })
        #expect(byName["CoreKit"]?.links.map(\.target) == ["Core"])
        #expect(byName["UIKitFramework"]?.links.map(\.target) == ["Feature"], "Core is CoreKit's")
        #expect(byName["App"]?.links.map(\.target) == ["AppLib"], "Feature and Core come with UIKitFramework")
        #expect(byName["Widget"]?.links.map(\.target) == ["AppLib"])
        #expect(byName["App"]?.embeds.map(\.target) == ["CoreKit", "UIKitFramework"])
        // Two frameworks that load each other (a select()'s branches read together) each leave
        // out what the other links, whatever their names.
        let looped = Manifest(name: "Q", system: .bazel, path: "Q", targets: [
            target("A", linkage: dynamic, deps: [dependency("Core"), dependency("Feature"), loaded("B")]),
            target("B", linkage: dynamic, deps: [dependency("Core"), loaded("A")]),
            target("Core", linkage: fixed), target("Feature", linkage: fixed),
        ])
        let loops = Assembler.assemble(root: "R", discovery: Discoverer(tree: tree).discover(manifests: [looped], files: files), facts: [:], diagnostics: [])
        let loopsByName = Dictionary(uniqueKeysWithValues: loops.modules.map { ($0.name, $0) })
        #expect(loopsByName["A"]?.links.map(\.target) == ["Feature"] && loopsByName["B"]?.links.map(\.target) == [])
    }
}
