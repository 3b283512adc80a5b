import StrataModel

/// A declared dependency no import uses and nothing else needs (`DependencyFindings.classify`).
enum UnusedDependencyRule: Rule {
    static let definition = RuleDefinition(
        id: .unusedDependency, title: "Declared dependency never imported",
        rationale: "The manifest declares a dependency on a module that no file imports: it slows builds and hides the real graph. Remove it.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "public struct Screen {}")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .unusedDependency) else { return [] }
        return context.unused.map {
            Finding(
                rule: .unusedDependency, severity: severity,
                message: "\($0.module) declares \($0.dependency) but never imports it",
                module: $0.module, dependency: $0.dependency, evidence: [$0.evidence])
        }
    }
}
