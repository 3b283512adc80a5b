import StrataModel

/// Strongly connected components of the import graph (Tarjan), each with its edges and the
/// edges to cut to break it.
public enum Cycles {
    public static func find(edges: [ImportEdge]) -> [Cycle] {
        let imported = edges.filter { $0.imported && $0.from != $0.to }
        var successors: [String: [String]] = [:]
        for edge in imported { successors[edge.from, default: []].append(edge.to) }
        return components(successors: successors).filter { $0.count > 1 }.map { modules in
            let members = Set(modules)
            let edges = imported.filter { members.contains($0.from) && members.contains($0.to) }.sorted()
            return Cycle(modules: modules, edges: edges, cuts: CycleBreaking.cuts(for: edges))
        }
    }

    /// Every strongly connected component of a graph (Tarjan), single nodes included, each
    /// sorted, in lexicographic order.
    public static func components(successors: [String: [String]]) -> [[String]] {
        var nodes = Set(successors.keys)
        for targets in successors.values { nodes.formUnion(targets) }
        var index = 0
        var indices: [String: Int] = [:], lowlink: [String: Int] = [:]
        var stack: [String] = [], onStack = Set<String>()
        var components: [[String]] = []

        // Iterative, so a long chain of modules cannot overflow the call stack.
        for start in nodes.sorted() where indices[start] == nil {
            var work: [(node: String, next: Int)] = [(start, 0)]
            indices[start] = index; lowlink[start] = index; index += 1
            stack.append(start); onStack.insert(start)
            while var frame = work.popLast() {
                let next = successors[frame.node]?.sorted() ?? []
                if frame.next < next.count {
                    let successor = next[frame.next]
                    frame.next += 1
                    work.append(frame)
                    if indices[successor] == nil {
                        indices[successor] = index; lowlink[successor] = index; index += 1
                        stack.append(successor); onStack.insert(successor)
                        work.append((successor, 0))
                    } else if onStack.contains(successor) {
                        lowlink[frame.node] = min(lowlink[frame.node]!, indices[successor]!)
                    }
                    continue
                }
                if let parent = work.last {
                    lowlink[parent.node] = min(lowlink[parent.node]!, lowlink[frame.node]!)
                }
                if lowlink[frame.node] == indices[frame.node] {
                    var component: [String] = []
                    while let top = stack.popLast() {
                        onStack.remove(top)
                        component.append(top)
                        if top == frame.node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
