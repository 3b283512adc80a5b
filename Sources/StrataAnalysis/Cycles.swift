import StrataModel

/// Strongly connected components of the import graph, each with its edges and the edges to
/// cut to break it.
public enum Cycles {
    /// - Parameter graph: the modules whose imports may form cycles (production ones).
    public static func find(in graph: ModuleGraph) -> [Cycle] {
        let imports = graph.digraph(.imported)
        return imports.components().members.filter { $0.count > 1 }.map { members in
            let inside = Set(members)
            let edges = members.flatMap { from in
                imports.successors[from].filter(inside.contains).map { graph.edges[ModuleGraph.Edge(Digraph.Pair(from, $0))]! }
            }
            return Cycle(modules: members.map { graph.name(.init($0)) }, edges: edges, cuts: CycleBreaking.cuts(for: edges) { graph.name(of: $0) })
        }
    }
}
