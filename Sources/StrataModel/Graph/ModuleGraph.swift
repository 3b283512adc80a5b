/// The module graph: modules numbered by name (`Node`, each with its `ModuleID`), and the
/// edges between them by kind (imported, declared, and container edges when built from a
/// result), keyed by their two nodes. Every graph question Strata asks goes through it and
/// its `Digraph`s, which number their vertices as the graph numbers its nodes: successors and
/// predecessors, components, order, reachability, paths and cuts, neighbourhoods, groups, and
/// which image carries which module's code.
///
/// Assembly builds one of every module (`Project.graph`); `init(_:)` builds the production
/// graph of a result, as the report, `strata graph` and `strata why` query it, with container
/// edges and groups (layers or packages). What a drawing marks on it (cycles, violations,
/// layers) is the drawing's (`GraphMarks`, StrataReport).
public struct ModuleGraph: Sendable {
    /// A module of the graph: its position in name order, the vertex of the graph's
    /// `Digraph`s. Meaningful only in the graph it came from; across graphs a module is known
    /// by its `ModuleID`.
    public struct Node: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
        public let index: Int

        public init(_ index: Int) { self.index = index }

        public static func < (lhs: Node, rhs: Node) -> Bool { lhs.index < rhs.index }
        public var description: String { "\(index)" }

        public init(from decoder: any Decoder) throws { index = try decoder.singleValueContainer().decode(Int.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(index)
        }
    }

    /// A directed edge between two nodes: the key of an edge, whatever its modules are called.
    public struct Edge: Hashable, Comparable, Sendable {
        public let from: Node, to: Node

        public init(_ from: Node, _ to: Node) { (self.from, self.to) = (from, to) }
        /// The edge of a `Digraph` of this graph.
        public init(_ pair: Digraph.Pair) { self.init(Node(pair.from), Node(pair.to)) }

        public var pair: Digraph.Pair { Digraph.Pair(from.index, to.index) }
        public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

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

    /// A group of modules: a layer, or a package; `members` sorted.
    public struct Group: Sendable, Equatable, Codable {
        public var name: String
        public var members: [Node]
    }

    /// The modules in name order (metrics and external imports only in the graph of a
    /// result), at their nodes' indices.
    public private(set) var modules: [ModuleEntry]
    /// Every node, in order.
    public var nodes: [Node] { modules.indices.map(Node.init) }
    /// Nodes by identity, which every relation keys its modules by, and by name (what a user
    /// asks for): names are unique keys after discovery (a name taken twice gets a `#2`
    /// suffix there), so each names one module.
    private let byID: [ModuleID: Node]
    private let byName: [String: Node]
    /// Modules of the result left out of the graph (its test modules), by name: a query
    /// naming one is told why it is not found.
    private let leftOut: Set<String>
    /// Every edge (imported or declared) between two different modules of the graph.
    public let dependencyGraph: Digraph
    /// The import edges only (metrics, cycles and unused dependencies ask for them).
    let importGraph: Digraph
    /// The import edge behind each edge of the graph (imported or declared).
    public let edges: [Edge: ImportEdge]
    /// The keys of `edges`, sorted: the order every drawing lists edges in.
    public let pairs: [Edge]
    /// Module edges made by a DI container (who gets an implementation from whom), with
    /// those edges that are not also imports or declarations.
    public let injectionEdges: [Edge: InjectionEdge]

    /// The production (non-test) modules of a result, with the result's container edges and
    /// layers.
    public init(_ result: AnalysisResult) {
        self.init(
            entries: result.modules.filter { !$0.module.kind.isTest }, edges: result.edges, injection: result.injection.edges,
            layering: result.layering, leftOut: Set(result.modules.filter(\.module.kind.isTest).map(\.module.name)))
    }

    /// The graph of these modules and the edges among them (edges to other modules left out).
    public init(modules: [AssembledModule], edges: [ImportEdge]) {
        let none = ExternalImports(apple: [], thirdParty: [])
        self.init(
            entries: modules.map { ModuleEntry(module: $0, external: none, metrics: nil) }, edges: edges, injection: [],
            layering: nil, leftOut: [])
    }

    private init(entries: [ModuleEntry], edges allEdges: [ImportEdge], injection: [InjectionEdge], layering: Layering?, leftOut: Set<String>) {
        // By name (stable for repeats), so every walk visits neighbours in name order.
        modules = entries.enumerated().sorted { ($0.element.module.name, $0.offset) < ($1.element.module.name, $1.offset) }.map(\.element)
        let nodes = modules.indices.map(Node.init)
        let byID = Dictionary(zip(modules.map(\.module.id), nodes), uniquingKeysWith: { first, _ in first })
        self.byID = byID
        let byName = Dictionary(zip(modules.map(\.module.name), nodes), uniquingKeysWith: { first, _ in first })
        self.byName = byName
        self.leftOut = leftOut
        var edges: [Edge: ImportEdge] = [:]
        for importEdge in allEdges {
            if let key = Self.edge(importEdge.from, importEdge.to, in: byID), key.from != key.to, edges[key] == nil { edges[key] = importEdge }
        }
        self.edges = edges
        pairs = edges.keys.sorted()
        dependencyGraph = Digraph(count: modules.count, edges: pairs.map(\.pair))
        importGraph = Digraph(count: modules.count, edges: pairs.filter { edges[$0]!.imported }.map(\.pair))
        var injectionEdges: [Edge: InjectionEdge] = [:]
        for container in injection { if let key = Self.edge(container.from, container.to, in: byID) { injectionEdges[key] = container } }
        self.injectionEdges = injectionEdges
        layers = Self.layerGroups(layering, byName: byName, count: modules.count)
    }

    /// The same graph with these modules' data (the same modules, in any order; linkage
    /// assigned after the graph was built, say).
    public func replacing(_ modules: [AssembledModule]) -> ModuleGraph {
        var copy = self
        let byID = Dictionary(modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        copy.modules = self.modules.map { entry in
            var entry = entry
            if let module = byID[entry.module.id] { entry.module = module }
            return entry
        }
        return copy
    }

    /// The graph of the modules `include` keeps (production modules, say), with their edges.
    public func subgraph(_ include: (AssembledModule) -> Bool) -> ModuleGraph {
        ModuleGraph(modules: modules.map(\.module).filter(include), edges: pairs.map { edges[$0]! })
    }

    /// The edges of these kinds, as a `Digraph` over the nodes' indices.
    public func digraph(_ kinds: EdgeKinds) -> Digraph {
        if kinds == .any { return dependencyGraph }
        if kinds == .imported { return importGraph }
        return Digraph(count: modules.count, edges: pairs.filter { depends($0.from, on: $0.to, kinds) }.map(\.pair))
    }

    /// Whether `from` depends on `to` through an edge of these kinds.
    public func depends(_ from: Node, on to: Node, _ kinds: EdgeKinds = .any) -> Bool {
        guard let edge = edges[Edge(from, to)] else { return false }
        return (kinds.contains(.imported) && edge.imported) || (kinds.contains(.declared) && edge.declared)
    }

    /// The modules `node` depends on, and those that depend on it, ascending.
    public func successors(of node: Node) -> [Node] { dependencyGraph.successors[node.index].map(Node.init) }
    public func predecessors(of node: Node) -> [Node] { dependencyGraph.predecessors[node.index].map(Node.init) }

    /// The module of a node.
    public subscript(node: Node) -> ModuleEntry { modules[node.index] }

    public func name(_ node: Node) -> String { modules[node.index].module.name }

    /// The display name of the module of this identity; the identity's spelling for one the
    /// graph does not have (a test module, in the production graph).
    public func name(of id: ModuleID) -> String { byID[id].map(name) ?? id.description }

    /// The node of the module declared there, if the graph has it.
    public func node(_ id: ModuleID) -> Node? { byID[id] }

    /// The node of the module with this name, if the graph has it.
    public func node(named name: String) -> Node? { byName[name] }

    /// The key of the edge between the modules of these identities, when the graph has both
    /// (whether or not they are joined).
    public func edge(from: ModuleID, to: ModuleID) -> Edge? { Self.edge(from, to, in: byID) }

    private static func edge(_ from: ModuleID, _ to: ModuleID, in byID: [ModuleID: Node]) -> Edge? {
        guard let from = byID[from], let to = byID[to] else { return nil }
        return Edge(from, to)
    }

    /// The nodes of these names (names not in the graph left out).
    public func nodes<Names: Sequence>(named names: Names) -> [Node] where Names.Element == String { names.compactMap { byName[$0] } }

    /// The groups of `.layers`, computed once (every neighbourhood drawing clusters by them).
    private let layers: [Group]

    /// The node of the module with this name, or an error naming the closest ones.
    public func module(named name: String) throws(QueryError) -> Node {
        if let found = byName[name] { return found }
        if leftOut.contains(name) {
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
    public func neighbourhood(of focus: [Node], depth: Int) -> [Node] {
        dependencyGraph.neighbourhood(of: focus.map(\.index), depth: depth).map(Node.init)
    }

    /// `target` and every module that depends on it, directly or not.
    public func reaching(_ target: Node) -> [Node] {
        dependencyGraph.closure(from: [target.index], backward: true).map(Node.init)
    }

    /// `start` and every module it depends on, directly or not.
    public func reachable(from start: Node) -> [Node] {
        dependencyGraph.closure(from: [start.index]).map(Node.init)
    }

    /// Every edge, with `injection` also container edges that are not imports or declarations
    /// (each module's after its own edges).
    public func digraph(injection: Bool) -> Digraph {
        guard injection, !injectionEdges.isEmpty else { return dependencyGraph }
        var forward = dependencyGraph.successors
        for edge in injectionEdges.keys.filter({ edges[$0] == nil }).sorted() { forward[edge.from.index].append(edge.to.index) }
        return Digraph(successors: forward)
    }

    /// Simple paths from `from` to `to`, shortest first then by name, at most `limit`;
    /// `complete` is false when there are more. With `injection`, container edges count as
    /// hops too.
    public func paths(from: Node, to: Node, limit: Int = 50, injection: Bool = true) -> (paths: [[Node]], complete: Bool) {
        let found = digraph(injection: injection).paths(from: from.index, to: to.index, limit: limit)
        return (found.paths.map { $0.map(Node.init) }, found.complete)
    }

    // MARK: Linking

    /// Which image carries which module's code, from declared dependencies and linkage:
    /// `links` has an edge from each image (a dynamic framework or an executable) to every
    /// static module copied into it, reached through static modules only, less those an image
    /// it loads carries (rules_apple links a library into a bundle's `frameworks` only); `embeds` an edge
    /// from each executable (app, example app, test bundle) to every dynamic framework it
    /// bundles and dyld loads at launch, reached through anything but another executable.
    public func linkage() -> (links: Digraph, embeds: Digraph) {
        let declared = digraph(.declared)
        let kinds = modules.map(\.module.linkage.kind)
        func isImage(_ module: Int) -> Bool { kinds[module] == .dynamic || kinds[module] == .executable }
        // The images each one loads at run time without linking what they carry (a rules_apple
        // bundle's `frameworks`, a test's `test_host`: `DeclaredDependency.avoidsLinking`).
        let loaded = modules.map { entry in
            entry.module.dependencies.filter { $0.avoidsLinking == true }.flatMap { $0.modules ?? [] }.compactMap { byName[$0]?.index }.filter(isImage)
        }
        // What an image carries with the images it loads, and those load in turn (a framework
        // is linked with everything it reaches). Two images that load each other (never so in
        // Bazel, but a `select()`'s branches are read together) each leave out what the other links.
        let loading = Digraph(successors: loaded)
        let reached = kinds.indices.map { image in
            isImage(image) ? declared.reached(from: image, expanding: { kinds[$0] == .static }).filter { kinds[$0] == .static } : []
        }
        func carried(by image: Int) -> Set<Int> {
            Set(loading.closure(from: loaded[image]).filter { $0 != image }.flatMap { reached[$0] })
        }
        var links: [Digraph.Pair] = [], embeds: [Digraph.Pair] = []
        for image in kinds.indices where isImage(image) {
            let avoided = loaded[image].isEmpty ? [] : carried(by: image)
            for module in reached[image] where !avoided.contains(module) {
                links.append(Digraph.Pair(image, module))
            }
            guard kinds[image] == .executable else { continue }
            for module in declared.reached(from: image, expanding: { kinds[$0] != .executable }) where kinds[module] == .dynamic {
                embeds.append(Digraph.Pair(image, module))
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
            var byPackage: [String: [Node]] = [:]
            for (position, entry) in modules.enumerated() { byPackage[entry.module.package, default: []].append(Node(position)) }
            return byPackage.keys.sorted().map { Group(name: $0.isEmpty ? "(no package)" : $0, members: byPackage[$0]!) }
        }
    }

    /// Layers lowest first, then the modules of none in one group.
    private static func layerGroups(_ layering: Layering?, byName: [String: Node], count: Int) -> [Group] {
        var groups: [Group] = []
        var assigned = Set<Node>()
        for layer in layering?.layers ?? [] {
            let members = layer.modules.compactMap { byName[$0] }.filter { assigned.insert($0).inserted }.sorted()
            if !members.isEmpty { groups.append(Group(name: layer.name, members: members)) }
        }
        let rest = (0..<count).map(Node.init).filter { !assigned.contains($0) }
        if !rest.isEmpty { groups.append(Group(name: groups.isEmpty ? "modules" : "no layer", members: rest)) }
        return groups
    }
}
