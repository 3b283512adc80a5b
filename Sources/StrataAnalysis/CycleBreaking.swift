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

    /// The edges to cut, sorted by `from` then `to`.
    /// - Parameter edges: the edges inside one strongly connected component.
    public static func cuts(for edges: [ImportEdge]) -> [CycleCut] {
        let edges = edges.filter { $0.from != $0.to }.sorted()
        guard !edges.isEmpty else { return [] }
        let chosen = edges.count <= exactLimit ? exact(edges) : heuristic(edges)
        return chosen.sorted().map(CycleCut.init)
    }

    /// What cutting an edge costs: its import statements (at least one, for a declared-only edge).
    static func weight(_ edge: ImportEdge) -> Int { max(1, edge.evidence.count) }

    /// The cheapest subset whose removal leaves no cycle.
    static func exact(_ edges: [ImportEdge]) -> [ImportEdge] {
        var best: (cost: [Int], mask: Int)?
        for mask in 1..<(1 << edges.count) {
            let cut = edges.indices.filter { mask & (1 << $0) != 0 }
            // Cost compared in order: import sites, declared edges, edge count, then names
            // (edges are sorted by name, so smaller indices first means alphabetical).
            let cost = [cut.reduce(0) { $0 + weight(edges[$1]) }, cut.filter { edges[$0].declared }.count, cut.count] + cut
            if let best, !cost.lexicographicallyPrecedes(best.cost) { continue }
            let kept = edges.indices.filter { mask & (1 << $0) == 0 }.map { edges[$0] }
            if isAcyclic(kept) { best = (cost, mask) }
        }
        guard let best else { return edges }
        return edges.indices.filter { best.mask & (1 << $0) != 0 }.map { edges[$0] }
    }

    /// Eades–Lin–Smyth: order the modules so that few (light) edges point backwards, cut those.
    static func heuristic(_ edges: [ImportEdge]) -> [ImportEdge] {
        var remaining = Set(edges.flatMap { [$0.from, $0.to] })
        var head: [String] = [], tail: [String] = []
        func live(_ edge: ImportEdge) -> Bool { remaining.contains(edge.from) && remaining.contains(edge.to) }
        while !remaining.isEmpty {
            let alive = edges.filter(live)
            let sources = Set(alive.map(\.from)), targets = Set(alive.map(\.to))
            if let sink = remaining.sorted().first(where: { !sources.contains($0) }) {
                tail.insert(sink, at: 0)
                remaining.remove(sink)
            } else if let source = remaining.sorted().first(where: { !targets.contains($0) }) {
                head.append(source)
                remaining.remove(source)
            } else {
                var balance: [String: Int] = [:]
                for edge in alive {
                    balance[edge.from, default: 0] += weight(edge)
                    balance[edge.to, default: 0] -= weight(edge)
                }
                let next = remaining.sorted().max { (balance[$0] ?? 0) < (balance[$1] ?? 0) }!
                head.append(next)
                remaining.remove(next)
            }
        }
        let position = Dictionary(uniqueKeysWithValues: (head + tail).enumerated().map { ($1, $0) })
        var cut = edges.filter { position[$0.from]! > position[$0.to]! }
        var kept = edges.filter { position[$0.from]! < position[$0.to]! }
        // The ordering can cut more than needed: put back the costliest edges that close no cycle.
        for edge in cut.sorted(by: { weight($0) != weight($1) ? weight($0) > weight($1) : $0 < $1 }) where isAcyclic(kept + [edge]) {
            kept.append(edge)
            cut.removeAll { $0 == edge }
        }
        return cut
    }

    /// Whether the edges form no cycle (Kahn's algorithm empties the graph).
    static func isAcyclic(_ edges: [ImportEdge]) -> Bool {
        var indegree: [String: Int] = [:], successors: [String: [String]] = [:]
        for edge in edges {
            indegree[edge.to, default: 0] += 1
            indegree[edge.from, default: 0] += 0
            successors[edge.from, default: []].append(edge.to)
        }
        var ready = indegree.filter { $0.value == 0 }.map(\.key)
        var removed = 0
        while let node = ready.popLast() {
            removed += 1
            for next in successors[node] ?? [] {
                indegree[next]! -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        return removed == indegree.count
    }
}
