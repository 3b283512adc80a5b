import StrataModel

/// One drawing of the module graph in DOT: some modules drawn one by one (optionally inside
/// a cluster per group), the others collapsed into one node per group, with the edges
/// between what is drawn. The report's overview, its opened groups and its neighbourhoods,
/// `graph.dot` and `strata graph` are all views of this one kind.
///
/// Nodes are named by index: `m<index>` for a module, `g<index>` for a collapsed group (its
/// index in the grouping); a name is only ever a label (`label(_:)`), so two names Graphviz
/// would read alike ("a⏎b" and "a b") stay two nodes, and nothing in a name can break the
/// DOT or the SVG. Every node and edge carries an `id` and a `class` the report's script
/// uses: nodes `m<index>` with `module m<index> KIND LINKAGE`, or `g<index>` with
/// `group g<index>`; module edges `e<from>-<to>` with `dependency f<from> t<to>` and
/// `cycle`, `violation`, `implicit`, `unused`.
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
    /// Edges between a cluster's modules and a collapsed group drawn once per cluster (with
    /// their count), not once per module: an opened group of a hundred modules otherwise
    /// draws hundreds of edges converging on a few group nodes.
    public var bundleClusters = false

    public init(graph: ModuleGraph, shown: [Int]) {
        self.graph = graph
        self.shown = shown
    }

    /// Every production module, in clusters by layer when there are layers.
    public static func full(_ graph: ModuleGraph) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, shown: Array(graph.modules.indices))
        drawing.clusters = graph.layerClusters
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
        drawing.bundleClusters = groups[open].members.count > 30
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
        drawing.clusters = graph.layerClusters
        return drawing
    }

    // MARK: DOT

    public var dot: String {
        let shownSet = Set(shown)
        var groupOf: [Int: Int] = [:]  // module -> position in `collapsed`
        for (position, entry) in collapsed.enumerated() {
            for member in entry.group.members where !shownSet.contains(member) { groupOf[member] = position }
        }
        var lines = [
            "digraph \"modules\" {",
            "  graph [rankdir=\(leftToRight ? "LR" : "TB"),\(bundleClusters ? " compound=true," : "") nodesep=0.35, ranksep=0.6, fontname=\"Helvetica,Arial,sans-serif\", fontsize=12];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef2f7\", color=\"#5b6b7f\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=11];",
            "  edge [color=\"#7a8899\", arrowsize=0.7, fontname=\"Helvetica,Arial,sans-serif\"];",
        ]
        // Modules, inside their cluster when they have one.
        var clustered = Set<Int>()
        var clusterOf: [Int: Int] = [:]  // shown module -> cluster position
        var representative: [Int: Int] = [:]  // cluster position -> its first module
        for (position, cluster) in clusters.enumerated() {
            let members = cluster.members.filter { shownSet.contains($0) }
            guard !members.isEmpty else { continue }
            representative[position] = members[0]
            for member in members where clusterOf[member] == nil { clusterOf[member] = position }
            lines.append("  subgraph \"cluster_\(position)\" {")
            lines.append("    graph [label=\(Self.label(cluster.name)), labeljust=l, style=\"rounded,dashed\", color=\"#9aa5b1\", fontcolor=\"#4b5563\", class=\"layer\"];")
            for member in members where clustered.insert(member).inserted { lines.append("  " + moduleNode(member)) }
            lines.append("  }")
        }
        for module in shown where !clustered.contains(module) { lines.append(moduleNode(module)) }
        // The edges of the drawing: all of them when groups are collapsed, else only those
        // between shown modules (a neighbourhood needs no pass over the whole graph).
        let pairs = collapsed.isEmpty
            ? shown.sorted().flatMap { from in graph.successors[from].filter(shownSet.contains).map { ModuleGraph.Pair(from, $0) } }
            : graph.pairs
        // Cycles and violations inside a group are not edges of the drawing: the group says so.
        var cyclesInside = [Int](repeating: 0, count: collapsed.count), violationsInside = cyclesInside
        for pair in pairs {
            guard let group = groupOf[pair.from], groupOf[pair.to] == group else { continue }
            if graph.cycleEdges.contains(pair) { cyclesInside[group] += 1 }
            if graph.violationEdges.contains(pair) { violationsInside[group] += 1 }
        }
        for (position, entry) in collapsed.enumerated() {
            let hidden = entry.group.members.filter { !shownSet.contains($0) }
            guard !hidden.isEmpty else { continue }
            let cycles = cyclesInside[position], violations = violationsInside[position]
            var label = [entry.group.name, hidden.count == 1 ? "1 module" : "\(hidden.count) modules"]
            if cycles > 0 { label.append(cycles == 1 ? "1 edge in a cycle" : "\(cycles) edges in cycles") }
            if violations > 0 { label.append(violations == 1 ? "1 violation" : "\(violations) violations") }
            let flagged = cycles > 0 ? ", color=\"#d1242f\", penwidth=2" : violations > 0 ? ", color=\"#8250df\", penwidth=2" : ""
            let classes = "group g\(entry.index)" + (cycles > 0 ? " cycle" : "") + (violations > 0 ? " violation" : "")
            lines.append("  g\(entry.index) [id=\"g\(entry.index)\", label=\(Self.label(lines: label)), class=\"\(classes)\", shape=box3d, style=filled, fillcolor=\"#dbe7f5\", fontsize=12\(flagged)];")
        }
        // Modules with no edge to another drawn module (but the focus) would all share one
        // rank: one row thousands of points wide. Invisible edges stack them into rows of
        // about sqrt(1.5 n): the focus's dependents, its dependencies, and the rest, apart.
        var linked = Set<Int>()
        for pair in pairs where shownSet.contains(pair.from) && shownSet.contains(pair.to)
            && !focus.contains(pair.from) && !focus.contains(pair.to)
        {
            linked.insert(pair.from)
            linked.insert(pair.to)
        }
        let loose = shown.filter { !linked.contains($0) && !focus.contains($0) }
        let above = loose.filter { module in graph.successors[module].contains(where: focus.contains) }
        let below = loose.filter { module in !above.contains(module) && graph.predecessors[module].contains(where: focus.contains) }
        let rest = loose.filter { !above.contains($0) && !below.contains($0) }
        for row in [above, below, rest] where row.count > 12 {
            let width = Int((Double(row.count) * 1.5).squareRoot().rounded(.up))
            for index in 0..<(row.count - width) {
                lines.append("  m\(row[index]) -> m\(row[index + width]) [style=invis, class=\"layout\"];")
            }
        }

        // Edges: module to module as they are; anything touching a group summed up.
        enum Endpoint: Hashable, Comparable { case module(Int), group(Int), cluster(Int) }
        struct Bundle { var count = 0, cycle = false, violation = false }
        var bundles: [Endpoint: [Endpoint: Bundle]] = [:]
        var moduleEdges: [ModuleGraph.Pair] = []
        func endpoint(_ module: Int) -> Endpoint? {
            if shownSet.contains(module) {
                if bundleClusters, let cluster = clusterOf[module] { return .cluster(cluster) }
                return .module(module)
            }
            return groupOf[module].map { .group($0) }
        }
        for pair in pairs {
            let fromShown = shownSet.contains(pair.from), toShown = shownSet.contains(pair.to)
            if fromShown && toShown { moduleEdges.append(pair); continue }
            guard let from = endpoint(pair.from), let to = endpoint(pair.to), from != to else { continue }
            var bundle = bundles[from, default: [:]][to, default: Bundle()]
            bundle.count += 1
            bundle.cycle = bundle.cycle || graph.cycleEdges.contains(pair)
            bundle.violation = bundle.violation || graph.violationEdges.contains(pair)
            bundles[from, default: [:]][to] = bundle
        }
        // Layers are drawn in order, lowest at the bottom: an edge up the layers does not pull
        // its ends' ranks (constraint=false), and collapsed layers are chained in order.
        func rank(_ endpoint: Endpoint) -> Int? {
            switch endpoint {
            case .module(let module): graph.layerRank[module]
            case .cluster(let position): graph.layerRank[representative[position]!]
            case .group(let position):
                Set(collapsed[position].group.members.map { graph.layerRank[$0] }).count == 1 ? graph.layerRank[collapsed[position].group.members[0]] : nil
            }
        }
        func upward(_ from: Endpoint, _ to: Endpoint) -> Bool {
            guard let low = rank(from), let high = rank(to) else { return false }
            return low < high
        }
        let rankedGroups = collapsed.indices.compactMap { position in rank(.group(position)).map { (position, $0) } }
            .filter { position, _ in collapsed[position].group.members.contains { !shownSet.contains($0) } }
            .sorted { $0.1 > $1.1 }
        for (upper, lower) in zip(rankedGroups, rankedGroups.dropFirst()) where upper.1 > lower.1 {
            lines.append("  g\(collapsed[upper.0].index) -> g\(collapsed[lower.0].index) [style=invis, weight=4, class=\"layout\"];")
        }
        // A cluster's end of an edge is its first module, clipped at the cluster's border.
        func node(_ endpoint: Endpoint, clip: String) -> (name: String, attribute: String?) {
            switch endpoint {
            case .module(let module): ("m\(module)", nil)
            case .group(let position): ("g\(collapsed[position].index)", nil)
            case .cluster(let position): ("m\(representative[position]!)", "\(clip)=\"cluster_\(position)\"")
            }
        }
        for pair in moduleEdges {
            let edge = graph.edges[pair]!
            var classes = ["dependency", "f\(pair.from)", "t\(pair.to)"], attributes: [String] = []
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
            if upward(.module(pair.from), .module(pair.to)) { attributes.append("constraint=false") }
            attributes.insert(contentsOf: ["id=\"e\(pair.from)-\(pair.to)\"", "class=\"\(classes.joined(separator: " "))\""], at: 0)
            lines.append("  m\(pair.from) -> m\(pair.to) [\(attributes.joined(separator: ", "))];")
        }
        for from in bundles.keys.sorted() {
            for (to, bundle) in bundles[from]!.sorted(by: { $0.key < $1.key }) {
                var classes = ["dependency", "bundle"]
                // An xlabel, placed after layout: dot 2.43 double-frees its rank arrays when a
                // labelled edge between nodes of one rank meets a cluster (flat_edges).
                var attributes = ["xlabel=\"\(bundle.count)\"", "fontsize=10", "fontcolor=\"#4b5563\"",
                                  String(format: "penwidth=%.1f", min(1 + Double(bundle.count).squareRoot() / 2, 5))]
                if bundle.cycle { classes.append("cycle"); attributes.append("color=\"#d1242f\"") }
                if bundle.violation { classes.append("violation"); if !bundle.cycle { attributes.append("color=\"#8250df\"") } }
                attributes.insert("class=\"\(classes.joined(separator: " "))\"", at: 0)
                if upward(from, to) { attributes.append("constraint=false") }
                let tail = node(from, clip: "ltail"), head = node(to, clip: "lhead")
                attributes += [tail.attribute, head.attribute].compactMap { $0 }
                lines.append("  \(tail.name) -> \(head.name) [\(attributes.joined(separator: ", "))];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node name of each collapsed group: `group NAME`, made unique against module names.
    var groupIDs: [String] {
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
        var attributes = [
            "id=\"m\(index)\"", "label=\(Self.label(module.name))",
            "class=\"module m\(index) \(module.kind.rawValue) \(module.linkage.kind.rawValue)\"",
        ]
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
        return "  m\(index) [\(attributes.joined(separator: ", "))];"
    }

    /// A name as a DOT label whose SVG is well-formed XML showing the name as it is:
    /// backslashes and quotes escaped (an escString), `&` written `&amp;` (Graphviz decodes
    /// entities in labels before it escapes the text into the SVG: a name `a&lt;b` would
    /// otherwise show as `a<b`), and control characters,
    /// which XML does not allow (NUL would end the DOT text), as their Unicode control
    /// pictures (U+2400...), so "a⏎b" shows as `a␊b`.
    public static func label(_ name: String) -> String {
        label(lines: [name])
    }

    /// Lines of text (names among them) as one DOT label, `\n` between them.
    public static func label(lines: [String]) -> String {
        var result = "\""
        for (number, line) in lines.enumerated() {
            if number > 0 { result += "\\n" }
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "&": result += "&amp;"
                case "\u{0}"..."\u{1F}": result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
                case "\u{7F}": result += "\u{2421}"
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: Mermaid and JSON

    /// A Mermaid flowchart of the drawing, or nil when it is larger than GitHub renders.
    public var mermaid: String? {
        let shownSet = Set(shown)
        var nodes: [(name: String, style: Mermaid.NodeStyle)] = shown.map { (graph.name($0), focus.contains($0) ? .focus : .plain) }
        var groupOf: [Int: String] = [:]
        for (entry, label) in zip(collapsed, groupIDs) {
            // A group whose members are all shown has no node, as in the DOT.
            let hidden = entry.group.members.filter { !shownSet.contains($0) }
            guard !hidden.isEmpty else { continue }
            nodes.append((label, .plain))
            for member in hidden { groupOf[member] = label }
        }
        var seen = Set<[String]>()
        var edges: [Mermaid.Edge] = []
        for pair in graph.pairs {
            guard let from = shownSet.contains(pair.from) ? graph.name(pair.from) : groupOf[pair.from],
                let to = shownSet.contains(pair.to) ? graph.name(pair.to) : groupOf[pair.to], from != to,
                seen.insert([from, to]).inserted
            else { continue }
            edges.append(Mermaid.Edge(from: from, to: to, style: graph.cycleEdges.contains(pair) ? .cycle : .unchanged))
        }
        return Mermaid.flowchart(nodes: nodes, edges: edges)
    }
}
