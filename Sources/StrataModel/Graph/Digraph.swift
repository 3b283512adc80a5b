/// A directed graph over the nodes `0..<count`: the one place Strata's graph algorithms live.
/// `ModuleGraph` numbers modules by name, so every walk here visits neighbours in name order
/// and every answer is deterministic.
///
/// Every algorithm is iterative (no recursion on the input, so a chain of thousands of modules
/// cannot overflow the stack) and linear in the graph, except `paths` and `shortestPaths`,
/// which are bounded by a limit and a budget, `dependencyOrder`, which scans the nodes once
/// per cycle it breaks, and `minimumCut`, which is one search per unit of flow.
public struct Digraph: Sendable, Equatable {
    /// A directed edge by node indices.
    public struct Pair: Hashable, Sendable, Comparable {
        public var from: Int, to: Int
        public init(_ from: Int, _ to: Int) {
            self.from = from
            self.to = to
        }
        public static func < (lhs: Pair, rhs: Pair) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// Each node's successors and predecessors. Built from pairs, they are ascending and
    /// without repeats; `init(successors:)` keeps the order it is given.
    public let successors: [[Int]]
    public let predecessors: [[Int]]

    public var count: Int { successors.count }

    /// The graph of these edges: self-edges and repeats left out, neighbours ascending.
    public init<Pairs: Sequence>(count: Int, edges: Pairs) where Pairs.Element == Pair {
        var successors = [[Int]](repeating: [], count: count)
        var predecessors = [[Int]](repeating: [], count: count)
        for pair in edges where pair.from != pair.to {
            successors[pair.from].append(pair.to)
            predecessors[pair.to].append(pair.from)
        }
        self.successors = successors.map { Array(Set($0)).sorted() }
        self.predecessors = predecessors.map { Array(Set($0)).sorted() }
    }

    /// The graph of these successor lists, in their order (a walk visits them in it).
    public init(successors: [[Int]]) {
        var predecessors = [[Int]](repeating: [], count: successors.count)
        for (from, targets) in successors.enumerated() { for to in targets { predecessors[to].append(from) } }
        self.successors = successors
        self.predecessors = predecessors.map { $0.sorted() }
    }

    public func contains(_ pair: Pair) -> Bool {
        pair.from < count && successors[pair.from].contains(pair.to)
    }

    /// Every edge, sorted.
    public var pairs: [Pair] {
        successors.enumerated().flatMap { from, targets in targets.map { Pair(from, $0) } }.sorted()
    }

    /// The same nodes with every edge turned round.
    public var reversed: Digraph { Digraph(successors: predecessors) }

    // MARK: Reachability

    /// `start` and every node reached from it (`backward`: every node that reaches it),
    /// ascending.
    public func closure(from start: [Int], backward: Bool = false) -> [Int] {
        let adjacency = backward ? predecessors : successors
        var seen = Set(start)
        var stack = start
        while let node = stack.popLast() {
            for other in adjacency[node] where seen.insert(other).inserted { stack.append(other) }
        }
        return seen.sorted()
    }

    /// The nodes reached from `start` (itself excluded) when only the nodes `expanding` keeps
    /// are walked through: the others are reached but lead nowhere.
    public func reached(from start: Int, expanding: (Int) -> Bool) -> [Int] {
        var visited: Set<Int> = [start], found: [Int] = []
        var stack = successors[start]
        while let next = stack.popLast() {
            guard visited.insert(next).inserted else { continue }
            found.append(next)
            if expanding(next) { stack += successors[next] }
        }
        return found
    }

    /// Whether `to` is reached from `from` without the `removed` edges.
    public func reaches(from: Int, to: Int, without removed: Set<Pair> = []) -> Bool {
        var seen: Set<Int> = [from]
        var stack = [from]
        while let node = stack.popLast() {
            for next in successors[node] where !removed.contains(Pair(node, next)) && seen.insert(next).inserted {
                if next == to { return true }
                stack.append(next)
            }
        }
        return false
    }

    /// Breadth-first from `seeds` (`backward`: along predecessors): for every node reached, the
    /// node it was reached from (itself for a seed), nil for the rest. Shortest chains, ties to
    /// the smaller node.
    public func breadthFirst(from seeds: [Int], backward: Bool = false) -> [Int?] {
        let adjacency = backward ? predecessors : successors
        var via = [Int?](repeating: nil, count: count)
        var queue: [Int] = []
        for seed in Set(seeds).sorted() {
            via[seed] = seed
            queue.append(seed)
        }
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for other in adjacency[node] where via[other] == nil {
                via[other] = node
                queue.append(other)
            }
        }
        return via
    }

    /// The chain from `node` back to the seed `breadthFirst` reached it from.
    public static func chain(from node: Int, via: [Int?]) -> [Int] {
        var chain = [node]
        var current = node
        while let previous = via[current], previous != current {
            chain.append(previous)
            current = previous
        }
        return chain
    }

    /// Each node's transitive predecessors (itself excluded), one walk per node with a visit
    /// stamp: memory linear in the graph, however long its chains.
    public func transitivePredecessors(_ visit: (_ node: Int, _ predecessors: [Int]) -> Void) {
        var stamp = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        for start in 0..<count {
            stamp[start] = start
            stack.append(start)
            var reached: [Int] = []
            while let node = stack.popLast() {
                for other in predecessors[node] where stamp[other] != start {
                    stamp[other] = start
                    reached.append(other)
                    stack.append(other)
                }
            }
            visit(start, reached)
        }
    }

    /// The focus nodes and every node within `depth` hops of one of them, following successors
    /// and predecessors (not sideways: a successor's other predecessors are not neighbours).
    public func neighbourhood(of focus: [Int], depth: Int) -> [Int] {
        var members = Set(focus)
        for adjacency in [successors, predecessors] {
            var frontier = focus
            var seen = Set(focus)
            for _ in 0..<max(depth, 0) where !frontier.isEmpty {
                var next: [Int] = []
                for node in frontier { for other in adjacency[node] where seen.insert(other).inserted { next.append(other) } }
                frontier = next
            }
            members.formUnion(seen)
        }
        return members.sorted()
    }

    // MARK: Components and order

    /// Strongly connected components (Tarjan), single nodes included: each sorted, the list in
    /// order of their smallest node, with the component of every node.
    public func components() -> (members: [[Int]], component: [Int]) {
        var index = 0
        var indices = [Int](repeating: -1, count: count), lowlink = [Int](repeating: 0, count: count)
        var stack: [Int] = [], onStack = [Bool](repeating: false, count: count)
        var found: [[Int]] = []
        for start in 0..<count where indices[start] < 0 {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            indices[start] = index; lowlink[start] = index; index += 1
            stack.append(start); onStack[start] = true
            while var frame = work.popLast() {
                let next = successors[frame.node]
                if frame.next < next.count {
                    let successor = next[frame.next]
                    frame.next += 1
                    work.append(frame)
                    if indices[successor] < 0 {
                        indices[successor] = index; lowlink[successor] = index; index += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowlink[frame.node] = min(lowlink[frame.node], indices[successor])
                    }
                    continue
                }
                if let parent = work.last { lowlink[parent.node] = min(lowlink[parent.node], lowlink[frame.node]) }
                if lowlink[frame.node] == indices[frame.node] {
                    var members: [Int] = []
                    while let top = stack.popLast() {
                        onStack[top] = false
                        members.append(top)
                        if top == frame.node { break }
                    }
                    found.append(members.sorted())
                }
            }
        }
        found.sort { $0[0] < $1[0] }
        var component = [Int](repeating: 0, count: count)
        for (position, members) in found.enumerated() { for node in members { component[node] = position } }
        return (found, component)
    }

    /// The graph of the components (`components()`): a component's successors are the
    /// components its nodes' successors are in, its own left out. Always acyclic.
    public func condensation() -> (graph: Digraph, members: [[Int]], component: [Int]) {
        let (members, component) = components()
        var edges: [Pair] = []
        for (from, targets) in successors.enumerated() {
            for to in targets where component[from] != component[to] { edges.append(Pair(component[from], component[to])) }
        }
        return (Digraph(count: members.count, edges: edges), members, component)
    }

    /// The edges another path implies (`from` reaches `to` without them) between nodes in no
    /// cycle: what a transitive reduction leaves out. Without all of them every node still
    /// reaches what it reached.
    public func impliedEdges() -> Set<Pair> {
        let (dag, members, component) = condensation()
        guard let order = dag.topologicalOrder() else { return [] }
        // What each component reaches, itself included, as bits: successors first.
        let words = (dag.count + 63) / 64
        var reach = [[UInt64]](repeating: [], count: dag.count)
        for node in order {
            var bits = [UInt64](repeating: 0, count: words)
            bits[node >> 6] |= 1 << UInt64(node & 63)
            for next in dag.successors[node] { for word in 0..<words { bits[word] |= reach[next][word] } }
            reach[node] = bits
        }
        var implied: Set<Pair> = []
        for (from, targets) in successors.enumerated() where members[component[from]].count == 1 {
            for to in targets where to != from && members[component[to]].count == 1 {
                let target = component[to], bit = UInt64(1) << UInt64(target & 63)
                if dag.successors[component[from]].contains(where: { $0 != target && reach[$0][target >> 6] & bit != 0 }) {
                    implied.insert(Pair(from, to))
                }
            }
        }
        return implied
    }

    /// A topological order, successors first (Kahn), of an acyclic graph; nil when the graph
    /// has a cycle. Of the nodes ready at a time the largest goes first.
    public func topologicalOrder() -> [Int]? {
        var waiting = successors.map(\.count)
        var ready = (0..<count).filter { waiting[$0] == 0 }
        var order: [Int] = []
        while let node = ready.popLast() {
            order.append(node)
            for other in predecessors[node] {
                waiting[other] -= 1
                if waiting[other] == 0 { ready.append(other) }
            }
        }
        return order.count == count ? order : nil
    }

    public var isAcyclic: Bool { topologicalOrder() != nil }

    /// Every node, successors first, even in a graph with cycles (Kahn's, first ready first
    /// placed, the sinks ascending to start with). When a cycle blocks, the node with the
    /// fewest successors left to place goes next (the smallest of those), as if the edges to
    /// them were gone: an acyclic graph gets a topological order, a cycle is broken where it
    /// leaves the fewest edges pointing forwards.
    public func dependencyOrder() -> [Int] {
        var waiting = successors.map(\.count)
        var placed = [Bool](repeating: false, count: count)
        var order = (0..<count).filter { waiting[$0] == 0 }
        order.reserveCapacity(count)
        var next = 0
        while next < count {
            if next == order.count {
                let stuck = (0..<count).filter { !placed[$0] }.min { waiting[$0] < waiting[$1] }!
                order.append(stuck)
            }
            let node = order[next]
            next += 1
            placed[node] = true
            for other in predecessors[node] where !placed[other] {
                waiting[other] -= 1
                if waiting[other] == 0 { order.append(other) }
            }
        }
        return order
    }

    /// An order of the nodes in which few and light edges point backwards (Eades–Lin–Smyth): the
    /// backward edges are a small feedback arc set, whose removal leaves the graph acyclic.
    /// Sinks go to the end, sources to the start, else the node whose outgoing weight most
    /// exceeds its incoming; ties to the smaller node. Returns each node's position.
    public func feedbackOrder(weight: (Pair) -> Int) -> [Int] {
        var remaining = [Bool](repeating: true, count: count)
        var left = count
        var outgoing = successors.map(\.count), incoming = predecessors.map(\.count)
        var head: [Int] = [], tail: [Int] = []
        func remove(_ node: Int) {
            remaining[node] = false
            left -= 1
            for other in successors[node] where remaining[other] { incoming[other] -= 1 }
            for other in predecessors[node] where remaining[other] { outgoing[other] -= 1 }
        }
        while left > 0 {
            let alive = (0..<count).filter { remaining[$0] }
            if let sink = alive.first(where: { outgoing[$0] == 0 }) {
                tail.insert(sink, at: 0)
                remove(sink)
            } else if let source = alive.first(where: { incoming[$0] == 0 }) {
                head.append(source)
                remove(source)
            } else {
                func balance(_ node: Int) -> Int {
                    successors[node].filter { remaining[$0] }.reduce(0) { $0 + weight(Pair(node, $1)) }
                        - predecessors[node].filter { remaining[$0] }.reduce(0) { $0 + weight(Pair($1, node)) }
                }
                let next = alive.max { balance($0) < balance($1) }!
                head.append(next)
                remove(next)
            }
        }
        var position = [Int](repeating: 0, count: count)
        for (place, node) in (head + tail).enumerated() { position[node] = place }
        return position
    }

    // MARK: Paths and cuts

    /// One shortest path from `from` to `to`, breadth first; nil when none.
    public func shortestPath(from: Int, to: Int) -> [Int]? {
        var previous: [Int: Int] = [from: from]
        var queue = [from], head = 0
        while head < queue.count, previous[to] == nil {
            let node = queue[head]
            head += 1
            for next in successors[node] where previous[next] == nil {
                previous[next] = node
                queue.append(next)
            }
        }
        guard previous[to] != nil else { return nil }
        var path = [to]
        while path[path.count - 1] != from { path.append(previous[path[path.count - 1]]!) }
        return path.reversed()
    }

    /// Up to `limit` of the shortest paths from `source` to every node it reaches, each from
    /// `source` to the node: nearest nodes first (ties in node order), and a node's paths
    /// those of its predecessors one step nearer, in node order. `complete` is false when the
    /// paths would hold more than `budget` nodes in all: they stop before the first node whose
    /// paths pass it, so a long chain (whose paths grow with its square) stays bounded.
    public func shortestPaths(from source: Int, limit: Int, budget: Int) -> (paths: [[Int]], complete: Bool) {
        var distance = [Int](repeating: -1, count: count)
        distance[source] = 0
        var queue = [source], head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors[node] where distance[next] < 0 {
                distance[next] = distance[node] + 1
                queue.append(next)
            }
        }
        let reached = queue.dropFirst().sorted { (distance[$0], $0) < (distance[$1], $1) }
        var found = [[[Int]]](repeating: [], count: count)
        found[source] = [[source]]
        var paths: [[Int]] = [], numbers = 0
        for node in reached {
            var own: [[Int]] = []
            for previous in predecessors[node] where distance[previous] == distance[node] - 1 && own.count < limit {
                for path in found[previous] where own.count < limit { own.append(path + [node]) }
            }
            numbers += own.reduce(0) { $0 + $1.count }
            guard numbers <= budget else { return (paths, false) }
            found[node] = own
            paths += own
        }
        return (paths, true)
    }

    /// Simple paths from `from` to `to`, shortest first then in node order, at most `limit`;
    /// `complete` is false when there are more (or the search gave up after `budget` partial
    /// paths, which bounds it on dense graphs).
    public func paths(from: Int, to: Int, limit: Int = 50, budget: Int = 200_000) -> (paths: [[Int]], complete: Bool) {
        guard from != to else { return ([], true) }
        // Only nodes on some path: reached from `from` and reaching `to`.
        let onPath = Set(closure(from: [from])).intersection(closure(from: [to], backward: true))
        guard onPath.contains(to) else { return ([], true) }
        // Breadth-first by length, so the shortest paths come first and a limit cuts the
        // longest; each partial path is extended only by nodes not already on it.
        var found: [[Int]] = []
        var layer: [[Int]] = [[from]]
        var complete = true
        var budget = budget
        while !layer.isEmpty {
            var next: [[Int]] = []
            var reached: [[Int]] = []
            for path in layer {
                for other in successors[path[path.count - 1]] where onPath.contains(other) && !path.contains(other) {
                    budget -= 1
                    if budget < 0 { complete = false; break }
                    if other == to { reached.append(path + [other]) } else { next.append(path + [other]) }
                }
                if budget < 0 { break }
            }
            reached.sort { $0.lexicographicallyPrecedes($1) }
            for path in reached {
                if found.count == limit { complete = false; break }
                found.append(path)
            }
            if found.count == limit || budget < 0 { if !next.isEmpty { complete = false }; break }
            layer = next
        }
        return (found, complete)
    }

    /// The fewest edges whose removal leaves no path from `from` to `to`, sorted: a maximum
    /// flow of unit capacities (Edmonds–Karp: shortest augmenting paths until none is left),
    /// then the edges from what the source still reaches to the rest.
    public func minimumCut(from: Int, to: Int) -> [Pair] {
        var flow = Set<Pair>()
        /// Breadth-first search of the residual graph: each reached node's predecessor, and
        /// whether it was reached along an edge (true) or back against a flow (false).
        func search() -> [Int: (previous: Int, forward: Bool)] {
            var parent: [Int: (previous: Int, forward: Bool)] = [from: (from, true)]
            var queue = [from], head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for next in successors[node] where parent[next] == nil && !flow.contains(Pair(node, next)) {
                    parent[next] = (node, true)
                    queue.append(next)
                }
                for previous in predecessors[node] where parent[previous] == nil && flow.contains(Pair(previous, node)) {
                    parent[previous] = (node, false)
                    queue.append(previous)
                }
            }
            return parent
        }
        while true {
            let parent = search()
            guard parent[to] != nil else {
                return flow.filter { parent[$0.from] != nil && parent[$0.to] == nil }.sorted()
            }
            var node = to
            while node != from, let step = parent[node] {
                if step.forward { flow.insert(Pair(step.previous, node)) } else { flow.remove(Pair(node, step.previous)) }
                node = step.previous
            }
        }
    }
}
