/// The module graph: modules numbered by name (each with its `ModuleID`), and the edges between
/// them by kind (imported, declared, and container edges when built from a result). Every
/// graph question Strata asks goes through it and its `Digraph`: successors and predecessors,
/// components, order, reachability, paths and cuts, neighbourhoods, groups, and which image
/// carries which module's code.
///
/// Assembly builds one of every module (`Project.graph`); `init(_:)` builds the production
/// graph of a result, as the report, `strata graph` and `strata why` query it, with the edges
/// of cycles and rule violations, container edges and groups (layers or packages).
public struct ModuleGraph: Sendable {
    /// A directed edge by module indices.
    public typealias Pair = Digraph.Pair

    /// Which edges a walk follows.
    public struct EdgeKinds: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Some file of `from` imports `to`.
        public static let imported = EdgeKinds(rawValue: 1)
        /// `from`'s manifest declares `to`.
        public static let declared = EdgeKinds(rawValue: 2)
        /// Either: every internal edge.
        public static let any: EdgeKinds = [.imported, .declared]
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

    /// The result the graph was built from; nil for a graph of assembled modules.
    public let result: AnalysisResult?
    /// The modules by name (metrics and external imports only in the graph of a result).
    public private(set) var modules: [ModuleEntry]
    public let index: [String: Int]
    /// Every edge (imported or declared) between two different modules of the graph.
    public let dependencyGraph: Digraph
    /// The import edges only (metrics, cycles and unused dependencies ask for them).
    let importGraph: Digraph
    /// Dependencies and dependents of each module, ascending.
    public var successors: [[Int]] { dependencyGraph.successors }
    public var predecessors: [[Int]] { dependencyGraph.predecessors }
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

    /// The production (non-test) modules of a result, with the result's cycles, violations,
    /// container edges and layers.
    public init(_ result: AnalysisResult) {
        self.init(entries: result.modules.filter { !$0.module.kind.isTest }, edges: result.edges, result: result)
    }

    /// The graph of these modules and the edges among them (edges to other modules left out).
    public init(modules: [AssembledModule], edges: [ImportEdge]) {
        let none = ExternalImports(apple: [], thirdParty: [])
        self.init(entries: modules.map { ModuleEntry(module: $0, external: none, metrics: nil) }, edges: edges, result: nil)
    }

    private init(entries: [ModuleEntry], edges allEdges: [ImportEdge], result: AnalysisResult?) {
        self.result = result
        // By name (stable for repeats), so every walk visits neighbours in name order.
        modules = entries.enumerated().sorted { ($0.element.module.name, $0.offset) < ($1.element.module.name, $1.offset) }.map(\.element)
        var index: [String: Int] = [:]
        for (position, entry) in modules.enumerated() where index[entry.module.name] == nil { index[entry.module.name] = position }
        self.index = index
        var edges: [Pair: ImportEdge] = [:]
        for edge in allEdges where edge.from != edge.to {
            guard let from = index[edge.from], let to = index[edge.to], edges[Pair(from, to)] == nil else { continue }
            edges[Pair(from, to)] = edge
        }
        self.edges = edges
        pairs = edges.keys.sorted()
        dependencyGraph = Digraph(count: modules.count, edges: pairs)
        importGraph = Digraph(count: modules.count, edges: pairs.filter { edges[$0]!.imported })
        func pair(_ from: String, _ to: String?) -> Pair? {
            guard let to, let from = index[from], let to = index[to] else { return nil }
            return Pair(from, to)
        }
        cycleEdges = Set((result?.cycles ?? []).flatMap(\.edges).compactMap { pair($0.from, $0.to) })
        violationEdges = Set((result?.findings ?? []).filter { $0.rule == .layerViolation || $0.rule == .forbiddenDependency }
            .compactMap { pair($0.module, $0.dependency) })
        var injection: [Pair: InjectionEdge] = [:]
        for edge in result?.injection.edges ?? [] { if let key = pair(edge.from, edge.to) { injection[key] = edge } }
        injectionEdges = injection
        var rank = [Int?](repeating: nil, count: modules.count)
        let declared = result?.layering?.layers ?? []
        if declared.count(where: { !$0.modules.isEmpty }) > 1 {
            for (position, layer) in declared.enumerated() {
                for name in layer.modules { if let module = index[name], rank[module] == nil { rank[module] = position } }
            }
        }
        layerRank = rank
        layers = Self.layerGroups(result?.layering, index: index, count: modules.count)
    }

    /// The same graph with these modules' data (the same modules, in any order; linkage
    /// assigned after the graph was built, say).
    public func replacing(_ modules: [AssembledModule]) -> ModuleGraph {
        var copy = self
        let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        copy.modules = self.modules.map { entry in
            var entry = entry
            if let module = byName[entry.module.name] { entry.module = module }
            return entry
        }
        return copy
    }

    /// The graph of the modules `include` keeps (production modules, say), with their edges.
    public func subgraph(_ include: (AssembledModule) -> Bool) -> ModuleGraph {
        ModuleGraph(modules: modules.map(\.module).filter(include), edges: pairs.map { edges[$0]! })
    }

    /// The edges of these kinds, by module index.
    public func digraph(_ kinds: EdgeKinds) -> Digraph {
        if kinds == .any { return dependencyGraph }
        if kinds == .imported { return importGraph }
        return Digraph(count: modules.count, edges: pairs.filter { pair in
            let edge = edges[pair]!
            return (kinds.contains(.imported) && edge.imported) || (kinds.contains(.declared) && edge.declared)
        })
    }

    /// Whether `from` depends on `to` through an edge of these kinds.
    public func depends(_ from: Int, on to: Int, _ kinds: EdgeKinds = .any) -> Bool {
        guard let edge = edges[Pair(from, to)] else { return false }
        return (kinds.contains(.imported) && edge.imported) || (kinds.contains(.declared) && edge.declared)
    }

    /// The module indices of these names (names not in the graph left out).
    public func indices<Names: Sequence>(_ names: Names) -> [Int] where Names.Element == String { names.compactMap { index[$0] } }

    /// The groups of `.layers`, computed once (every neighbourhood drawing clusters by them).
    private let layers: [Group]

    /// The layers as clusters of a drawing: none unless there are two or more.
    public var layerClusters: [Group] { layers.count > 1 ? layers : [] }

    /// The layer of each module, by name, when it has one.
    public func layerName(_ module: Int) -> String? {
        layerRank[module].flatMap { result?.layering?.layers[$0].name }
    }

    public func name(_ module: Int) -> String { modules[module].module.name }

    /// The module with this name, or an error naming the closest ones.
    public func module(named name: String) throws(QueryError) -> Int {
        if let found = index[name] { return found }
        if (result?.modules ?? []).contains(where: { $0.module.name == name }) {
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
        dependencyGraph.neighbourhood(of: focus, depth: depth)
    }

    /// `target` and every module that depends on it, directly or not.
    public func reaching(_ target: Int) -> [Int] {
        dependencyGraph.closure(from: [target], backward: true)
    }

    /// `start` and every module it depends on, directly or not.
    public func reachable(from start: Int) -> [Int] {
        dependencyGraph.closure(from: [start])
    }

    /// Every edge, with `injection` also container edges that are not imports or declarations
    /// (each module's after its own edges).
    public func digraph(injection: Bool) -> Digraph {
        guard injection, !injectionEdges.isEmpty else { return dependencyGraph }
        var forward = successors
        for pair in injectionEdges.keys.filter({ edges[$0] == nil }).sorted() { forward[pair.from].append(pair.to) }
        return Digraph(successors: forward)
    }

    /// Simple paths from `from` to `to`, shortest first then by name, at most `limit`;
    /// `complete` is false when there are more. With `injection`, container edges count as
    /// hops too.
    public func paths(from: Int, to: Int, limit: Int = 50, injection: Bool = true) -> (paths: [[Int]], complete: Bool) {
        digraph(injection: injection).paths(from: from, to: to, limit: limit)
    }

    // MARK: Linking

    /// Which image carries which module's code, from declared dependencies and linkage:
    /// `links` has an edge from each image (a dynamic framework or an executable) to every
    /// static module copied into it, reached through static modules only; `embeds` an edge
    /// from each executable (app, example app, test bundle) to every dynamic framework it
    /// bundles and dyld loads at launch, reached through anything but another executable.
    public func linkage() -> (links: Digraph, embeds: Digraph) {
        let declared = digraph(.declared)
        let kinds = modules.map(\.module.linkage.kind)
        var links: [Pair] = [], embeds: [Pair] = []
        for image in kinds.indices where kinds[image] == .dynamic || kinds[image] == .executable {
            for module in declared.reached(from: image, expanding: { kinds[$0] == .static }) where kinds[module] == .static {
                links.append(Pair(image, module))
            }
            guard kinds[image] == .executable else { continue }
            for module in declared.reached(from: image, expanding: { kinds[$0] != .executable }) where kinds[module] == .dynamic {
                embeds.append(Pair(image, module))
            }
        }
        return (Digraph(count: modules.count, edges: links), Digraph(count: modules.count, edges: embeds))
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
