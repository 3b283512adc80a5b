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
        // The imported edges by their modules' names, once: implicit dependencies name them.
        var imported: [[String]: ImportEdge] = [:]
        for edge in context.project.edges where edge.imported {
            let ends = [context.name(edge.from), context.name(edge.to)]
            if imported[ends] == nil { imported[ends] = edge }
        }
        return context.implicit.map { implicit in
            // What came in through the undeclared module: what declaring it (or not) is about.
            let edge = imported[[implicit.module, implicit.dependency]]
            let symbols = edge?.symbols ?? []
            let uses = symbols.isEmpty ? "" : " (uses \(EdgeSymbol.list(symbols, limit: 5, more: edge?.moreSymbols)))"
            return Finding(
                rule: .implicitDependency, severity: severity,
                message: "\(implicit.module) imports \(implicit.dependency) without declaring it\(uses)",
                module: implicit.module, dependency: implicit.dependency, evidence: implicit.evidence)
        }
    }
}
