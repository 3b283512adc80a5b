import StrataModel

/// Martin's Stable Dependencies and Stable Abstractions principles over the metrics of the
/// production modules (test modules have no metrics).
enum StabilityPrinciples {
    /// SAP is only judged this far from the main sequence: D > 0.7 leaves the many modules
    /// that are merely imperfect alone and names the ones in a corner of the A/I plot.
    static let distanceThreshold = 0.7

    /// An imported edge to a module more unstable than the importer (I(to) > I(from)): the
    /// importer is hard to change yet depends on something that changes easily.
    public static func stableDependencies(project: Project, metrics: [String: ModuleMetrics], rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .stableDependencies) else { return [] }
        var findings: [Finding] = []
        for edge in project.edges where edge.imported && edge.from != edge.to {
            guard let from = metrics[edge.from], let to = metrics[edge.to], to.instability > from.instability else { continue }
            findings.append(Finding(
                rule: .stableDependencies, severity: severity,
                message: "\(edge.from) (I=\(format(from.instability))) depends on \(edge.to) (I=\(format(to.instability))), which is less stable",
                module: edge.from, dependency: edge.to, evidence: edge.evidence))
        }
        return findings.sorted()
    }

    /// A library with declared types far from the main sequence (D > 0.7): stable and concrete
    /// with dependents (the zone of pain: every change ripples out and nothing can be swapped),
    /// or abstract and unstable (the zone of uselessness: protocols nobody depends on).
    public static func stableAbstractions(project: Project, metrics: [String: ModuleMetrics], rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .stableAbstractions) else { return [] }
        var findings: [Finding] = []
        for module in project.modules where module.kind == .library {
            guard let m = metrics[module.name], m.types > 0, m.distance > distanceThreshold else { continue }
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
        return findings.sorted()
    }

    /// Two decimals, enough to compare by eye.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
