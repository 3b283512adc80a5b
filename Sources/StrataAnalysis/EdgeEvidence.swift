import StrataModel

/// Where an edge shows in the code: its import sites, or, for a dependency that is only
/// declared, the manifest line that declares it. Findings about edges point there.
enum EdgeEvidence {
    /// - Parameters:
    ///   - modules: the production modules, by name.
    ///   - names: a module's name.
    static func locations(of edge: ImportEdge, modules: [String: AssembledModule], names: (ModuleID) -> String) -> [Location] {
        if !edge.evidence.isEmpty { return edge.evidence }
        let to = names(edge.to)
        let declarations = modules[names(edge.from)]?.dependencies.filter { $0.modules?.contains(to) == true }.map(\.evidence) ?? []
        return Array(Set(declarations)).sorted()
    }

    /// Where a module is defined: its manifest entry, else its folder.
    static func location(of module: AssembledModule) -> Location {
        module.manifest ?? Location(file: module.path)
    }
}
