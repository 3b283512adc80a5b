import StrataModel

/// The build shape from the production modules and their edges (declared or imported).
extension BuildShape {
    /// - Parameter seconds: measured build seconds by module name; nil estimates from lines.
    public static func analyze(modules: [AssembledModule], edges: [ImportEdge], seconds: [String: Double]? = nil) -> BuildShape {
        analyze(ModuleGraph(modules: modules.filter { !$0.kind.isTest }, edges: edges), seconds: seconds)
    }

    /// - Parameter graph: the production modules.
    public static func analyze(_ graph: ModuleGraph, seconds: [String: Double]? = nil) -> BuildShape {
        let names = graph.modules.map(\.module.name)
        let cost = graph.modules.map { entry in seconds.map { $0[entry.module.name] ?? 0 } ?? Double(entry.module.lines) }
        let (steps, members, component) = graph.dependencyGraph.condensation()

        // Over the components, dependencies first: each one's costliest chain below it and its
        // depth are known when it is reached. Ties go to the smaller name.
        var chain = [Double](repeating: 0, count: members.count)
        var next = [Int?](repeating: nil, count: members.count)
        var depth = [Int](repeating: 0, count: members.count)
        for step in steps.topologicalOrder() ?? [] {
            let below = steps.successors[step]
            let heaviest = below.max { chain[$0] != chain[$1] ? chain[$0] < chain[$1] : $0 > $1 }
            chain[step] = members[step].reduce(0) { $0 + cost[$1] } + (heaviest.map { chain[$0] } ?? 0)
            next[step] = heaviest
            depth[step] = below.map { depth[$0] + 1 }.max() ?? 0
        }
        var path: [String] = []
        let top = (0..<members.count).max { chain[$0] != chain[$1] ? chain[$0] < chain[$1] : $0 > $1 }
        var current = top
        while let step = current {
            path.insert(contentsOf: members[step].map { names[$0] }, at: 0)
            current = next[step]
        }

        var entries: [Module] = []
        graph.dependencyGraph.transitivePredecessors { module, dependents in
            entries.append(Module(
                module: names[module], cost: cost[module], rebuildCost: dependents.reduce(cost[module]) { $0 + cost[$1] },
                dependents: dependents.count, depth: depth[component[module]]))
        }
        var widths = [Int](repeating: 0, count: (entries.map(\.depth).max() ?? -1) + 1)
        for entry in entries { widths[entry.depth] += 1 }
        let total = cost.reduce(0, +)
        let onPath = Set(path)
        let hot = entries.filter { onPath.contains($0.module) && total > 0 && $0.rebuildCost * 4 >= total }
            .sorted { $0.rebuildCost != $1.rebuildCost ? $0.rebuildCost > $1.rebuildCost : $0.module < $1.module }.map(\.module)
        let unmeasured = seconds.map { times in names.filter { times[$0] == nil } }
        return BuildShape(
            unit: seconds == nil ? .lines : .seconds, criticalPath: path, criticalCost: top.map { chain[$0] } ?? 0, totalCost: total,
            modules: entries, widths: widths, hot: hot, unmeasured: unmeasured)
    }
}
