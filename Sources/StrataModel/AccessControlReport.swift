/// Access control across the repository: each non-test module's declarations by access level,
/// its public surface, and the public API no other module uses.
public struct AccessControlReport: Hashable, Sendable, Codable {
    /// One entry per non-test module with Swift files, in the order of `Project.modules`.
    public var modules: [ModuleAccess]

    public init(modules: [ModuleAccess]) {
        self.modules = modules
    }

    public static let empty = AccessControlReport(modules: [])

    /// Public and open declarations of every module (`Summary.publicDeclarations`).
    public var publicDeclarations: Int { modules.reduce(0) { $0 + $1.publicSurface } }
    /// Candidates for `internal` (`Summary.unusedPublic`).
    public var unusedPublic: Int { modules.reduce(0) { $0 + $1.unusedPublic.count } }
    /// Open classes no other module subclasses (`Summary.openNotSubclassed`).
    public var openNotSubclassed: Int { modules.reduce(0) { $0 + $1.openNotSubclassed.count } }
}

/// One module's access levels and the parts of its public API that nothing outside uses.
public struct ModuleAccess: Hashable, Sendable, Codable {
    public var module: String
    /// Declarations (extensions excepted) counted by effective access level: `open`, `public`,
    /// `package`, `internal`, `fileprivate`, `private`; levels without declarations are absent.
    public var byLevel: [String: Int]
    /// `open` plus `public` declarations: what other modules can see.
    public var publicSurface: Int
    /// Public or open declarations whose name no other module spells: candidates for `internal`.
    public var unusedPublic: [AccessCandidate]
    /// Open classes that no class of another module inherits from: candidates for `public` or `final`.
    public var openNotSubclassed: [AccessCandidate]

    public init(
        module: String, byLevel: [String: Int], publicSurface: Int, unusedPublic: [AccessCandidate] = [],
        openNotSubclassed: [AccessCandidate] = []
    ) {
        self.module = module
        self.byLevel = byLevel
        self.publicSurface = publicSurface
        self.unusedPublic = unusedPublic
        self.openNotSubclassed = openNotSubclassed
    }
}

/// A declaration whose access level is wider than its use, with where it is declared.
public struct AccessCandidate: Hashable, Sendable, Codable, Comparable {
    public var name: String
    public var kind: DeclarationKind
    /// The enclosing type or extended type, nil at the top level.
    public var parent: String?
    public var access: AccessLevel
    /// The declaration's `file:line`.
    public var evidence: Location

    public init(name: String, kind: DeclarationKind, parent: String? = nil, access: AccessLevel, evidence: Location) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.access = access
        self.evidence = evidence
    }

    /// `Parent.name`, or the name at the top level: how messages and the report name it.
    public var qualifiedName: String { parent.map { "\($0).\(name)" } ?? name }

    /// Its fields as a row of a `strata.json` document (`DocumentRows`), in this order.
    static let columns = ["name", "kind", "access", "evidence", "parent"]

    private enum CodingKeys: String, CodingKey { case name, kind, parent, access, evidence }

    public init(from decoder: any Decoder) throws {
        if DocumentRows.active {
            var row = try RowReader(decoder)
            name = try row()
            kind = try row()
            access = try row()
            evidence = try row()
            parent = try row.optional()
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(DeclarationKind.self, forKey: .kind)
        parent = try container.decodeIfPresent(String.self, forKey: .parent)
        access = try container.decode(AccessLevel.self, forKey: .access)
        evidence = try container.decode(Location.self, forKey: .evidence)
    }

    public func encode(to encoder: any Encoder) throws {
        if DocumentRows.active {
            var row = RowWriter(encoder)
            try row(name)
            try row(kind)
            try row(access)
            try row(evidence)
            try row(parent)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encode(access, forKey: .access)
        try container.encode(evidence, forKey: .evidence)
    }

    /// By evidence, then name, so output is deterministic.
    public static func < (lhs: AccessCandidate, rhs: AccessCandidate) -> Bool {
        if lhs.evidence != rhs.evidence { return lhs.evidence < rhs.evidence }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        return lhs.kind.rawValue < rhs.kind.rawValue
    }
}
