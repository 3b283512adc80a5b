import StrataModel

/// Imports that the manifests do not declare, and declarations that no import uses.
enum DependencyFindings {
    /// An internal module imported without being declared (it builds only because some
    /// other dependency happens to bring it in).
    public static func implicit(modules: [AssembledModule], edges: [ImportEdge]) -> [ImplicitDependency] {
        let checked = Set(modules.filter { $0.manifest != nil }.map(\.name))
        return edges.filter { $0.imported && !$0.declared && checked.contains($0.from) }.map {
            ImplicitDependency(module: $0.from, dependency: $0.to, evidence: $0.evidence)
        }
    }

    /// A declared dependency on internal modules none of which the module imports, either
    /// directly or through an `@_exported import` of a module it does import. Dependencies
    /// on modules without Swift files (C targets) are left alone: headers and linking use them.
    /// So are dependencies on executables and bundles: an app embeds its extensions and a test
    /// bundle runs in its host app without importing them.
    /// - Parameter graph: the graph of `modules`.
    public static func unused(modules: [AssembledModule], graph: ModuleGraph) -> [UnusedDependency] {
        let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let imports = graph.digraph(.imported)
        var reexports: [String: Set<String>] = [:]
        for module in modules {
            for site in module.imports where site.attributes?.contains("@_exported") == true {
                reexports[module.name, default: []].insert(site.module)
            }
        }
        var result: [UnusedDependency] = []
        for module in modules where module.manifest != nil {
            let imported = Set(graph.index[module.name].map { imports.successors[$0].map(graph.name) } ?? [])
            let reached = Set(imported.flatMap { reexports[$0] ?? [] })
            for dependency in module.dependencies {
                guard let targets = dependency.modules, !targets.isEmpty, !targets.contains(module.name) else { continue }
                let swiftTargets = targets.filter {
                    guard let target = byName[$0] else { return false }
                    return target.files > 0 && target.kind != .plugin && target.kind != .bundle && target.linkage.kind != .executable
                }
                guard !swiftTargets.isEmpty else { continue }
                let used = swiftTargets.contains { imported.contains($0) || reached.contains(byName[$0]?.importName ?? $0) }
                if !used {
                    result.append(UnusedDependency(module: module.name, dependency: dependency.name, evidence: dependency.evidence))
                }
            }
        }
        return result.sorted { ($0.module, $0.dependency) < ($1.module, $1.dependency) }
    }

    /// External imports of a module, split into Apple SDK and third party.
    public static func external(of module: AssembledModule, internalNames: Set<String>) -> ExternalImports {
        var apple = Set<String>(), thirdParty = Set<String>()
        for site in module.imports where !internalNames.contains(site.module) {
            if SystemModules.contains(site.module) { apple.insert(site.module) } else { thirdParty.insert(site.module) }
        }
        return ExternalImports(apple: apple.sorted(), thirdParty: thirdParty.sorted())
    }
}
