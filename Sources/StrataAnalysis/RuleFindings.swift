import StrataModel

/// Every rule family's findings in one sorted list: what `AnalysisResult.findings` holds and
/// `strata check` prints.
enum RuleFindings {
    public static func all(
        project: Project, metrics: [String: ModuleMetrics], cycles: [Cycle], implicit: [ImplicitDependency],
        unused: [UnusedDependency], rules: ArchitectureRules, accessControl: AccessControlReport = .empty,
        injection: InjectionReport = .empty, linkage: LinkageImpact = .empty
    ) -> [Finding] {
        var findings = LayerRules.findings(project: project, rules: rules)
        findings += StabilityPrinciples.stableDependencies(project: project, metrics: metrics, rules: rules)
        findings += StabilityPrinciples.stableAbstractions(project: project, metrics: metrics, rules: rules)
        findings += ImportAttributeRules.testableImports(project: project, rules: rules)
        findings += ImportAttributeRules.exportedImports(project: project, rules: rules)
        findings += UndeclaredImports.findings(project: project, rules: rules)
        findings += GraphFindings.cycles(cycles, rules: rules)
        findings += GraphFindings.implicit(implicit, rules: rules)
        findings += GraphFindings.unused(unused, rules: rules)
        findings += AccessControl.findings(accessControl, rules: rules)
        findings += InjectionWiring.findings(injection, rules: rules)
        findings += LinkageImpact.findings(linkage, rules: rules)
        return findings.sorted()
    }
}
