import Foundation
import StrataGraphviz
import StrataModel

/// `strata graph`: the drawing its options describe, and that drawing in each format.
extension GraphDrawing {
    /// The formats `strata graph --format` accepts: the registry of the drawing's renderings.
    public enum Format: String, ReportFormat {
        case dot, svg, mermaid, json

        public var reporter: any Reporter<Prepared> {
            FileReporter(fileName: "-") { prepared in try render(prepared) }
        }

        /// The drawing in this format, as `strata graph` prints or writes it.
        private func render(_ prepared: Prepared) throws(Failure) -> Data {
            let drawing = prepared.drawing
            switch self {
            case .dot: return Data(drawing.dot.utf8)
            case .svg:
                guard let svg = prepared.svg else { throw Failure(description: "the graph was not laid out") }
                do {
                    return Data(try svg.get().utf8)
                } catch {
                    throw Failure(description: "the graph was not drawn: \(error)")
                }
            case .json:
                do {
                    return try drawing.json()
                } catch {
                    throw Failure(description: "the graph was not written: \(error)")
                }
            case .mermaid:
                guard let text = drawing.mermaid else {
                    throw Failure(description: """
                        the graph is larger than GitHub draws in Mermaid (\(Mermaid.maximumEdges) edges or \
                        \(Mermaid.maximumCharacters) characters); draw part of it with --focus or --reaches, or \
                        group it with --collapse layers|packages
                        """)
                }
                return Data((text + "\n").utf8)
            }
        }

        /// A drawing that cannot be given in the format, in one line.
        public struct Failure: Error, CustomStringConvertible {
            public var description: String
        }

        /// A drawing with what the format needs laid out before its reporter runs: the SVG for
        /// svg (Graphviz runs here, never in a reporter).
        public struct Prepared: Sendable {
            public let drawing: GraphDrawing
            /// The layout, for svg; nil for the other formats.
            public let svg: Result<String, any Error>?

            public init(_ drawing: GraphDrawing, for format: Format) {
                self.drawing = drawing
                svg = format == .svg ? Result { try drawing.svg() } : nil
            }
        }
    }

    /// The drawing for `strata graph`'s options:
    /// - none: every production module, in clusters by layer (`full`);
    /// - `focus`: those modules and their neighbourhood at `depth` (`neighbourhood`);
    /// - `reaches`: that module and every module that depends on it; with `focus`, the modules
    ///   on paths from the focus to it;
    /// - `collapse`: every module not shown drawn in one node per group (all of them without
    ///   `focus` or `reaches`).
    /// Focus and `reaches` modules are highlighted.
    public static func select(
        _ graph: ModuleGraph, marks: GraphMarks, focus names: [String], depth: Int = 1, reaches: String? = nil,
        collapse: ModuleGraph.Grouping? = nil
    ) throws(ModuleGraph.QueryError) -> GraphDrawing {
        var focus: [ModuleGraph.Node] = []
        for name in names { focus.append(try graph.module(named: name)) }
        var shown: [ModuleGraph.Node]?  // nil: every module
        var highlighted = focus
        if let reaches {
            let target = try graph.module(named: reaches)
            let upstream = Set(graph.reaching(target))
            if focus.isEmpty {
                shown = upstream.sorted()
            } else {
                // On a path from a focus module to the target: reached from the one, reaching the other.
                let downstream = Set(focus.flatMap { graph.reachable(from: $0) })
                shown = downstream.intersection(upstream).union(focus + [target]).sorted()
            }
            highlighted.append(target)
        } else if !focus.isEmpty {
            if collapse == nil { return neighbourhood(graph, marks: marks, focus: focus, depth: depth) }
            shown = graph.neighbourhood(of: focus, depth: depth)
        }
        guard let shown else {
            guard let collapse else { return full(graph, marks: marks) }
            return collapsed(graph, marks: marks, groups: graph.groups(collapse))
        }
        var drawing = GraphDrawing(graph: graph, marks: marks, shown: shown)
        if let collapse { drawing.collapsed = Array(graph.groups(collapse).enumerated()).map { (index: $0.offset, group: $0.element) } }
        drawing.focus = Set(highlighted)
        drawing.clusters = marks.layerClusters
        return drawing
    }

    /// The drawing laid out by Graphviz: `dot`, or `sfdp` past 1,000 nodes, as the report does.
    public func svg() throws -> String {
        try GraphvizLayout.svg(dot: dot)
    }

    /// The drawing as data (`schemaVersion` 1, described in docs/graph.md): modules and
    /// collapsed groups as nodes, and the edges between them, those touching a group summed.
    public func json() throws -> Data {
        struct Node: Encodable {
            var name: String, kind: String
            var linkage: String?, layer: String?, group: String?, focus: Bool?, modules: Int?
        }
        struct Edge: Encodable {
            var from: String, to: String
            var importSites = 0, declared = false, imported = false, cycle = false, violation = false
            var edges: Int?
        }
        let shownSet = Set(shown)
        var groupName: [ModuleGraph.Node: String] = [:]  // module -> its collapse group
        var groupNode: [ModuleGraph.Node: String] = [:]  // hidden module -> the node of its group
        var nodes: [Node] = []
        let ids = groupIDs
        var groupNodes: [Node] = []
        for (entry, id) in zip(collapsed, ids) {
            for member in entry.group.members { groupName[member] = entry.group.name }
            let hidden = entry.group.members.filter { !shownSet.contains($0) }
            guard !hidden.isEmpty else { continue }
            for member in hidden { groupNode[member] = id }
            groupNodes.append(Node(name: id, kind: "group", group: entry.group.name, modules: hidden.count))
        }
        for module in shown {
            let entry = graph[module].module
            nodes.append(Node(
                name: entry.name, kind: entry.kind.rawValue, linkage: entry.linkage.kind.rawValue, layer: marks.layerName(module),
                group: groupName[module], focus: focus.contains(module) ? true : nil))
        }
        nodes += groupNodes
        var edges: [Edge] = []
        var position: [[String]: Int] = [:]
        for pair in graph.pairs {
            let grouped = !shownSet.contains(pair.from) || !shownSet.contains(pair.to)
            guard let from = shownSet.contains(pair.from) ? graph.name(pair.from) : groupNode[pair.from],
                let to = shownSet.contains(pair.to) ? graph.name(pair.to) : groupNode[pair.to], from != to
            else { continue }
            let edge = graph.edges[pair]!
            let at = position[[from, to]] ?? edges.count
            if at == edges.count {
                position[[from, to]] = at
                edges.append(Edge(from: from, to: to, edges: grouped ? 0 : nil))
            }
            edges[at].importSites += edge.imported ? edge.evidence.count : 0
            edges[at].declared = edges[at].declared || edge.declared
            edges[at].imported = edges[at].imported || edge.imported
            edges[at].cycle = edges[at].cycle || marks.cycleEdges.contains(pair)
            edges[at].violation = edges[at].violation || marks.violationEdges.contains(pair)
            edges[at].edges = edges[at].edges.map { $0 + 1 }
        }
        struct Document: Encodable {
            var schemaVersion = 1
            var nodes: [Node], edges: [Edge]
        }
        return try ReportJSON.document(Document(nodes: nodes, edges: edges))
    }
}
