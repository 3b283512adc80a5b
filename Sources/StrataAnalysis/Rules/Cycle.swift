import StrataModel

/// One finding per import cycle (`Cycles`), pointing at the import lines of the edges to cut
/// (all of the cycle's import lines when no cut was computed).
enum CycleRule: Rule {
    static let definition = RuleDefinition(
        id: .cycle, title: "Module cycle",
        rationale: "Modules that import each other cannot be built, tested or reused apart, and every change in one rebuilds all. Break the cycle at the cheapest edge Strata names, with a protocol in the lower module or an interface module.",
        defaultSeverity: .error,
        triggers: RuleExample(.library("Cart", ["Checkout"], "import Checkout"), .library("Checkout", ["Cart"], "import Cart")),
        passes: RuleExample(.library("Cart", [], "public protocol CartService {}"), .library("Checkout", ["Cart"], "import Cart")))

    static func findings(in context: RuleContext) -> [Finding] {
        guard let severity = context.rules.severity(of: .cycle) else { return [] }
        return context.cycles.map { cycle in
            let cuts = cycle.cuts.map { "\(context.name($0.from)) -> \(context.name($0.to))" }.joined(separator: ", ")
            let advice = cuts.isEmpty ? "" : "; cut \(cuts)"
            let evidence = cycle.cuts.isEmpty ? cycle.edges.flatMap(\.evidence) : cycle.cuts.flatMap(\.evidence)
            return Finding(
                rule: .cycle, severity: severity,
                message: "cycle between \(cycle.modules.joined(separator: ", "))\(advice)",
                module: cycle.modules.first ?? "", dependency: cycle.cuts.first.map { context.name($0.to) }, evidence: evidence)
        }
    }
}
