import StrataModel

/// One drawing of the module graph in DOT: some modules drawn one by one (optionally inside
/// a cluster per group), the others collapsed into one node per group, with the edges
/// between what is drawn. The report's overview, its opened groups and its neighbourhoods,
/// `graph.dot` and `strata graph` are all views of this one kind.
///
/// Module nodes are named by the module name (so other tools can read the DOT); group nodes
/// by `group NAME` (made unique against module names). Every node and edge carries a
/// `class` the report's script uses: `module m<index>` or `group g<index>`, and `cycle`,
/// `violation`, `implicit`, `unused` on edges. Names only ever appear quoted.
public struct GraphDrawing: Sendable {
    public var graph: ModuleGraph
    /// Modules drawn one by one.
    public var shown: [Int]
    /// Groups drawn as one node each (their members not in `shown`), with their index in
    /// the grouping (for the `g<index>` class).
    public var collapsed: [(index: Int, group: ModuleGraph.Group)] = []
    /// Groups whose shown members are drawn inside a cluster.
    public var clusters: [ModuleGraph.Group] = []
    /// Modules drawn highlighted (the focus of a neighbourhood).
    public var focus: Set<Int> = []
    /// Left to right instead of top to bottom.
    public var leftToRight = false

    public init(graph: ModuleGraph, shown: [Int]) {
        self.graph = graph
        self.shown = shown
    }

    /// Every production module, in clusters by layer when there are layers.
    public static func full(_ graph: ModuleGraph) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, shown: Array(graph.modules.indices))
        let layers = graph.groups(.layers)
        if layers.count > 1 { drawing.clusters = layers }
        return drawing
    }

    /// One node per group, edges between groups with the number of module edges.
    public static func collapsed(_ graph: ModuleGraph, groups: [ModuleGraph.Group]) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, shown: [])
        drawing.collapsed = Array(groups.enumerated()).map { (index: $0.offset, group: $0.element) }
        return drawing
    }

    /// One group opened into its modules (in a cluster), the other groups collapsed.
    public static func opened(_ graph: ModuleGraph, groups: [ModuleGraph.Group], open: Int) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, shown: groups[open].members)
        drawing.clusters = [groups[open]]
        drawing.collapsed = Array(groups.enumerated()).filter { $0.offset != open }.map { (index: $0.offset, group: $0.element) }
        // Groups nothing in the open group touches are left out.
        let members = Set(groups[open].members)
        drawing.collapsed = drawing.collapsed.filter { _, group in
            group.members.contains { module in
                graph.successors[module].contains(where: members.contains) || graph.predecessors[module].contains(where: members.contains)
            }
        }
        return drawing
    }

    /// The focus modules and their neighbourhood, in clusters by layer.
    public static func neighbourhood(_ graph: ModuleGraph, focus: [Int], depth: Int) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, shown: graph.neighbourhood(of: focus, depth: depth))
        drawing.focus = Set(focus)
        let layers = graph.groups(.layers)
        if layers.count > 1 { drawing.clusters = layers }
        return drawing
    }

    // MARK: DOT

    public var dot: String {
        let shownSet = Set(shown)
        var groupOf: [Int: Int] = [:]  // module -> position in `collapsed`
        for (position, entry) in collapsed.enumerated() {
            for member in entry.group.members where !shownSet.contains(member) { groupOf[member] = position }
        }
        let groupIDs = self.groupIDs
        var lines = [
            "digraph \"modules\" {",
            "  graph [rankdir=\(leftToRight ? "LR" : "TB"), nodesep=0.35, ranksep=0.6, fontname=\"Helvetica,Arial,sans-serif\", fontsize=12];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef2f7\", color=\"#5b6b7f\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=11];",
            "  edge [color=\"#7a8899\", arrowsize=0.7];",
        ]
        // Modules, inside their cluster when they have one.
        var clustered = Set<Int>()
        for (position, cluster) in clusters.enumerated() {
            let members = cluster.members.filter { shownSet.contains($0) }
            guard !members.isEmpty else { continue }
            lines.append("  subgraph \"cluster_\(position)\" {")
            lines.append("    graph [label=\(DOTReporter.quote(cluster.name)), labeljust=l, style=\"rounded,dashed\", color=\"#9aa5b1\", fontcolor=\"#4b5563\", class=\"layer\"];")
            for member in members where clustered.insert(member).inserted { lines.append("  " + moduleNode(member)) }
            lines.append("  }")
        }
        for module in shown where !clustered.contains(module) { lines.append(moduleNode(module)) }
        for (position, entry) in collapsed.enumerated() {
            let count = entry.group.members.count { !shownSet.contains($0) }
            guard count > 0 else { continue }
            let label = entry.group.name + "\n" + (count == 1 ? "1 module" : "\(count) modules")
            lines.append("  \(DOTReporter.quote(groupIDs[position])) [label=\(DOTReporter.quote(label)), class=\"group g\(entry.index)\", shape=box3d, style=filled, fillcolor=\"#dbe7f5\", fontsize=12];")
        }

        // Edges: module to module as they are; anything touching a group summed up.
        struct Bundle { var count = 0, cycle = false, violation = false }
        var bundles: [String: [String: Bundle]] = [:]
        var moduleEdges: [ModuleGraph.Pair] = []
        func endpoint(_ module: Int) -> String? {
            if shownSet.contains(module) { return graph.name(module) }
            return groupOf[module].map { groupIDs[$0] }
        }
        for pair in graph.edges.keys.sorted() {
            let fromShown = shownSet.contains(pair.from), toShown = shownSet.contains(pair.to)
            if fromShown && toShown { moduleEdges.append(pair); continue }
            guard let from = endpoint(pair.from), let to = endpoint(pair.to), from != to else { continue }
            var bundle = bundles[from, default: [:]][to, default: Bundle()]
            bundle.count += 1
            bundle.cycle = bundle.cycle || graph.cycleEdges.contains(pair)
            bundle.violation = bundle.violation || graph.violationEdges.contains(pair)
            bundles[from, default: [:]][to] = bundle
        }
        for pair in moduleEdges {
            let edge = graph.edges[pair]!
            var classes = ["dependency"], attributes: [String] = []
            let cycle = graph.cycleEdges.contains(pair), violation = graph.violationEdges.contains(pair)
            if cycle {
                classes.append("cycle")
                attributes += ["color=\"#d1242f\"", "penwidth=1.6"]
            }
            if violation {
                classes.append("violation")
                attributes += [cycle ? nil : "color=\"#8250df\"", "penwidth=1.6"].compactMap { $0 }
            }
            if edge.imported && !edge.declared {
                classes.append("implicit")
                attributes += ["style=dashed", cycle || violation ? nil : "color=\"#d97706\""].compactMap { $0 }
            }
            if !edge.imported {
                classes.append("unused")
                attributes += ["style=dotted", "color=\"#9aa5b1\""]
            }
            attributes.insert("class=\(DOTReporter.quote(classes.joined(separator: " ")))", at: 0)
            lines.append("  \(DOTReporter.quote(graph.name(pair.from))) -> \(DOTReporter.quote(graph.name(pair.to))) [\(attributes.joined(separator: ", "))];")
        }
        for from in bundles.keys.sorted() {
            for (to, bundle) in bundles[from]!.sorted(by: { $0.key < $1.key }) {
                var classes = ["dependency", "bundle"]
                var attributes = ["label=\"\(bundle.count)\"", "fontsize=10", "fontcolor=\"#4b5563\"",
                                  String(format: "penwidth=%.1f", min(1 + Double(bundle.count).squareRoot() / 2, 5))]
                if bundle.cycle { classes.append("cycle"); attributes.append("color=\"#d1242f\"") }
                if bundle.violation { classes.append("violation"); if !bundle.cycle { attributes.append("color=\"#8250df\"") } }
                attributes.insert("class=\(DOTReporter.quote(classes.joined(separator: " ")))", at: 0)
                lines.append("  \(DOTReporter.quote(from)) -> \(DOTReporter.quote(to)) [\(attributes.joined(separator: ", "))];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node name of each collapsed group: `group NAME`, made unique against module names.
    private var groupIDs: [String] {
        let moduleNames = Set(graph.modules.map(\.module.name))
        var ids: [String] = []
        for entry in collapsed {
            var id = "group " + entry.group.name
            while moduleNames.contains(id) || ids.contains(id) { id += " " }
            ids.append(id)
        }
        return ids
    }

    private func moduleNode(_ index: Int) -> String {
        let module = graph.modules[index].module
        var attributes = ["class=\(DOTReporter.quote("module m\(index) \(module.kind.rawValue) \(module.linkage.kind.rawValue)"))"]
        switch module.linkage.kind {
        case .dynamic: attributes.append("peripheries=2")
        case .unknown: attributes.append("style=\"rounded,filled,dashed\"")
        case .static, .executable: break
        }
        switch module.kind {
        case .executable: attributes += ["shape=box3d", "fillcolor=\"#e3ecfa\""]
        case .macro, .plugin: attributes += ["shape=hexagon", "style=filled"]
        case .system: attributes += ["shape=folder", "style=filled"]
        default: break
        }
        if focus.contains(index) { attributes += ["fillcolor=\"#fde68a\"", "color=\"#b45309\"", "penwidth=2"] }
        return "  \(DOTReporter.quote(module.name)) [\(attributes.joined(separator: ", "))];"
    }

    // MARK: Mermaid and JSON

    /// A Mermaid flowchart of the drawing, or nil when it is larger than GitHub renders.
    public var mermaid: String? {
        let shownSet = Set(shown)
        var nodes: [(name: String, style: Mermaid.NodeStyle)] = shown.map { (graph.name($0), focus.contains($0) ? .changed : .plain) }
        var groupOf: [Int: String] = [:]
        for (entry, label) in zip(collapsed, groupIDs) {
            nodes.append((label, .plain))
            for member in entry.group.members where !shownSet.contains(member) { groupOf[member] = label }
        }
        var seen = Set<[String]>()
        var edges: [Mermaid.Edge] = []
        for pair in graph.edges.keys.sorted() {
            guard let from = shownSet.contains(pair.from) ? graph.name(pair.from) : groupOf[pair.from],
                let to = shownSet.contains(pair.to) ? graph.name(pair.to) : groupOf[pair.to], from != to,
                seen.insert([from, to]).inserted
            else { continue }
            edges.append(Mermaid.Edge(from: from, to: to, style: graph.cycleEdges.contains(pair) ? .cycle : .unchanged))
        }
        return Mermaid.flowchart(nodes: nodes, edges: edges)
    }
}
