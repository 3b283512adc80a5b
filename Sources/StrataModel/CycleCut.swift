/// One edge of a cycle to remove so that the cycle's modules no longer depend on each other
/// in a circle: the import statements to change, and whether a manifest declares the edge too.
public struct CycleCut: Hashable, Sendable, Codable {
    /// The importing module, where the import statements are.
    public var from: ModuleID
    /// The imported module.
    public var to: ModuleID
    /// How many import statements make the edge: the cost of cutting it.
    public var importSites: Int
    /// Whether a manifest declares the dependency as well, so it has to go there too.
    public var declared: Bool
    /// The import statements to change, as `file:line`.
    public var evidence: [Location]

    public init(from: ModuleID, to: ModuleID, importSites: Int, declared: Bool, evidence: [Location]) {
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

    private enum CodingKeys: String, CodingKey { case from, to, importSites, declared, evidence }

    /// Its modules by name (`ModuleNames`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try ModuleNames.decode(forKey: .from, in: container)
        to = try ModuleNames.decode(forKey: .to, in: container)
        importSites = try container.decode(Int.self, forKey: .importSites)
        declared = try container.decode(Bool.self, forKey: .declared)
        evidence = try container.decode([Location].self, forKey: .evidence)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try ModuleNames.encode(from, forKey: .from, in: &container)
        try ModuleNames.encode(to, forKey: .to, in: &container)
        try container.encode(importSites, forKey: .importSites)
        try container.encode(declared, forKey: .declared)
        try container.encode(evidence, forKey: .evidence)
    }
}
