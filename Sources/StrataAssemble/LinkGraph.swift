import StrataModel

/// Which image carries which module's code (`ModuleGraph.linkage()`), put on each module.
///
/// A static module's code is copied into each image that reaches it through static modules
/// only; a dynamic module is an image of its own, and an app bundles (embeds) every dynamic
/// framework it reaches, which dyld then loads at launch.
enum LinkGraph {
    /// - Parameter graph: the graph of `modules` (in their order: by name).
    static func assign(_ modules: inout [AssembledModule], graph: ModuleGraph) {
        let (links, embeds) = graph.linkage()
        for position in modules.indices {
            // Positions are in name order.
            modules[position].links = links.successors[position].sorted().map { modules[$0].id }
            modules[position].embeds = embeds.successors[position].sorted().map { modules[$0].id }
        }
    }
}
