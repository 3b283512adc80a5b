import StrataModel

/// Martin's Stable Abstractions Principle: a library with declared types far from the main
/// sequence (D > 0.7): stable and concrete with dependents (the zone of pain: every change
/// ripples out and nothing can be swapped), or abstract and unstable (the zone of uselessness:
/// protocols nobody depends on).
enum StableAbstractionsRule: Rule {
    static let definition = RuleDefinition(
        id: .stableAbstractions, title: "Stable and concrete module",
        rationale: "Stable Abstractions Principle: a module many others depend on should be abstract (protocols), so it can be extended without changing it. Far from the main sequence (D near 1) it is hard to change and hard to substitute.",
        defaultSeverity: .info,
        triggers: RuleExample(
            .library("Core", [], "public struct Store {}\npublic final class Cache {}"),
            .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core")),
        passes: RuleExample(
            .library("Core", [], "public protocol Store {}\npublic protocol Cache {}"),
            .library("A", ["Core"], "import Core"), .library("B", ["Core"], "import Core")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .stableAbstractions) else { return [] }
        let format = StableDependenciesRule.format
        var findings: [Finding] = []
        for module in context.project.modules where module.kind == .library {
            guard let m = context.metrics[module.name], m.types > 0, m.distance > distanceThreshold else { continue }
            let values = "I=\(format(m.instability)), A=\(format(m.abstractness)), D=\(format(m.distance))"
            let message: String
            if m.abstractness + m.instability < 1 {
                // An isolated module (no dependents) is stable only on paper.
                guard m.ca > 0 else { continue }
                message = "\(module.name) is stable and concrete (\(values)) with \(m.ca) dependent module\(m.ca == 1 ? "" : "s"): hard to change, nothing to substitute; depend on protocols"
            } else {
                message = "\(module.name) is abstract and unstable (\(values)): protocols that few modules use"
            }
            findings.append(Finding(
                rule: .stableAbstractions, severity: severity, message: message,
                module: module.name, evidence: [EdgeEvidence.location(of: module)]))
        }
        return findings
    }

    /// Only judged this far from the main sequence: D > 0.7 leaves the many modules that are
    /// merely imperfect alone and names the ones in a corner of the A/I plot.
    static let distanceThreshold = 0.7
}
