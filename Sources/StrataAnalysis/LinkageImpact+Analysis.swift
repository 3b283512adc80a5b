import StrataModel

/// What linking costs, from which image carries which module (`ModuleGraph.linkage()`, which
/// assembly put on each module as `links` and `embeds`: read here, not computed again) and
/// the dependency edges.
extension LinkageImpact {
    /// - Parameters:
    ///   - graph: every module, tests included (they are left out where they do not count),
    ///     with its `links` and `embeds`, and every internal edge, declared or imported.
    ///   - shape: the build shape of the production modules estimated from lines, when the
    ///     caller has it already.
    ///   - measured: the build shape from measured seconds (`--build-times`), whose critical
    ///     path is the one reported; nil: the estimate's.
    public static func analyze(_ graph: ModuleGraph, shape: BuildShape? = nil, measured: BuildShape? = nil) -> LinkageImpact {
        let shape = shape ?? BuildShape.analyze(graph.subgraph { !$0.kind.isTest })
        return LinkageImpact(
            launchLoads: launchLoads(graph.modules.map(\.module)), duplicatedStaticModules: duplicatedStaticModules(graph),
            blastRadius: blastRadius(shape), criticalPath: criticalPath(measured ?? shape, graph: graph))
    }

    /// The build shape's critical path, with its lines (the shape's cost when it counts lines,
    /// else the lines of the modules on it: a measured path is still reported in lines).
    static func criticalPath(_ shape: BuildShape, graph: ModuleGraph) -> CriticalPath {
        guard shape.unit == .seconds else { return CriticalPath(modules: shape.criticalPath, lines: Int(shape.criticalCost)) }
        let onPath = Set(shape.criticalPath)
        let lines = graph.modules.filter { onPath.contains($0.module.name) && !$0.module.kind.isTest }.reduce(0) { $0 + $1.module.lines }
        return CriticalPath(modules: shape.criticalPath, lines: lines)
    }

    /// Each app's and example app's embedded frameworks: assembly already followed every chain.
    static func launchLoads(_ modules: [AssembledModule]) -> [LaunchLoad] {
        let names = ModuleNames(modules)
        return modules.filter { ($0.kind == .app || $0.kind == .example) && $0.linkage.kind == .executable }
            .sorted { $0.name < $1.name }
            .map { LaunchLoad(app: $0.name, frameworks: $0.embeds.map { names[$0] }) }
    }

    /// Static modules copied into two or more images of one process. A process is an app or
    /// executable with the dynamic frameworks it embeds; dynamic frameworks that nothing here
    /// embeds are taken as one more, since whoever uses them loads them together. Separate
    /// executables each having a copy is not duplication: they never share memory. Test
    /// bundles are not counted: a test bundle carrying its own copy of what it tests is how
    /// static code gets tested.
    /// - Parameter graph: its modules' `links` and `embeds` assigned (assembly's).
    static func duplicatedStaticModules(_ graph: ModuleGraph) -> [DuplicatedStaticModule] {
        let modules = graph.modules.map(\.module)
        // The images carrying each module: `links` read backwards.
        var carriedBy = [[Int]](repeating: [], count: modules.count)
        for (image, module) in modules.enumerated() {
            for node in module.links.compactMap(graph.node) { carriedBy[node.index].append(image) }
        }
        let production = modules.indices.filter { !modules[$0].kind.isTest }
        var processes: [Set<Int>] = []
        var embedded = Set<Int>()
        for executable in production where modules[executable].linkage.kind == .executable {
            let frameworks = modules[executable].embeds.compactMap(graph.node).map(\.index).filter { !modules[$0].kind.isTest }
            processes.append(Set([executable] + frameworks))
            embedded.formUnion(frameworks)
        }
        processes.append(Set(production.filter { modules[$0].linkage.kind == .dynamic && !embedded.contains($0) }))
        return modules.indices.compactMap { index -> DuplicatedStaticModule? in
            let module = modules[index]
            guard module.linkage.kind == .static, carriedBy[index].count >= 2 else { return nil }
            // The images of each process that carry it, when there are two or more.
            let images = Set(processes.flatMap { process in
                let carriers = carriedBy[index].filter(process.contains)
                return carriers.count >= 2 ? carriers : []
            })
            guard !images.isEmpty else { return nil }
            let carriers = images.map { modules[$0].name }.sorted()
            let singletons = module.singletons
            return DuplicatedStaticModule(
                module: module.name, images: carriers, evidence: module.linkage.evidence,
                critical: !singletons.isEmpty, singletons: singletons,
                reason: reason(singletons: singletons, images: carriers.count))
        }
    }

    /// The sentence that says what the duplication breaks.
    static func reason(singletons: [Singleton], images: Int) -> String {
        guard !singletons.isEmpty else {
            return "its code is copied into each of the \(images) images: they grow, and its types and globals exist once per image"
        }
        let held = singletons.map { "`\($0.name)` (\($0.evidence))" }.joined(separator: ", ")
        let consequence = singletons.contains(where: \.isContainer)
            ? "registrations made in one are missing in the others"
            : "state set through one is not seen by the others"
        return "holds \(held); each image gets its own instance, so \(consequence)"
    }

    /// For each module, how many modules depend on it directly or not, and their lines: the
    /// build shape's rebuild cost without the module's own lines.
    static func blastRadius(_ shape: BuildShape) -> [BlastRadius] {
        shape.modules.map { BlastRadius(module: $0.module, count: $0.dependents, lines: Int($0.rebuildCost - $0.cost)) }
    }
}
