import Foundation
import StrataModel
import SwiftIfConfig
import SwiftParser
import SwiftSyntax

/// Decides `#if` conditions around imports the way the compiler would for the platforms a
/// module is built for, never for the machine Strata runs on: `os(...)`, `canImport(...)`,
/// `targetEnvironment(...)`, `arch(...)`, `compiler(...)`, `swift(...)`, `DEBUG` and custom
/// flags, with swift-syntax's `SwiftIfConfig`. An import is active when its condition holds
/// for at least one of the module's platforms (a package without `platforms:` is built for
/// all of them).
public final class CompilationConditions: @unchecked Sendable {
    /// Every platform a package without `platforms:` may be built for.
    public static let allPlatforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android"]
    /// What an app repository (Tuist, Xcode, XcodeGen, CocoaPods) is built for unless its
    /// manifests or `strata.yml` say otherwise.
    public static let appPlatforms = ["iOS"]

    /// Custom conditions (`-D`): `DEBUG`, as in a debug build, and `strata.yml`'s.
    public let flags: Set<String>
    /// `strata.yml`'s `build.platforms`, which replaces the manifests' for every module.
    public let platforms: [String]?
    /// What an answer depends on besides the flags: the condition, the platforms, the
    /// language mode, and which of the names the condition spells are importable (`canImport`
    /// asks only about those). Modules that agree on these share the evaluation.
    private struct Evaluation: Hashable {
        var condition: String
        var platforms: [String]
        var languageMode: String?
        var importable: [String]
    }

    /// A condition parsed once: its expression (nil when it is not one) and the identifiers it
    /// spells, which `canImport` could ask about.
    private struct Parsed {
        var expression: ExprSyntax?
        var names: [String]
    }

    private var evaluations: [Evaluation: Bool] = [:]
    private var parsed: [String: Parsed] = [:]
    private let lock = NSLock()

    public init(flags: Set<String> = ["DEBUG"], platforms: [String]? = nil) {
        self.flags = flags.union(["DEBUG"])
        self.platforms = platforms
    }

    /// The platforms `module` is built for.
    public func platforms(of module: DiscoveredModule) -> [String] {
        if let platforms { return platforms }
        if let declared = module.platforms, !declared.isEmpty { return declared }
        return module.system == .swiftpm ? Self.allPlatforms : Self.appPlatforms
    }

    /// Whether code under `condition` (the text of an `#if` condition) is compiled for
    /// `module`. `importable` tells `canImport` about the repository's modules and the
    /// module's declared dependencies; SDK and toolchain modules are known per platform.
    /// Answers are remembered by what decides them (`Evaluation`), so one instance can be
    /// asked about any module of any revision.
    public func isActive(_ condition: String, in module: DiscoveredModule, importable: (String) -> Bool) -> Bool {
        let parse = lock.withLock { parsed[condition] } ?? {
            let parse = Self.parse(condition)
            lock.withLock { parsed[condition] = parse }
            return parse
        }()
        guard let expr = parse.expression else { return true }
        let platforms = platforms(of: module)
        // `canImport` asks only about names the condition spells.
        let importable = parse.names.filter(importable)
        let evaluation = Evaluation(condition: condition, platforms: platforms, languageMode: module.languageMode, importable: importable)
        let active = lock.withLock { evaluations[evaluation] } ?? {
            let languageVersion = PlatformConfiguration.languageVersion(mode: module.languageMode ?? "6")
            for platform in platforms {
                let configuration = PlatformConfiguration(
                    platform: platform, flags: flags, importable: Set(importable), languageVersion: languageVersion)
                if IfConfigRegionState.evaluating(expr, in: configuration).state == .active { return true }
                // An answer no platform went into is every platform's.
                if !configuration.asked.platform { return false }
            }
            return false
        }()
        lock.withLock { evaluations[evaluation] = active }
        return active
    }

    /// `condition` as the expression of an `#if`, with the identifiers it spells.
    private static func parse(_ condition: String) -> Parsed {
        let tree = Parser.parse(source: "#if \(condition)\n#endif\n")
        guard let ifConfig = tree.statements.first?.item.as(IfConfigDeclSyntax.self), let expr = ifConfig.clauses.first?.condition else {
            return Parsed(expression: nil, names: [])
        }
        var names: [String] = []
        for token in expr.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            for spelling in [name, name.trimmingCharacters(in: ["`"])] where !names.contains(spelling) { names.append(spelling) }
        }
        return Parsed(expression: expr, names: names)
    }
}

/// One platform's build, as `SwiftIfConfig` asks about it: a device build (no simulator, no
/// Mac Catalyst) for arm64 with the Swift 6.3 compiler, in a language mode (6 unless said).
struct PlatformConfiguration: BuildConfiguration {
    var platform: String
    var flags: Set<String>
    var importable: Set<String>
    var languageVersion = VersionTuple(6, 3)
    /// Whether the evaluation asked anything whose answer depends on the platform.
    let asked = Asked()

    final class Asked: @unchecked Sendable {
        var platform = false
    }

    /// What `#if swift(...)` compares with in a language mode: in mode 6 the compiler's own
    /// version, in mode 5 5.10, in 4.2 4.2, in 4 4.1.50, as the compiler reports them.
    static func languageVersion(mode: String) -> VersionTuple {
        switch mode {
        case "4": VersionTuple(4, 1, 50)
        case "4.2": VersionTuple(4, 2)
        case "5": VersionTuple(5, 10)
        default: VersionTuple(SwiftToolsVersion.current.major, SwiftToolsVersion.current.minor)
        }
    }

    var isApple: Bool { ["iOS", "macOS", "tvOS", "watchOS", "visionOS"].contains(platform) }

    func isCustomConditionSet(name: String) -> Bool { flags.contains(name) }
    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool { true }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let name = importPath.first?.1 else { return false }
        return canImport(name)
    }
    func canImport(_ name: String) -> Bool {
        if importable.contains(name) { return true }
        asked.platform = true
        return SystemModules.isAvailable(name, on: platform) ?? false
    }
    func isActiveTargetOS(name: String) -> Bool {
        asked.platform = true
        return name == platform || (name == "xrOS" && platform == "visionOS")
    }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool {
        asked.platform = true
        return name == "_ObjC" ? isApple : name == "_Native"
    }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool {
        asked.platform = true
        return name == (isApple ? "MachO" : platform == "Windows" ? "COFF" : "ELF")
    }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
    var compilerVersion: VersionTuple { VersionTuple(SwiftToolsVersion.current.major, SwiftToolsVersion.current.minor) }
}
