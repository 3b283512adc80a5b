import StrataModel

/// What the report page shows that follows from the module graph, computed here once with
/// `ModuleGraph` and shipped by module index, so the page never rebuilds the graph from
/// names (names repeat, and may hold anything): each module's dependencies and dependents,
/// the matrix's order and cells, and the blast radius lists.
struct PageGraph: Encodable {
    struct Band: Encodable, Equatable {
        var name: String
        var start: Int
        var count: Int
    }
    struct Radius: Encodable, Equatable {
        var module: Int
        /// Its transitive dependents, by name.
        var dependents: [Int]
    }
    /// The kinds of a matrix cell (the fourth number of `cells`), in this order.
    static let cellKinds = ["down", "up", "cycle", "unused"]

    /// By module index: the modules it imports or declares, and those that import or declare it.
    var dependencies: [[Int]]
    var dependents: [[Int]]
    /// The matrix's rows and columns: modules by layer, lowest first, and within a layer
    /// dependencies first (a topological order; modules of cycles by fewest dependencies left).
    var order: [Int]
    /// The layers of `order`: where each starts and how many modules it has.
    var bands: [Band]
    /// One per edge: row, column (positions in `order`), import sites, kind (`cellKinds`).
    var cells: [[Int]]
    /// The modules whose change rebuilds the most lines (at most 10), with the dependents.
    var blastRadius: [Radius]

    init(_ graph: ModuleGraph, marks: GraphMarks, result: AnalysisResult) {
        dependencies = graph.dependencyGraph.successors
        dependents = graph.dependencyGraph.predecessors
        (order, bands) = Self.layerOrder(graph)
        var position = [Int](repeating: 0, count: graph.modules.count), band = position
        for (index, module) in order.enumerated() { position[module] = index }
        for (index, entry) in bands.enumerated() { for row in entry.start..<(entry.start + entry.count) { band[order[row]] = index } }
        cells = graph.pairs.map { pair in
            let edge = graph.edges[pair]!
            let (from, to) = (pair.from.index, pair.to.index)
            let kind = marks.cycleEdges.contains(pair) ? 2 : band[to] > band[from] ? 1 : marks.unusedEdges.contains(pair) ? 3 : 0
            return [position[from], position[to], edge.evidence.count, kind]
        }
        blastRadius = result.linkage.blastRadius.filter { $0.count > 0 && graph.node(named: $0.module) != nil }
            .sorted { ($1.lines, $0.module) < ($0.lines, $1.module) }
            .prefix(10)
            .map { radius in
                let module = graph.node(named: radius.module)!
                // By index is by name.
                return Radius(module: module.index, dependents: graph.reaching(module).filter { $0 != module }.map(\.index))
            }
    }

    /// Modules in layer order, lowest layer first, dependencies first within a layer
    /// (`Digraph.dependencyOrder`: modules ready at once by name, and when a cycle blocks,
    /// the module with the fewest dependencies left).
    static func layerOrder(_ graph: ModuleGraph) -> (order: [Int], bands: [Band]) {
        var rank = [Int](repeating: 0, count: graph.modules.count)
        for (place, module) in graph.dependencyGraph.dependencyOrder().enumerated() { rank[module] = place }
        var order: [Int] = [], bands: [Band] = []
        for group in graph.groups(.layers) {
            let members = group.members.map(\.index).sorted { rank[$0] < rank[$1] }
            bands.append(Band(name: group.name, start: order.count, count: members.count))
            order += members
        }
        return (order, bands)
    }

    /// The shortest paths of each module to those it depends on (at most three per module,
    /// `Digraph.shortestPaths`) take at most this many numbers: about a million for the
    /// whole report, so a long chain stays linear.
    static func budget(modules: Int) -> Int { max(100, 1_000_000 / max(modules, 1)) }
}
