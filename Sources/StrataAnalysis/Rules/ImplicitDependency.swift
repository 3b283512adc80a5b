import StrataModel

/// An internal module imported without being declared (`DependencyFindings.implicit`).
enum ImplicitDependencyRule: Rule {
    static let definition = RuleDefinition(
        id: .implicitDependency, title: "Import of an undeclared internal module",
        rationale: "The module imports another module of the repository that its manifest does not declare. It builds by accident (through another dependency) and breaks when that changes. Declare it.",
        defaultSeverity: .warn,
        triggers: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", [], "import Core")),
        passes: RuleExample(.library("Core", [], "public struct Model {}"), .library("Feature", ["Core"], "import Core")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .implicitDependency) else { return [] }
        return context.implicit.map {
            // What came in through the undeclared module: what declaring it (or not) is about.
            let symbols = context.imports.symbols["\($0.module)\u{0}\($0.dependency)"] ?? []
            let uses = symbols.isEmpty ? "" : " (uses \(EdgeSymbol.list(symbols, limit: 5)))"
            return Finding(
                rule: .implicitDependency, severity: severity,
                message: "\($0.module) imports \($0.dependency) without declaring it\(uses)",
                module: $0.module, dependency: $0.dependency, evidence: $0.evidence)
        }
    }
}
