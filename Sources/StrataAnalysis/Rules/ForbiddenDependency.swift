import StrataModel

/// A dependency matched by a `forbidden` rule of `strata.yml`: an internal edge, or an import
/// of an external module whose name the rule's `to` matches. Test modules are left out.
enum ForbiddenDependencyRule: Rule {
    static let definition = RuleDefinition(
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

    static func findings(in context: RuleContext) -> [Finding] {
        let rules = context.rules, project = context.project
        let forbidden = rules.rules.filter { $0.kind == .forbidden }
        guard !forbidden.isEmpty else { return [] }
        let modules = LayerRules.production(project)
        let internalNames = Set(project.modules.map(\.importName))
        var findings: [Finding] = []
        for rule in forbidden {
            guard let severity = rule.severity ?? rules.severity(of: .forbiddenDependency) else { continue }
            let why = rule.reason.map { ": \($0)" } ?? ""
            for edge in project.edges where edge.from != edge.to {
                let (from, to) = (context.name(edge.from), context.name(edge.to))
                guard modules[from] != nil, modules[to] != nil,
                    LayerRules.matches(rule.from, from, rules: rules), LayerRules.matches(rule.to, to, rules: rules),
                    !LayerRules.allowed(from, to, rules: rules)
                else { continue }
                findings.append(Finding(
                    rule: .forbiddenDependency, severity: severity,
                    message: "\(from) depends on \(to), forbidden by the rule on line \(rule.line) of strata.yml\(why)",
                    module: from, dependency: to, evidence: EdgeEvidence.locations(of: edge, modules: modules, names: context.name)))
            }
            for module in modules.values.sorted(by: { $0.name < $1.name }) where LayerRules.matches(rule.from, module.name, rules: rules) {
                let sites = Dictionary(grouping: module.imports.filter { !internalNames.contains($0.module) }, by: \.module)
                for (name, sites) in sites.sorted(by: { $0.key < $1.key }) where rule.to.contains(where: { $0.matches(name) }) {
                    findings.append(Finding(
                        rule: .forbiddenDependency, severity: severity,
                        message: "\(module.name) imports \(name), forbidden by the rule on line \(rule.line) of strata.yml\(why)",
                        module: module.name, dependency: name, evidence: sites.map(\.evidence)))
                }
            }
        }
        return findings
    }
}
