import StrataModel

/// What linking costs, from the linkage facts assembly put on each module (`links`, `embeds`)
/// and the dependency edges.
extension LinkageImpact {
    /// - Parameters:
    ///   - modules: every module, tests included (they are left out where they do not count).
    ///   - edges: every internal edge, declared or imported.
    public static func analyze(modules: [AssembledModule], edges: [ImportEdge]) -> LinkageImpact {
        let production = modules.filter { !$0.kind.isTest }
        let names = Set(production.map(\.name))
        let productionEdges = edges.filter { names.contains($0.from) && names.contains($0.to) && $0.from != $0.to }
        return LinkageImpact(
            launchLoads: launchLoads(modules), duplicatedStaticModules: duplicatedStaticModules(modules),
            blastRadius: blastRadius(production, edges: productionEdges),
            criticalPath: criticalPath(production, edges: productionEdges))
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

    /// A finding for each duplicated static module that holds shared state: the bug it causes
    /// (a registration or a setting missing in one image) shows only at run time.
    public static func findings(_ impact: LinkageImpact, rules: ArchitectureRules) -> [Finding] {
        guard let severity = rules.severity(of: .sharedStateDuplicated) else { return [] }
        return impact.duplicatedStaticModules.filter(\.critical).map { duplicate in
            Finding(
                rule: .sharedStateDuplicated, severity: severity,
                message: "\(duplicate.module) is linked statically into \(duplicate.images.joined(separator: ", ")) and \(duplicate.reason)",
                module: duplicate.module,
                evidence: duplicate.singletons.map(\.evidence) + (duplicate.evidence.map { [$0] } ?? []))
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

    /// For each module, the modules that depend on it directly or not.
    /// One walk per module over integer indices with a visit stamp: memory linear in the
    /// graph, however long its chains.
    static func blastRadius(_ modules: [AssembledModule], edges: [ImportEdge]) -> [BlastRadius] {
        let names = modules.map(\.name).sorted()
        let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let lines = Dictionary(modules.map { ($0.name, $0.lines) }, uniquingKeysWith: { first, _ in first })
        let weight = names.map { lines[$0] ?? 0 }
        var dependents = [[Int]](repeating: [], count: names.count)
        for edge in edges {
            if let to = index[edge.to], let from = index[edge.from] { dependents[to].append(from) }
        }
        var stamp = [Int](repeating: -1, count: names.count)
        var queue: [Int] = []
        return names.indices.map { start in
            stamp[start] = start
            queue.append(start)
            var count = 0, total = 0
            while let next = queue.popLast() {
                for dependent in dependents[next] where stamp[dependent] != start {
                    stamp[dependent] = start
                    count += 1
                    total += weight[dependent]
                    queue.append(dependent)
                }
            }
            return BlastRadius(module: names[start], count: count, lines: total)
        }
    }

    /// The chain of dependencies with the most lines. A cycle's modules are one step (none of
    /// them can finish first), so the chain is taken over the graph of strongly connected
    /// components, which has no cycles.
    static func criticalPath(_ modules: [AssembledModule], edges: [ImportEdge]) -> CriticalPath {
        let lines = Dictionary(modules.map { ($0.name, $0.lines) }, uniquingKeysWith: { first, _ in first })
        // Every module stands for itself, except that a cycle's members stand for its first one.
        var members: [String: [String]] = Dictionary(uniqueKeysWithValues: lines.keys.map { ($0, [$0]) })
        var step: [String: String] = Dictionary(uniqueKeysWithValues: lines.keys.map { ($0, $0) })
        var successors: [String: [String]] = [:]
        for edge in edges { successors[edge.from, default: []].append(edge.to) }
        for cycle in Cycles.components(successors: successors) where cycle.count > 1 {
            for module in cycle {
                members[module] = nil
                step[module] = cycle[0]
            }
            members[cycle[0]] = cycle
        }
        var dependencies: [String: Set<String>] = [:], dependents: [String: Set<String>] = [:]
        for edge in edges {
            let from = step[edge.from]!, to = step[edge.to]!
            guard from != to else { continue }
            dependencies[from, default: []].insert(to)
            dependents[to, default: []].insert(from)
        }
        // Dependencies first (Kahn), so each step's longest chain below it is known when it is reached.
        var best: [String: (lines: Int, below: String?)] = [:]
        var waiting = Dictionary(uniqueKeysWithValues: members.keys.map { ($0, dependencies[$0]?.count ?? 0) })
        var ready = waiting.filter { $0.value == 0 }.map(\.key).sorted(by: >)
        while let node = ready.popLast() {
            let weight = members[node]!.reduce(0) { $0 + lines[$1]! }
            let below = (dependencies[node] ?? []).sorted().max { best[$0]!.lines != best[$1]!.lines ? best[$0]!.lines < best[$1]!.lines : $0 > $1 }
            best[node] = (weight + (below.map { best[$0]!.lines } ?? 0), below)
            for dependent in (dependents[node] ?? []).sorted() {
                waiting[dependent]! -= 1
                if waiting[dependent] == 0 { ready.append(dependent) }
            }
        }
        guard let top = best.keys.sorted().max(by: { best[$0]!.lines != best[$1]!.lines ? best[$0]!.lines < best[$1]!.lines : $0 > $1 }) else {
            return CriticalPath(modules: [], lines: 0)
        }
        var chain: [String] = []
        var current: String? = top
        while let node = current {
            chain.insert(contentsOf: members[node]!, at: 0)
            current = best[node]!.below
        }
        return CriticalPath(modules: chain, lines: best[top]!.lines)
    }
}
