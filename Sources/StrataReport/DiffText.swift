import Foundation
import StrataModel

/// The terminal summary of a diff: headline counts, then what a reviewer looks at first.
public enum DiffText {
    public static func render(_ diff: GraphDiff, limit: Int = 20) -> String {
        let s = diff.summary
        var lines = [
            "\(diff.head.label) against \(diff.base.label): \(plural(s.newFindings.error + s.newFindings.warn + s.newFindings.info, "new finding")) (\(s.newFindings.error) errors), \(plural(s.fixedFindings.error + s.fixedFindings.warn + s.fixedFindings.info, "fixed finding")), \(s.unchangedFindings) unchanged",
            "  modules: +\(s.modulesAdded) -\(s.modulesRemoved), \(s.modulesMoved) moved; import edges: +\(s.edgesAdded) -\(s.edgesRemoved); cycles: +\(s.cyclesIntroduced) -\(s.cyclesBroken); affected modules: \(s.affectedModules)",
        ]
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("\(title):")
            lines += items.prefix(limit).map { "  " + $0 }
            if items.count > limit { lines.append("  … and \(items.count - limit) more") }
        }
        section("new findings", diff.findings.new.map(findingLine))
        section("fixed findings", diff.findings.fixed.map(findingLine))
        section("cycles introduced", diff.cycles.introduced.map { $0.modules.joined(separator: " ↔ ") })
        section("cycles broken", diff.cycles.broken.map { $0.modules.joined(separator: " ↔ ") })
        section("import edges added", diff.edges.imports.added.map(edgeLine))
        section("import edges removed", diff.edges.imports.removed.map(edgeLine))
        section("modules added", diff.modules.added.map { "\($0.name) (\($0.kind.rawValue), \($0.path))" })
        section("modules removed", diff.modules.removed.map { "\($0.name) (\($0.kind.rawValue), \($0.path))" })
        section("modules moved", diff.modules.moved.map { "\($0.base.name) (\($0.base.id)) → \($0.head.name) (\($0.head.id))" })
        section("linkage changed", diff.linkage.map { "\($0.module): \($0.base.rawValue) → \($0.head.kind.rawValue)" })
        section("launch", diff.launch.map { "\($0.app): \($0.base) → \($0.head) dynamic frameworks at launch" })
        section("container edges added", diff.injection.edges.added.map { "\($0.from) → \($0.to) (\($0.services.joined(separator: ", ")))" })
        section("container edges removed", diff.injection.edges.removed.map { "\($0.from) → \($0.to) (\($0.services.joined(separator: ", ")))" })
        if let shape = diff.buildShape, !shape.isEmpty {
            let cost = { (value: Double) in DiffMarkdown.cost(value, shape.unit) }
            section("build shape", [
                "critical path before: \(shape.baseCriticalPath.joined(separator: " → ")) (\(cost(shape.baseCriticalCost)))",
                "critical path now: \(shape.headCriticalPath.joined(separator: " → ")) (\(cost(shape.headCriticalCost)))",
            ] + shape.rebuildCosts.map { "rebuild cost of \($0.module): \(cost($0.base)) → \(cost($0.head))" })
        }
        section("distance from the main sequence", diff.metrics.filter { abs($0.distanceChange) >= 0.005 }.map {
            String(format: "%@: D %.2f → %.2f, I %.2f → %.2f, A %.2f → %.2f", $0.module, $0.base.distance, $0.head.distance,
                $0.base.instability, $0.head.instability, $0.base.abstractness, $0.head.abstractness)
        })
        return lines.joined(separator: "\n")
    }

    static func findingLine(_ finding: Finding) -> String {
        let place = finding.evidence.first.map { "\($0): " } ?? ""
        return "\(place)\(FindingLines.word(finding.severity)): \(finding.message) [\(finding.rule)]"
    }

    static func edgeLine(_ edge: EdgeChange) -> String {
        let evidence = edge.evidence.first.map { " (\($0)\(edge.evidence.count > 1 ? " +\(edge.evidence.count - 1)" : ""))" } ?? ""
        let uses = edge.symbols.map { $0.isEmpty ? "" : ": uses " + EdgeSymbol.list($0, limit: 5, more: edge.moreSymbols) } ?? ""
        return "\(edge.from) → \(edge.to)\(evidence)\(uses)"
    }

    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
