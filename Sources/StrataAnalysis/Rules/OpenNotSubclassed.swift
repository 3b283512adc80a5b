import StrataModel

/// An open class no other module subclasses (`AccessControl`).
enum OpenNotSubclassedRule: Rule {
    static let definition = RuleDefinition(
        id: .openNotSubclassed, title: "Open class no other module subclasses",
        rationale: "An open class that no other module subclasses promises extension it does not need; public or final is cheaper to dispatch and to change.",
        defaultSeverity: nil,
        triggers: RuleExample(
            "severity:\n  open-not-subclassed: warn",
            .library("Core", [], "open class Screen { public init() {} }"),
            .executable("App", ["Core"], "import Core\nlet screen = Screen()")),
        passes: RuleExample(
            "severity:\n  open-not-subclassed: warn",
            .library("Core", [], "open class Screen { public init() {} }"),
            .executable("App", ["Core"], "import Core\nfinal class Home: Screen {}\nlet screen = Home()")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .openNotSubclassed) else { return [] }
        return context.accessControl.modules.flatMap { module in
            module.openNotSubclassed.map {
                Finding(
                    rule: .openNotSubclassed, severity: severity,
                    message: "open class \($0.qualifiedName) is not subclassed outside \(module.module); make it public or final",
                    module: module.module, dependency: $0.qualifiedName, evidence: [$0.evidence])
            }
        }
    }
}
