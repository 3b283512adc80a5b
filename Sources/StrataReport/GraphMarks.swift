import StrataModel

/// What the drawings mark on a result's module graph: the edges of import cycles, the edges a
/// rule finding flags (layer violations, forbidden dependencies), and each module's layer.
/// The graph answers questions; these only colour and place its drawings.
public struct GraphMarks: Sendable {
    public let cycleEdges: Set<ModuleGraph.Edge>
    /// Edges a rule finding flags: layer violations and forbidden dependencies.
    public let violationEdges: Set<ModuleGraph.Edge>
    /// Declared dependencies nothing imports that are not needed otherwise (the
    /// `unusedDependencies` of the result): a declared edge that is needed without an import
    /// (a test's host app, a Bazel app's libraries, which are its code) is drawn as a dependency.
    public let unusedEdges: Set<ModuleGraph.Edge>
    /// Each node's layer, by position lowest first (nil: no layer, or fewer than two layers).
    private let layerRanks: [Int?]
    private let layerNames: [String]
    /// The layers as clusters of a drawing: none unless there are two or more.
    public let layerClusters: [ModuleGraph.Group]
    /// By node index, its cluster's position in `layerClusters` (a module is in one layer);
    /// -1 for none.
    private let layerClusterOf: [Int]

    public init(_ result: AnalysisResult, graph: ModuleGraph) {
        func edge(_ from: String, _ to: String?) -> ModuleGraph.Edge? {
            guard let to, let from = graph.node(named: from), let to = graph.node(named: to) else { return nil }
            return ModuleGraph.Edge(from, to)
        }
        cycleEdges = Set(result.cycles.flatMap(\.edges).compactMap { graph.edge(from: $0.from, to: $0.to) })
        violationEdges = Set(result.findings.filter { $0.rule == .layerViolation || $0.rule == .forbiddenDependency }
            .compactMap { edge($0.module, $0.dependency) })
        unusedEdges = Set(result.unusedDependencies.compactMap { edge($0.module, $0.dependency) })
        var rank = [Int?](repeating: nil, count: graph.modules.count)
        let declared = result.layering?.layers ?? []
        if declared.count(where: { !$0.modules.isEmpty }) > 1 {
            for (position, layer) in declared.enumerated() {
                for node in graph.nodes(named: layer.modules) where rank[node.index] == nil { rank[node.index] = position }
            }
        }
        layerRanks = rank
        layerNames = declared.map(\.name)
        let layers = graph.groups(.layers)
        layerClusters = layers.count > 1 ? layers : []
        var clusterOf = [Int](repeating: -1, count: graph.modules.count)
        for (position, cluster) in layerClusters.enumerated() {
            for member in cluster.members where clusterOf[member.index] < 0 { clusterOf[member.index] = position }
        }
        layerClusterOf = clusterOf
    }

    /// Of `modules`, those in each of `layerClusters`, in the cluster's order (its members are
    /// sorted): a neighbourhood's few modules placed without a pass over every layer's members.
    public func layerMembers(among modules: [ModuleGraph.Node]) -> [[ModuleGraph.Node]] {
        var members = [[ModuleGraph.Node]](repeating: [], count: layerClusters.count)
        for module in modules.sorted() where layerClusterOf[module.index] >= 0 { members[layerClusterOf[module.index]].append(module) }
        return members
    }

    /// The layer's position, lowest first, when the module has one.
    public func layerRank(_ node: ModuleGraph.Node) -> Int? { layerRanks[node.index] }

    /// The layer of the module, by name, when it has one.
    public func layerName(_ node: ModuleGraph.Node) -> String? { layerRanks[node.index].map { layerNames[$0] } }
}
