/// Every rule Strata checks, each in one place: its id, a one-line name, the rationale a user
/// reads before deciding to fix, suppress or lower a finding, its default severity, and two
/// small repositories, one that triggers it and one that does not. The rule tests analyze both
/// examples; SARIF's `tool.driver.rules`, the Markdown summary, `strata init`'s comments,
/// `strata rules` and the HTML report's help read the rest.
public struct RuleDefinition: Sendable {
    public var id: RuleID
    /// A one-line name, as SARIF's `name` and a table heading show it.
    public var title: String
    /// Why the rule exists and what to do about a finding.
    public var rationale: String
    /// The severity when `strata.yml` does not set one; nil for rules that are off by default.
    public var defaultSeverity: Finding.Severity?
    /// A repository with exactly one finding of this rule.
    public var triggers: RuleExample
    /// The same repository, changed so the rule has nothing to say.
    public var passes: RuleExample
}

/// A small Swift package as a rule example: a `strata.yml`, targets with one source file each,
/// and what else its manifest needs. `files` writes it out.
public struct RuleExample: Sendable {
    public struct Target: Sendable {
        /// `target`, `executableTarget` or `testTarget`.
        public var kind: String
        public var name: String
        /// Manifest dependency expressions; a plain name is written as a quoted string.
        public var dependencies: [String]
        public var source: String

        public static func library(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "target", name: name, dependencies: dependencies, source: source)
        }
        public static func executable(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "executableTarget", name: name, dependencies: dependencies, source: source)
        }
        public static func test(_ name: String, _ dependencies: [String] = [], _ source: String) -> Target {
            Target(kind: "testTarget", name: name, dependencies: dependencies, source: source)
        }
    }

    public var configuration: String?
    public var targets: [Target]
    /// Extra manifest lines: `products:` and `dependencies:` entries, written before `targets:`.
    public var manifest: String?

    public init(_ configuration: String, manifest: String? = nil, _ targets: Target...) {
        self.configuration = configuration
        self.targets = targets
        self.manifest = manifest
    }

    public init(manifest: String? = nil, _ targets: Target...) {
        self.targets = targets
        self.manifest = manifest
    }

    /// The repository, path and text, in a stable order.
    public var files: [(path: String, text: String)] {
        let declared = targets.map { target in
            let dependencies = target.dependencies.map { $0.hasPrefix(".") ? $0 : "\"\($0)\"" }.joined(separator: ", ")
            return "        .\(target.kind)(name: \"\(target.name)\"\(dependencies.isEmpty ? "" : ", dependencies: [\(dependencies)]")),"
        }
        let package = ["// swift-tools-version:6.0", "import PackageDescription", "", "let package = Package(", "    name: \"Example\","]
            + (manifest.map { [$0] } ?? []) + ["    targets: ["] + declared + ["    ]", ")", ""]
        var files = [(path: "Package.swift", text: package.joined(separator: "\n"))]
        if let configuration { files.append((path: "strata.yml", text: configuration)) }
        for target in targets {
            let folder = target.kind == "testTarget" ? "Tests" : "Sources"
            files.append((path: "\(folder)/\(target.name)/\(target.name).swift", text: target.source + "\n"))
        }
        return files
    }
}

extension RuleID {
    public var title: String { definition.title }
    public var rationale: String { definition.rationale }
    /// The severity when `strata.yml` does not set one; nil for rules that are off by default.
    public var defaultSeverity: Finding.Severity? { definition.defaultSeverity }

    public var definition: RuleDefinition {
        switch self {
        case .layerViolation: .layerViolation
        case .forbiddenDependency: .forbiddenDependency
        case .forbiddenImport: .forbiddenImport
        case .stableDependencies: .stableDependencies
        case .stableAbstractions: .stableAbstractions
        case .testableImport: .testableImport
        case .exportedImport: .exportedImport
        case .cycle: .cycle
        case .implicitDependency: .implicitDependency
        case .unusedDependency: .unusedDependency
        case .undeclaredImport: .undeclaredImport
        case .unusedPublic: .unusedPublic
        case .openNotSubclassed: .openNotSubclassed
        case .unregisteredService: .unregisteredService
        case .duplicateRegistration: .duplicateRegistration
        case .containerDependency: .containerDependency
        case .sharedStateDuplicated: .sharedStateDuplicated
        }
    }
}

// Defaults: what breaks the intended architecture or the build is an error (layer order,
// forbidden dependencies and imports, cycles, `@testable` in production code, a resolution
// nothing registers, shared state copied into several images); what is probably wrong but
// often tolerated is a warning; the Stable Abstractions Principle is advice (info); the
// access-control advice is off unless `strata.yml`'s `severity:` names it, as a library's
// whole API would otherwise flood `strata check`.
extension RuleDefinition {
    private static let twoLayers = """
        layers:
          - {name: core, modules: [Core]}
          - {name: feature, modules: [Feature]}
        """

    public static let layerViolation = RuleDefinition(
        id: .layerViolation, title: "Import from a higher layer",
        rationale: "strata.yml lists the layers lowest first; a module may depend on its own layer and lower ones. An import of a higher layer inverts the architecture: move the code down, or depend on a protocol in the lower layer.",
        defaultSeverity: .error,
        triggers: RuleExample(twoLayers, .library("Core", ["Feature"], "import Feature"), .library("Feature", [], "public struct Screen {}")),
        passes: RuleExample(twoLayers, .library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    public static let forbiddenDependency = RuleDefinition(
        id: .forbiddenDependency, title: "Forbidden dependency",
        rationale: "A rule in strata.yml forbids this dependency between modules or layers. Remove the import or the declared dependency, or change the rule if the architecture changed.",
        defaultSeverity: .error,
        triggers: RuleExample(
            "rules:\n  - forbidden: {from: Feature, to: Networking}\n    reason: features reach the network through Domain",
            .library("Feature", ["Networking"], "import Networking"), .library("Networking", [], "public struct Client {}")),
        passes: RuleExample(
            "rules:\n  - forbidden: {from: Feature, to: Networking}\n    reason: features reach the network through Domain",
            .library("Feature", ["Domain"], "import Domain"), .library("Domain", ["Networking"], "import Networking"),
            .library("Networking", [], "public struct Client {}")))

    public static let forbiddenImport = RuleDefinition(
        id: .forbiddenImport, title: "Forbidden import",
        rationale: "The module's layer may not import this module (e.g. a domain layer importing UIKit). Keep framework code at the edges of the architecture.",
        defaultSeverity: .error,
        triggers: RuleExample(
            "layers:\n  - {name: domain, modules: [Domain], forbiddenImports: [UIKit]}",
            .library("Domain", [], "import UIKit\npublic struct Order {}")),
        passes: RuleExample(
            "layers:\n  - {name: domain, modules: [Domain], forbiddenImports: [UIKit]}",
            .library("Domain", [], "import Foundation\npublic struct Order {}")))

    public static let stableDependencies = RuleDefinition(
        id: .stableDependencies, title: "Dependency on a less stable module",
        rationale: "Stable Dependencies Principle: depend in the direction of stability. A module that many modules depend on should not depend on one that changes more easily (higher instability I).",
        defaultSeverity: .warn,
        triggers: RuleExample(
            .library("Core", ["Helpers"], "import Helpers"), .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core"),
            .library("Helpers", ["A", "B"], "import A\nimport B")),
        passes: RuleExample(
            .library("Core", [], "public struct Model {}"), .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core"),
            .library("Helpers", ["A", "B"], "import A\nimport B")))

    public static let stableAbstractions = RuleDefinition(
        id: .stableAbstractions, title: "Stable and concrete module",
        rationale: "Stable Abstractions Principle: a module many others depend on should be abstract (protocols), so it can be extended without changing it. Far from the main sequence (D near 1) it is hard to change and hard to substitute.",
        defaultSeverity: .info,
        triggers: RuleExample(
            .library("Core", [], "public struct Store {}\npublic final class Cache {}"),
            .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core")),
        passes: RuleExample(
            .library("Core", [], "public protocol Store {}\npublic protocol Cache {}"),
            .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core")))

    public static let testableImport = RuleDefinition(
        id: .testableImport, title: "@testable import outside tests",
        rationale: "@testable import only builds with testing enabled (debug builds) and reaches into internal declarations; production code that uses it fails a release build. Make the needed API public or move the code to a test module.",
        defaultSeverity: .error,
        triggers: RuleExample(.library("Core", [], "struct Model {}"), .library("Feature", ["Core"], "@testable import Core")),
        passes: RuleExample(.library("Core", [], "struct Model {}"), .test("CoreTests", ["Core"], "@testable import Core")))

    public static let exportedImport = RuleDefinition(
        id: .exportedImport, title: "Re-export with @_exported",
        rationale: "@_exported import hands a dependency to every module that imports this one, so they use it without declaring it; the graph hides real dependencies. Import it explicitly where it is used. An umbrella module (no declarations of its own) exists to re-export, and re-exporting an Apple SDK module leaks nothing: neither is reported.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Kit", ["Core"], "@_exported import Core\npublic struct Theme {}")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Kit", ["Core"], "import Core\npublic struct Theme {}")))

    public static let cycle = RuleDefinition(
        id: .cycle, title: "Module cycle",
        rationale: "Modules that import each other cannot be built, tested or reused apart, and every change in one rebuilds all. Break the cycle at the cheapest edge Strata names, with a protocol in the lower module or an interface module.",
        defaultSeverity: .error,
        triggers: RuleExample(.library("Cart", ["Checkout"], "import Checkout"), .library("Checkout", ["Cart"], "import Cart")),
        passes: RuleExample(.library("Cart", [], "public protocol CartService {}"), .library("Checkout", ["Cart"], "import Cart")))

    public static let implicitDependency = RuleDefinition(
        id: .implicitDependency, title: "Import of an undeclared internal module",
        rationale: "The module imports another module of the repository that its manifest does not declare. It builds by accident (through another dependency) and breaks when that changes. Declare it.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", [], "import Core")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    public static let unusedDependency = RuleDefinition(
        id: .unusedDependency, title: "Declared dependency never imported",
        rationale: "The manifest declares a dependency on a module that no file imports: it slows builds and hides the real graph. Remove it.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "public struct Screen {}")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    public static let undeclaredImport = RuleDefinition(
        id: .undeclaredImport, title: "Import of an undeclared external module",
        rationale: "The module imports an external module its manifest does not declare (e.g. a package only another layer declares). Declare it where it is used, or stop using it there.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            manifest: "    dependencies: [.package(url: \"https://github.com/jpsim/Yams\", from: \"6.2.2\")],",
            .library("Settings", [], "import Yams")),
        passes: RuleExample(
            manifest: "    dependencies: [.package(url: \"https://github.com/jpsim/Yams\", from: \"6.2.2\")],",
            .library("Settings", [".product(name: \"Yams\", package: \"Yams\")"], "import Yams")))

    public static let unusedPublic = RuleDefinition(
        id: .unusedPublic, title: "Public declaration no other module uses",
        rationale: "Public declarations that no other module references widen the API for nothing; internal ones compile faster and can be changed freely.",
        defaultSeverity: nil,
        triggers: RuleExample(
            "severity:\n  unused-public: warn",
            .library("Core", [], "public func format(_ value: Int) -> String { \"\\(value)\" }\npublic func unusedHelper() {}"),
            .executable("App", ["Core"], "import Core\nprint(format(1))")),
        passes: RuleExample(
            "severity:\n  unused-public: warn",
            .library("Core", [], "public func format(_ value: Int) -> String { \"\\(value)\" }"),
            .executable("App", ["Core"], "import Core\nprint(format(1))")))

    public static let openNotSubclassed = RuleDefinition(
        id: .openNotSubclassed, title: "Open class no other module subclasses",
        rationale: "An open class that no other module subclasses promises extension it does not need; public or final is cheaper to dispatch and to change.",
        defaultSeverity: nil,
        triggers: RuleExample(
            "severity:\n  open-not-subclassed: warn",
            .library("Core", [], "open class Screen { public init() {} }"),
            .executable("App", ["Core"], "import Core\nlet screen = Screen()")),
        passes: RuleExample(
            "severity:\n  open-not-subclassed: warn",
            .library("Core", [], "open class Screen { public init() {} }"),
            .executable("App", ["Core"], "import Core\nfinal class Home: Screen {}\nlet screen = Home()")))

    private static let swinject = "    dependencies: [.package(url: \"https://github.com/Swinject/Swinject\", from: \"2.10.0\")],"
    private static let swinjectProduct = ".product(name: \"Swinject\", package: \"Swinject\")"

    public static let unregisteredService = RuleDefinition(
        id: .unregisteredService, title: "Resolution with no registration",
        rationale: "The code resolves a service from the DI container that nothing registers: the resolution fails (often a crash on a force unwrap) at run time. Register it, or fix the type or name.",
        defaultSeverity: .error,
        triggers: RuleExample(
            manifest: swinject,
            .executable("App", [swinjectProduct], """
                import Swinject
                protocol Clock {}
                let container = Container()
                let clock = container.resolve(Clock.self)!
                """)),
        passes: RuleExample(
            manifest: swinject,
            .executable("App", [swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                let clock = container.resolve(Clock.self)!
                """)))

    public static let duplicateRegistration = RuleDefinition(
        id: .duplicateRegistration, title: "Service registered twice",
        rationale: "A service registered twice: the last registration at run time wins, and which one that is depends on start-up order.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            manifest: swinject,
            .executable("App", [swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                struct FixedClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                container.register(Clock.self) { _ in FixedClock() }
                """)),
        passes: RuleExample(
            manifest: swinject,
            .executable("App", [swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                struct FixedClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                container.register(Clock.self, name: "fixed") { _ in FixedClock() }
                """)))

    private static let injectionLayers = """
        layers:
          - {name: domain, modules: [Domain]}
          - {name: ui, modules: [UI]}
        """

    public static let containerDependency = RuleDefinition(
        id: .containerDependency, title: "Hidden dependency through the DI container",
        rationale: "A module gets a concrete service of another module only through the container. The import graph does not show this dependency; it breaks the layer order or closes a cycle all the same. Depend on an abstraction in a lower module.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            injectionLayers, manifest: swinject,
            .library("Domain", [swinjectProduct], """
                import Swinject
                public struct Checkout {}
                public func wire(_ c: Container) { c.register(Checkout.self) { r in _ = r.resolve(Screen.self); return Checkout() } }
                """),
            .library("UI", ["Domain", swinjectProduct], """
                import Domain
                import Swinject
                public protocol Screen {}
                struct Home: Screen {}
                public func wire(_ c: Container) { c.register(Screen.self) { _ in Home() } }
                """)),
        passes: RuleExample(
            injectionLayers, manifest: swinject,
            .library("Domain", [swinjectProduct], """
                import Swinject
                public protocol Screen {}
                public struct Checkout {}
                public func wire(_ c: Container) { c.register(Checkout.self) { r in _ = r.resolve(Screen.self); return Checkout() } }
                """),
            .library("UI", ["Domain", swinjectProduct], """
                import Domain
                import Swinject
                struct Home: Screen {}
                public func wire(_ c: Container) { c.register(Screen.self) { _ in Home() } }
                """)))

    public static let sharedStateDuplicated = RuleDefinition(
        id: .sharedStateDuplicated, title: "Shared state copied into several images",
        rationale: "A static module is linked into several images of one process (an app and its dynamic frameworks): each image gets its own copy of its globals, so a DI container or a shared instance exists several times and registrations made in one are missing in the others. Make the module dynamic, or link it into one image only.",
        defaultSeverity: .error,
        triggers: RuleExample(
            manifest: "    products: [.library(name: \"Feature\", type: .dynamic, targets: [\"Feature\"])],",
            .library("Core", [], "public final class Registry { public static let shared = Registry() }"),
            .library("Feature", ["Core"], "import Core\npublic func start() { _ = Registry.shared }"),
            .executable("App", ["Core", "Feature"], "import Core\nimport Feature\n_ = Registry.shared\nstart()")),
        passes: RuleExample(
            manifest: "    products: [.library(name: \"Feature\", type: .dynamic, targets: [\"Feature\"]), .library(name: \"Core\", type: .dynamic, targets: [\"Core\"])],",
            .library("Core", [], "public final class Registry { public static let shared = Registry() }"),
            .library("Feature", ["Core"], "import Core\npublic func start() { _ = Registry.shared }"),
            .executable("App", ["Core", "Feature"], "import Core\nimport Feature\n_ = Registry.shared\nstart()")))
}
