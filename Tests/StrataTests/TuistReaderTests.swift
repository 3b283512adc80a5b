import StrataDiscovery
import StrataModel
import Testing

@Suite struct TuistReaderTests {
    /// Reads `manifest` from an in-memory repository holding `files`.
    func read(_ manifest: String, _ files: [String: String]) throws -> Manifest {
        let tree = MemoryTree(files)
        let manifests = try TuistProjectReader.read(path: manifest, tree: tree, files: try tree.files())
        try #require(manifests.count == 1)
        return manifests[0]
    }

    func target(_ manifest: Manifest, _ name: String) throws -> Manifest.Target {
        try #require(manifest.targets.first { $0.name == name }, "no target \(name) in \(manifest.targets.map(\.name))")
    }

    func globs(_ target: Manifest.Target) -> [String] {
        guard case .globs(let include, _) = target.sources else { return [] }
        return include
    }

    @Test func acceptsProjectManifestsOutsideTheTuistFolder() {
        #expect(TuistProjectReader.accepts("Project.swift"))
        #expect(TuistProjectReader.accepts("Projects/Features/Search/Project.swift"))
        #expect(!TuistProjectReader.accepts("Tuist/ProjectDescriptionHelpers/Project.swift"))
        #expect(!TuistProjectReader.accepts("Tuist/Templates/feature/Project.swift"))
        #expect(!TuistProjectReader.accepts("Sources/App/ProjectList.swift"))
    }

    @Test func aProjectSwiftThatIsAppCodeIsNotAManifest() throws {
        let tree = MemoryTree(["Sources/Model/Project.swift": "struct Project { var name: String }"])
        #expect(try TuistProjectReader.read(path: "Sources/Model/Project.swift", tree: tree, files: try tree.files()).isEmpty)
    }

    @Test func layersFromAnEnumWithSwitchAllCasesAndFlatMap() throws {
        let manifest = try read("Project.swift", [
            "Project.swift": """
                import ProjectDescription

                private enum Layer: CaseIterable {
                    case core, domain, data, presentation

                    var layerName: String {
                        switch self {
                        case .core: return "PetpionCore"
                        case .domain: return "PetpionDomain"
                        case .data: return "PetpionData"
                        case .presentation: return "PetpionPresentation"
                        }
                    }
                }

                func makeFrameworkTargets(name: String, dependencies: [TargetDependency]) -> [Target] {
                    let framework = Target(
                        name: name,
                        platform: .iOS,
                        product: .framework,
                        bundleId: "com.petpion.\\(name)",
                        sources: ["Targets/\\(name)/Sources/**"],
                        dependencies: dependencies
                    )
                    let tests = Target(
                        name: "\\(name)Tests",
                        platform: .iOS,
                        product: .unitTests,
                        bundleId: "com.petpion.\\(name)Tests",
                        sources: ["Targets/\\(name)/Tests/**"],
                        dependencies: [.target(name: name)]
                    )
                    return [framework, tests]
                }

                func makeAppTarget(dependencies: [TargetDependency]) -> Target {
                    Target(name: "Petpion", platform: .iOS, product: .app, bundleId: "com.petpion.app",
                           sources: ["Targets/Petpion/Sources/**"], dependencies: dependencies)
                }

                let project = Project(
                    name: "Petpion",
                    packages: [.remote(url: "https://github.com/Swinject/Swinject.git", requirement: .upToNextMajor(from: "2.8.0"))],
                    targets: [
                        [makeAppTarget(dependencies: Layer.allCases.map { .target(name: $0.layerName) })],
                        makeFrameworkTargets(name: Layer.core.layerName, dependencies: [.package(product: "Swinject")]),
                        makeFrameworkTargets(name: Layer.domain.layerName, dependencies: [.target(name: Layer.core.layerName)]),
                    ].flatMap { $0 }
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.name == "Petpion")
        #expect(manifest.remoteDependencies == ["Swinject"])
        #expect(manifest.targets.map(\.name) == ["Petpion", "PetpionCore", "PetpionCoreTests", "PetpionDomain", "PetpionDomainTests"])
        let app = try target(manifest, "Petpion")
        #expect(app.kind == .app)
        #expect(app.dependencies.map(\.name) == ["PetpionCore", "PetpionDomain", "PetpionData", "PetpionPresentation"])
        #expect(app.dependencies.allSatisfy { $0.kind == .target })
        let core = try target(manifest, "PetpionCore")
        #expect(core.dependencies.map(\.kind) == [.product])
        #expect(core.linkage?.kind == .dynamic)
        #expect(core.product == "framework")
        #expect(globs(core) == ["Targets/PetpionCore/Sources/**"])
        #expect(try target(manifest, "PetpionDomain").dependencies.map(\.name) == ["PetpionCore"])
        #expect(try target(manifest, "PetpionDomainTests").kind == .test)
        // Reported where the manifest calls the helper.
        #expect(core.line == 46)
    }

    @Test func rawValuesInterpolatedCasesAndAllCasesMapOfAnEnumWithRawValues() throws {
        let manifest = try read("App/Project.swift", [
            "App/Project.swift": """
                import ProjectDescription

                enum Module: String, CaseIterable {
                    case network, storage
                    var name: String { "Kit\\(rawValue.capitalized)" }
                    var product: Product {
                        switch self {
                        case .network: .staticFramework
                        case .storage: .framework
                        }
                    }
                }

                let project = Project(
                    name: "Kit",
                    targets: Module.allCases.map { module in
                        .target(name: module.name, destinations: .iOS, product: module.product,
                                bundleId: "kit.\\(module)", sources: "\\(module.rawValue)/**")
                    }
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["KitNetwork", "KitStorage"])
        #expect(manifest.targets.map { $0.linkage?.kind } == [.static, .dynamic])
        #expect(globs(manifest.targets[0]) == ["App/network/**"])
        // The product value is written in the enum's switch.
        #expect(manifest.targets[0].linkage?.evidence == Location(file: "App/Project.swift", line: 8))
        #expect(manifest.targets[0].linkage?.reason == "product: .staticFramework")
    }

    /// uFeature: helpers in several files, extension static functions called as implicit
    /// members, `.project(target:path:)` across projects.
    static let microFeatureHelpers: [String: String] = [
        "Tuist/ProjectDescriptionHelpers/Project+Module.swift": """
            import ProjectDescription

            public extension Project {
                static func makeModule(name: String, targets: [Target], packages: [Package] = []) -> Project {
                    Project(name: name, organizationName: organization, packages: packages, targets: targets)
                }
            }
            """,
        "Tuist/ProjectDescriptionHelpers/Target+Feature.swift": """
            import ProjectDescription

            public enum FeatureRole: String {
                case interface = "Interface"
                case implementation = ""
                case testing = "Testing"
                case tests = "Tests"
                case example = "Example"

                var folder: String { self == .implementation ? "Sources" : rawValue }
                var product: Product {
                    switch self {
                    case .interface, .implementation, .testing: return .framework
                    case .tests: return .unitTests
                    case .example: return .app
                    }
                }
            }

            public extension Target {
                static func feature(
                    _ name: String,
                    role: FeatureRole = .implementation,
                    product: Product? = nil,
                    dependencies: [TargetDependency] = []
                ) -> Target {
                    .target(
                        name: name + role.rawValue,
                        destinations: .iOS,
                        product: product ?? role.product,
                        bundleId: "\\(organization).\\(name)\\(role.rawValue)",
                        sources: ["\\(role.folder)/**"],
                        dependencies: dependencies
                    )
                }
            }
            """,
        "Tuist/ProjectDescriptionHelpers/TargetDependency+Modules.swift": """
            import ProjectDescription

            let organization = "io.micro"

            public extension TargetDependency {
                static let core: TargetDependency = .project(target: "Core", path: .relativeToRoot("Projects/Core"))

                static func feature(_ name: String, role: FeatureRole = .interface) -> TargetDependency {
                    .project(target: name + role.rawValue, path: .relativeToRoot("Projects/Features/\\(name)"))
                }
            }
            """,
    ]

    @Test func helpersFromSeveralFilesExtensionStaticsAndProjectDependencies() throws {
        var files = Self.microFeatureHelpers
        files["Projects/Features/Search/Project.swift"] = """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(
                name: "Search",
                targets: [
                    .feature("Search", role: .interface),
                    .feature("Search", product: .staticFramework, dependencies: [
                        .target(name: "SearchInterface"), .feature("Profile"), .core,
                    ]),
                    .feature("Search", role: .tests, dependencies: [.target(name: "Search"), .project(target: "DSKit", path: "../../DSKit")]),
                    .feature("Search", role: .example, dependencies: [.target(name: "Search")]),
                ]
            )
            """
        let manifest = try read("Projects/Features/Search/Project.swift", files)
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.name == "Search")
        #expect(manifest.targets.map(\.name) == ["SearchInterface", "Search", "SearchTests", "SearchExample"])
        #expect(manifest.targets.map(\.kind) == [.library, .library, .test, .example])
        let search = try target(manifest, "Search")
        #expect(globs(search) == ["Projects/Features/Search/Sources/**"])
        #expect(search.dependencies.map(\.name) == ["SearchInterface", "ProfileInterface", "Core"])
        #expect(search.dependencies.map(\.kind) == [.target, .project, .project])
        #expect(search.dependencies.map(\.package) == [nil, "Projects/Features/Profile", "Projects/Core"])
        // The dependency made by a helper is located in the helper.
        #expect(search.dependencies[1].evidence == Location(file: "Tuist/ProjectDescriptionHelpers/TargetDependency+Modules.swift", line: 9))
        #expect(try target(manifest, "SearchTests").dependencies[1].package == "Projects/DSKit")
        // The product passed in the manifest decides; the default comes from the helper's enum.
        #expect(search.linkage?.kind == .static)
        #expect(search.linkage?.evidence == Location(file: "Projects/Features/Search/Project.swift", line: 8))
        let interface = try target(manifest, "SearchInterface")
        #expect(interface.linkage?.kind == .dynamic)
        #expect(interface.linkage?.evidence == Location(file: "Tuist/ProjectDescriptionHelpers/Target+Feature.swift", line: 13))
        #expect(interface.linkage?.reason == "product: .framework")
        #expect(interface.line == 7)
    }

    /// Community helper style: dependency constants in nested namespaces, reached as
    /// `.SPM.snapKit`, `.Core.networking`, `TargetDependency.Feature.Home.interface`, or
    /// through static functions of a nested type.
    @Test func dependenciesInNestedNamespacesOfEveryForm() throws {
        let manifest = try read("Projects/App/Project.swift", [
            "Tuist/ProjectDescriptionHelpers/Dependencies.swift": """
                import ProjectDescription

                extension TargetDependency {
                    public enum SPM {}
                    public struct Feature {
                        public struct Home {}
                    }
                    public class Core {
                        public static let networking = TargetDependency.project(target: "Networking", path: .relativeToRoot("Projects/Core/Networking"))
                    }
                }

                public extension TargetDependency.SPM {
                    static let snapKit = TargetDependency.external(name: "SnapKit")
                    static var kingfisher: TargetDependency { .external(name: "Kingfisher") }
                    static let tca = Self.external("ComposableArchitecture")
                    static let swinject = TargetDependency.package(product: "Swinject")

                    private static func external(_ name: String) -> TargetDependency {
                        return TargetDependency.external(name: name)
                    }
                }

                public extension TargetDependency.Feature.Home {
                    static let interface = TargetDependency.project(target: "HomeInterface", path: .relativeToRoot("Projects/Features/Home"))
                    static func module(_ name: String) -> TargetDependency {
                        .project(target: name, path: .relativeToRoot("Projects/Features/Home"))
                    }
                }

                public enum Modules {
                    public enum Shared {
                        public static let designSystem: TargetDependency = .project(target: "DesignSystem", path: .relativeToRoot("Projects/Shared/DesignSystem"))
                    }
                }
                """,
            "Projects/App/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project(
                    name: "App",
                    targets: [
                        .target(
                            name: "App",
                            destinations: .iOS,
                            product: .app,
                            bundleId: "com.example.app",
                            sources: ["Sources/**"],
                            dependencies: [
                                .SPM.snapKit,
                                .SPM.kingfisher,
                                .Core.networking,
                                .Feature.Home.interface,
                                TargetDependency.Feature.Home.module("HomeImpl"),
                                .Feature.Home.module("HomeTesting"),
                                Modules.Shared.designSystem,
                                TargetDependency.SPM.snapKit,
                                .SPM.tca,
                                .SPM.swinject,
                            ]
                        ),
                    ]
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        let app = try target(manifest, "App")
        #expect(app.dependencies.map(\.name) == [
            "SnapKit", "Kingfisher", "Networking", "HomeInterface", "HomeImpl", "HomeTesting", "DesignSystem", "SnapKit",
            "ComposableArchitecture", "Swinject",
        ])
        #expect(app.dependencies.map(\.kind) == [
            .external, .external, .project, .project, .project, .project, .project, .external, .external, .product,
        ])
        #expect(app.dependencies[2].package == "Projects/Core/Networking")
        #expect(app.platforms == ["iOS"])  // `destinations: .iOS` decides `#if` for the target
        // Located where the helper writes them.
        #expect(app.dependencies[0].evidence == Location(file: "Tuist/ProjectDescriptionHelpers/Dependencies.swift", line: 14))
    }

    @Test func globsAreResolvedFromTheManifestFolderWithExclusions() throws {
        let manifest = try read("Modules/Kit/Project.swift", [
            "Modules/Kit/Project.swift": """
                import ProjectDescription
                let project = Project(name: "Kit", targets: [
                    .target(name: "Kit", destinations: .iOS, product: .staticLibrary, bundleId: "kit",
                            sources: .sourceFilesList(globs: [.glob("Sources/**", excluding: ["Sources/Generated/**"]), "../Shared/*.swift"])),
                    .target(name: "KitRoot", destinations: .iOS, product: .dynamicLibrary, bundleId: "kit.root",
                            sources: [.glob(.relativeToRoot("Shared/Root/**"), excluding: "Shared/Root/Skip.swift")]),
                ])
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        guard case .globs(let include, let exclude) = manifest.targets[0].sources else {
            Issue.record("Tuist targets have globs")
            return
        }
        #expect(include == ["Modules/Kit/Sources/**", "Modules/Shared/*.swift"])
        #expect(exclude == ["Modules/Kit/Sources/Generated/**"])
        #expect(manifest.targets.map { $0.linkage?.kind } == [.static, .dynamic])
        guard case .globs(let rootInclude, let rootExclude) = manifest.targets[1].sources else { return }
        #expect(rootInclude == ["Shared/Root/**"])
        #expect(rootExclude == ["Modules/Kit/Shared/Root/Skip.swift"])
    }

    @Test func everyDependencySpelling() throws {
        let manifest = try read("Project.swift", [
            "Project.swift": """
                import ProjectDescription
                let project = Project(name: "App", targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "app", sources: ["App/**"], dependencies: [
                        .target(name: "Kit"),
                        .project(target: "Core", path: .relativeToManifest("Core")),
                        .external(name: "Alamofire"),
                        .package(product: "Swinject"),
                        .sdk(name: "UIKit", type: .framework),
                        .sdk(name: "libz.tbd"),
                        .xcframework(path: "Vendor/Analytics.xcframework"),
                        .xctest,
                    ]),
                ])
                """,
        ])
        let dependencies = manifest.targets[0].dependencies
        #expect(dependencies.map(\.name) == ["Kit", "Core", "Alamofire", "Swinject", "UIKit", "libz", "Analytics", "XCTest"])
        #expect(dependencies.map(\.kind) == [.target, .project, .external, .product, .sdk, .sdk, .binary, .sdk])
        #expect(dependencies[1].package == "Core")
        #expect(dependencies.prefix(7).map(\.evidence.line) == [4, 5, 6, 7, 8, 9, 10])
    }

    @Test func productsDecideKindAndLinkage() throws {
        let products = ["app", "appExtension", "framework", "staticFramework", "staticLibrary", "dynamicLibrary", "unitTests", "uiTests", "bundle", "commandLineTool"]
        let targets = products.map { #".target(name: "T_\#($0)", destinations: .iOS, product: .\#($0), bundleId: "x", sources: ["\#($0)/**"])"# }
        let manifest = try read("Project.swift", [
            "Project.swift": "import ProjectDescription\nlet project = Project(name: \"P\", targets: [\n" + targets.joined(separator: ",\n") + "\n])",
        ])
        #expect(manifest.targets.map(\.kind) == [.app, .app, .library, .library, .library, .library, .test, .test, .bundle, .executable])
        #expect(manifest.targets.map { $0.linkage?.kind } == [
            .executable, .executable, .dynamic, .static, .static, .dynamic, .executable, .executable, .unknown, .executable,
        ])
        #expect(manifest.targets.map { $0.linkage?.evidence?.line } == Array(3...12))
        #expect(manifest.targets.map(\.product) == products)
    }

    @Test func whatIsNotUnderstoodIsWarnedAboutAndTheFoldersStandIn() throws {
        let manifest = try read("Projects/Shop/Project.swift", [
            "Projects/Shop/Project.swift": """
                import ProjectDescription

                let project = Project(
                    name: "Shop",
                    targets: [
                        .target(name: "Shop", destinations: .iOS, product: .framework, bundleId: "shop", sources: ["Sources/**"]),
                        ShopTargets.generated(from: Environment.catalog),
                    ]
                )
                """,
            "Projects/Shop/Sources/Shop.swift": "",
            "Projects/Shop/Interface/ShopInterface.swift": "",
            "Projects/Shop/Tests/ShopTests.swift": "",
            "Projects/Shop/Example/ShopExampleApp.swift": "",
        ])
        #expect(manifest.targets.map(\.name) == ["Shop", "ShopExample", "ShopInterface", "ShopTests"])
        #expect(manifest.targets.map(\.kind) == [.library, .example, .library, .test])
        let unknown = try #require(manifest.diagnostics.first { $0.message.contains("a target could not be evaluated") })
        #expect(unknown.file == "Projects/Shop/Project.swift")
        #expect(unknown.line == 7)
        #expect(unknown.message.contains("generated(...)"))
        let guessed = manifest.diagnostics.filter { $0.message.contains("guessed from folder") }
        #expect(guessed.count == 3)
        #expect(guessed.allSatisfy { $0.message.contains("Projects/Shop/Project.swift:7") })
        #expect(try target(manifest, "ShopInterface").linkage?.kind == .unknown)
        #expect(globs(try target(manifest, "ShopTests")) == ["Projects/Shop/Tests/**"])
    }

    @Test func aHelperItCannotEvaluateIsNamedWithItsFileAndLine() throws {
        let manifest = try read("Project.swift", [
            "Tuist/ProjectDescriptionHelpers/Project+App.swift": """
                import ProjectDescription
                extension Project {
                    public static func app(name: String) -> Project {
                        let targets = Targets.load(name)
                        return Project(name: name, targets: targets)
                    }
                }
                """,
            "Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.app(name: \"Shop\")\n",
            "Targets/Shop/Sources/Shop.swift": "",
        ])
        let warning = try #require(manifest.diagnostics.first { $0.file.hasPrefix("Tuist/") })
        #expect(warning.file == "Tuist/ProjectDescriptionHelpers/Project+App.swift")
        #expect(warning.line == 4)
        #expect(warning.message.contains("load(...)"))
        #expect(manifest.targets.map(\.name) == ["Shop"])
        #expect(globs(manifest.targets[0]) == ["Targets/Shop/Sources/**"])
    }

    @Test func garbageDoesNotCrash() throws {
        let garbage = [
            "import ProjectDescription\nlet project = Project(name: ", "import ProjectDescription\n}}}{{{ ))) let let",
            "import ProjectDescription\nfunc f() -> Project { f() }\nlet project = f()",
            "import ProjectDescription\nlet project = Project(name: 42, targets: [.target(name: nil, product: .nope)])",
            "import ProjectDescription\nenum E { case a; var x: String { x } }\nlet project = Project(name: E.a.x, targets: [])",
        ]
        for text in garbage {
            let manifest = try read("Project.swift", ["Project.swift": text, "Sources/A.swift": ""])
            #expect(!manifest.diagnostics.isEmpty, "\(text)")
        }
    }

    // MARK: - Real-world shapes (rewritten, not copied)

    /// Tuist's `tuist init` template: `Project.app(name:destinations:additionalTargets:)`
    /// building targets through private static helpers, `map` and `+=` of `flatMap`.
    @Test func tuistInitTemplate() throws {
        let manifest = try read("Project.swift", [
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift": """
                import ProjectDescription

                extension Project {
                    public static func app(name: String, destinations: Destinations, additionalTargets: [String]) -> Project {
                        var targets = makeAppTargets(
                            name: name,
                            destinations: destinations,
                            dependencies: additionalTargets.map { TargetDependency.target(name: $0) }
                        )
                        targets += additionalTargets.flatMap({ makeFrameworkTargets(name: $0, destinations: destinations) })
                        return Project(name: name, organizationName: "\\(company).com", targets: targets)
                    }

                    private static func makeFrameworkTargets(name: String, destinations: Destinations) -> [Target] {
                        let sources = Target.target(
                            name: name, destinations: destinations, product: .framework, bundleId: "\\(company).\\(name)",
                            infoPlist: .default, sources: ["Targets/\\(name)/Sources/**"], resources: [], dependencies: [])
                        let tests = Target.target(
                            name: "\\(name)Tests", destinations: destinations, product: .unitTests, bundleId: "\\(company).\\(name)Tests",
                            infoPlist: .default, sources: ["Targets/\\(name)/Tests/**"], resources: [], dependencies: [.target(name: name)])
                        return [sources, tests]
                    }

                    private static func makeAppTargets(name: String, destinations: Destinations, dependencies: [TargetDependency]) -> [Target] {
                        let infoPlist: [String: Plist.Value] = ["CFBundleShortVersionString": "1.0", "UILaunchStoryboardName": "LaunchScreen"]
                        let main = Target.target(
                            name: name, destinations: destinations, product: .app, bundleId: "\\(company).\\(name)",
                            infoPlist: .extendingDefault(with: infoPlist), sources: ["Targets/\\(name)/Sources/**"],
                            resources: ["Targets/\\(name)/Resources/**"], dependencies: dependencies)
                        let tests = Target.target(
                            name: "\\(name)Tests", destinations: destinations, product: .unitTests, bundleId: "\\(company).\\(name)Tests",
                            infoPlist: .default, sources: ["Targets/\\(name)/Tests/**"], dependencies: [.target(name: "\\(name)")])
                        return [main, tests]
                    }
                }

                private let company = "Lighthouse"
                """,
            "Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project.app(name: "Beacon", destinations: .iOS, additionalTargets: ["BeaconKit", "BeaconUI"])
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["Beacon", "BeaconTests", "BeaconKit", "BeaconKitTests", "BeaconUI", "BeaconUITests"])
        #expect(try target(manifest, "Beacon").dependencies.map(\.name) == ["BeaconKit", "BeaconUI"])
        #expect(try target(manifest, "BeaconKit").linkage?.kind == .dynamic)
        #expect(manifest.targets.allSatisfy { $0.line == 4 })
    }

    /// A Tuist 3 module template: an immediately-called closure with `if`/`for` building the
    /// sources, a local computed variable, `if let`, `self.` static calls, a struct of options.
    @Test func tuist3ModuleTemplateWithClosuresLoopsAndStructs() throws {
        let manifest = try read("Projects/Network/Project.swift", [
            "Tuist/ProjectDescriptionHelpers/Project+Module.swift": """
                import ProjectDescription

                public struct ModuleOptions {
                    let name: String
                    var product: Product = .staticFramework
                    var extraSources: [String] = []
                    var hasTests: Bool { product != .app }
                }

                public extension Project {
                    static func module(_ options: ModuleOptions, dependencies: [TargetDependency] = [], bridgingHeader: String? = nil) -> Project {
                        var originName: String { "Core" }
                        let targets = self.makeTargets(options, origin: originName, dependencies: dependencies)
                        var settings: SettingsDictionary {
                            if let bridgingHeader { return ["SWIFT_OBJC_BRIDGING_HEADER": .string(bridgingHeader)] }
                            return [:]
                        }
                        return Project(name: options.name, settings: .settings(base: settings), targets: targets)
                    }

                    static func makeTargets(_ options: ModuleOptions, origin: String, dependencies: [TargetDependency]) -> [Target] {
                        let sources: SourceFilesList = {
                            var globs: [SourceFileGlob] = [.glob("Targets/\\(options.name)/Sources/**")]
                            for extra in options.extraSources {
                                globs.append(.glob(Path(extra), excluding: ["../\\(origin)/Targets/\\(origin)/Sources/AppDelegate.swift"]))
                            }
                            return SourceFilesList(globs: globs)
                        }()
                        var targets = [
                            Target(name: options.name, platform: .iOS, product: options.product, bundleId: "com.example.\\(options.name)",
                                   sources: sources, dependencies: dependencies),
                        ]
                        guard options.hasTests else { return targets }
                        targets.append(Target(name: "\\(options.name)Tests", platform: .iOS, product: .unitTests,
                                              bundleId: "com.example.\\(options.name)Tests", sources: ["Targets/\\(options.name)/Tests/**"],
                                              dependencies: [.target(name: options.name)]))
                        return targets
                    }
                }
                """,
            "Projects/Network/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project.module(
                    ModuleOptions(name: "Network", extraSources: ["../Shared/Sources/**"]),
                    dependencies: [.project(target: "Core", path: "../Core")]
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["Network", "NetworkTests"])
        let network = try target(manifest, "Network")
        #expect(network.linkage?.kind == .static)
        #expect(network.linkage?.evidence == Location(file: "Tuist/ProjectDescriptionHelpers/Project+Module.swift", line: 5))
        guard case .globs(let include, let exclude) = network.sources else { return }
        #expect(include == ["Projects/Network/Targets/Network/Sources/**", "Projects/Shared/Sources/**"])
        #expect(exclude == ["Projects/Core/Targets/Core/Sources/AppDelegate.swift"])
        #expect(network.dependencies.map(\.package) == ["Projects/Core"])
    }

    /// Factory structs with nested option types, `.init(...)` where they are expected, copies
    /// mutated property by property (also inside a `switch`), `Self.` statics in a nested
    /// namespace reached through a type alias.
    @Test func factoryStructsWithNestedTypesAndMutatedCopies() throws {
        let manifest = try read("Modules/Profile/Project.swift", [
            "Tuist/ProjectDescriptionHelpers/ModuleFactory.swift": """
                import ProjectDescription

                public struct ModuleFactory {
                    public struct Dependencies {
                        let module: [TargetDependency]
                        let tests: [TargetDependency]

                        public init(module: [TargetDependency] = [], tests: [TargetDependency] = []) {
                            self.module = module
                            self.tests = tests
                        }
                    }

                    public struct Options {
                        var name: String
                        var product: Product = .staticFramework
                        var hasTests = true
                    }

                    private let dependencies: Dependencies

                    public init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                    }

                    public func make(_ options: Options) -> [Target] {
                        var module = Spec(name: options.name)
                        module.product = options.product
                        module.sources = "Sources/**"
                        switch options.product {
                        case .app: module.name = options.name + "App"
                        default: break
                        }
                        var targets = [module.target(dependencies: self.dependencies.module)]
                        if options.hasTests {
                            targets.append(.target(
                                name: options.name + "Tests", destinations: .iOS, product: .unitTests, bundleId: "io.tests",
                                sources: "Tests/**", dependencies: [.target(name: module.name)] + dependencies.tests))
                        }
                        return targets
                    }
                }

                struct Spec {
                    var name: String
                    var product: Product = .framework
                    var sources: SourceFilesList? = nil

                    func target(dependencies: [TargetDependency]) -> Target {
                        .target(name: name, destinations: .iOS, product: product, bundleId: "io.\\(name)", sources: sources, dependencies: dependencies)
                    }
                }
                """,
            "Tuist/ProjectDescriptionHelpers/Dependencies.swift": """
                import ProjectDescription

                public extension TargetDependency {
                    struct Modules {}
                }

                public extension TargetDependency.Modules {
                    static let network = Self.module("Network")

                    private static func module(_ name: String) -> TargetDependency {
                        .project(target: name, path: .relativeToRoot("Modules/\\(name)"))
                    }
                }

                public typealias Dep = TargetDependency
                """,
            "Modules/Profile/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let factory = ModuleFactory(dependencies: .init(module: [Dep.Modules.network], tests: [.external(name: "Nimble")]))
                let project = Project(
                    name: "Profile",
                    targets: factory.make(.init(name: "Profile")) + factory.make(.init(name: "Profile", product: .app, hasTests: false))
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["Profile", "ProfileTests", "ProfileApp"])
        #expect(manifest.targets.map { $0.linkage?.kind } == [.static, .executable, .executable])
        let profile = try target(manifest, "Profile")
        #expect(profile.dependencies.map(\.package) == ["Modules/Network"])
        #expect(globs(profile) == ["Modules/Profile/Sources/**"])
        #expect(try target(manifest, "ProfileTests").dependencies.map(\.name) == ["Profile", "Nimble"])
    }

    /// `spec.with { $0.sources = ... }` (a `Configurable` protocol's method that hands the
    /// closure an `inout` copy), then a method of the configured copy.
    @Test func aClosureThatConfiguresAnInoutCopy() throws {
        let manifest = try read("Features/Home/Project.swift", [
            "Tuist/ProjectDescriptionHelpers/Spec.swift": """
                import ProjectDescription

                protocol Configurable {}

                extension Configurable {
                    func with(_ block: (inout Self) throws -> Void) rethrows -> Self {
                        var copy = self
                        try block(&copy)
                        return copy
                    }
                }

                public struct Spec: Configurable {
                    var name: String
                    var sources: SourceFilesList = "Sources/**"

                    func toTarget(product: Product) -> Target {
                        .target(name: name, destinations: .iOS, product: product, bundleId: "io.home", sources: sources)
                    }
                }

                public extension Target {
                    static func interface(_ name: String, spec: Spec) -> Target {
                        spec.with {
                            $0.sources = "Interface/**"
                            $0.name = name + "Interface"
                        }
                        .toTarget(product: .framework)
                    }
                }
                """,
            "Features/Home/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project(name: "Home", targets: [.interface("Home", spec: Spec(name: "Home"))])
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["HomeInterface"])
        #expect(globs(manifest.targets[0]) == ["Features/Home/Interface/**"])
        #expect(manifest.targets[0].linkage?.kind == .dynamic)
    }

    /// A uFeature template with an enum of module paths whose cases carry nested enums, a
    /// protocol extension naming the targets, overloaded static helpers and `Path` helpers.
    @Test func modulePathsEnumsWithPayloadsAndProtocolExtensions() throws {
        let manifest = try read("Projects/Feature/HomeFeature/Project.swift", [
            "Plugin/Dependencies/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"Dependencies\")\n",
            "Plugin/Dependencies/ProjectDescriptionHelpers/ModulePath.swift": """
                public enum ModulePath {
                    case feature(Feature)
                    case core(Core)
                }

                public extension ModulePath {
                    enum Feature: String, TargetNaming { case HomeFeature, SettingsFeature }
                    enum Core: String, TargetNaming { case Networking }

                    func targetName(type: TargetKind) -> String {
                        switch self {
                        case let .feature(module as any TargetNaming), let .core(module as any TargetNaming):
                            return module.targetName(type: type)
                        }
                    }
                }

                public enum TargetKind: String {
                    case interface = "Interface", sources = "", testing = "Testing", tests = "Tests", demo = "Demo"
                }

                public protocol TargetNaming {
                    func targetName(type: TargetKind) -> String
                }

                public extension TargetNaming where Self: RawRepresentable {
                    func targetName(type: TargetKind) -> String { "\\(self.rawValue)\\(type.rawValue)" }
                }
                """,
            "Plugin/Dependencies/ProjectDescriptionHelpers/TargetDependency+Module.swift": """
                import ProjectDescription

                public extension ProjectDescription.Path {
                    static func relativeToFeature(_ path: String) -> Self { .relativeToRoot("Projects/Feature/\\(path)") }
                    static func relativeToCore(_ path: String) -> Self { .relativeToRoot("Projects/Core/\\(path)") }
                }

                public extension TargetDependency {
                    static func feature(target: ModulePath.Feature, type: TargetKind = .sources) -> TargetDependency {
                        .project(target: target.targetName(type: type), path: .relativeToFeature(target.rawValue))
                    }
                    static func core(target: ModulePath.Core, type: TargetKind = .sources) -> TargetDependency {
                        .project(target: target.targetName(type: type), path: .relativeToCore(target.rawValue))
                    }
                }
                """,
            "Tuist/ProjectDescriptionHelpers/Target+Micro.swift": """
                import DependenciesPlugin
                import ProjectDescription

                public extension Target {
                    static func interface(module: ModulePath, dependencies: [TargetDependency] = []) -> Target {
                        micro(module.targetName(type: .interface), product: .framework, folder: "Interface", dependencies: dependencies)
                    }
                    static func implements(module: ModulePath, product: Product = .staticLibrary, dependencies: [TargetDependency] = []) -> Target {
                        micro(module.targetName(type: .sources), product: product, folder: "Sources", dependencies: dependencies)
                    }
                    static func implements(name: String, product: Product = .staticLibrary, dependencies: [TargetDependency] = []) -> Target {
                        micro(name, product: product, folder: "Sources", dependencies: dependencies)
                    }
                    static func tests(module: ModulePath, dependencies: [TargetDependency] = []) -> Target {
                        micro(module.targetName(type: .tests), product: .unitTests, folder: "Tests", dependencies: dependencies)
                    }
                    private static func micro(_ name: String, product: Product, folder: String, dependencies: [TargetDependency]) -> Target {
                        .target(name: name, destinations: .iOS, product: product, bundleId: "app.\\(name)",
                                sources: .sourceFilesList(globs: ["\\(folder)/**"]), dependencies: dependencies)
                    }
                }
                """,
            "Projects/Feature/HomeFeature/Project.swift": """
                import DependenciesPlugin
                import ProjectDescription
                import ProjectDescriptionHelpers

                let project = Project(
                    name: ModulePath.Feature.HomeFeature.rawValue,
                    targets: [
                        .interface(module: .feature(.HomeFeature)),
                        .implements(module: .feature(.HomeFeature), dependencies: [
                            .feature(target: .HomeFeature, type: .interface),
                            .feature(target: .SettingsFeature, type: .interface),
                            .core(target: .Networking),
                        ]),
                        .tests(module: .feature(.HomeFeature), dependencies: [.feature(target: .HomeFeature)]),
                    ]
                )
                """,
        ])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.name == "HomeFeature")
        #expect(manifest.targets.map(\.name) == ["HomeFeatureInterface", "HomeFeature", "HomeFeatureTests"])
        #expect(manifest.targets.map { $0.linkage?.kind } == [.dynamic, .static, .executable])
        let home = try target(manifest, "HomeFeature")
        #expect(home.dependencies.map(\.name) == ["HomeFeatureInterface", "SettingsFeatureInterface", "Networking"])
        #expect(home.dependencies.map(\.package) == ["Projects/Feature/HomeFeature", "Projects/Feature/SettingsFeature", "Projects/Core/Networking"])
        #expect(globs(home) == ["Projects/Feature/HomeFeature/Sources/**"])
    }
}
