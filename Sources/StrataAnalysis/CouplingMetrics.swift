import StrataModel

/// Ce, Ca, instability, abstractness and distance for the non-test modules with Swift files
/// (PRODUCT.md). A C target has no Swift declarations, so its A and D would only mislead.
enum CouplingMetrics {
    /// - Parameter edges: import edges between non-test modules.
    static func compute(modules: [AssembledModule], edges: [ImportEdge]) -> [String: ModuleMetrics] {
        var out: [String: Set<String>] = [:], into: [String: Set<String>] = [:]
        for edge in edges where edge.imported {
            out[edge.from, default: []].insert(edge.to)
            into[edge.to, default: []].insert(edge.from)
        }
        var result: [String: ModuleMetrics] = [:]
        for module in modules where !module.kind.isTest && module.files > 0 {
            let ce = out[module.name]?.count ?? 0, ca = into[module.name]?.count ?? 0
            let instability = ce + ca == 0 ? 0 : Double(ce) / Double(ce + ca)
            let types = module.typeCount, protocols = module.protocolCount
            let abstractness = types == 0 ? 0 : Double(protocols) / Double(types)
            result[module.name] = ModuleMetrics(
                ce: ce, ca: ca, instability: rounded(instability), abstractness: rounded(abstractness),
                distance: rounded(abs(abstractness + instability - 1)), types: types, protocols: protocols)
        }
        return result
    }

    /// Four decimals: enough to rank, short enough to read, and stable across platforms.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
