import StrataModel

/// Ce, Ca, instability, abstractness and distance for the non-test modules with Swift files
/// (PRODUCT.md). A C target has no Swift declarations, so its A and D would only mislead.
enum CouplingMetrics {
    /// - Parameter graph: the graph of the non-test modules.
    static func compute(_ graph: ModuleGraph) -> [String: ModuleMetrics] {
        let imports = graph.digraph(.imported)
        var result: [String: ModuleMetrics] = [:]
        for (position, entry) in graph.modules.enumerated() where !entry.module.kind.isTest && entry.module.files > 0 {
            let module = entry.module
            let ce = imports.successors[position].count, ca = imports.predecessors[position].count
            let instability = ce + ca == 0 ? 0 : Double(ce) / Double(ce + ca)
            let types = module.typeCount
            let abstractness = types == 0 ? 0 : Double(module.abstractCount) / Double(types)
            result[module.name] = ModuleMetrics(
                ce: ce, ca: ca, instability: rounded(instability), abstractness: rounded(abstractness),
                distance: rounded(abs(abstractness + instability - 1)), types: types, protocols: module.protocolCount,
                interfaces: module.interfaces)
        }
        return result
    }

    /// Four decimals: enough to rank, short enough to read, and stable across platforms.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
