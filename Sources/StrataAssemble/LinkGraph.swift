import StrataModel

/// Which image carries which module's code, from declared dependencies and linkage.
///
/// A static module's code is copied into each image that reaches it through static modules
/// only; a dynamic module is an image of its own, and an app bundles (embeds) every dynamic
/// framework it reaches, which dyld then loads at launch.
enum LinkGraph {
    /// - Parameter graph: the graph of `modules` (in their order: by name).
    static func assign(_ modules: inout [AssembledModule], graph: ModuleGraph) {
        let dependencies = graph.digraph(.declared)
        let kinds = modules.map(\.linkage.kind)
        /// The modules reached from `start` by going through those `follow` allows.
        func reached(from start: Int, through follow: (Linkage.Kind) -> Bool) -> [Int] {
            dependencies.reached(from: start) { follow(kinds[$0]) }
        }
        for position in modules.indices where kinds[position] == .dynamic || kinds[position] == .executable {
            // Static code: through static modules only.
            modules[position].links = reached(from: position) { $0 == .static }
                .filter { kinds[$0] == .static }.map { modules[$0].name }.sorted()
            // Embedded frameworks: apps and test bundles carry every dynamic framework they reach.
            if kinds[position] == .executable {
                modules[position].embeds = reached(from: position) { $0 != .executable }
                    .filter { kinds[$0] == .dynamic }.map { modules[$0].name }.sorted()
            }
        }
    }
}
