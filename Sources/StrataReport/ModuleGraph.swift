import StrataModel

/// The production module graph as the report, `strata graph` and `strata why` query it:
/// modules by index, edges with their evidence, the edges of cycles and of layer and
/// dependency-rule violations, container (DI) edges, and groups (layers or packages).
///
/// Every query is iterative (no recursion on the input) and linear in the graph, except
/// `paths`, which is bounded by its limit.
public struct ModuleGraph: Sendable {
    /// A directed edge by module indices.
    public struct Pair: Hashable, Sendable, Comparable {
        public var from: Int, to: Int
        public init(_ from: Int, _ to: Int) {
            self.from = from
            self.to = to
        }
        public static func < (lhs: Pair, rhs: Pair) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// How modules are grouped in collapsed drawings.
    public enum Grouping: String, Sendable, CaseIterable {
        /// By the layers of strata.yml, else the inferred ones; modules of no layer in one group.
        case layers
        /// By package, Tuist project, pod or Xcode project.
        case packages
    }

    /// A group of modules: a layer, or a package; `members` are module indices, sorted.
    public struct Group: Sendable, Equatable, Codable {
        public var name: String
        public var members: [Int]
    }

    public let result: AnalysisResult
    /// Production (non-test) modules, in the result's order.
    public let modules: [ModuleEntry]
    public let index: [String: Int]
    /// Dependencies and dependents of each module, ascending.
    public let successors: [[Int]]
    public let predecessors: [[Int]]
    /// The import edge behind each pair (imported or declared).
    public let edges: [Pair: ImportEdge]
    /// The keys of `edges`, sorted: the order every drawing lists edges in.
    public let pairs: [Pair]
    public let cycleEdges: Set<Pair>
    /// Edges a rule finding flags: layer violations and forbidden dependencies.
    public let violationEdges: Set<Pair>
    /// Each module's layer, by position lowest first (nil: no layer, or fewer than two layers).
    public let layerRank: [Int?]
    /// Module edges made by a DI container (who gets an implementation from whom), with
    /// those edges that are not also imports or declarations.
    public let injectionEdges: [Pair: InjectionEdge]

    public init(_ result: AnalysisResult) {
        self.result = result
        modules = result.modules.filter { !$0.module.kind.isTest }
        var index: [String: Int] = [:]
        for (position, entry) in modules.enumerated() where index[entry.module.name] == nil { index[entry.module.name] = position }
        self.index = index
        var successors = [[Int]](repeating: [], count: modules.count)
        var predecessors = [[Int]](repeating: [], count: modules.count)
        var edges: [Pair: ImportEdge] = [:]
        for edge in result.edges where edge.from != edge.to {
            guard let from = index[edge.from], let to = index[edge.to], edges[Pair(from, to)] == nil else { continue }
            edges[Pair(from, to)] = edge
            successors[from].append(to)
            predecessors[to].append(from)
        }
        self.successors = successors.map { $0.sorted() }
        self.predecessors = predecessors.map { $0.sorted() }
        self.edges = edges
        pairs = edges.keys.sorted()
        func pair(_ from: String, _ to: String?) -> Pair? {
            guard let to, let from = index[from], let to = index[to] else { return nil }
            return Pair(from, to)
        }
        cycleEdges = Set(result.cycles.flatMap(\.edges).compactMap { pair($0.from, $0.to) })
        violationEdges = Set(result.findings.filter { $0.rule == .layerViolation || $0.rule == .forbiddenDependency }
            .compactMap { pair($0.module, $0.dependency) })
        var injection: [Pair: InjectionEdge] = [:]
        for edge in result.injection.edges { if let key = pair(edge.from, edge.to) { injection[key] = edge } }
        injectionEdges = injection
        var rank = [Int?](repeating: nil, count: modules.count)
        let declared = result.layering?.layers ?? []
        if declared.count(where: { !$0.modules.isEmpty }) > 1 {
            for (position, layer) in declared.enumerated() {
                for name in layer.modules { if let module = index[name], rank[module] == nil { rank[module] = position } }
            }
        }
        layerRank = rank
        layers = Self.layerGroups(result.layering, index: index, count: modules.count)
    }

    /// The groups of `.layers`, computed once (every neighbourhood drawing clusters by them).
    private let layers: [Group]

    /// The layers as clusters of a drawing: none unless there are two or more.
    public var layerClusters: [Group] { layers.count > 1 ? layers : [] }

    /// The layer of each module, by name, when it has one.
    public func layerName(_ module: Int) -> String? {
        layerRank[module].flatMap { result.layering?.layers[$0].name }
    }

    public func name(_ module: Int) -> String { modules[module].module.name }

    /// The module with this name, or an error naming the closest ones.
    public func module(named name: String) throws(QueryError) -> Int {
        if let found = index[name] { return found }
        if result.modules.contains(where: { $0.module.name == name }) {
            throw QueryError(description: "'\(name)' is a test module; graphs and paths cover production modules only")
        }
        let lowered = name.lowercased()
        let similar = modules.map(\.module.name).filter { $0.lowercased().contains(lowered) || lowered.contains($0.lowercased()) }
        throw QueryError(description: "no module named '\(name)'" + (similar.isEmpty ? "" : "; did you mean \(similar.prefix(5).joined(separator: ", "))?"))
    }

    public struct QueryError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    // MARK: Queries

    /// The focus modules and every module within `depth` hops of one of them, following
    /// dependencies down and dependents up (not sideways: a dependency's other dependents
    /// are not its neighbours).
    public func neighbourhood(of focus: [Int], depth: Int) -> [Int] {
        var members = Set(focus)
        for adjacency in [successors, predecessors] {
            var frontier = focus
            var seen = Set(focus)
            for _ in 0..<max(depth, 0) where !frontier.isEmpty {
                var next: [Int] = []
                for module in frontier { for other in adjacency[module] where seen.insert(other).inserted { next.append(other) } }
                frontier = next
            }
            members.formUnion(seen)
        }
        return members.sorted()
    }

    /// `target` and every module that depends on it, directly or not.
    public func reaching(_ target: Int) -> [Int] {
        closure(from: [target], along: predecessors)
    }

    /// `start` and every module it depends on, directly or not.
    public func reachable(from start: Int) -> [Int] {
        closure(from: [start], along: successors)
    }

    /// The dependencies of each module (`successors`), with `injection` also the modules
    /// it gets implementations from through a container only, after its imports.
    public func dependencies(injection: Bool) -> [[Int]] {
        guard injection else { return successors }
        var forward = successors
        for pair in containerOnlyPairs { forward[pair.from].append(pair.to) }
        return forward
    }

    /// The dependents of each module (`predecessors`), with `injection` also those that get
    /// an implementation from it through a container only.
    public func dependents(injection: Bool) -> [[Int]] {
        guard injection else { return predecessors }
        var backward = predecessors
        for pair in containerOnlyPairs { backward[pair.to].append(pair.from) }
        return backward
    }

    /// Container edges that are not also imports or declarations, sorted.
    private var containerOnlyPairs: [Pair] { injectionEdges.keys.filter { edges[$0] == nil }.sorted() }

    private func closure(from start: [Int], along adjacency: [[Int]]) -> [Int] {
        var seen = Set(start)
        var stack = start
        while let module = stack.popLast() {
            for other in adjacency[module] where seen.insert(other).inserted { stack.append(other) }
        }
        return seen.sorted()
    }

    /// Simple paths from `from` to `to`, shortest first then by name, at most `limit`;
    /// `complete` is false when there are more. With `injection`, container edges count as
    /// hops too.
    public func paths(from: Int, to: Int, limit: Int = 50, injection: Bool = true) -> (paths: [[Int]], complete: Bool) {
        guard from != to else { return ([], true) }
        let forward = dependencies(injection: injection), backward = dependents(injection: injection)
        // Only modules on some path: reachable from `from` and reaching `to`.
        let onPath = Set(closure(from: [from], along: forward)).intersection(closure(from: [to], along: backward))
        guard onPath.contains(to) else { return ([], true) }
        let names = modules.map(\.module.name)
        // Breadth-first by length, so the shortest paths come first and a limit cuts the
        // longest; each partial path is extended only by modules not already on it.
        var found: [[Int]] = []
        var layer: [[Int]] = [[from]]
        var complete = true
        var budget = 200_000  // partial paths examined; bounds the search on dense graphs
        while !layer.isEmpty {
            var next: [[Int]] = []
            var reached: [[Int]] = []
            for path in layer {
                for other in forward[path[path.count - 1]] where onPath.contains(other) && !path.contains(other) {
                    budget -= 1
                    if budget < 0 { complete = false; break }
                    if other == to { reached.append(path + [other]) } else { next.append(path + [other]) }
                }
                if budget < 0 { break }
            }
            reached.sort { $0.map { names[$0] }.lexicographicallyPrecedes($1.map { names[$0] }) }
            for path in reached {
                if found.count == limit { complete = false; break }
                found.append(path)
            }
            if found.count == limit || budget < 0 { if !next.isEmpty { complete = false }; break }
            layer = next
        }
        return (found, complete)
    }

    // MARK: Groups

    /// The groups of a grouping, in order (layers lowest first, packages by name); every
    /// production module is in exactly one group.
    public func groups(_ grouping: Grouping) -> [Group] {
        switch grouping {
        case .layers:
            return layers
        case .packages:
            var byPackage: [String: [Int]] = [:]
            for (position, entry) in modules.enumerated() { byPackage[entry.module.package, default: []].append(position) }
            return byPackage.keys.sorted().map { Group(name: $0.isEmpty ? "(no package)" : $0, members: byPackage[$0]!) }
        }
    }

    /// Layers lowest first, then the modules of none in one group.
    private static func layerGroups(_ layering: Layering?, index: [String: Int], count: Int) -> [Group] {
        var groups: [Group] = []
        var assigned = Set<Int>()
        for layer in layering?.layers ?? [] {
            let members = layer.modules.compactMap { index[$0] }.filter { assigned.insert($0).inserted }.sorted()
            if !members.isEmpty { groups.append(Group(name: layer.name, members: members)) }
        }
        let rest = (0..<count).filter { !assigned.contains($0) }
        if !rest.isEmpty { groups.append(Group(name: groups.isEmpty ? "modules" : "no layer", members: rest)) }
        return groups
    }
}
