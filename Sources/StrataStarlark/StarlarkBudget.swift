/// A bound on walking one value (printing, comparing, hashing, flattening it): the nodes
/// visited and the depth. A list that holds itself, or a tuple doubled sixty times, is cut
/// short instead of walked forever.
struct StarlarkBudget {
    static let maximumDepth = 64
    var nodes = 200_000

    /// Counts one more node at `depth`; false once the walk must stop.
    mutating func enter(depth: Int) -> Bool {
        nodes -= 1
        return nodes >= 0 && depth < Self.maximumDepth
    }
}
