import StrataModel

/// Imports that the manifests do not declare, and declarations that no import uses.
enum DependencyFindings {
    /// An internal module imported without being declared (it builds only because some
    /// other dependency happens to bring it in).
    public static func implicit(modules: [AssembledModule], edges: [ImportEdge]) -> [ImplicitDependency] {
        let names = ModuleNames(modules)
        let checked = Set(modules.filter { $0.manifest != nil }.map(\.id))
        return edges.filter { $0.imported && !$0.declared && checked.contains($0.from) }.map {
            ImplicitDependency(module: names[$0.from], dependency: names[$0.to], evidence: $0.evidence)
        }
    }

    /// Declared dependencies on internal modules none of which the module imports, either
    /// directly or through `@_exported import`s of modules it does import (on and on: what a
    /// re-exported module re-exports is visible too): `unused`, unless needed without an
    /// import (`needed`, each with why: a C target's headers, a resource bundle, a macro target,
    /// a marker module that declares nothing for `canImport`, a test target's host app, an
    /// app's embedded extension or watch app, or a module reached through `@_exported import`).
    /// - Parameter graph: every module, tests included, and every internal edge.
    static func classify(_ graph: ModuleGraph) -> (unused: [UnusedDependency], needed: [NeededDependency]) {
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
        var unused: [UnusedDependency] = [], needed: [NeededDependency] = []
        // A Bazel bundle or test compiles nothing itself: the libraries it depends on are its code.
        for (index, module) in modules.enumerated() where module.manifest != nil && !(module.system == .bazel && module.files == 0) {
            let direct = Set(imports.successors[index])
            let visible = Set(reexports.closure(from: imports.successors[index]))
            for dependency in module.dependencies {
                guard let targets = dependency.modules, !targets.isEmpty, !targets.contains(module.name) else { continue }
                let indices = graph.nodes(named: targets).map(\.index)
                if indices.contains(where: direct.contains) { continue }
                if indices.contains(where: visible.contains) {
                    needed.append(NeededDependency(module: module.name, dependency: dependency.name, reason: .exported, evidence: dependency.evidence))
                    continue
                }
                let reasons = indices.compactMap { reason(for: modules[$0], from: module) }
                if let reason = reasons.first, reasons.count == indices.count {
                    needed.append(NeededDependency(module: module.name, dependency: dependency.name, reason: reason, evidence: dependency.evidence))
                } else if indices.contains(where: { modules[$0].kind != .plugin }) {
                    unused.append(UnusedDependency(module: module.name, dependency: dependency.name, evidence: dependency.evidence))
                }
            }
        }
        return (unused.sorted { ($0.module, $0.dependency) < ($1.module, $1.dependency) }, needed.sorted())
    }

    /// Why `module` may depend on `target` without importing it; nil when it should import it.
    static func reason(for target: AssembledModule, from module: AssembledModule) -> NeededDependency.Reason? {
        if target.kind == .bundle { return .resources }
        if target.kind == .macro { return .macro }
        if target.files == 0 { return target.kind == .plugin ? nil : .headers }
        if target.linkage.kind == .executable || target.kind == .app || target.kind == .executable {
            return module.kind.isTest ? .hostApp : .embedded
        }
        // A module that declares nothing a file could name: a marker for `canImport` checks.
        if target.declarations.isEmpty { return .marker }
        return nil
    }

    /// External imports of a module, split into Apple SDK and third party.
    public static func external(of module: AssembledModule, internalNames: Set<String>) -> ExternalImports {
        var apple = Set<String>(), thirdParty = Set<String>(), seen = Set<String>()
        for index in module.imports.indices {
            let name = module.imports[index].module
            guard seen.insert(name).inserted, !internalNames.contains(name) else { continue }
            if SystemModules.contains(name) { apple.insert(name) } else { thirdParty.insert(name) }
        }
        return ExternalImports(apple: apple.sorted(), thirdParty: thirdParty.sorted())
    }
}
