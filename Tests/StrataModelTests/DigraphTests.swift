import StrataModel
import Testing

/// The module graph's algorithms on small graphs whose answers are known by hand.
@Suite struct DigraphTests {
    typealias Pair = Digraph.Pair

    /// 0 → 1 → 2 → 0 (a cycle), 2 → 3 → 4, 5 alone.
    let graph = Digraph(count: 6, edges: [Pair(0, 1), Pair(1, 2), Pair(2, 0), Pair(2, 3), Pair(3, 4), Pair(3, 4), Pair(4, 4)])

    @Test func dropsRepeatsAndSelfEdges() {
        #expect(graph.successors == [[1], [2], [0, 3], [4], [], []])
        #expect(graph.predecessors == [[2], [0], [1], [2], [3], []])
    }

    @Test func componentsAreSortedWithEachNodesComponent() {
        let (members, component) = graph.components()
        #expect(members == [[0, 1, 2], [3], [4], [5]])
        #expect(component == [0, 0, 0, 1, 2, 3])
    }

    @Test func condensationIsAcyclicAndOrdersDependenciesFirst() {
        let (steps, members, _) = graph.condensation()
        #expect(members.count == 4)
        #expect(steps.successors == [[1], [2], [], []])
        let order = steps.topologicalOrder()!
        #expect(order.firstIndex(of: 2)! < order.firstIndex(of: 1)! && order.firstIndex(of: 1)! < order.firstIndex(of: 0)!)
        #expect(graph.topologicalOrder() == nil)
        #expect(!graph.isAcyclic && steps.isAcyclic)
    }

    @Test func reachability() {
        #expect(graph.closure(from: [3]) == [3, 4])
        #expect(graph.closure(from: [3], backward: true) == [0, 1, 2, 3])
        #expect(graph.reaches(from: 0, to: 4))
        #expect(!graph.reaches(from: 0, to: 4, without: [Pair(2, 3)]))
        #expect(graph.reached(from: 1) { $0 != 2 } == [2])
        let via = graph.breadthFirst(from: [4], backward: true)
        #expect(via == [1, 2, 3, 4, 4, nil])
        #expect(Digraph.chain(from: 0, via: via) == [0, 1, 2, 3, 4])
        #expect(graph.neighbourhood(of: [3], depth: 1) == [2, 3, 4])
    }

    /// 0 → 2 is implied by 0 → 1 → 2 and by 0 → 3 → 2; 0 → 6 by 0 → 3 → 4 → 6 through a cycle
    /// (4 ↔ 5), whose own edges and those touching it stay; 7 → 8 twice is one edge.
    @Test func impliedEdgesAreWhatATransitiveReductionLeavesOut() {
        let edges = [
            Pair(0, 1), Pair(1, 2), Pair(0, 2), Pair(0, 3), Pair(3, 2), Pair(3, 4), Pair(4, 5), Pair(5, 4), Pair(4, 6), Pair(5, 6),
            Pair(0, 6), Pair(7, 8), Pair(7, 8), Pair(8, 8),
        ]
        let dense = Digraph(count: 9, edges: edges)
        let implied = dense.impliedEdges()
        #expect(implied == [Pair(0, 2), Pair(0, 6)])
        // Without them every node reaches what it reached.
        let reduced = Digraph(count: 9, edges: edges.filter { !implied.contains($0) })
        #expect((0..<9).allSatisfy { reduced.closure(from: [$0]) == dense.closure(from: [$0]) })
        #expect(graph.impliedEdges().isEmpty)
    }

    @Test func transitivePredecessorsOfEveryNode() {
        var found: [Int: Set<Int>] = [:]
        graph.transitivePredecessors { found[$0] = Set($1) }
        #expect(found[4] == [0, 1, 2, 3])
        #expect(found[0] == [1, 2])
        #expect(found[5] == [])
    }

    /// Two routes from 0 to 3 (0→1→3, 0→2→3) and a longer one (0→1→2→3).
    let diamond = Digraph(count: 4, edges: [Pair(0, 1), Pair(0, 2), Pair(1, 3), Pair(2, 3), Pair(1, 2)])

    @Test func pathsShortestFirstThenInOrder() {
        let all = diamond.paths(from: 0, to: 3)
        #expect(all.paths == [[0, 1, 3], [0, 2, 3], [0, 1, 2, 3]])
        #expect(all.complete)
        let two = diamond.paths(from: 0, to: 3, limit: 2)
        #expect(two.paths.count == 2 && !two.complete)
        #expect(diamond.shortestPath(from: 0, to: 3) == [0, 1, 3])
        #expect(diamond.shortestPath(from: 3, to: 0) == nil)
    }

    @Test func shortestPathsToEveryNodeNearestFirstWithinALimitAndABudget() {
        #expect(diamond.shortestPaths(from: 0, limit: 3, budget: 100) == ([[0, 1], [0, 2], [0, 1, 3], [0, 2, 3]], true))
        // Only shortest ones: 0→1→2 is not a path to 2.
        #expect(diamond.shortestPaths(from: 0, limit: 1, budget: 100) == ([[0, 1], [0, 2], [0, 1, 3]], true))
        // 2 + 2 numbers fit in 6, the next node's 3 + 3 do not.
        #expect(diamond.shortestPaths(from: 0, limit: 3, budget: 6) == ([[0, 1], [0, 2]], false))
        #expect(graph.shortestPaths(from: 1, limit: 3, budget: 100) == ([[1, 2], [1, 2, 0], [1, 2, 3], [1, 2, 3, 4]], true))
        #expect(graph.shortestPaths(from: 5, limit: 3, budget: 100) == ([], true))
    }

    @Test func dependencyOrderPutsSuccessorsFirstAndBreaksCyclesWhereFewestEdgesAreLeft() {
        // Acyclic: every edge points backwards in the order.
        let order = diamond.dependencyOrder()
        #expect(order == [3, 2, 1, 0])
        // The sinks first (4, 5), then 3; the cycle 0 → 1 → 2 → 0 blocks, each with one
        // successor left: the smallest, 0, goes first.
        #expect(graph.dependencyOrder() == [4, 5, 3, 0, 2, 1])
        // 0 has two successors left and 1 one: 1 breaks the cycle though 0 is smaller.
        let knot = Digraph(count: 3, edges: [Pair(0, 1), Pair(0, 2), Pair(1, 0), Pair(2, 0)])
        #expect(knot.dependencyOrder() == [1, 0, 2])
        #expect(Digraph(count: 0, edges: []).dependencyOrder() == [])
    }

    @Test func minimumCutSeparatesSourceFromTarget() {
        let cut = diamond.minimumCut(from: 0, to: 3)
        #expect(cut.count == 2)
        #expect(!diamond.reaches(from: 0, to: 3, without: Set(cut)))
        // A bottleneck: both routes from 0 go through 1 → 2.
        let neck = Digraph(count: 4, edges: [Pair(0, 1), Pair(0, 3), Pair(3, 1), Pair(1, 2)])
        #expect(neck.minimumCut(from: 0, to: 2) == [Pair(1, 2)])
    }

    @Test func feedbackOrderLeavesAnAcyclicRest() {
        let weights = [Pair(0, 1): 5, Pair(1, 2): 5, Pair(2, 0): 1]
        let cycle = Digraph(count: 3, edges: weights.keys)
        let position = cycle.feedbackOrder { weights[$0]! }
        let backward = cycle.pairs.filter { position[$0.from] > position[$0.to] }
        #expect(backward == [Pair(2, 0)])  // the light edge
        #expect(Digraph(count: 3, edges: cycle.pairs.filter { !backward.contains($0) }).isAcyclic)
    }
}
