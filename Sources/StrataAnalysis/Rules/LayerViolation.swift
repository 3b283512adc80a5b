import StrataModel

/// A module whose layer comes before (is lower than) the layer of a module it depends on.
/// Layers are listed lowest first; an `allowed` rule for the pair makes it legal. Test modules
/// are left out: importing the code under test is their job, wherever it lives.
enum LayerViolationRule: Rule {
    static let definition = RuleDefinition(
        id: .layerViolation, title: "Import from a higher layer",
        rationale: "strata.yml lists the layers lowest first; a module may depend on its own layer and lower ones. An import of a higher layer inverts the architecture: move the code down, or depend on a protocol in the lower layer.",
        defaultSeverity: .error,
        triggers: RuleExample(RuleExamples.twoLayers, .library("Core", ["Feature"], "import Feature"), .library("Feature", [], "public struct Screen {}")),
        passes: RuleExample(RuleExamples.twoLayers, .library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    static func findings(in context: RuleContext) -> [Finding] {
        let rules = context.rules, project = context.project
        guard let severity = rules.severity(of: .layerViolation), !rules.layers.isEmpty else { return [] }
        let modules = LayerRules.production(project)
        // Each module's layer once, not once per edge: a layer lookup matches every pattern.
        let layerOf = modules.mapValues { rules.layer(of: $0.name) }
        var findings: [Finding] = []
        for edge in project.edges where edge.from != edge.to {
            let (from, to) = (context.name(edge.from), context.name(edge.to))
            guard let lower = layerOf[from] ?? nil, let higher = layerOf[to] ?? nil,
                LayerRules.goesUp(from, lower, to: to, higher, rules: rules)
            else { continue }
            let how = edge.imported ? "imports" : "declares a dependency on"
            findings.append(Finding(
                rule: .layerViolation, severity: severity,
                message: "\(from) (layer \(lower.name)) \(how) \(to) (layer \(higher.name)), a higher layer",
                module: from, dependency: to, evidence: EdgeEvidence.locations(of: edge, modules: modules, names: context.name)))
        }
        return findings
    }
}
