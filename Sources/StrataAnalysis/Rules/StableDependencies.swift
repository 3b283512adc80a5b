import StrataModel

/// Martin's Stable Dependencies Principle: an imported edge to a module more unstable than the
/// importer (I(to) > I(from)): the importer is hard to change yet depends on something that
/// changes easily.
enum StableDependenciesRule: Rule {
    static let definition = RuleDefinition(
        id: .stableDependencies, title: "Dependency on a less stable module",
        rationale: "Stable Dependencies Principle: depend in the direction of stability. A module that many modules depend on should not depend on one that changes more easily (higher instability I).",
        defaultSeverity: .warn,
        triggers: RuleExample(
            .library("Core", ["Helpers"], "import Helpers"), .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core"),
            .library("Helpers", ["A", "B"], "import A\nimport B")),
        passes: RuleExample(
            .library("Core", [], "public struct Model {}"), .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core"),
            .library("Helpers", ["A", "B"], "import A\nimport B")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .stableDependencies) else { return [] }
        let metrics = context.metrics
        var findings: [Finding] = []
        for edge in context.project.edges where edge.imported && edge.from != edge.to {
            let (fromName, toName) = (context.name(edge.from), context.name(edge.to))
            guard let from = metrics[fromName], let to = metrics[toName], to.instability > from.instability else { continue }
            findings.append(Finding(
                rule: .stableDependencies, severity: severity,
                message: "\(fromName) (I=\(format(from.instability))) depends on \(toName) (I=\(format(to.instability))), which is less stable",
                module: fromName, dependency: toName, evidence: edge.evidence))
        }
        return findings
    }

    /// Two decimals, enough to compare by eye.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
