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
    /// directly or through `@_exported import`s of modules it does import (on and on: what a
    /// re-exported module re-exports is visible too). Dependencies on modules without Swift
    /// files (C targets) are left alone: headers and linking use them. So are dependencies on
    /// executables and bundles: an app embeds its extensions and a test bundle runs in its host
    /// app without importing them.
    /// - Parameter graph: every module, tests included, and every internal edge.
    public static func unused(_ graph: ModuleGraph) -> [UnusedDependency] {
        let modules = graph.modules.map(\.module)
        let imports = graph.digraph(.imported)
        // An edge from each module to each module it imports with `@_exported`.
        var exported: [Digraph.Pair] = []
        for (from, module) in modules.enumerated() {
            for site in module.imports where site.attributes?.contains("@_exported") == true {
                for to in imports.successors[from] where modules[to].importName == site.module { exported.append(Digraph.Pair(from, to)) }
            }
        }
        let reexports = Digraph(count: modules.count, edges: exported)
        var result: [UnusedDependency] = []
        for (index, module) in modules.enumerated() where module.manifest != nil {
            let visible = Set(reexports.closure(from: imports.successors[index]))
            for dependency in module.dependencies {
                guard let targets = dependency.modules, !targets.isEmpty, !targets.contains(module.name) else { continue }
                let swiftTargets = graph.indices(targets).filter {
                    let target = modules[$0]
                    return target.files > 0 && target.kind != .plugin && target.kind != .bundle && target.linkage.kind != .executable
                }
                if !swiftTargets.isEmpty && !swiftTargets.contains(where: visible.contains) {
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
