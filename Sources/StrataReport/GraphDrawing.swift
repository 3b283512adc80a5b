import StrataModel

/// One drawing of the module graph in DOT: some modules drawn one by one (optionally inside
/// a cluster per group), the others collapsed into one node per group, with the edges
/// between what is drawn. The report's overview, its opened groups and its neighbourhoods,
/// `graph.dot` and `strata graph` are all views of this one kind.
///
/// Nodes are named by index: `m<index>` for a module, `g<index>` for a collapsed group (its
/// index in the grouping); a name is only ever a label (`DOT.label`), so two names Graphviz
/// would read alike ("a⏎b" and "a b") stay two nodes, and nothing in a name can break the
/// DOT or the SVG. Every node and edge carries an `id` and a `class` the report's script
/// uses: nodes `m<index>` with `module m<index> KIND LINKAGE`, or `g<index>` with
/// `group g<index>`; module edges `e<from>-<to>` with `dependency f<from> t<to>` and
/// `cycle`, `violation`, `implicit`, `unused`.
public struct GraphDrawing: Sendable {
    public var graph: ModuleGraph
    /// What the drawing marks: cycles, violations, layers.
    public var marks: GraphMarks {
        didSet { clustersAreLayers = false }
    }
    /// Modules drawn one by one.
    public var shown: [ModuleGraph.Node]
    /// Groups drawn as one node each (their members not in `shown`), with their index in
    /// the grouping (for the `g<index>` class).
    public var collapsed: [(index: Int, group: ModuleGraph.Group)] = []
    /// Groups whose shown members are drawn inside a cluster.
    public var clusters: [ModuleGraph.Group] = [] {
        didSet { clustersAreLayers = false }
    }
    /// `clusters` are the marks' layer clusters (`GraphMarks.layerMembers`).
    private var clustersAreLayers = false
    /// Modules drawn highlighted (the focus of a neighbourhood).
    public var focus: Set<ModuleGraph.Node> = []
    /// Left to right instead of top to bottom.
    public var leftToRight = false
    /// Edges between a cluster's modules and a collapsed group drawn once per cluster (with
    /// their count), not once per module: an opened group of a hundred modules otherwise
    /// draws hundreds of edges converging on a few group nodes.
    public var bundleClusters = false
    /// A dense drawing (`isDense`) leaves out the module edges another path of the drawing
    /// implies (its transitive reduction; a note under the drawing counts them), but those of
    /// the focus and those of cycles and violations: Telegram-iOS's 147 modules around
    /// PeerInfoScreen have 2,248 edges, a ribbon 24 times as wide as high that dot took 18 s
    /// over, where the focus's 146 and about 300 others draw in well under a second. An
    /// undeclared import or an unused dependency implied by other edges is left out too: the
    /// findings list every one.
    public var leavesOutImpliedEdges = false

    public init(graph: ModuleGraph, marks: GraphMarks, shown: [ModuleGraph.Node]) {
        self.graph = graph
        self.marks = marks
        self.shown = shown
    }

    /// Every production module, in clusters by layer when there are layers.
    public static func full(_ graph: ModuleGraph, marks: GraphMarks) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, marks: marks, shown: graph.nodes)
        drawing.clusters = marks.layerClusters
        drawing.clustersAreLayers = true
        return drawing
    }

    /// One node per group, edges between groups with the number of module edges.
    public static func collapsed(_ graph: ModuleGraph, marks: GraphMarks, groups: [ModuleGraph.Group]) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, marks: marks, shown: [])
        drawing.collapsed = Array(groups.enumerated()).map { (index: $0.offset, group: $0.element) }
        return drawing
    }

    /// One group opened into its modules (in a cluster), the other groups collapsed.
    public static func opened(_ graph: ModuleGraph, marks: GraphMarks, groups: [ModuleGraph.Group], open: Int) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, marks: marks, shown: groups[open].members)
        drawing.clusters = [groups[open]]
        drawing.bundleClusters = groups[open].members.count > 30
        drawing.collapsed = Array(groups.enumerated()).filter { $0.offset != open }.map { (index: $0.offset, group: $0.element) }
        // Groups nothing in the open group touches are left out.
        let members = Set(groups[open].members)
        drawing.collapsed = drawing.collapsed.filter { _, group in
            group.members.contains { module in
                graph.successors(of: module).contains(where: members.contains) || graph.predecessors(of: module).contains(where: members.contains)
            }
        }
        return drawing
    }

    /// The focus modules and their neighbourhood, in clusters by layer.
    public static func neighbourhood(_ graph: ModuleGraph, marks: GraphMarks, focus: [ModuleGraph.Node], depth: Int) -> GraphDrawing {
        var drawing = GraphDrawing(graph: graph, marks: marks, shown: graph.neighbourhood(of: focus, depth: depth))
        drawing.focus = Set(focus)
        drawing.clusters = marks.layerClusters
        drawing.clustersAreLayers = true
        return drawing
    }

    // MARK: DOT

    public var dot: String { dotGraph.text }

    /// Past this many modules a drawing is laid out with fewer of dot's passes (`quickLayout`).
    static let largeDrawing = 300
    /// dot's crossing minimisation and network simplex cut short: on a 645-module Bazel
    /// workspace the whole graph, the report stage's longest job, takes dot 0.6 s where its
    /// defaults take 4.8 s and mclimit 0.2 with nslimit 1 took 1.3 s (one after another, on a
    /// busy machine), and it has fewer crossings than with either (250,908 against 262,147
    /// and 262,797): in a drawing that size the longer passes only trade one local optimum
    /// for another.
    static let quickLayout: [DOT.Attribute] = [.value("mclimit", 0.05), .value("nslimit", 0.2), .value("nslimit1", 0.2)]

    /// The drawing as a DOT graph value.
    public var dotGraph: DOT.Graph {
        let shownSet = Set(shown)
        var groupOf: [ModuleGraph.Node: Int] = [:]  // module -> position in `collapsed`
        for (position, entry) in collapsed.enumerated() {
            for member in entry.group.members where !shownSet.contains(member) { groupOf[member] = position }
        }
        var drawing = DOT.Graph(
            "modules",
            graph: [.value("rankdir", leftToRight ? "LR" : "TB")] + (bundleClusters ? [.value("compound", true)] : [])
                + [.value("nodesep", 0.35), .value("ranksep", 0.6)] + DOT.Theme.font(12)
                + (shown.count > Self.largeDrawing ? Self.quickLayout : []),
            node: DOT.Theme.box + DOT.Theme.font(11),
            edge: [.quoted("color", DOT.Theme.edge), .value("arrowsize", 0.7)] + DOT.Theme.font())
        // Modules, inside their cluster when they have one.
        var clustered = Set<ModuleGraph.Node>()
        var clusterOf: [ModuleGraph.Node: Int] = [:]  // shown module -> cluster position
        var representative: [Int: ModuleGraph.Node] = [:]  // cluster position -> its first module
        let clusterMembers = clustersAreLayers ? marks.layerMembers(among: shown) : clusters.map { $0.members.filter(shownSet.contains) }
        for (position, cluster) in clusters.enumerated() {
            let members = clusterMembers[position]
            guard !members.isEmpty else { continue }
            representative[position] = members[0]
            for member in members where clusterOf[member] == nil { clusterOf[member] = position }
            let style: [DOT.Attribute] = [
                .label(cluster.name), .value("labeljust", "l"), .quoted("style", "rounded,dashed"), .quoted("color", DOT.Theme.muted),
                .quoted("fontcolor", DOT.Theme.text), .quoted("class", "layer"),
            ]
            let nodes = members.filter { clustered.insert($0).inserted }.map(moduleNode)
            drawing.statements.append(.subgraph("cluster_\(position)", [.defaults("graph", style)] + nodes))
        }
        drawing.statements += shown.filter { !clustered.contains($0) }.map(moduleNode)
        // The edges of the drawing: all of them when groups are collapsed, else only those
        // between shown modules (a neighbourhood needs no pass over the whole graph).
        let pairs = collapsed.isEmpty
            ? shown.sorted().flatMap { from in graph.successors(of: from).filter(shownSet.contains).map { ModuleGraph.Edge(from, $0) } }
            : graph.pairs
        drawing.statements += groupNodes(pairs: pairs, groupOf: groupOf, shown: shownSet)
        drawing.statements += rowEdges(pairs: pairs, shown: shownSet)
        var edges = EdgeSet(drawing: self, shown: shownSet, groupOf: groupOf, clusterOf: clusterOf, representative: representative)
        edges.add(pairs)
        let implied = leavesOutImpliedEdges && Self.isDense(edges: edges.moduleEdges.count, modules: shown.count) ? impliedEdges(edges.moduleEdges) : []
        if !implied.isEmpty {
            edges.moduleEdges.removeAll(where: implied.contains)
            let count = implied.count
            drawing.statements.append(.assignments([.label("\(count) edge\(count == 1 ? "" : "s") not drawn: another path of the drawing implies \(count == 1 ? "it" : "each")")]))
        }
        drawing.statements += edges.statements
        return drawing
    }

    /// More module edges than `denseEdges` and than modules drawn: past a tree's worth, the
    /// edges a longer path implies are most of a drawing's crossings and of dot's time
    /// (Telegram-iOS's 686 neighbourhoods: 4.1 s of layout with every edge, 2.3 s without
    /// those, with the same reach).
    static let denseEdges = 60
    static func isDense(edges: Int, modules: Int) -> Bool { edges > denseEdges && edges > modules }

    /// The module edges another path among them implies, but those of the focus, cycles and violations.
    private func impliedEdges(_ edges: [ModuleGraph.Edge]) -> Set<ModuleGraph.Edge> {
        let nodes = Array(Set(edges.flatMap { [$0.from, $0.to] })).sorted()
        let position = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($0.element, $0.offset) })
        let local = Digraph(count: nodes.count, edges: edges.map { Digraph.Pair(position[$0.from]!, position[$0.to]!) })
        return Set(local.impliedEdges().map { ModuleGraph.Edge(nodes[$0.from], nodes[$0.to]) }.filter { pair in
            !focus.contains(pair.from) && !focus.contains(pair.to) && !marks.cycleEdges.contains(pair) && !marks.violationEdges.contains(pair)
        })
    }

    /// One node per collapsed group with hidden members. Cycles and violations inside a group
    /// are not edges of the drawing: the group says so.
    private func groupNodes(pairs: [ModuleGraph.Edge], groupOf: [ModuleGraph.Node: Int], shown: Set<ModuleGraph.Node>) -> [DOT.Statement] {
        var cyclesInside = [Int](repeating: 0, count: collapsed.count), violationsInside = cyclesInside
        for pair in pairs {
            guard let group = groupOf[pair.from], groupOf[pair.to] == group else { continue }
            if marks.cycleEdges.contains(pair) { cyclesInside[group] += 1 }
            if marks.violationEdges.contains(pair) { violationsInside[group] += 1 }
        }
        return collapsed.enumerated().compactMap { position, entry in
            let hidden = entry.group.members.filter { !shown.contains($0) }
            guard !hidden.isEmpty else { return nil }
            let cycles = cyclesInside[position], violations = violationsInside[position]
            var label = [entry.group.name, hidden.count == 1 ? "1 module" : "\(hidden.count) modules"]
            if cycles > 0 { label.append(cycles == 1 ? "1 edge in a cycle" : "\(cycles) edges in cycles") }
            if violations > 0 { label.append(violations == 1 ? "1 violation" : "\(violations) violations") }
            let classes = "group g\(entry.index)" + (cycles > 0 ? " cycle" : "") + (violations > 0 ? " violation" : "")
            var attributes: [DOT.Attribute] = [
                .quoted("id", "g\(entry.index)"), .label(lines: label), .quoted("class", classes), .value("shape", "box3d"),
                .value("style", "filled"), .quoted("fillcolor", "#dbe7f5"), .value("fontsize", 12),
            ]
            if cycles > 0 || violations > 0 {
                attributes += [.quoted("color", cycles > 0 ? DOT.Theme.cycle : DOT.Theme.violation), .value("penwidth", 2)]
            }
            return .node("g\(entry.index)", attributes)
        }
    }

    /// Modules with no edge to another drawn module (but the focus) would all share one
    /// rank: one row thousands of points wide. Invisible edges stack them into rows of
    /// about sqrt(1.5 n): the focus's dependents, its dependencies, and the rest, apart.
    private func rowEdges(pairs: [ModuleGraph.Edge], shown: Set<ModuleGraph.Node>) -> [DOT.Statement] {
        var linked = Set<ModuleGraph.Node>()
        for pair in pairs where shown.contains(pair.from) && shown.contains(pair.to)
            && !focus.contains(pair.from) && !focus.contains(pair.to)
        {
            linked.insert(pair.from)
            linked.insert(pair.to)
        }
        let loose = self.shown.filter { !linked.contains($0) && !focus.contains($0) }
        let above = loose.filter { module in graph.successors(of: module).contains(where: focus.contains) }
        let below = loose.filter { module in !above.contains(module) && graph.predecessors(of: module).contains(where: focus.contains) }
        let rest = loose.filter { !above.contains($0) && !below.contains($0) }
        var statements: [DOT.Statement] = []
        for row in [above, below, rest] where row.count > 12 {
            let width = Int((Double(row.count) * 1.5).squareRoot().rounded(.up))
            for index in 0..<(row.count - width) {
                statements.append(.edge("m\(row[index])", "m\(row[index + width])", [.value("style", "invis"), .quoted("class", "layout")]))
            }
        }
        return statements
    }

    /// The drawing's edges: module to module as they are; anything touching a group summed up.
    private struct EdgeSet {
        enum Endpoint: Hashable, Comparable { case module(ModuleGraph.Node), group(Int), cluster(Int) }
        struct Bundle { var count = 0, cycle = false, violation = false }
        let drawing: GraphDrawing, shown: Set<ModuleGraph.Node>, groupOf: [ModuleGraph.Node: Int], clusterOf: [ModuleGraph.Node: Int]
        let representative: [Int: ModuleGraph.Node]
        var bundles: [Endpoint: [Endpoint: Bundle]] = [:]
        var moduleEdges: [ModuleGraph.Edge] = []
        var graph: ModuleGraph { drawing.graph }
        var marks: GraphMarks { drawing.marks }

        func endpoint(_ module: ModuleGraph.Node) -> Endpoint? {
            if shown.contains(module) {
                if drawing.bundleClusters, let cluster = clusterOf[module] { return .cluster(cluster) }
                return .module(module)
            }
            return groupOf[module].map { .group($0) }
        }

        mutating func add(_ pairs: [ModuleGraph.Edge]) {
            for pair in pairs {
                if shown.contains(pair.from) && shown.contains(pair.to) { moduleEdges.append(pair); continue }
                guard let from = endpoint(pair.from), let to = endpoint(pair.to), from != to else { continue }
                var bundle = bundles[from, default: [:]][to, default: Bundle()]
                bundle.count += 1
                bundle.cycle = bundle.cycle || marks.cycleEdges.contains(pair)
                bundle.violation = bundle.violation || marks.violationEdges.contains(pair)
                bundles[from, default: [:]][to] = bundle
            }
        }

        // Layers are drawn in order, lowest at the bottom: an edge up the layers does not pull
        // its ends' ranks (constraint=false), and collapsed layers are chained in order.
        func rank(_ endpoint: Endpoint) -> Int? {
            switch endpoint {
            case .module(let module): marks.layerRank(module)
            case .cluster(let position): marks.layerRank(representative[position]!)
            case .group(let position):
                Set(drawing.collapsed[position].group.members.map(marks.layerRank)).count == 1
                    ? marks.layerRank(drawing.collapsed[position].group.members[0]) : nil
            }
        }

        func upward(_ from: Endpoint, _ to: Endpoint) -> [DOT.Attribute] {
            guard let low = rank(from), let high = rank(to), low < high else { return [] }
            return [.value("constraint", false)]
        }

        // A cluster's end of an edge is its first module, clipped at the cluster's border.
        func node(_ endpoint: Endpoint, clip: String) -> (name: String, attribute: [DOT.Attribute]) {
            switch endpoint {
            case .module(let module): ("m\(module)", [])
            case .group(let position): ("g\(drawing.collapsed[position].index)", [])
            case .cluster(let position): ("m\(representative[position]!)", [.quoted(clip, "cluster_\(position)")])
            }
        }

        var statements: [DOT.Statement] {
            let collapsed = drawing.collapsed
            let rankedGroups = collapsed.indices.compactMap { position in rank(.group(position)).map { (position, $0) } }
                .filter { position, _ in collapsed[position].group.members.contains { !shown.contains($0) } }
                .sorted { $0.1 > $1.1 }
            var statements: [DOT.Statement] = []
            for (upper, lower) in zip(rankedGroups, rankedGroups.dropFirst()) where upper.1 > lower.1 {
                statements.append(.edge("g\(collapsed[upper.0].index)", "g\(collapsed[lower.0].index)",
                                        [.value("style", "invis"), .value("weight", 4), .quoted("class", "layout")]))
            }
            statements += moduleEdges.map(moduleEdge)
            for from in bundles.keys.sorted() {
                for (to, bundle) in bundles[from]!.sorted(by: { $0.key < $1.key }) {
                    statements.append(bundleEdge(from, to, bundle))
                }
            }
            return statements
        }

        func moduleEdge(_ pair: ModuleGraph.Edge) -> DOT.Statement {
            let edge = graph.edges[pair]!
            var classes = ["dependency", "f\(pair.from)", "t\(pair.to)"], attributes: [DOT.Attribute] = []
            let cycle = marks.cycleEdges.contains(pair), violation = marks.violationEdges.contains(pair)
            if cycle {
                classes.append("cycle")
                attributes += [.quoted("color", DOT.Theme.cycle), .value("penwidth", 1.6)]
            }
            if violation {
                classes.append("violation")
                attributes += (cycle ? [] : [.quoted("color", DOT.Theme.violation)]) + [.value("penwidth", 1.6)]
            }
            if edge.imported && !edge.declared {
                classes.append("implicit")
                attributes += [.value("style", "dashed")] + (cycle || violation ? [] : [.quoted("color", DOT.Theme.implicit)])
            }
            if marks.unusedEdges.contains(pair) {
                classes.append("unused")
                attributes += [.value("style", "dotted"), .quoted("color", DOT.Theme.muted)]
            }
            attributes += upward(.module(pair.from), .module(pair.to))
            attributes.insert(contentsOf: [.quoted("id", "e\(pair.from)-\(pair.to)"), .quoted("class", classes.joined(separator: " "))], at: 0)
            return .edge("m\(pair.from)", "m\(pair.to)", attributes)
        }

        func bundleEdge(_ from: Endpoint, _ to: Endpoint, _ bundle: Bundle) -> DOT.Statement {
            var classes = ["dependency", "bundle"]
            // An xlabel, placed after layout: dot 2.43 double-frees its rank arrays when a
            // labelled edge between nodes of one rank meets a cluster (flat_edges).
            var attributes: [DOT.Attribute] = [
                .quoted("xlabel", "\(bundle.count)"), .value("fontsize", 10), .quoted("fontcolor", DOT.Theme.text),
                .value("penwidth", String(format: "%.1f", min(1 + Double(bundle.count).squareRoot() / 2, 5))),
            ]
            if bundle.cycle { classes.append("cycle"); attributes.append(.quoted("color", DOT.Theme.cycle)) }
            if bundle.violation { classes.append("violation"); if !bundle.cycle { attributes.append(.quoted("color", DOT.Theme.violation)) } }
            attributes.insert(.quoted("class", classes.joined(separator: " ")), at: 0)
            attributes += upward(from, to)
            let tail = node(from, clip: "ltail"), head = node(to, clip: "lhead")
            return .edge(tail.name, head.name, attributes + tail.attribute + head.attribute)
        }
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

    private func moduleNode(_ index: ModuleGraph.Node) -> DOT.Statement {
        let module = graph[index].module
        var attributes: [DOT.Attribute] = [
            .quoted("id", "m\(index)"), .label(module.name),
            .quoted("class", "module m\(index) \(module.kind.rawValue) \(module.linkage.kind.rawValue)"),
        ]
        switch module.linkage.kind {
        case .dynamic: attributes.append(.value("peripheries", 2))
        case .unknown: attributes.append(.quoted("style", "rounded,filled,dashed"))
        case .static, .executable: break
        }
        switch module.kind {
        case .executable: attributes += [.value("shape", "box3d"), .quoted("fillcolor", "#e3ecfa")]
        case .macro, .plugin: attributes += [.value("shape", "hexagon"), .value("style", "filled")]
        case .system: attributes += [.value("shape", "folder"), .value("style", "filled")]
        default: break
        }
        if focus.contains(index) { attributes += DOT.Theme.focus }
        return .node("m\(index)", attributes)
    }

    // MARK: Mermaid and JSON

    /// A Mermaid flowchart of the drawing, or nil when it is larger than GitHub renders.
    public var mermaid: String? {
        let shownSet = Set(shown)
        var nodes: [(name: String, style: Mermaid.NodeStyle)] = shown.map { (graph.name($0), focus.contains($0) ? .focus : .plain) }
        var groupOf: [ModuleGraph.Node: String] = [:]
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
            edges.append(Mermaid.Edge(from: from, to: to, style: marks.cycleEdges.contains(pair) ? .cycle : .unchanged))
        }
        return Mermaid.flowchart(nodes: nodes, edges: edges)
    }
}
