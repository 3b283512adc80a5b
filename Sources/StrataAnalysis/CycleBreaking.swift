import StrataModel

/// The cheapest edges to cut so that a cycle's modules stop depending on each other in a
/// circle: a minimum feedback arc set, weighted by import sites, since each import statement
/// on a cut edge is code someone has to move.
///
/// Small cycles (up to `exactLimit` edges) are searched exhaustively; larger ones use the
/// Eades–Lin–Smyth ordering and cut the edges that point backwards in it, then put back any cut
/// edge that closes no cycle. Ties go to edges that no manifest declares (only code changes),
/// then to fewer edges, then to names in alphabetical order, so the answer is deterministic.
public enum CycleBreaking {
    /// Up to this many edges, every subset is tried (2^12 = 4096 small graph checks).
    static let exactLimit = 12

    /// The edges to cut, sorted by `from`'s name then `to`'s.
    /// - Parameters:
    ///   - edges: the edges inside one strongly connected component.
    ///   - name: each module's display name, which ties are broken by.
    public static func cuts(for edges: [ImportEdge], name: (ModuleID) -> String) -> [CycleCut] {
        // By name: positions then stand for names in every tie below.
        let edges = edges.filter { $0.from != $0.to }.map { (key: (name($0.from), name($0.to)), edge: $0) }.sorted { $0.key < $1.key }.map(\.edge)
        guard !edges.isEmpty else { return [] }
        let ends = Ends(edges, name: name)
        let chosen = edges.count <= exactLimit ? exact(edges, ends) : heuristic(edges, ends)
        return chosen.sorted().map { CycleCut(edges[$0]) }
    }

    /// What cutting an edge costs: its import statements (at least one, for a declared-only edge).
    static func weight(_ edge: ImportEdge) -> Int { max(1, edge.evidence.count) }

    /// The edges' ends numbered by name, so the graph walks and the ordering break ties by name.
    struct Ends {
        let nodes: Int
        let pairs: [Digraph.Pair]
        init(_ edges: [ImportEdge], name: (ModuleID) -> String) {
            let ends = Set(edges.flatMap { [$0.from, $0.to] }).map { (name: name($0), id: $0) }.sorted { $0.name < $1.name }
            let index = Dictionary(uniqueKeysWithValues: ends.enumerated().map { ($1.id, $0) })
            nodes = ends.count
            pairs = edges.map { Digraph.Pair(index[$0.from]!, index[$0.to]!) }
        }
        /// Whether the edges at these positions form no cycle.
        func isAcyclic(_ kept: [Int]) -> Bool { Digraph(count: nodes, edges: kept.map { pairs[$0] }).isAcyclic }
    }

    /// The cheapest subset whose removal leaves no cycle, by position in `edges`.
    static func exact(_ edges: [ImportEdge], _ ends: Ends) -> [Int] {
        var best: (cost: [Int], mask: Int)?
        for mask in 1..<(1 << edges.count) {
            let cut = edges.indices.filter { mask & (1 << $0) != 0 }
            // Cost compared in order: import sites, declared edges, edge count, then names
            // (edges are sorted by name, so smaller indices first means alphabetical).
            let cost = [cut.reduce(0) { $0 + weight(edges[$1]) }, cut.filter { edges[$0].declared }.count, cut.count] + cut
            if let best, !cost.lexicographicallyPrecedes(best.cost) { continue }
            if ends.isAcyclic(edges.indices.filter { mask & (1 << $0) == 0 }) { best = (cost, mask) }
        }
        guard let best else { return Array(edges.indices) }
        return edges.indices.filter { best.mask & (1 << $0) != 0 }
    }

    /// Eades–Lin–Smyth: order the modules so that few (light) edges point backwards, cut those.
    /// By position in `edges` (sorted by name).
    static func heuristic(_ edges: [ImportEdge], _ ends: Ends) -> [Int] {
        let weights = Dictionary(zip(ends.pairs, edges.map(weight)), uniquingKeysWith: +)
        let position = Digraph(count: ends.nodes, edges: ends.pairs).feedbackOrder { weights[$0] ?? 0 }
        func backward(_ edge: Int) -> Bool { position[ends.pairs[edge].from] > position[ends.pairs[edge].to] }
        var cut = edges.indices.filter(backward)
        var kept = edges.indices.filter { !backward($0) }
        // The ordering can cut more than needed: put back the costliest edges that close no cycle.
        for edge in cut.sorted(by: { weight(edges[$0]) != weight(edges[$1]) ? weight(edges[$0]) > weight(edges[$1]) : $0 < $1 })
        where ends.isAcyclic(kept + [edge]) {
            kept.append(edge)
            cut.removeAll { $0 == edge }
        }
        return cut
    }
}
