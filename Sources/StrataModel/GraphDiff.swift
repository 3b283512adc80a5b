/// What changed between two analyses of one repository (BASE and HEAD): what `strata diff`
/// reports and writes as `strata-diff.json`.
///
/// Modules are matched by identity (`manifest#target`), then a module whose identity changed
/// is matched by its target name (moved) or its folder (renamed). Findings are matched by
/// fingerprint. Every list is sorted. `schemaVersion` changes when a key is renamed or
/// removed or its meaning changes; added keys keep the version.
public struct GraphDiff: Sendable, Codable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = Self.currentSchemaVersion
    public var generator: String
    public var base: Revision
    public var head: Revision
    public var summary: DiffSummary
    public var modules: ModuleChanges
    /// Internal edges that appeared or disappeared, as imports and as declared dependencies.
    public var edges: EdgeChanges
    /// Modules whose linkage kind changed (static <-> dynamic).
    public var linkage: [LinkageChange]
    /// Per module present in both: metrics, files and lines where any changed.
    public var metrics: [MetricDelta]
    public var cycles: CycleChanges
    public var findings: FindingChanges
    public var injection: InjectionChanges
    /// Public declarations per module where the count changed.
    public var publicSurface: [CountChange]
    /// Dynamic frameworks each app loads at launch, where the set changed.
    public var launch: [LaunchChange]
    /// Static modules copied into several images: newly duplicated, and no longer.
    public var duplicatedStaticModules: Changes<String>
    /// Modules whose files or manifest changed, plus everything that depends on them at HEAD
    /// (what a reviewer must consider and CI must rebuild), sorted.
    public var affected: [String]
    /// How the critical path and the rebuild costs moved. Absent in older documents.
    public var buildShape: BuildShapeChange?

    public init(
        generator: String, base: Revision, head: Revision, summary: DiffSummary, modules: ModuleChanges,
        edges: EdgeChanges, linkage: [LinkageChange], metrics: [MetricDelta], cycles: CycleChanges,
        findings: FindingChanges, injection: InjectionChanges, publicSurface: [CountChange], launch: [LaunchChange],
        duplicatedStaticModules: Changes<String>, affected: [String]
    ) {
        self.generator = generator
        self.base = base
        self.head = head
        self.summary = summary
        self.modules = modules
        self.edges = edges
        self.linkage = linkage
        self.metrics = metrics
        self.cycles = cycles
        self.findings = findings
        self.injection = injection
        self.publicSurface = publicSurface
        self.launch = launch
        self.duplicatedStaticModules = duplicatedStaticModules
        self.affected = affected
    }

    /// One side of the comparison.
    public struct Revision: Hashable, Sendable, Codable {
        /// As the user wrote it: `main`, `v2.1`, `HEAD~3`, `worktree`, or a JSON file's name.
        public var label: String
        /// The full commit id; nil for the working directory or a saved result.
        public var commit: String?
        public var modules: Int
        public var edges: Int
        public var findings: FindingCounts

        public init(label: String, commit: String?, modules: Int, edges: Int, findings: FindingCounts) {
            self.label = label
            self.commit = commit
            self.modules = modules
            self.edges = edges
            self.findings = findings
        }
    }
}

/// Items that appeared and disappeared.
public struct Changes<Item: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var added: [Item]
    public var removed: [Item]

    public init(added: [Item] = [], removed: [Item] = []) {
        self.added = added
        self.removed = removed
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// The headline numbers, derived from the lists in one place (`GraphComparison`).
public struct DiffSummary: Hashable, Sendable, Codable {
    public var modulesAdded = 0, modulesRemoved = 0, modulesMoved = 0
    public var edgesAdded = 0, edgesRemoved = 0
    public var cyclesIntroduced = 0, cyclesBroken = 0
    public var newFindings = FindingCounts(), fixedFindings = FindingCounts(), unchangedFindings = 0
    public var affectedModules = 0
    /// Apps whose launch loads more dynamic frameworks than before.
    public var slowerLaunches = 0

    public init() {}
}

/// A module as the diff names it: display name and identity.
public struct ModuleReference: Hashable, Sendable, Codable, Comparable {
    public var name: String
    public var id: String
    public var kind: ModuleKind
    public var path: String

    public init(name: String, id: String, kind: ModuleKind, path: String) {
        self.name = name
        self.id = id
        self.kind = kind
        self.path = path
    }

    public static func < (lhs: ModuleReference, rhs: ModuleReference) -> Bool { (lhs.name, lhs.id) < (rhs.name, rhs.id) }
}

public struct ModuleChanges: Hashable, Sendable, Codable {
    public var added: [ModuleReference]
    public var removed: [ModuleReference]
    /// The same module under another identity: its manifest or folder moved, or it was renamed.
    public var moved: [ModuleMove]
    /// Modules in both revisions whose Swift files or declared dependencies changed (HEAD names).
    public var changed: [String]

    public init(added: [ModuleReference], removed: [ModuleReference], moved: [ModuleMove], changed: [String]) {
        self.added = added
        self.removed = removed
        self.moved = moved
        self.changed = changed
    }
}

public struct ModuleMove: Hashable, Sendable, Codable, Comparable {
    public var base: ModuleReference
    public var head: ModuleReference

    public init(base: ModuleReference, head: ModuleReference) {
        self.base = base
        self.head = head
    }

    public static func < (lhs: ModuleMove, rhs: ModuleMove) -> Bool { lhs.head < rhs.head }
}

public struct EdgeChanges: Hashable, Sendable, Codable {
    /// `import` statements from one internal module of another, with the import lines of the
    /// revision that has them.
    public var imports: Changes<EdgeChange>
    /// Dependencies declared in manifests, with the manifest lines of the revision that has them.
    public var declared: Changes<EdgeChange>

    public init(imports: Changes<EdgeChange>, declared: Changes<EdgeChange>) {
        self.imports = imports
        self.declared = declared
    }
}

public struct EdgeChange: Hashable, Sendable, Codable, Comparable {
    public var from: String
    public var to: String
    public var evidence: [Location]
    /// For an added import edge, what `from` uses of `to`, most used first, and how many more.
    public var symbols: [EdgeSymbol]?
    public var moreSymbols: Int?

    public init(from: String, to: String, evidence: [Location]) {
        self.from = from
        self.to = to
        self.evidence = evidence
    }

    public static func < (lhs: EdgeChange, rhs: EdgeChange) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

public struct LinkageChange: Hashable, Sendable, Codable, Comparable {
    public var module: String
    public var base: Linkage.Kind
    public var head: Linkage
    public init(module: String, base: Linkage.Kind, head: Linkage) {
        self.module = module
        self.base = base
        self.head = head
    }
    public static func < (lhs: LinkageChange, rhs: LinkageChange) -> Bool { lhs.module < rhs.module }
}

/// One module's numbers at BASE and at HEAD.
public struct MetricDelta: Hashable, Sendable, Codable, Comparable {
    public struct Numbers: Hashable, Sendable, Codable {
        public var ce: Int, ca: Int
        public var instability: Double, abstractness: Double, distance: Double
        public var files: Int, lines: Int

        public init(ce: Int, ca: Int, instability: Double, abstractness: Double, distance: Double, files: Int, lines: Int) {
            self.ce = ce
            self.ca = ca
            self.instability = instability
            self.abstractness = abstractness
            self.distance = distance
            self.files = files
            self.lines = lines
        }
    }

    public var module: String
    public var base: Numbers
    public var head: Numbers

    public init(module: String, base: Numbers, head: Numbers) {
        self.module = module
        self.base = base
        self.head = head
    }

    /// How much further from the main sequence the module moved (negative: closer).
    public var distanceChange: Double { head.distance - base.distance }

    public static func < (lhs: MetricDelta, rhs: MetricDelta) -> Bool { lhs.module < rhs.module }
}

public struct CycleChanges: Hashable, Sendable, Codable {
    /// Cycles at HEAD whose set of modules no BASE cycle has.
    public var introduced: [Cycle]
    /// Cycles at BASE whose set of modules no HEAD cycle has.
    public var broken: [Cycle]
    /// Each revision's module names, which its cycles' edges are written with.
    private let names: (base: ModuleNames, head: ModuleNames)?

    public init(introduced: [Cycle], broken: [Cycle], names: (base: ModuleNames, head: ModuleNames)) {
        self.introduced = introduced
        self.broken = broken
        self.names = names
    }

    /// The name of a module of an introduced cycle (HEAD's).
    public func headName(_ id: ModuleID) -> String { names?.head[id] ?? id.description }

    private enum CodingKeys: String, CodingKey { case introduced, broken }

    /// Read with the names bound by the caller (one table for both revisions).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        introduced = try container.decode([Cycle].self, forKey: .introduced)
        broken = try container.decode([Cycle].self, forKey: .broken)
        names = nil
    }

    /// HEAD's cycles with HEAD's names, BASE's with BASE's.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try ModuleNames.rebound(names?.head) { try container.encode(introduced, forKey: .introduced) }
        try ModuleNames.rebound(names?.base) { try container.encode(broken, forKey: .broken) }
    }

    public static func == (lhs: CycleChanges, rhs: CycleChanges) -> Bool { (lhs.introduced, lhs.broken) == (rhs.introduced, rhs.broken) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(introduced)
        hasher.combine(broken)
    }
}

public struct FindingChanges: Hashable, Sendable, Codable {
    /// At HEAD, with no BASE finding of the same fingerprint: what the change brought.
    public var new: [Finding]
    /// At BASE, gone at HEAD.
    public var fixed: [Finding]
    /// In both (HEAD's wording and lines).
    public var unchanged: [Finding]

    public init(new: [Finding], fixed: [Finding], unchanged: [Finding]) {
        self.new = new
        self.fixed = fixed
        self.unchanged = unchanged
    }
}

public struct InjectionChanges: Hashable, Sendable, Codable {
    public var registrations: Changes<Registration>
    public var resolutions: Changes<Resolution>
    /// Module edges created by the container.
    public var edges: Changes<InjectionEdgeChange>

    public init(registrations: Changes<Registration>, resolutions: Changes<Resolution>, edges: Changes<InjectionEdgeChange>) {
        self.registrations = registrations
        self.resolutions = resolutions
        self.edges = edges
    }
}

/// A container edge (`InjectionEdge`) added or removed, its modules by name: an added edge's
/// as HEAD has them, a removed one's as BASE had them (it is compared by BASE's renamed to HEAD's).
public struct InjectionEdgeChange: Hashable, Sendable, Codable, Comparable {
    public var from: String
    public var to: String
    public var services: [String]
    public var containerOnly: Bool
    public var inverted: Bool
    public var breaks: [String]
    public var evidence: [Location]

    public init(_ edge: InjectionEdge, from: String, to: String) {
        (self.from, self.to) = (from, to)
        (services, containerOnly, inverted, breaks, evidence) = (edge.services, edge.containerOnly, edge.inverted, edge.breaks, edge.evidence)
    }

    public static func < (lhs: InjectionEdgeChange, rhs: InjectionEdgeChange) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

public struct CountChange: Hashable, Sendable, Codable, Comparable {
    public var module: String
    public var base: Int
    public var head: Int

    public init(module: String, base: Int, head: Int) {
        self.module = module
        self.base = base
        self.head = head
    }

    public static func < (lhs: CountChange, rhs: CountChange) -> Bool { lhs.module < rhs.module }
}

public struct LaunchChange: Hashable, Sendable, Codable, Comparable {
    public var app: String
    public var base: Int
    public var head: Int
    public var frameworks: Changes<String>

    public init(app: String, base: Int, head: Int, frameworks: Changes<String>) {
        self.app = app
        self.base = base
        self.head = head
        self.frameworks = frameworks
    }

    public static func < (lhs: LaunchChange, rhs: LaunchChange) -> Bool { lhs.app < rhs.app }
}

/// How a change moved the build shape: the critical path before and after, and the modules
/// whose rebuild cost changed, the largest change first.
public struct BuildShapeChange: Hashable, Sendable, Codable {
    /// A module's rebuild cost in both revisions (0 where it does not exist).
    public struct Cost: Hashable, Sendable, Codable {
        public var module: String
        public var base: Double
        public var head: Double

        public init(module: String, base: Double, head: Double) {
            self.module = module
            self.base = base
            self.head = head
        }
    }

    public var unit: BuildShape.Unit
    public var baseCriticalPath: [String]
    public var headCriticalPath: [String]
    public var baseCriticalCost: Double
    public var headCriticalCost: Double
    public var baseMaximumWidth: Int
    public var headMaximumWidth: Int
    public var rebuildCosts: [Cost]

    public init(
        unit: BuildShape.Unit, baseCriticalPath: [String], headCriticalPath: [String], baseCriticalCost: Double,
        headCriticalCost: Double, baseMaximumWidth: Int, headMaximumWidth: Int, rebuildCosts: [Cost]
    ) {
        self.unit = unit
        self.baseCriticalPath = baseCriticalPath
        self.headCriticalPath = headCriticalPath
        self.baseCriticalCost = baseCriticalCost
        self.headCriticalCost = headCriticalCost
        self.baseMaximumWidth = baseMaximumWidth
        self.headMaximumWidth = headMaximumWidth
        self.rebuildCosts = rebuildCosts
    }

    /// Whether anything moved.
    public var isEmpty: Bool {
        baseCriticalPath == headCriticalPath && baseCriticalCost == headCriticalCost && baseMaximumWidth == headMaximumWidth
            && rebuildCosts.isEmpty
    }
}
