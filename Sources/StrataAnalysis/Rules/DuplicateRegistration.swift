import StrataModel

/// A service registered more than once in production code (`InjectionWiring`): the last
/// registration at run time wins.
enum DuplicateRegistrationRule: Rule {
    static let definition = RuleDefinition(
        id: .duplicateRegistration, title: "Service registered twice",
        rationale: "A service registered twice: the last registration at run time wins, and which one that is depends on start-up order.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            manifest: RuleExamples.swinject,
            .executable("App", [RuleExamples.swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                struct FixedClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                container.register(Clock.self) { _ in FixedClock() }
                """)),
        passes: RuleExample(
            manifest: RuleExamples.swinject,
            .executable("App", [RuleExamples.swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                struct FixedClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                container.register(Clock.self, name: "fixed") { _ in FixedClock() }
                """)))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .duplicateRegistration) else { return [] }
        let report = context.injection
        let byEvidence = Dictionary(report.registrations.map { ($0.evidence, $0) }, uniquingKeysWith: { first, _ in first })
        return report.duplicates.compactMap { sites in
            guard let first = byEvidence[sites[0]] else { return nil }
            let named = first.name.map { " named \"\($0)\"" } ?? ""
            return Finding(
                rule: .duplicateRegistration, severity: severity,
                message: "\(first.service)\(named) is registered \(sites.count) times; the last registration at run time wins",
                module: first.module, dependency: first.service, evidence: sites)
        }
    }
}
