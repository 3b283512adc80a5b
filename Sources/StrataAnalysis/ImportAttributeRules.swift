import StrataModel

/// Import attributes that say something about the architecture: `@testable import` in
/// production code, and `@_exported import` that hands a dependency to every dependent.
public enum ImportAttributeRules {
    /// `@testable import` in a module that is not a test module: it builds only with testing
    /// enabled (debug), so a release build fails, and it reaches into internals.
    public static func testableImports(project: Project, rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .testableImport) else { return [] }
        var findings: [Finding] = []
        for module in project.modules where !module.kind.isTest {
            let sites = module.imports.filter { $0.attributes?.contains("@testable") == true }
            for (name, sites) in Dictionary(grouping: sites, by: \.module) {
                findings.append(Finding(
                    rule: .testableImport, severity: severity,
                    message: "\(module.name) uses @testable import \(name) outside a test module",
                    module: module.name, dependency: name, evidence: sites.map(\.evidence)))
            }
        }
        return findings.sorted()
    }

    /// `@_exported import` of an internal or third-party module by a module that declares code
    /// of its own. Every module importing it then sees the re-exported module without
    /// declaring it. An umbrella module (no declarations of its own) exists to re-export, and
    /// re-exporting an Apple SDK module leaks nothing anyone lacks, so neither is reported.
    public static func exportedImports(project: Project, rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .exportedImport) else { return [] }
        var findings: [Finding] = []
        for module in project.modules where !module.kind.isTest {
            guard module.declarations.values.reduce(0, +) > 0 else { continue }
            let sites = module.imports.filter {
                $0.attributes?.contains("@_exported") == true && !SystemModules.contains($0.module) && $0.module != module.importName
            }
            for (name, sites) in Dictionary(grouping: sites, by: \.module) {
                findings.append(Finding(
                    rule: .exportedImport, severity: severity,
                    message: "\(module.name) re-exports \(name) with @_exported import: its dependents use \(name) without declaring it",
                    module: module.name, dependency: name, evidence: sites.map(\.evidence)))
            }
        }
        return findings.sorted()
    }
}
