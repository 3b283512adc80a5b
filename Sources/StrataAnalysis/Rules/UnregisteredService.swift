import StrataModel

/// A resolution nothing registers (`InjectionWiring`); one under a name Strata cannot
/// compute is a note (info), as it cannot be checked statically.
enum UnregisteredServiceRule: Rule {
    static let definition = RuleDefinition(
        id: .unregisteredService, title: "Resolution with no registration",
        rationale: "The code resolves a service from the DI container that nothing registers: the resolution fails (often a crash on a force unwrap) at run time. Register it, or fix the type or name.",
        defaultSeverity: .error,
        triggers: RuleExample(
            manifest: RuleExamples.swinject,
            .executable("App", [RuleExamples.swinjectProduct], """
                import Swinject
                protocol Clock {}
                let container = Container()
                let clock = container.resolve(Clock.self)!
                """)),
        passes: RuleExample(
            manifest: RuleExamples.swinject,
            .executable("App", [RuleExamples.swinjectProduct], """
                import Swinject
                protocol Clock {}
                struct SystemClock: Clock {}
                let container = Container()
                container.register(Clock.self) { _ in SystemClock() }
                let clock = container.resolve(Clock.self)!
                """)))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .unregisteredService) else { return [] }
        var findings: [Finding] = []
        for resolution in context.injection.unregistered {
            let named = resolution.name.map { " named \"\($0)\"" } ?? ""
            findings.append(Finding(
                rule: .unregisteredService, severity: severity,
                message: "\(resolution.module) resolves \(resolution.service)\(named), which nothing registers: it fails at run time",
                module: resolution.module, dependency: resolution.service, evidence: [resolution.evidence]))
        }
        // A name that cannot be computed: matched on the type alone, a note rather than an error.
        for resolution in context.injection.uncheckable {
            let served = resolution.registrations.isEmpty ? "nothing registers" : "\(resolution.registrations.count) registration(s) of the type may serve it"
            findings.append(Finding(
                rule: .unregisteredService, severity: .info,
                message: "\(resolution.module) resolves \(resolution.service) under a name Strata cannot compute"
                    + (resolution.unboundedName.map { " (\($0))" } ?? "") + ": not checkable statically (\(served))",
                module: resolution.module, dependency: resolution.service, evidence: [resolution.evidence]))
        }
        return findings
    }
}
