import StrataModel

/// Modules (tests included, unless left out) and their internal edges by index, for the
/// walks `strata affected` and the build shape make. Indices follow the names' order, so
/// every walk visits neighbours by name and its answer is deterministic.
///
/// The queries of `affected` and of the build shape live here only, so that moving them onto
/// one shared module graph is one change.
public struct DependencyGraph: Sendable {
    public let names: [String]
    public let index: [String: Int]
    /// Dependencies and dependents of each module, ascending (by name).
    public let successors: [[Int]]
    public let predecessors: [[Int]]

    /// - Parameter edges: any internal edges (declared or imported); edges to modules not in
    ///   `modules` and self-edges are left out.
    public init(modules: [String], edges: [ImportEdge]) {
        names = Array(Set(modules)).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        self.index = index
        var successors = [Set<Int>](repeating: [], count: names.count)
        var predecessors = [Set<Int>](repeating: [], count: names.count)
        for edge in edges where edge.from != edge.to {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            successors[from].insert(to)
            predecessors[to].insert(from)
        }
        self.successors = successors.map { $0.sorted() }
        self.predecessors = predecessors.map { $0.sorted() }
    }

    /// Breadth-first from `seeds` along dependents: for every module reached, the module it
    /// was reached from (itself for a seed), nil for the rest. Shortest chains, ties by name.
    public func dependents(of seeds: [Int]) -> [Int?] {
        var via = [Int?](repeating: nil, count: names.count)
        var queue: [Int] = []
        for seed in Set(seeds).sorted() {
            via[seed] = seed
            queue.append(seed)
        }
        var next = 0
        while next < queue.count {
            let module = queue[next]
            next += 1
            for dependent in predecessors[module] where via[dependent] == nil {
                via[dependent] = module
                queue.append(dependent)
            }
        }
        return via
    }

    /// The chain from `module` down to the seed it was reached from, by `dependents(of:)`.
    public func chain(from module: Int, via: [Int?]) -> [Int] {
        var chain = [module]
        var current = module
        while let previous = via[current], previous != current {
            chain.append(previous)
            current = previous
        }
        return chain
    }

    /// Each module's transitive dependents (itself excluded), one walk per module with a visit
    /// stamp: memory linear in the graph, however long its chains.
    public func transitiveDependents(_ visit: (_ module: Int, _ dependents: [Int]) -> Void) {
        var stamp = [Int](repeating: -1, count: names.count)
        var stack: [Int] = []
        for start in names.indices {
            stamp[start] = start
            stack.append(start)
            var reached: [Int] = []
            while let module = stack.popLast() {
                for dependent in predecessors[module] where stamp[dependent] != start {
                    stamp[dependent] = start
                    reached.append(dependent)
                    stack.append(dependent)
                }
            }
            visit(start, reached)
        }
    }

    /// Strongly connected components, each sorted, with the component of every module: the
    /// steps of a build, since a cycle's modules cannot finish one before another.
    public func components() -> (members: [[Int]], component: [Int]) {
        var successorNames: [String: [String]] = [:]
        for (from, targets) in successors.enumerated() { successorNames[names[from]] = targets.map { names[$0] } }
        let members = Cycles.components(successors: successorNames).map { $0.compactMap { index[$0] }.sorted() }.sorted { $0[0] < $1[0] }
        var component = [Int](repeating: 0, count: names.count)
        for (position, group) in members.enumerated() { for module in group { component[module] = position } }
        return (members, component)
    }
}
