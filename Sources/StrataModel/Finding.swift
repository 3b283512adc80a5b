/// A broken rule, found by analysis: which rule, how bad, what happened, and where.
///
/// Every rule family (layers, forbidden imports, stability principles, cycles, undeclared
/// dependencies, ...) reports through this one type, so `strata check`, SARIF and the report
/// list them the same way and a baseline can key them without line numbers.
public struct Finding: Hashable, Sendable, Codable, Comparable {
    /// How much a finding matters; `error` makes `strata check` exit 1.
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        case error, warn, info

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
        /// `error < warn < info`: sorting puts the worst first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// The rule, e.g. `.layerViolation` (`layer-violation` in JSON and on the command line).
    public var rule: RuleID
    public var severity: Severity
    /// One sentence in the user's words, naming the modules involved.
    public var message: String
    /// The module the finding is about (the importing side of an edge).
    public var module: String
    /// The other side, when there is one: the imported module, layer or external module.
    /// With `rule` and `module` it identifies the finding without line numbers.
    public var dependency: String?
    /// The import sites, or the manifest line of a declared-only dependency, sorted.
    public var evidence: [Location]
    /// What identifies the finding across commits: rule, module and dependency identities,
    /// and the file for findings about one site; never a line number or the message's
    /// wording, so moving code or editing elsewhere keeps it. Set by analysis
    /// (`FindingFingerprint`); baselines, SARIF and `strata diff` match findings by it.
    public var fingerprint: String = ""
    /// For a finding silenced by `// strata:ignore`: the reason written there. Suppressed
    /// findings are listed apart (`AnalysisResult.suppressedFindings`), never judged.
    public var suppression: String?

    public init(rule: RuleID, severity: Severity, message: String, module: String, dependency: String? = nil, evidence: [Location]) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.module = module
        self.dependency = dependency
        self.evidence = evidence.sorted()
    }

    /// Worst first, then by module, rule and dependency, so output is deterministic.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.module != rhs.module { return lhs.module < rhs.module }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.dependency != rhs.dependency { return (lhs.dependency ?? "") < (rhs.dependency ?? "") }
        if lhs.evidence != rhs.evidence { return lhs.evidence.lexicographicallyPrecedes(rhs.evidence) }
        return lhs.message < rhs.message
    }
}

/// The ids of the rules Strata checks; each one's name, rationale, default severity,
/// examples and finder are in its file in `StrataAnalysis/Rules` (run in `Rules.all`).
public enum RuleID: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case layerViolation = "layer-violation"
    case forbiddenDependency = "forbidden-dependency"
    case forbiddenImport = "forbidden-import"
    case stableDependencies = "stable-dependencies"
    case stableAbstractions = "stable-abstractions"
    case testableImport = "testable-import"
    case exportedImport = "exported-import"
    case cycle = "cycle"
    case implicitDependency = "implicit-dependency"
    case unusedDependency = "unused-dependency"
    case undeclaredImport = "undeclared-import"
    case unusedPublic = "unused-public"
    case openNotSubclassed = "open-not-subclassed"
    case unregisteredService = "unregistered-service"
    case duplicateRegistration = "duplicate-registration"
    case containerKeyMismatch = "container-key-mismatch"
    case containerDependency = "container-dependency"
    case sharedStateDuplicated = "shared-state-duplicated"
    case unusedImport = "unused-import"

    /// The id as users write it: `layer-violation`.
    public var description: String { rawValue }

    /// By id, as `strata rules` lists them.
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Findings counted by severity: the overview's numbers and `strata check`'s total.
public struct FindingCounts: Hashable, Sendable, Codable {
    public var error: Int
    public var warn: Int
    public var info: Int

    public init(error: Int = 0, warn: Int = 0, info: Int = 0) {
        self.error = error
        self.warn = warn
        self.info = info
    }

    public init(_ findings: [Finding]) {
        self.init(
            error: findings.count { $0.severity == .error }, warn: findings.count { $0.severity == .warn },
            info: findings.count { $0.severity == .info })
    }
}
