import StrataModel

/// A hand-written container's registration under a key none of its reads makes
/// (`InjectionContainers.unreachableRead`): `register<T>(_: () -> T)` keyed by
/// `String(describing: T.self)` beside `resolve<T>() -> T` keyed by
/// `String(describing: type(of: T.self))`. The service is never found at run time, a bug the
/// compiler cannot see.
enum ContainerKeyMismatchRule: Rule {
    static let definition = RuleDefinition(
        id: .containerKeyMismatch, title: "Registration under a key no resolution reads",
        rationale: "A hand-written container stores this registration under a key its resolution never makes (the service itself against its metatype, String(describing:) against String(reflecting:)): the service is never found at run time. Make both keys the same term of the type.",
        defaultSeverity: .warn,
        triggers: RuleExample(
            .executable("App", [], """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories = [String: () -> Any]()
                    func register<T>(_ factory: @escaping () -> T) {
                        let key = String(describing: T.self)
                        factories[key] = factory
                    }
                    func resolve<T>() -> T {
                        let key = String(describing: type(of: T.self))
                        return factories[key]!() as! T
                    }
                }
                protocol Clock {}
                struct SystemClock: Clock {}
                DIContainer.shared.register { SystemClock() as Clock }
                let clock: Clock = DIContainer.shared.resolve()
                """)),
        passes: RuleExample(
            .executable("App", [], """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories = [String: () -> Any]()
                    func register<T>(_ factory: @escaping () -> T) {
                        let key = String(describing: type(of: T.self))
                        factories[key] = factory
                    }
                    func resolve<T>() -> T {
                        let key = String(describing: type(of: T.self))
                        return factories[key]!() as! T
                    }
                }
                protocol Clock {}
                struct SystemClock: Clock {}
                DIContainer.shared.register { SystemClock() as Clock }
                let clock: Clock = DIContainer.shared.resolve()
                """)))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .containerKeyMismatch) else { return [] }
        return context.injection.registrations.compactMap { registration in
            guard let mismatch = registration.keyMismatch else { return nil }
            return Finding(
                rule: .containerKeyMismatch, severity: severity,
                message: "\(registration.api) registers \(registration.service) under \(mismatch.registeredKey), "
                    + "but \(mismatch.read) (\(mismatch.readEvidence)) looks it up by \(mismatch.readKey): it is never found at run time",
                module: registration.module, dependency: registration.service, evidence: [registration.evidence])
        }
    }
}
