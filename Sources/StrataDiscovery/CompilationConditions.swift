import Foundation
import StrataModel
import SwiftIfConfig
import SwiftOperators
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
    /// What an answer depends on besides the flags and the platform: the condition, the
    /// language mode, and which of the names the condition spells are importable (`canImport`
    /// asks only about those). Modules that agree on these share the evaluations.
    private struct Evaluation: Hashable {
        var condition: String
        var languageMode: String?
        var importable: [String]
    }

    /// A condition parsed once: its expression (nil when it is not one) and the identifiers it
    /// spells, which `canImport` could ask about.
    private struct Parsed {
        var expression: ExprSyntax?
        var names: [String]
    }

    /// One evaluation: what it asked about the platform, with the answers, and its answer. An
    /// evaluation asks each question from the answers before, so a platform answering these
    /// questions alike gets the same answer without evaluating again (one that asked nothing
    /// is every platform's).
    private struct Trace {
        var questions: [(PlatformConfiguration.Question, Bool)]
        var active: Bool

        func holds(for configuration: PlatformConfiguration) -> Bool {
            questions.allSatisfy { configuration.answer($0.0) == $0.1 }
        }
    }

    private var evaluations: [Evaluation: [Trace]] = [:]
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
    /// Evaluations are remembered by what decides them (`Evaluation`, `Trace`), so one
    /// instance can be asked about any module of any revision.
    public func isActive(_ condition: String, in module: DiscoveredModule, importable: (String) -> Bool) -> Bool {
        let parse = lock.withLock { parsed[condition] } ?? {
            let parse = Self.parse(condition)
            lock.withLock { parsed[condition] = parse }
            return parse
        }()
        guard let expr = parse.expression else { return true }
        // `canImport` asks only about names the condition spells.
        let importable = parse.names.filter(importable)
        let evaluation = Evaluation(condition: condition, languageMode: module.languageMode, importable: importable)
        let importableSet = Set(importable)
        var traces = lock.withLock { evaluations[evaluation] } ?? []
        let known = traces.count
        let languageVersion = PlatformConfiguration.languageVersion(mode: module.languageMode ?? "6")
        var active = false
        for platform in platforms(of: module) {
            let configuration = PlatformConfiguration(
                platform: platform, flags: flags, importable: importableSet, languageVersion: languageVersion)
            if let trace = traces.first(where: { $0.holds(for: configuration) }) {
                active = trace.active
            } else {
                active = IfConfigRegionState.evaluating(expr, in: configuration).state == .active
                traces.append(Trace(questions: configuration.asked.questions, active: active))
            }
            if active { break }
        }
        if traces.count > known { lock.withLock { evaluations[evaluation] = traces } }
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
            for spelling in [name, name.filter { $0 != "`" }] where !names.contains(spelling) { names.append(spelling) }
        }
        // Folded once here: `SwiftIfConfig` folds `&&`, `||` and `!` again at every evaluation,
        // which finds nothing left to fold.
        let folded = OperatorTable.logicalOperators.foldAll(expr) { _ in }.as(ExprSyntax.self) ?? ExprSyntax(expr)
        return Parsed(expression: folded, names: names)
    }
}

/// One platform's build, as `SwiftIfConfig` asks about it: a device build (no simulator, no
/// Mac Catalyst) for arm64 with the Swift 6.3 compiler, in a language mode (6 unless said).
struct PlatformConfiguration: BuildConfiguration {
    var platform: String
    var flags: Set<String>
    var importable: Set<String>
    var languageVersion = VersionTuple(6, 3)
    /// What the evaluation asked whose answer depends on the platform, with the answers.
    let asked = Asked()

    final class Asked: @unchecked Sendable {
        var questions: [(Question, Bool)] = []
    }

    /// A question whose answer depends on the platform.
    enum Question {
        case os(String), canImport(String), runtime(String), objectFormat(String)
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
        importable.contains(name) || ask(.canImport(name))
    }
    func isActiveTargetOS(name: String) -> Bool { ask(.os(name)) }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool { ask(.runtime(name)) }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { ask(.objectFormat(name)) }

    /// `question`'s answer on this platform.
    func answer(_ question: Question) -> Bool {
        switch question {
        case .os(let name): name == platform || (name == "xrOS" && platform == "visionOS")
        case .canImport(let name): SystemModules.isAvailable(name, on: platform) ?? false
        case .runtime(let name): name == "_ObjC" ? isApple : name == "_Native"
        case .objectFormat(let name): name == (isApple ? "MachO" : platform == "Windows" ? "COFF" : "ELF")
        }
    }

    private func ask(_ question: Question) -> Bool {
        let answer = answer(question)
        asked.questions.append((question, answer))
        return answer
    }

    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
    var compilerVersion: VersionTuple { VersionTuple(SwiftToolsVersion.current.major, SwiftToolsVersion.current.minor) }
}
