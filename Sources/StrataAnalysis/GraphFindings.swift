import StrataModel

/// Cycles, implicit and unused dependencies, as `Finding`s with the severities configured in
/// `strata.yml`, so `strata check` treats them like every other rule.
enum GraphFindings {
    /// One finding per cycle, pointing at the import lines of the edges to cut (all of the
    /// cycle's import lines when no cut was computed).
    public static func cycles(_ cycles: [Cycle], rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .cycle) else { return [] }
        return cycles.map { cycle in
            let cuts = cycle.cuts.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")
            let advice = cuts.isEmpty ? "" : "; cut \(cuts)"
            let evidence = cycle.cuts.isEmpty ? cycle.edges.flatMap(\.evidence) : cycle.cuts.flatMap(\.evidence)
            return Finding(
                rule: .cycle, severity: severity,
                message: "cycle between \(cycle.modules.joined(separator: ", "))\(advice)",
                module: cycle.modules.first ?? "", dependency: cycle.cuts.first?.to, evidence: evidence)
        }.sorted()
    }

    public static func implicit(_ findings: [ImplicitDependency], rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .implicitDependency) else { return [] }
        return findings.map {
            Finding(
                rule: .implicitDependency, severity: severity,
                message: "\($0.module) imports \($0.dependency) without declaring it",
                module: $0.module, dependency: $0.dependency, evidence: $0.evidence)
        }.sorted()
    }

    public static func unused(_ findings: [UnusedDependency], rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .unusedDependency) else { return [] }
        return findings.map {
            Finding(
                rule: .unusedDependency, severity: severity,
                message: "\($0.module) declares \($0.dependency) but never imports it",
                module: $0.module, dependency: $0.dependency, evidence: [$0.evidence])
        }.sorted()
    }
}
