/// One edge of a cycle to remove so that the cycle's modules no longer depend on each other
/// in a circle: the import statements to change, and whether a manifest declares the edge too.
public struct CycleCut: Hashable, Sendable, Codable, Comparable {
    /// The importing module, where the import statements are.
    public var from: String
    /// The imported module.
    public var to: String
    /// How many import statements make the edge: the cost of cutting it.
    public var importSites: Int
    /// Whether a manifest declares the dependency as well, so it has to go there too.
    public var declared: Bool
    /// The import statements to change, as `file:line`.
    public var evidence: [Location]

    public init(from: String, to: String, importSites: Int, declared: Bool, evidence: [Location]) {
        self.from = from
        self.to = to
        self.importSites = importSites
        self.declared = declared
        self.evidence = evidence
    }

    /// The cut that removes the given edge.
    public init(_ edge: ImportEdge) {
        self.init(from: edge.from, to: edge.to, importSites: edge.evidence.count, declared: edge.declared, evidence: edge.evidence)
    }

    public static func < (lhs: CycleCut, rhs: CycleCut) -> Bool {
        lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
    }
}
