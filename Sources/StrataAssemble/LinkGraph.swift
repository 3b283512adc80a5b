import StrataModel

/// Which image carries which module's code, from declared dependencies and linkage.
///
/// A static module's code is copied into each image that reaches it through static modules
/// only; a dynamic module is an image of its own, and an app bundles (embeds) every dynamic
/// framework it reaches, which dyld then loads at launch.
enum LinkGraph {
    static func assign(_ modules: inout [AssembledModule]) {
        let index = Dictionary(modules.indices.map { (modules[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        let dependencies = modules.map { module in module.declaredModules.compactMap { index[$0] } }
        let kinds = modules.map(\.linkage.kind)
        /// The modules reached from `start` by going through those `follow` allows.
        func reached(from start: Int, through follow: (Linkage.Kind) -> Bool) -> [Int] {
            var visited: Set<Int> = [start], found: [Int] = []
            var queue = dependencies[start]
            while let next = queue.popLast() {
                guard visited.insert(next).inserted else { continue }
                found.append(next)
                if follow(kinds[next]) { queue += dependencies[next] }
            }
            return found
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
