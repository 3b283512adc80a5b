import Foundation
import StrataModel

/// The diff as GitHub Markdown, for a pull-request comment or `$GITHUB_STEP_SUMMARY`:
/// headline counts, new and fixed findings with their places, metric deltas above a
/// threshold, and a Mermaid graph of the changed subgraph. Kept under GitHub's comment limit
/// by listing fewer items, never by cutting text in the middle.
public enum DiffMarkdown {
    /// Names are escaped by the one Markdown escape.
    private static let escape = Markdown.escape

    /// GitHub refuses comments longer than 65,536 characters; this leaves room for a header.
    public static let maximumCharacters = 60_000
    /// Distance changes smaller than this are not listed.
    public static let distanceThreshold = 0.05

    public static func render(_ document: DiffDocument) -> String {
        for limit in [200, 50, 15, 5] {
            let text = render(document, limit: limit)
            if text.count <= maximumCharacters { return text }
        }
        return render(document, limit: 0)
    }

    /// The Markdown with at most `limit` items in each list.
    static func render(_ document: DiffDocument, limit: Int) -> String {
        let diff = document.diff
        var out = headline(diff)
        out += lists(document, limit: limit)
        if let shape = diff.buildShape, !shape.isEmpty { out += buildShape(shape, limit: limit) }
        out += metrics(diff.metrics, limit: limit)
        out += changedSubgraphSection(diff)
        out.append("")
        return out.joined(separator: "\n")
    }

    /// The title, the verdict on findings and the table of what was added and removed.
    static func headline(_ diff: GraphDiff) -> [String] {
        let s = diff.summary
        let newCount = s.newFindings.error + s.newFindings.warn + s.newFindings.info
        let fixedCount = s.fixedFindings.error + s.fixedFindings.warn + s.fixedFindings.info
        var out = ["## Strata: \(escape(diff.head.label)) against \(escape(diff.base.label))", ""]
        let verdict = s.newFindings.error > 0
            ? "❌ \(s.newFindings.error) new error\(s.newFindings.error == 1 ? "" : "s")"
            : "✅ no new errors"
        out.append("\(verdict) · \(newCount) new finding\(newCount == 1 ? "" : "s") · \(fixedCount) fixed · \(s.unchangedFindings) unchanged")
        out += [
            "",
            "| | added | removed |",
            "|---|---:|---:|",
            "| modules | \(s.modulesAdded) | \(s.modulesRemoved) |",
            "| import edges | \(s.edgesAdded) | \(s.edgesRemoved) |",
            "| cycles | \(s.cyclesIntroduced) | \(s.cyclesBroken) |",
            "| DI registrations | \(diff.injection.registrations.added.count) | \(diff.injection.registrations.removed.count) |",
            "| container edges | \(diff.injection.edges.added.count) | \(diff.injection.edges.removed.count) |",
            "",
            "\(s.affectedModules) module\(s.affectedModules == 1 ? "" : "s") affected (changed, or depending on a changed one); \(s.modulesMoved) moved or renamed.",
        ]
        return out
    }

    /// Findings, cycles, edges, modules, linkage and container edges that came and went, each
    /// list under its title when it is not empty.
    static func lists(_ document: DiffDocument, limit: Int) -> [String] {
        let diff = document.diff
        func list(_ title: String, _ items: [String]) -> [String] {
            guard !items.isEmpty else { return [] }
            var out = ["", "### \(title)", ""]
            out += items.prefix(limit).map { "- " + $0 }
            if items.count > limit { out.append("- … and \(items.count - limit) more (see strata-diff.json)") }
            return out
        }
        var out: [String] = []
        out += list("New findings", diff.findings.new.map { finding(document, $0) })
        out += list("Fixed findings", diff.findings.fixed.map { finding(document, $0, linked: false) })
        out += list("Cycles introduced", diff.cycles.introduced.map { $0.modules.map(escape).joined(separator: " ↔ ") })
        out += list("Cycles broken", diff.cycles.broken.map { $0.modules.map(escape).joined(separator: " ↔ ") })
        out += list("Import edges added", diff.edges.imports.added.map { edge(document, $0, linked: true) })
        out += list("Import edges removed", diff.edges.imports.removed.map { edge(document, $0, linked: false) })
        out += list("Modules added", diff.modules.added.map { "\(escape($0.name)) (\($0.kind.rawValue))" })
        out += list("Modules removed", diff.modules.removed.map { "\(escape($0.name)) (\($0.kind.rawValue))" })
        out += list("Linkage changed", diff.linkage.map { "\(escape($0.module)): \($0.base.rawValue) → \($0.head.kind.rawValue)" })
        out += list("Launch", diff.launch.map { "\(escape($0.app)): \($0.base) → \($0.head) dynamic frameworks at launch" })
        out += list("Container edges added", diff.injection.edges.added.map { "\(escape($0.from)) → \(escape($0.to)) (\($0.services.map(escape).joined(separator: ", ")))" })
        out += list("Container edges removed", diff.injection.edges.removed.map { "\(escape($0.from)) → \(escape($0.to)) (\($0.services.map(escape).joined(separator: ", ")))" })
        return out
    }

    /// The modules whose distance moved by `distanceThreshold` or more, or whose couplings changed.
    static func metrics(_ deltas: [MetricDelta], limit: Int) -> [String] {
        let moved = deltas.filter { abs($0.distanceChange) >= distanceThreshold || $0.base.ce != $0.head.ce || $0.base.ca != $0.head.ca }
        guard !moved.isEmpty else { return [] }
        var out = ["", "### Metrics", "", "| module | Ce | Ca | I | A | D |", "|---|---|---|---|---|---|"]
        for delta in moved.prefix(limit) {
            out.append("| \(escape(delta.module)) | \(change(delta.base.ce, delta.head.ce)) | \(change(delta.base.ca, delta.head.ca)) | \(change(delta.base.instability, delta.head.instability)) | \(change(delta.base.abstractness, delta.head.abstractness)) | \(change(delta.base.distance, delta.head.distance)) |")
        }
        if moved.count > limit { out += ["", "… and \(moved.count - limit) more modules (see strata-diff.json)"] }
        return out
    }

    /// The changed subgraph in Mermaid, or why it is not drawn.
    static func changedSubgraphSection(_ diff: GraphDiff) -> [String] {
        var out = ["", "### Changed subgraph", ""]
        if let chart = changedSubgraph(diff) {
            out += ["```mermaid", chart, "```"]
        } else if diff.edges.imports.isEmpty && diff.cycles.introduced.isEmpty && diff.modules.added.isEmpty && diff.modules.removed.isEmpty {
            out.append("No module or import edge changed.")
        } else {
            out.append("The changed subgraph has more than \(Mermaid.maximumEdges) edges or \(Mermaid.maximumCharacters) characters, more than GitHub draws; see the HTML diff (diff.html) in the report.")
        }
        return out
    }

    /// How the critical path, the parallel width and the rebuild costs moved.
    static func buildShape(_ shape: BuildShapeChange, limit: Int) -> [String] {
        let unit = shape.unit == .lines ? "estimated from lines" : "measured seconds"
        var out = ["", "### Build shape (\(unit))", ""]
        let before = shape.baseCriticalPath.map(escape).joined(separator: " → ")
        let after = shape.headCriticalPath.map(escape).joined(separator: " → ")
        let delta = shape.headCriticalCost - shape.baseCriticalCost
        if before == after {
            out.append("Critical path: \(after.isEmpty ? "none" : after), \(cost(shape.baseCriticalCost, shape.unit)) → \(cost(shape.headCriticalCost, shape.unit)) (\(signed(delta, shape.unit))).")
        } else {
            out.append("Critical path moved from \(before.isEmpty ? "none" : before) (\(cost(shape.baseCriticalCost, shape.unit))) to \(after.isEmpty ? "none" : after) (\(cost(shape.headCriticalCost, shape.unit)), \(signed(delta, shape.unit))).")
        }
        out.append("")
        out.append("Modules that can build at once: at most \(change(shape.baseMaximumWidth, shape.headMaximumWidth)).")
        if !shape.rebuildCosts.isEmpty && limit > 0 {
            out += ["", "| module | rebuild cost of a change | change |", "|---|---:|---:|"]
            for entry in shape.rebuildCosts.prefix(limit) {
                out.append("| \(escape(entry.module)) | \(cost(entry.base, shape.unit)) → \(cost(entry.head, shape.unit)) | \(signed(entry.head - entry.base, shape.unit)) |")
            }
            if shape.rebuildCosts.count > limit { out += ["", "… and \(shape.rebuildCosts.count - limit) more modules (see strata-diff.json)"] }
        }
        return out
    }

    /// `1200 lines` or `12.5 s`.
    static func cost(_ value: Double, _ unit: BuildShape.Unit) -> String {
        unit == .lines ? "\(Int(value.rounded())) lines" : String(format: "%.1f s", value)
    }

    static func signed(_ value: Double, _ unit: BuildShape.Unit) -> String {
        (value > 0 ? "+" : value < 0 ? "−" : "±") + cost(abs(value), unit)
    }

    /// Added and removed edges, the edges of new cycles, and added and removed modules.
    public static func changedSubgraph(_ diff: GraphDiff) -> String? {
        guard let (nodes, edges) = changedSubgraphParts(diff) else { return nil }
        return Mermaid.flowchart(nodes: nodes, edges: edges)
    }

    /// The changed subgraph's modules (those added or removed and the ends of every edge
    /// added, removed or in a new cycle) and those edges; nil when nothing changed. The
    /// Markdown's Mermaid and the diff page's first drawing are both this.
    public static func changedSubgraphParts(_ diff: GraphDiff) -> (nodes: [(name: String, style: Mermaid.NodeStyle)], edges: [Mermaid.Edge])? {
        var edges: [Mermaid.Edge] = []
        edges += diff.edges.imports.added.map { Mermaid.Edge(from: $0.from, to: $0.to, style: .added) }
        edges += diff.edges.imports.removed.map { Mermaid.Edge(from: $0.from, to: $0.to, style: .removed) }
        struct Ends: Hashable { var from, to: String }
        let drawn = Set(edges.map { Ends(from: $0.from, to: $0.to) })
        for cycle in diff.cycles.introduced {
            for edge in cycle.edges {
                let (from, to) = (diff.cycles.headName(edge.from), diff.cycles.headName(edge.to))
                guard !drawn.contains(Ends(from: from, to: to)) else { continue }
                edges.append(Mermaid.Edge(from: from, to: to, style: .cycle))
            }
        }
        let added = Set(diff.modules.added.map(\.name)), removed = Set(diff.modules.removed.map(\.name))
        let changed = Set(diff.modules.changed)
        var names = edges.flatMap { [$0.from, $0.to] } + diff.modules.added.map(\.name) + diff.modules.removed.map(\.name)
        var seen: Set<String> = []
        names = names.filter { seen.insert($0).inserted }
        guard !names.isEmpty else { return nil }
        let nodes = names.map { name -> (name: String, style: Mermaid.NodeStyle) in
            (name, added.contains(name) ? .added : removed.contains(name) ? .removed : changed.contains(name) ? .changed : .plain)
        }
        return (nodes, edges)
    }

    static func finding(_ document: DiffDocument, _ finding: Finding, linked: Bool = true) -> String {
        let severity = finding.severity == .error ? "**error**" : FindingLines.word(finding.severity)
        let place = finding.evidence.first.map { " — " + location(document, $0, linked: linked) } ?? ""
        return "\(severity) \(escape(finding.message)) `\(finding.rule)`\(place)"
    }

    static func edge(_ document: DiffDocument, _ edge: EdgeChange, linked: Bool) -> String {
        let place = edge.evidence.first.map { " — " + location(document, $0, linked: linked) } ?? ""
        // A new edge says what it is for: the symbols the change started to use.
        let uses = edge.symbols.map { $0.isEmpty ? "" : " — uses " + EdgeSymbol.list($0, limit: 5, more: edge.moreSymbols, escape: escape) } ?? ""
        return "\(escape(edge.from)) → \(escape(edge.to))\(place)\(uses)"
    }

    /// `path:line`, linked to the file at HEAD when a link base is known.
    static func location(_ document: DiffDocument, _ location: Location, linked: Bool) -> String {
        link(location, base: linked ? document.linkBase : nil)
    }

    /// `path:line`, a link to the file when `base` (e.g. `https://github.com/OWNER/REPO/blob/SHA`) is given.
    static func link(_ location: Location, base: String?) -> String {
        let text = escape(location.description)
        guard let base else { return text }
        let path = location.file.split(separator: "/").map { percentEncode(String($0)) }.joined(separator: "/")
        let anchor = location.line.map { "#L\($0)" } ?? ""
        return "[\(text)](\(base)/\(path)\(anchor))"
    }

    static func change(_ before: Int, _ after: Int) -> String { before == after ? "\(after)" : "\(before) → \(after)" }

    static func change(_ before: Double, _ after: Double) -> String {
        let a = String(format: "%.2f", before), b = String(format: "%.2f", after)
        return a == b ? b : "\(a) → \(b)"
    }

    static func percentEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
