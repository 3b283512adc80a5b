import StrataModel

/// Third-party modules imported without a manifest declaring them for the importing module
/// (the Petpion layers that import Swinject although only Core declares it). They build only
/// because some other module brings the library in, and break when it stops doing so.
///
/// Only modules whose manifest lists their external dependencies are checked (SwiftPM, Tuist,
/// CocoaPods); an Xcode target links frameworks in ways a static reading misses. A declared
/// dependency covers an import when its name, reduced to a module name, equals the import
/// (`GRDB.swift` -> `GRDB`, `Firebase/Analytics` -> `Firebase` or `FirebaseAnalytics`,
/// `Frameworks/Lottie.xcframework` -> `Lottie`), or when its package has that name.
enum UndeclaredImportRule: Rule {
    static let definition = RuleDefinition(
        id: .undeclaredImport, title: "Import of an undeclared external module",
        rationale: "The module imports an external module its manifest does not declare (e.g. a package only another layer declares). Declare it where it is used, or stop using it there.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            manifest: "    dependencies: [.package(url: \"https://github.com/jpsim/Yams\", from: \"6.2.2\")],",
            .library("Settings", [], "import Yams")),
        passes: RuleExample(
            manifest: "    dependencies: [.package(url: \"https://github.com/jpsim/Yams\", from: \"6.2.2\")],",
            .library("Settings", [".product(name: \"Yams\", package: \"Yams\")"], "import Yams")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .undeclaredImport) else { return [] }
        let project = context.project
        let internalNames = Set(project.modules.map(\.importName))
        let checkedSystems: Set<BuildSystem> = [.swiftpm, .tuist, .cocoapods]
        var findings: [Finding] = []
        for module in project.modules where module.manifest != nil && checkedSystems.contains(module.system) {
            // Each name decided once (a module imports a few names from many files), the sites
            // read in place.
            var undeclared: [String: Bool] = [:]
            var covered: Set<String>?
            var sites: [String: [Location]] = [:]
            for index in module.imports.indices {
                let name = module.imports[index].module
                let isUndeclared = undeclared[name] ?? {
                    let external = !internalNames.contains(name) && !SystemModules.contains(name)
                    if external && covered == nil { covered = Set(module.dependencies.flatMap(names)) }
                    let decided = external && covered?.contains(name) == false
                    undeclared[name] = decided
                    return decided
                }()
                if isUndeclared { sites[name, default: []].append(module.imports[index].evidence) }
            }
            for (name, evidence) in sites {
                findings.append(Finding(
                    rule: .undeclaredImport, severity: severity,
                    message: "\(module.name) imports \(name) but its manifest does not declare it",
                    module: module.name, dependency: name, evidence: evidence))
            }
        }
        return findings
    }

    /// The module names a declared dependency may stand for.
    static func names(_ dependency: DeclaredDependency) -> [String] {
        var spellings = [dependency.name]
        if let package = dependency.package { spellings.append(package) }
        var result: [String] = []
        for spelling in spellings {
            let parts = spelling.split(separator: "/").map(String.init)
            let last = parts.last ?? spelling
            for candidate in [spelling, last, parts.first ?? spelling, parts.joined()] {
                var name = candidate
                for suffix in [".xcframework", ".framework", ".swift", ".a"] where name.hasSuffix(suffix) {
                    name.removeLast(suffix.count)
                }
                result.append(DiscoveredModule.moduleName(forTarget: name))
            }
        }
        return result
    }
}
