import StrataModel

/// A public or open declaration no other module references (`AccessControl`): a candidate
/// for `internal`.
enum UnusedPublicRule: Rule {
    static let definition = RuleDefinition(
        id: .unusedPublic, title: "Public declaration no other module uses",
        rationale: "Public declarations that no other module references widen the API for nothing; internal ones compile faster and can be changed freely.",
        defaultSeverity: nil,
        triggers: RuleExample(
            "severity:\n  unused-public: warn",
            .library("Core", [], "public func format(_ value: Int) -> String { \"\\(value)\" }\npublic func unusedHelper() {}"),
            .executable("App", ["Core"], "import Core\nprint(format(1))")),
        passes: RuleExample(
            "severity:\n  unused-public: warn",
            .library("Core", [], "public func format(_ value: Int) -> String { \"\\(value)\" }"),
            .executable("App", ["Core"], "import Core\nprint(format(1))")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .unusedPublic) else { return [] }
        return context.accessControl.modules.flatMap { module in
            module.unusedPublic.map {
                Finding(
                    rule: .unusedPublic, severity: severity,
                    message: "\($0.access.rawValue) \($0.kind.rawValue) \($0.qualifiedName) is not referenced outside \(module.module); make it internal",
                    module: module.module, dependency: $0.qualifiedName, evidence: [$0.evidence])
            }
        }
    }
}
