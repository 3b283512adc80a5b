import Foundation
import StrataGraphviz
import StrataModel
import StrataWeb

/// `diff.html`: the comparison as one static page next to HEAD's report, a view over
/// `strata-diff.json` like the report's over `strata.json`: the page (`Web/diff.html` in
/// the report's skeleton, `report.css`, `Web/diff.js`) renders the diff embedded as JSON. It
/// opens on the changed subgraph (the modules and edges the Markdown's Mermaid draws,
/// `DiffMarkdown.changedSubgraphParts`); the union of both graphs, in one layout so nothing
/// jumps between BASE and HEAD, is one click away (a `<details>`). Nodes are named by index,
/// names are only labels.
public enum DiffPage {
    /// The page of a prepared document (`DiffDocument.prepared(for:layouts:tell:)`).
    public static func render(_ document: DiffDocument) throws -> Data {
        guard let drawings = document.drawings else { throw PreparedReport.NotPrepared(description: "the diff's drawings were not prepared") }
        let changed = drawings.changed.map(WebPage.inlineSVG) ?? "<p class=\"muted\">No module or import edge changed.</p>"
        return WebPage.inline(
            WebAssets.diffTemplate, title: document.head.root, dataID: "strata-diff", json: try ReportJSON.compact(document.diff),
            style: WebAssets.diffStylesheet, script: WebAssets.diffScript,
            values: ["GRAPH": Data(changed.utf8), "UNION": Data(WebPage.inlineSVG(drawings.union).utf8)])
    }

    /// The changed subgraph and the union graph, laid out in one batch through the one layout
    /// path (cached with HEAD's report's); a drawing Graphviz fails on is left out with a
    /// warning through `tell`.
    static func draw(_ document: DiffDocument, layouts: LayoutCache?, tell: (String) -> Void) -> DiffDrawings {
        let changedDOT = changedGraph(document.diff)
        let jobs = (changedDOT.map { [GraphvizLayout.Job(name: "the diff's changed subgraph", dot: $0)] } ?? [])
            + [GraphvizLayout.Job(name: "the diff graph", dot: unionGraph(document))]
        let drawn = GraphvizLayout.draw(jobs, cache: layouts, tell: tell).map { $0 ?? ReportViews.notDrawn }
        return DiffDrawings(changed: changedDOT == nil ? nil : drawn[0], union: drawn[drawn.count - 1])
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
        let names = document.head.moduleNames
        for edge in document.head.edges where edge.imported {
            let ends = [names[edge.from], names[edge.to]]
            guard let from = id[ends[0]], let to = id[ends[1]] else { continue }
            graph.edge("n\(from)", "n\(to)", edgeStyles[addedEdges.contains(ends) ? .added : .unchanged]!)
        }
        for edge in removedEdges {
            guard let from = id[edge.from], let to = id[edge.to] else { continue }
            graph.edge("n\(from)", "n\(to)", edgeStyles[.removed]!)
        }
        return graph.text
    }
}
