import StrataDiscovery
import StrataModel
import Testing

/// XcodeGen specs read with Yams: includes merged by XcodeGen's rules, target templates,
/// multi-platform targets, sources with excludes, every dependency spelling, linkage.
@Suite struct XcodeGenTests {
    static let files: [String: String] = [
        "project.yml": """
            name: Shop
            include:
              - Configs/base.yml
            packages:
              Kingfisher:
                url: https://github.com/onevcat/Kingfisher
                from: 8.0.0
              DesignKit:
                path: Packages/DesignKit
            targets:
              Shop:
                type: application
                platform: iOS
                sources:
                  - path: App
                    excludes: ["**/*Preview.swift"]
                dependencies:
                  - target: Catalog
                  - target: Networking
                  - package: Kingfisher
                  - package: DesignKit
                    product: DesignKit
                  - sdk: StoreKit.framework
                  - carthage: Lottie
              Catalog:
                templates: [Feature]
              Networking:
                type: framework
                platform: [iOS, watchOS]
                sources: Modules/Networking
                settings:
                  base:
                    MACH_O_TYPE: staticlib
              ShopTests:
                type: bundle.unit-test
                platform: iOS
                sources:REPLACE: [Tests]
                dependencies:
                  - target: Shop
            """,
        "Configs/base.yml": """
            targetTemplates:
              Feature:
                type: framework
                platform: iOS
                sources:
                  - ../Modules/${target_name}
                dependencies:
                  - target: Networking_iOS
            targets:
              ShopTests:
                sources: [../Old]
            """,
        "App/AppDelegate.swift": "import Catalog\n",
        "App/HomePreview.swift": "import SwiftUI\n",
        "Modules/Catalog/Catalog.swift": "import Networking\n",
        "Modules/Networking/Client.swift": "import Foundation\n",
        "Old/Legacy.swift": "",
        "Tests/ShopTests.swift": "@testable import Shop\n",
    ]

    @Test func readsTargetsTemplatesIncludesPlatformsAndDependencies() throws {
        let tree = MemoryTree(Self.files)
        let manifests = try XcodeGenReader.read(path: "project.yml", tree: tree, files: try tree.files())
        let manifest = try #require(manifests.first)
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.name == "Shop")
        #expect(manifest.system == .xcodegen)
        #expect(manifest.remoteDependencies == ["https://github.com/onevcat/Kingfisher"])
        #expect(manifest.localDependencies == ["Packages/DesignKit"])
        #expect(manifest.targets.map(\.name) == ["Catalog", "Networking_iOS", "Networking_watchOS", "Shop", "ShopTests"])
        #expect(manifest.targets.map(\.kind) == [.library, .library, .library, .app, .test])
        let shop = manifest.targets[3]
        #expect(shop.dependencies.map { "\($0.kind.rawValue):\($0.name)" } == [
            "target:Catalog", "target:Networking", "product:Kingfisher", "product:DesignKit", "sdk:StoreKit", "binary:Lottie",
        ])
        #expect(shop.dependencies[0].evidence == Location(file: "project.yml", line: 18))
        guard case .globs(let include, let exclude) = shop.sources else { Issue.record("globs expected"); return }
        #expect(include == ["App/AppDelegate.swift"])  // the source's excludes applied to it alone
        #expect(exclude.isEmpty)
        // The template, from the included file, with its paths relative to that file.
        let catalog = manifest.targets[0]
        guard case .globs(let catalogSources, _) = catalog.sources else { Issue.record("globs expected"); return }
        #expect(catalogSources == ["Modules/Catalog/**"])
        #expect(catalog.dependencies.map(\.name) == ["Networking_iOS"])
        #expect(catalog.dependencies[0].evidence.file == "Configs/base.yml")
        #expect(catalog.linkage?.kind == .dynamic)
        // One target per platform, importing as the spec's name; MACH_O_TYPE decides linkage.
        #expect(manifest.targets[1].importName == "Networking")
        #expect(manifest.targets[1].linkage?.kind == .static)
        #expect(manifest.targets[1].linkage?.reason == "MACH_O_TYPE = staticlib")
        // `sources:REPLACE` drops what the include gave.
        guard case .globs(let testSources, _) = manifest.targets[4].sources else { Issue.record("globs expected"); return }
        #expect(testSources == ["Tests/**"])
    }

    @Test func theRepositoryIsAnalyzedFromTheSpec() throws {
        let tree = MemoryTree(Self.files)
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        let modules = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(modules["Shop"]?.sourceFiles == ["App/AppDelegate.swift"])
        #expect(modules["Catalog"]?.sourceFiles == ["Modules/Catalog/Catalog.swift"])
        #expect(modules["Networking_iOS"]?.sourceFiles == ["Modules/Networking/Client.swift"])
        #expect(modules["ShopTests"]?.kind == .test)
        #expect(discovery.diagnostics.isEmpty, "\(discovery.diagnostics)")
    }

    @Test func anotherToolsProjectYmlIsNotASpec() throws {
        let tree = MemoryTree(["project.yml": "version: 2\njobs: {}\n", "Sources/A/a.swift": ""])
        #expect(try XcodeGenReader.read(path: "project.yml", tree: tree, files: try tree.files()).isEmpty)
        let broken = MemoryTree(["project.yml": "name: [unclosed\n"])
        #expect(try XcodeGenReader.read(path: "project.yml", tree: broken, files: try broken.files()).isEmpty)
    }

    /// The shape of a real app's spec: three app flavors from one template sharing their
    /// sources and `PRODUCT_MODULE_NAME`, a folder excluded by name, a gitignored include,
    /// static libraries, local and remote packages, a CocoaPods framework.
    @Test func flavorsOfOneAppFromATemplateAreOneModule() throws {
        let tree = MemoryTree([
            "project.yml": """
                name: Rocket
                include:
                  - dev.yml
                packages:
                  Endpoint:
                    path: Libraries/api/Modules/Endpoint
                  StubKit:
                    url: https://github.com/kateinoigakukun/StubKit.git
                    minorVersion: 0.1.7
                targets:
                  Networking:
                    type: library.static
                    platform: iOS
                    sources: [Targets/Networking]
                    dependencies:
                      - package: Endpoint
                  Rocket-Production:
                    templates: [RocketTarget]
                    sources:
                      - path: Targets/Rocket/FirebaseConfig/Production
                        group: Targets/Rocket/FirebaseConfig
                  Rocket-Staging:
                    templates: [RocketTarget]
                    sources:
                      - path: Targets/Rocket/FirebaseConfig/Development
                  RocketTests:
                    type: bundle.unit-test
                    platform: iOS
                    sources: [Targets/RocketTests]
                    dependencies:
                      - target: Rocket-Staging
                      - package: StubKit
                      - framework: Pods_RocketTests.framework
                        implicit: true
                        embed: false
                targetTemplates:
                  RocketTarget:
                    type: application
                    platform: iOS
                    settings:
                      base:
                        PRODUCT_MODULE_NAME: Rocket
                    sources:
                      - path: Targets/Rocket
                        excludes: [FirebaseConfig]
                    dependencies:
                      - framework: Pods_Rocket.framework
                        implicit: true
                      - target: Networking
                """,
            "Targets/Networking/API.swift": "import Endpoint\n",
            "Targets/Rocket/AppDelegate.swift": "import Networking\n",
            "Targets/Rocket/FirebaseConfig/Production/Config.swift": "",
            "Targets/Rocket/FirebaseConfig/Development/Config.swift": "",
            "Targets/RocketTests/RocketTests.swift": "@testable import Rocket\n",
        ])
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        // The flavors share their files and module name: one module, the others its twins.
        #expect(discovery.modules.map(\.name) == ["Networking", "Rocket-Production", "RocketTests"])
        let production = try #require(discovery.modules.first { $0.name == "Rocket-Production" })
        #expect(production.importName == "Rocket")
        #expect(production.sourceFiles == ["Targets/Rocket/AppDelegate.swift", "Targets/Rocket/FirebaseConfig/Production/Config.swift"])
        #expect(production.alsoDeclaredIn.count == 1)
        // A dependency on a twin reaches the kept module.
        let tests = try #require(discovery.modules.first { $0.name == "RocketTests" })
        #expect(tests.dependencies.map(\.name) == ["Rocket-Production", "StubKit", "Pods_RocketTests"])
        #expect(production.dependencies.map(\.name) == ["Pods_Rocket", "Networking"])
        #expect(discovery.modules.first { $0.name == "Networking" }?.linkage.kind == .static)
        #expect(discovery.diagnostics.map(\.message).map { $0.prefix(46) } == ["included spec dev.yml is not in the repository"])
    }
}
