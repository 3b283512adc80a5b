/// What a module is for; decides whether it counts in metrics (tests do not).
public enum ModuleKind: String, Codable, Sendable, CaseIterable {
    /// A framework or library other modules link.
    case library
    /// A command-line tool (`executableTarget`, Xcode tool).
    case executable
    /// An iOS/macOS app or app extension.
    case app
    /// A demo app of one feature (uFeature `Example` targets).
    case example
    /// Unit or UI tests.
    case test
    /// A resource bundle: no code of its own to link.
    case bundle
    case macro, plugin, system, binary

    /// Test modules are analyzed for their imports but kept out of metrics and cycles,
    /// because importing everything is their job.
    public var isTest: Bool { self == .test }
}

/// How a manifest names a dependency; each spelling resolves differently.
public enum DependencyKind: String, Codable, Sendable {
    /// `.target(name:)`: a target of the same package or project.
    case target
    /// `.product(name:package:)` (SwiftPM, Tuist `.package(product:)`, Xcode package
    /// product): a product of another package.
    case product
    /// `"Name"` or `.byName(name:)`: a target of the same package, else a product.
    case byName
    /// Tuist `.project(target:path:)`: a target of another project; `package` holds the
    /// project's folder relative to the repository root. A Bazel label of the repository
    /// (`//Modules/Core:Core`) is one too, its package's folder in `package`.
    case project
    /// Tuist `.external(name:)`: a product of a package from `Tuist/Package.swift`.
    case external
    /// A CocoaPods pod (`s.dependency`, Podfile `pod`); `package` holds a subspec path
    /// such as `Auth` when one is named.
    case pod
    /// An Apple SDK framework or library (`.sdk(name:)`, a linked `UIKit.framework`).
    case sdk
    /// A prebuilt binary: `.xcframework(path:)`, `.framework(path:)`, `.library(path:)`.
    case binary
}

/// The project system a module was read from.
public enum BuildSystem: String, Codable, Sendable, CaseIterable {
    case swiftpm, tuist, cocoapods, xcode
    /// An XcodeGen spec (`project.yml`).
    case xcodegen
    /// A Bazel package (`BUILD`, `BUILD.bazel`) of a workspace.
    case bazel
    /// Guessed from folder names because no manifest described it.
    case convention
    /// Declared in `strata.yml`.
    case config

    /// The names of a Bazel package's BUILD file, the one Bazel prefers first.
    public static let bazelBuildFileNames = ["BUILD.bazel", "BUILD"]

    /// Whether a file name (or path) is a Bazel package's BUILD file.
    public static func isBazelBuildFile(_ path: String) -> Bool { bazelBuildFileNames.contains(RepositoryPath.name(of: path)) }
}

/// How a module's code reaches the binaries that use it, and what decided it.
public struct Linkage: Hashable, Sendable, Codable {
    public enum Kind: String, Codable, Sendable {
        /// Copied into every image that links it (static library or static framework).
        case `static`
        /// Its own image, loaded by dyld when a dependent image loads.
        case dynamic
        /// A final image that nothing links: app, app extension, command-line tool, test bundle.
        case executable
        /// Not decided by anything Strata read.
        case unknown
    }

    public var kind: Kind
    /// The manifest line or setting that decided it; nil when it is a default.
    public var evidence: Location?
    /// Why, in the manifest's words: `product: .staticFramework`, `MACH_O_TYPE = staticlib`.
    public var reason: String

    public init(_ kind: Kind, evidence: Location? = nil, reason: String) {
        self.kind = kind
        self.evidence = evidence
        self.reason = reason
    }

    public static let unknown = Linkage(.unknown, reason: "not declared")
}

/// A dependency as the manifest declares it, with the manifest line that declares it.
public struct DeclaredDependency: Hashable, Sendable, Codable {
    public var name: String
    public var kind: DependencyKind
    public var package: String?
    public var evidence: Location
    /// For a `.pod` dependency, the pod without its subspec (`Dependencies/Login` -> `Dependencies`):
    /// CocoaPods builds a pod's subspecs into one module.
    public var podName: String { String(name.split(separator: "/").first ?? Substring(name)) }
    /// The modules of the repository this dependency stands for (a product names its
    /// targets); nil for an external dependency. Filled in by assembly.
    public var modules: [String]?
    /// An image this one loads at run time and does not link the code of again: a rules_apple
    /// bundle's `frameworks` and a unit test's `test_host`, its bundle loader (rules_apple's
    /// `avoid_deps`: a library linked into the framework is not linked into the app or extension
    /// that lists it); nil otherwise.
    public var avoidsLinking: Bool?

    public init(
        name: String, kind: DependencyKind, package: String? = nil, evidence: Location, modules: [String]? = nil, avoidsLinking: Bool? = nil
    ) {
        self.name = name
        self.kind = kind
        self.package = package
        self.evidence = evidence
        self.modules = modules
        self.avoidsLinking = avoidsLinking
    }
}

/// A product a package vends, and the targets it is made of.
public struct Product: Hashable, Sendable, Codable {
    public enum Linkage: String, Codable, Sendable { case automatic, `static`, dynamic }
    public var name: String
    public var kind: String
    public var linkage: Linkage?
    public var targets: [String]

    public init(name: String, kind: String, linkage: Linkage? = nil, targets: [String]) {
        self.name = name
        self.kind = kind
        self.linkage = linkage
        self.targets = targets
    }
}

/// A package or project found in the repository: a `Package.swift`, a Tuist `Project.swift`,
/// a podspec, an Xcode project, or a directory-convention guess.
public struct PackageInfo: Hashable, Sendable, Codable {
    public var name: String
    public var system: BuildSystem
    /// The manifest, relative to the repository root.
    public var manifest: String
    public var products: [Product]
    /// Identities of the packages this one depends on through `.package(path:)`.
    public var localDependencies: [String]
    /// Identities of the packages this one depends on through `.package(url:)`.
    public var remoteDependencies: [String]

    public init(
        name: String, system: BuildSystem = .swiftpm, manifest: String, products: [Product] = [],
        localDependencies: [String] = [], remoteDependencies: [String] = []
    ) {
        self.name = name
        self.system = system
        self.manifest = manifest
        self.products = products
        self.localDependencies = localDependencies
        self.remoteDependencies = remoteDependencies
    }

    /// The directory that holds the manifest, relative to the root ("" for the root).
    public var directory: String {
        RepositoryPath.folder(of: manifest)
    }

    /// The identity SwiftPM gives a local package: its directory's last path component.
    public var identity: String {
        let dir = directory
        guard !dir.isEmpty else { return name }
        return String(dir.split(separator: "/").last ?? Substring(name))
    }
}

/// A module as discovery found it: where it lives and what it declares, before scanning.
public struct DiscoveredModule: Hashable, Sendable, Codable {
    /// Unique in the repository: the target name, qualified as `package/target` when two
    /// packages in the repository use the same target name.
    public var name: String
    /// Where the module is declared: stable when other modules come and go or a display name
    /// is qualified or renamed, so diffs and finding fingerprints match modules by it.
    public var id: ModuleID
    /// The target's name in its manifest (`name` may be qualified or renamed in `strata.yml`).
    public var target: String
    /// The name `import` uses (a target's module name, a pod's `module_name`).
    public var importName: String
    public var kind: ModuleKind
    public var system: BuildSystem
    /// The product type as the manifest writes it (`staticFramework`, `framework`, `app`,
    /// `com.apple.product-type.framework`, `pod`), when it says one.
    public var product: String?
    public var linkage: Linkage
    /// The package (or project) that defines the module.
    public var package: String
    /// The module's source directory, relative to the repository root.
    public var path: String
    /// Where the manifest defines the module.
    public var manifest: Location?
    /// Other manifests that describe the same module (a library with a `Package.swift`, a
    /// podspec and an Xcode project); `manifest` is the one that was used.
    public var alsoDeclaredIn: [Location] = []
    public var dependencies: [DeclaredDependency]
    /// Swift source files, relative to the repository root, sorted.
    public var sourceFiles: [String]
    /// The platforms the manifest builds it for (`iOS`, `macOS`, `Linux`, ...); nil when the
    /// manifest does not say. `#if` around imports is decided for these.
    public var platforms: [String]?
    /// The Swift language mode its sources are compiled in (`6`, `5`, `4.2`), which decides
    /// `#if swift(>=...)`; nil when no manifest says (read as 6).
    public var languageMode: String?
    /// The upcoming and experimental compiler features it is built with
    /// (`MemberImportVisibility`), sorted; nil for none.
    public var features: [String]?
    /// True when its folder holds C, C++ or Objective-C sources, whose headers may declare
    /// what importers use; nil otherwise.
    public var clangSources: Bool?
    /// Where its public headers are, for a C, Objective-C or mixed module whose manifest
    /// places them; nil otherwise.
    public var publicHeaders: PublicHeaders?

    public init(
        name: String, importName: String? = nil, kind: ModuleKind, system: BuildSystem = .swiftpm,
        product: String? = nil, linkage: Linkage = .unknown, package: String, path: String,
        manifest: Location?, dependencies: [DeclaredDependency], sourceFiles: [String]
    ) {
        self.name = name
        target = RepositoryPath.name(of: name)
        id = ModuleID(manifest: manifest?.file ?? path, target: target)
        self.importName = importName ?? Self.moduleName(forTarget: target)
        self.kind = kind
        self.system = system
        self.product = product
        self.linkage = linkage
        self.package = package
        self.path = path
        self.manifest = manifest
        self.dependencies = dependencies
        self.sourceFiles = sourceFiles
    }

    /// The name `import` uses: the target name with characters that cannot appear in an
    /// identifier replaced by `_`, as SwiftPM does (`swift-parser-cli` -> `swift_parser_cli`).
    /// Letters and digits of any script are kept (`CaféDomain`), digits not first (`٠٠٠` ->
    /// `_٠٠`, SwiftPM's own example).
    public static func moduleName(forTarget target: String) -> String {
        // ASCII, the common case, without Unicode's property tables: letters and `_` stay,
        // digits stay but first.
        if target.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(target.utf8)
            for index in bytes.indices {
                let byte = bytes[index], lower = byte | 0x20
                let isLetter = byte == UInt8(ascii: "_") || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if !(isLetter || (isDigit && index > 0)) { bytes[index] = UInt8(ascii: "_") }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        for (index, scalar) in target.unicodeScalars.enumerated() {
            let isLetter = scalar == "_" || (scalar.properties.isAlphabetic && scalar.properties.numericType == nil)
            let isDigit = scalar.properties.numericType == .decimal
            result.unicodeScalars.append(isLetter || (isDigit && index > 0) ? scalar : "_")
        }
        return result
    }
}

/// Everything discovery found.
public struct Discovery: Equatable, Sendable, Codable {
    public var packages: [PackageInfo]
    public var modules: [DiscoveredModule]
    /// The module each pod of the repository is, by pod name (`GRDB.swift` -> `GRDB`), also
    /// when a `Package.swift` describes the same module and was kept instead of the podspec.
    public var pods: [String: String]
    public var diagnostics: [Diagnostic]
    /// Files discovery read from outside the tree (`Manifest.externalInputs`), sorted.
    public var externalInputs: [String] = []

    public init(
        packages: [PackageInfo], modules: [DiscoveredModule], pods: [String: String] = [:], diagnostics: [Diagnostic],
        externalInputs: [String] = []
    ) {
        self.packages = packages
        self.modules = modules
        self.pods = pods
        self.diagnostics = diagnostics
        self.externalInputs = externalInputs
    }
}
