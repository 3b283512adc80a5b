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

    init(_ graph: ModuleGraph) {
        dependencies = graph.successors
        dependents = graph.predecessors
        (order, bands) = Self.layerOrder(graph)
        var position = [Int](repeating: 0, count: graph.modules.count), band = position
        for (index, module) in order.enumerated() { position[module] = index }
        for (index, entry) in bands.enumerated() { for row in entry.start..<(entry.start + entry.count) { band[order[row]] = index } }
        cells = graph.pairs.map { pair in
            let edge = graph.edges[pair]!
            let kind = graph.cycleEdges.contains(pair) ? 2 : band[pair.to] > band[pair.from] ? 1 : edge.imported ? 0 : 3
            return [position[pair.from], position[pair.to], edge.evidence.count, kind]
        }
        blastRadius = (graph.result?.linkage.blastRadius ?? []).filter { $0.count > 0 && graph.index[$0.module] != nil }
            .sorted { ($1.lines, $0.module) < ($0.lines, $1.module) }
            .prefix(10)
            .map { radius in
                let module = graph.index[radius.module]!
                let names = graph.modules.map(\.module.name)
                return Radius(module: module, dependents: graph.reaching(module).filter { $0 != module }.sorted { (names[$0], $0) < (names[$1], $1) })
            }
    }

    /// Modules in layer order, lowest layer first, dependencies first within a layer.
    static func layerOrder(_ graph: ModuleGraph) -> (order: [Int], bands: [Band]) {
        let count = graph.modules.count
        guard count > 0 else { return ([], []) }
        let byName = (0..<count).sorted { (graph.name($0), $0) < (graph.name($1), $1) }
        // A topological order by index: ready modules by name, and when a cycle blocks, the
        // module with the fewest dependencies left (by name).
        var pending = graph.successors.map(\.count)
        var rank = [Int?](repeating: nil, count: count)
        var ready = byName.filter { pending[$0] == 0 }
        var next = 0, placed = 0
        while placed < count {
            if next == ready.count {
                let stuck = byName.filter { rank[$0] == nil }.min { pending[$0] < pending[$1] }!
                pending[stuck] = 0
                ready.append(stuck)
            }
            let module = ready[next]
            next += 1
            guard rank[module] == nil else { continue }
            rank[module] = placed
            placed += 1
            for dependent in graph.predecessors[module] where rank[dependent] == nil {
                pending[dependent] -= 1
                if pending[dependent] == 0 { ready.append(dependent) }
            }
        }
        var order: [Int] = [], bands: [Band] = []
        for group in graph.groups(.layers) {
            let members = group.members.sorted { rank[$0]! < rank[$1]! }
            bands.append(Band(name: group.name, start: order.count, count: members.count))
            order += members
        }
        return (order, bands)
    }

    /// The shortest paths from `source` to the modules it depends on, nearest first, at most
    /// `limit` per module, each from `source` to the module; `complete` is false when they
    /// stop at `budget` numbers (a report lists at most about a million in all:
    /// `budget(modules:)`), so a long chain stays linear.
    static func shortestPaths(_ graph: ModuleGraph, from source: Int, limit: Int = 3, budget: Int) -> (paths: [[Int]], complete: Bool) {
        let count = graph.modules.count
        var distance = [Int?](repeating: nil, count: count)
        var parents = [[Int]](repeating: [], count: count)
        distance[source] = 0
        var frontier = [source], reached: [Int] = []
        while !frontier.isEmpty {
            var following: [Int] = []
            for module in frontier {
                for other in graph.successors[module] {
                    if distance[other] == nil {
                        distance[other] = distance[module]! + 1
                        following.append(other)
                        reached.append(other)
                    }
                    if distance[other] == distance[module]! + 1 { parents[other].append(module) }
                }
            }
            frontier = following
        }
        let names = graph.modules.map(\.module.name)
        reached.sort { (distance[$0]!, names[$0], $0) < (distance[$1]!, names[$1], $1) }
        // Nearest first, so each module's parents have their paths when it is reached.
        var memo: [Int: [[Int]]] = [source: [[source]]]
        var paths: [[Int]] = [], numbers = 0
        for module in reached {
            var found: [[Int]] = []
            for parent in parents[module].sorted(by: { (names[$0], $0) < (names[$1], $1) }) where found.count < limit {
                for path in memo[parent] ?? [] where found.count < limit { found.append(path + [module]) }
            }
            numbers += found.reduce(0) { $0 + $1.count }
            guard numbers <= budget else { return (paths, false) }
            memo[module] = found
            paths += found
        }
        return (paths, true)
    }

    /// The numbers each module's paths may take: about a million for the whole report.
    static func budget(modules: Int) -> Int { max(100, 1_000_000 / max(modules, 1)) }
}
