import StrataModel

/// What linking costs, from the linkage facts assembly put on each module (`links`, `embeds`)
/// and the dependency edges.
extension LinkageImpact {
    /// - Parameters:
    ///   - modules: every module, tests included (they are left out where they do not count).
    ///   - edges: every internal edge, declared or imported.
    ///   - shape: the build shape of these modules and edges, when the caller has it already.
    public static func analyze(modules: [AssembledModule], edges: [ImportEdge], shape: BuildShape? = nil) -> LinkageImpact {
        let production = modules.filter { !$0.kind.isTest }
        let names = Set(production.map(\.name))
        let productionEdges = edges.filter { names.contains($0.from) && names.contains($0.to) && $0.from != $0.to }
        let shape = shape ?? BuildShape.analyze(modules: production, edges: productionEdges)
        return LinkageImpact(
            launchLoads: launchLoads(modules), duplicatedStaticModules: duplicatedStaticModules(modules),
            blastRadius: blastRadius(shape), criticalPath: CriticalPath(modules: shape.criticalPath, lines: Int(shape.criticalCost)))
    }

    /// Each app's and example app's embedded frameworks: assembly already followed every chain.
    static func launchLoads(_ modules: [AssembledModule]) -> [LaunchLoad] {
        modules.filter { ($0.kind == .app || $0.kind == .example) && $0.linkage.kind == .executable }
            .sorted { $0.name < $1.name }
            .map { LaunchLoad(app: $0.name, frameworks: $0.embeds) }
    }

    /// Static modules copied into two or more images of one process. A process is an app or
    /// executable with the dynamic frameworks it embeds; dynamic frameworks that nothing here
    /// embeds are taken as one more, since whoever uses them loads them together. Separate
    /// executables each having a copy is not duplication: they never share memory. Test
    /// bundles are not counted: a test bundle carrying its own copy of what it tests is how
    /// static code gets tested.
    static func duplicatedStaticModules(_ modules: [AssembledModule]) -> [DuplicatedStaticModule] {
        let production = modules.filter { !$0.kind.isTest }
        let byName = Dictionary(production.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var processes: [[AssembledModule]] = []
        var embedded = Set<String>()
        for executable in production where executable.linkage.kind == .executable {
            processes.append([executable] + executable.embeds.compactMap { byName[$0] })
            embedded.formUnion(executable.embeds)
        }
        processes.append(production.filter { $0.linkage.kind == .dynamic && !embedded.contains($0.name) })
        var images: [String: Set<String>] = [:]
        for process in processes {
            var carriers: [String: [String]] = [:]
            for image in process { for linked in image.links { carriers[linked, default: []].append(image.name) } }
            for (module, names) in carriers where names.count >= 2 { images[module, default: []].formUnion(names) }
        }
        return modules.filter { $0.linkage.kind == .static && (images[$0.name]?.count ?? 0) >= 2 }
            .sorted { $0.name < $1.name }
            .map { module in
                let carriers = images[module.name]!.sorted()
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
