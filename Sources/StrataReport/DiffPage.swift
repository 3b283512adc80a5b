import Foundation
import StrataGraphviz
import StrataModel
import StrataWeb

/// `diff.html`: the comparison as a static page next to HEAD's report. It opens on the
/// changed subgraph (the modules and edges the Markdown's Mermaid draws,
/// `DiffMarkdown.changedSubgraphParts`); the union of both graphs, in one layout so nothing
/// jumps between BASE and HEAD, is one click away (a `<details>`). Written in Swift as plain
/// HTML, every name escaped; no script. Nodes are named by index, names are only labels.
public enum DiffPage {
    /// - Parameter warn: told when the drawing is left out (Graphviz failed on it).
    public static func render(_ document: DiffDocument, warn: (String) -> Void = { _ in }) throws -> Data {
        let diff = document.diff
        // Both drawings through the one layout path, cached with HEAD's report's.
        let changedDOT = changedGraph(diff)
        let jobs = (changedDOT.map { [GraphvizLayout.Job(name: "the diff's changed subgraph", dot: $0)] } ?? [])
            + [GraphvizLayout.Job(name: "the diff graph", dot: unionGraph(document))]
        let drawn = GraphvizLayout.draw(jobs, cache: document.layouts, tell: warn).map { $0 ?? ReportViews.notDrawn }
        let changed = changedDOT == nil ? "" : drawn[0]
        let union = drawn[drawn.count - 1]
        let s = diff.summary
        let cards = [
            card("New errors", s.newFindings.error, flagged: s.newFindings.error > 0),
            card("New findings", s.newFindings.error + s.newFindings.warn + s.newFindings.info, flagged: false),
            card("Fixed findings", s.fixedFindings.error + s.fixedFindings.warn + s.fixedFindings.info, flagged: false),
            card("Edges added", s.edgesAdded, flagged: false), card("Edges removed", s.edgesRemoved, flagged: false),
            card("Cycles introduced", s.cyclesIntroduced, flagged: s.cyclesIntroduced > 0),
            card("Cycles broken", s.cyclesBroken, flagged: false), card("Affected modules", s.affectedModules, flagged: false),
        ].joined()
        var body: [String] = []
        body.append(findingSection("new-findings", "New findings", diff.findings.new, empty: "No new findings."))
        body.append(findingSection("fixed-findings", "Fixed findings", diff.findings.fixed, empty: "No finding was fixed."))
        body.append(metricSection(diff.metrics))
        body.append(changeSection(diff))
        let subtitle = "\(escape(diff.head.label)) (HEAD) against \(escape(diff.base.label)) (BASE) · \(diff.head.modules) modules at HEAD, \(diff.base.modules) at BASE"
        return HTMLReporter.fill(WebAssets.diffTemplate, [
            "TITLE": Data(escape(document.head.root).utf8),
            "SUBTITLE": Data(subtitle.utf8),
            "CARDS": Data(cards.utf8),
            "GRAPH": Data((changed.isEmpty ? "<p class=\"muted\">No module or import edge changed.</p>" : HTMLReporter.inlineSVG(changed)).utf8),
            "UNION": Data(HTMLReporter.inlineSVG(union).utf8),
            "BODY": Data(body.joined(separator: "\n").utf8),
        ])
    }

    /// A graph of the diff: the module graph's look, edges lighter.
    static func graph(_ name: String) -> DOT.Graph {
        DOT.Graph(name, graph: [.value("rankdir", "TB"), .value("nodesep", 0.35), .value("ranksep", 0.6)] + DOT.Theme.font(),
                  node: DOT.Theme.box + DOT.Theme.font(11), edge: [.quoted("color", DOT.Theme.muted), .value("arrowsize", 0.7)] + DOT.Theme.font())
    }
    static let nodeStyles: [Mermaid.NodeStyle: [DOT.Attribute]] = [
        .added: [.quoted("fillcolor", "#dafbe1"), .quoted("color", "#1a7f37"), .value("penwidth", 2), .quoted("class", "added")],
        .removed: [.quoted("fillcolor", "#ffebe9"), .quoted("color", "#cf222e"), .quoted("style", "rounded,filled,dashed"), .quoted("class", "removed")],
        .changed: [.quoted("fillcolor", "#fff8c5"), .quoted("color", "#9a6700"), .quoted("class", "changed")],
        .focus: DOT.Theme.focus + [.quoted("class", "focus")],
        .plain: [],
    ]
    static let edgeStyles: [Mermaid.EdgeStyle: [DOT.Attribute]] = [
        .added: [.quoted("color", "#1a7f37"), .value("penwidth", 2.2), .quoted("class", "added")],
        .removed: [.quoted("color", "#cf222e"), .value("style", "dashed"), .value("penwidth", 1.6), .quoted("class", "removed")],
        .cycle: [.quoted("color", DOT.Theme.cycle), .value("penwidth", 1.6), .quoted("class", "cycle")],
        .unchanged: [],
    ]

    /// The changed subgraph, as the Markdown's Mermaid draws it; nil when nothing changed.
    static func changedGraph(_ diff: GraphDiff) -> String? {
        guard let (nodes, edges) = DiffMarkdown.changedSubgraphParts(diff) else { return nil }
        var id: [String: Int] = [:]
        var graph = Self.graph("changes")
        for (index, node) in nodes.enumerated() where id[node.name] == nil {
            id[node.name] = index
            graph.node("n\(index)", [.label(node.name)] + nodeStyles[node.style]!)
        }
        for edge in edges {
            graph.edge("n\(id[edge.from]!)", "n\(id[edge.to]!)", edgeStyles[edge.style]!)
        }
        return graph.text
    }

    /// Every non-test module of either revision (HEAD's names), every import edge of either.
    static func unionGraph(_ document: DiffDocument) -> String {
        let diff = document.diff
        let added = Set(diff.modules.added.map(\.name)), changed = Set(diff.modules.changed)
        let addedEdges = Set(diff.edges.imports.added.map { [$0.from, $0.to] })
        let removedEdges = diff.edges.imports.removed
        let headModules = document.head.modules.map(\.module).filter { !$0.kind.isTest }
        var graph = Self.graph("diff")
        var id: [String: Int] = [:]
        func node(_ name: String, _ style: Mermaid.NodeStyle) {
            guard id[name] == nil else { return }
            id[name] = id.count
            graph.node("n\(id[name]!)", [.label(name)] + nodeStyles[style]!)
        }
        for module in headModules {
            node(module.name, added.contains(module.name) ? .added : changed.contains(module.name) ? .changed : .plain)
        }
        for module in diff.modules.removed where !module.kind.isTest { node(module.name, .removed) }
        for edge in document.head.edges where edge.imported {
            guard let from = id[edge.from], let to = id[edge.to] else { continue }
            graph.edge("n\(from)", "n\(to)", edgeStyles[addedEdges.contains([edge.from, edge.to]) ? .added : .unchanged]!)
        }
        for edge in removedEdges {
            guard let from = id[edge.from], let to = id[edge.to] else { continue }
            graph.edge("n\(from)", "n\(to)", edgeStyles[.removed]!)
        }
        return graph.text
    }

    static func card(_ label: String, _ value: Int, flagged: Bool) -> String {
        "<div class=\"card\(flagged ? " flagged" : "")\"><div class=\"value\">\(value)</div><div class=\"label\">\(label)</div></div>"
    }

    static func findingSection(_ id: String, _ title: String, _ findings: [Finding], empty: String) -> String {
        var html = ["<section id=\"\(id)\">", "<h2>\(title) (\(findings.count))</h2>"]
        if findings.isEmpty {
            html.append("<p class=\"muted\">\(empty)</p>")
        } else {
            html.append("<div class=\"table-wrap\"><table><thead><tr><th>Severity</th><th>Rule</th><th>Finding</th><th>Where</th></tr></thead><tbody>")
            for finding in findings {
                let places = finding.evidence.prefix(5).map { "<code>\(escape($0.description))</code>" }.joined(separator: "<br>")
                let more = finding.evidence.count > 5 ? "<br>+\(finding.evidence.count - 5) more" : ""
                html.append("<tr><td>\(FindingLines.word(finding.severity))</td><td><code>\(finding.rule)</code></td><td>\(escape(finding.message))</td><td>\(places)\(more)</td></tr>")
            }
            html.append("</tbody></table></div>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    static func metricSection(_ metrics: [MetricDelta]) -> String {
        var html = ["<section id=\"metric-deltas\">", "<h2>Metric deltas (\(metrics.count) modules)</h2>"]
        if metrics.isEmpty {
            html.append("<p class=\"muted\">No module's metrics changed.</p>")
        } else {
            html.append("<div class=\"table-wrap\"><table><thead><tr><th>Module</th><th>Ce</th><th>Ca</th><th>I</th><th>A</th><th>D</th><th>Files</th><th>Lines</th></tr></thead><tbody>")
            for delta in metrics {
                let b = delta.base, h = delta.head
                html.append("<tr><td><a href=\"index.html\">\(escape(delta.module))</a></td><td>\(DiffMarkdown.change(b.ce, h.ce))</td><td>\(DiffMarkdown.change(b.ca, h.ca))</td><td>\(DiffMarkdown.change(b.instability, h.instability))</td><td>\(DiffMarkdown.change(b.abstractness, h.abstractness))</td><td>\(DiffMarkdown.change(b.distance, h.distance))</td><td>\(DiffMarkdown.change(b.files, h.files))</td><td>\(DiffMarkdown.change(b.lines, h.lines))</td></tr>")
            }
            html.append("</tbody></table></div>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// Modules, edges, cycles, linkage, launch, DI and public surface, each a list.
    static func changeSection(_ diff: GraphDiff) -> String {
        var html = ["<section id=\"changes\">", "<h2>Changes</h2>"]
        func list(_ title: String, _ items: [String], kind: String) {
            guard !items.isEmpty else { return }
            html.append("<h3>\(title) (\(items.count))</h3><div class=\"table-wrap\"><table><tbody>")
            html += items.map { "<tr class=\"\(kind)\"><td>\($0)</td></tr>" }
            html.append("</tbody></table></div>")
        }
        func edge(_ change: EdgeChange) -> String {
            let evidence = change.evidence.prefix(3).map { "<code>\(escape($0.description))</code>" }.joined(separator: " ")
            let uses = change.symbols.map { $0.isEmpty ? "" : " <span class=\"muted\">uses \(EdgeSymbol.list($0, limit: 5, more: change.moreSymbols, escape: escape))</span>" } ?? ""
            return "\(escape(change.from)) → \(escape(change.to)) \(evidence)\(uses)"
        }
        list("Modules added", diff.modules.added.map { "\(escape($0.name)) <span class=\"muted\">\($0.kind.rawValue) · \(escape($0.path))</span>" }, kind: "added")
        list("Modules removed", diff.modules.removed.map { "\(escape($0.name)) <span class=\"muted\">\($0.kind.rawValue) · \(escape($0.path))</span>" }, kind: "removed")
        list("Modules moved or renamed", diff.modules.moved.map { "\(escape($0.base.name)) <code>\(escape($0.base.id))</code> → \(escape($0.head.name)) <code>\(escape($0.head.id))</code>" }, kind: "changed")
        list("Import edges added", diff.edges.imports.added.map(edge), kind: "added")
        list("Import edges removed", diff.edges.imports.removed.map(edge), kind: "removed")
        list("Declared dependencies added", diff.edges.declared.added.map(edge), kind: "added")
        list("Declared dependencies removed", diff.edges.declared.removed.map(edge), kind: "removed")
        list("Cycles introduced", diff.cycles.introduced.map { $0.modules.map(escape).joined(separator: " ↔ ") }, kind: "added")
        list("Cycles broken", diff.cycles.broken.map { $0.modules.map(escape).joined(separator: " ↔ ") }, kind: "removed")
        list("Linkage changed", diff.linkage.map { "\(escape($0.module)): \($0.base.rawValue) → \($0.head.kind.rawValue) <span class=\"muted\">\(escape($0.head.reason))</span>" }, kind: "changed")
        list("Launch", diff.launch.map { "\(escape($0.app)): \($0.base) → \($0.head) dynamic frameworks at launch" }, kind: "changed")
        list("Duplicated static modules, new", diff.duplicatedStaticModules.added.map(escape), kind: "added")
        list("Duplicated static modules, no longer", diff.duplicatedStaticModules.removed.map(escape), kind: "removed")
        list("DI registrations added", diff.injection.registrations.added.map { "\(escape($0.service)) in \(escape($0.module)) <code>\(escape($0.evidence.description))</code>" }, kind: "added")
        list("DI registrations removed", diff.injection.registrations.removed.map { "\(escape($0.service)) in \(escape($0.module)) <code>\(escape($0.evidence.description))</code>" }, kind: "removed")
        list("DI resolutions added", diff.injection.resolutions.added.map { "\(escape($0.service)) in \(escape($0.module)) <code>\(escape($0.evidence.description))</code>" }, kind: "added")
        list("DI resolutions removed", diff.injection.resolutions.removed.map { "\(escape($0.service)) in \(escape($0.module)) <code>\(escape($0.evidence.description))</code>" }, kind: "removed")
        list("Container edges added", diff.injection.edges.added.map { "\(escape($0.from)) → \(escape($0.to)) (\($0.services.map(escape).joined(separator: ", ")))" }, kind: "added")
        list("Container edges removed", diff.injection.edges.removed.map { "\(escape($0.from)) → \(escape($0.to)) (\($0.services.map(escape).joined(separator: ", ")))" }, kind: "removed")
        list("Public surface", diff.publicSurface.map { "\(escape($0.module)): \($0.base) → \($0.head) public declarations" }, kind: "changed")
        list("Affected modules", [diff.affected.map(escape).joined(separator: ", ")].filter { !$0.isEmpty }, kind: "changed")
        if let shape = diff.buildShape, !shape.isEmpty {
            let cost = { (value: Double) in escape(DiffMarkdown.cost(value, shape.unit)) }
            let path = { (modules: [String]) in modules.isEmpty ? "none" : modules.map(escape).joined(separator: " → ") }
            let unit = shape.unit == .lines ? "estimated from lines" : "measured seconds"
            list("Build shape (\(unit))", [
                "Critical path before: \(path(shape.baseCriticalPath)) <span class=\"muted\">\(cost(shape.baseCriticalCost))</span>",
                "Critical path now: \(path(shape.headCriticalPath)) <span class=\"muted\">\(cost(shape.headCriticalCost))</span>",
            ] + shape.rebuildCosts.prefix(20).map { "Rebuild cost of \(escape($0.module)): \(cost($0.base)) → \(cost($0.head))" }, kind: "changed")
        }
        if html.count == 2 { html.append("<p class=\"muted\">Nothing changed in the module graph.</p>") }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String { HTMLReporter.escapeHTML(text) }
}
