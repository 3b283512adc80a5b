import StrataModel

/// `@_exported import` of an internal or third-party module by a module that declares code of
/// its own: every module importing it then sees the re-exported module without declaring it.
/// An umbrella module (no declarations of its own) exists to re-export, and re-exporting an
/// Apple SDK module leaks nothing anyone lacks, so neither is reported.
enum ExportedImportRule: Rule {
    static let definition = RuleDefinition(
        id: .exportedImport, title: "Re-export with @_exported",
        rationale: "@_exported import hands a dependency to every module that imports this one, so they use it without declaring it; the graph hides real dependencies. Import it explicitly where it is used. An umbrella module (no declarations of its own) exists to re-export, and re-exporting an Apple SDK module leaks nothing: neither is reported.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Kit", ["Core"], "@_exported import Core\npublic struct Theme {}")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Kit", ["Core"], "import Core\npublic struct Theme {}")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .exportedImport) else { return [] }
        var findings: [Finding] = []
        for module in context.project.modules where !module.kind.isTest {
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
        return findings
    }
}
