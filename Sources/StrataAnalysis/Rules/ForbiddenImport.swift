import StrataModel

/// An import (of any module, by its import name) that the importing module's layer lists
/// under `forbiddenImports`. Test modules are left out.
enum ForbiddenImportRule: Rule {
    static let definition = RuleDefinition(
        id: .forbiddenImport, title: "Forbidden import",
        rationale: "The module's layer may not import this module (e.g. a domain layer importing UIKit). Keep framework code at the edges of the architecture.",
        defaultSeverity: .error,
        triggers: RuleExample(
            "layers:\n  - {name: domain, modules: [Domain], forbiddenImports: [UIKit]}",
            .library("Domain", [], "import UIKit\npublic struct Order {}")),
        passes: RuleExample(
            "layers:\n  - {name: domain, modules: [Domain], forbiddenImports: [UIKit]}",
            .library("Domain", [], "import Foundation\npublic struct Order {}")))

    static func findings(in context: RuleContext) -> [Finding] {
        let rules = context.rules
        guard let severity = rules.severity(of: .forbiddenImport), !rules.layers.isEmpty else { return [] }
        var findings: [Finding] = []
        for module in LayerRules.production(context.project).values.sorted(by: { $0.name < $1.name }) {
            guard let layer = rules.layer(of: module.name), !layer.forbiddenImports.isEmpty else { continue }
            let sites = Dictionary(grouping: module.imports.filter { $0.module != module.importName }, by: \.module)
            for (name, sites) in sites.sorted(by: { $0.key < $1.key }) where layer.forbiddenImports.contains(where: { $0.matches(name) }) {
                findings.append(Finding(
                    rule: .forbiddenImport, severity: severity,
                    message: "\(module.name) (layer \(layer.name)) imports \(name), which layer \(layer.name) forbids",
                    module: module.name, dependency: name, evidence: sites.map(\.evidence)))
            }
        }
        return findings
    }
}
