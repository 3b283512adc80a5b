import StrataModel

/// Which image carries which module's code, from declared dependencies and linkage.
///
/// A static module's code is copied into each image that reaches it through static modules
/// only; a dynamic module is an image of its own, and an app bundles (embeds) every dynamic
/// framework it reaches, which dyld then loads at launch.
enum LinkGraph {
    static func assign(_ modules: inout [AssembledModule]) {
        let index = Dictionary(modules.indices.map { (modules[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        func dependencies(_ module: AssembledModule) -> [Int] {
            module.declaredModules.sorted().compactMap { index[$0] }.filter { modules[$0].name != module.name }
        }
        for position in modules.indices {
            let module = modules[position]
            guard module.linkage.kind == .dynamic || module.linkage.kind == .executable else { continue }
            var links: Set<String> = [], embeds: Set<String> = []
            // Static code: through static modules only.
            var visited: Set<Int> = [position]
            var queue = dependencies(module)
            while let next = queue.popLast() {
                guard visited.insert(next).inserted, modules[next].linkage.kind == .static else { continue }
                links.insert(modules[next].name)
                queue += dependencies(modules[next])
            }
            // Embedded frameworks: apps and test bundles carry every dynamic framework they reach.
            if module.linkage.kind == .executable {
                visited = [position]
                queue = dependencies(module)
                while let next = queue.popLast() {
                    guard visited.insert(next).inserted else { continue }
                    if modules[next].linkage.kind == .dynamic { embeds.insert(modules[next].name) }
                    if modules[next].linkage.kind != .executable { queue += dependencies(modules[next]) }
                }
            }
            modules[position].links = links.sorted()
            modules[position].embeds = embeds.sorted()
        }
    }
}
