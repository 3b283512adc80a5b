import StrataModel

/// A commit as history records it: its id, committer time (seconds since 1970), parents and
/// subject line.
public struct HistoryCommit: Hashable, Sendable, Codable {
    public var id: String
    public var time: Int
    public var parents: [String]
    public var subject: String

    public init(id: String, time: Int, parents: [String], subject: String) {
        self.id = id
        self.time = time
        self.parents = parents
        self.subject = subject
    }
}

/// What history keeps of one commit's analysis: the rows of the database for it.
public struct CommitSnapshot: Hashable, Sendable {
    public struct ModuleRow: Hashable, Sendable, Codable {
        /// Where the module is declared (manifest and target): stable across renames of files.
        public var id: String
        public var name: String
        public var kind: String
        public var linkage: String
        public var files: Int
        public var lines: Int
        /// Nil for test modules, which have no metrics.
        public var ca: Int?
        public var ce: Int?
        public var instability: Double?
        public var abstractness: Double?
        public var distance: Double?

        public init(
            id: String, name: String, kind: String, linkage: String, files: Int, lines: Int, ca: Int?, ce: Int?,
            instability: Double?, abstractness: Double?, distance: Double?
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.linkage = linkage
            self.files = files
            self.lines = lines
            self.ca = ca
            self.ce = ce
            self.instability = instability
            self.abstractness = abstractness
            self.distance = distance
        }
    }

    public struct EdgeRow: Hashable, Sendable, Codable {
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// A file of `source` imports `target`.
            case `import`
            /// The manifest declares the dependency.
            case declared
            /// Only a DI container connects them (a resolution in `source` of a service `target` registers).
            case container
        }
        public var source: String
        public var target: String
        public var kind: Kind
        /// The first import line (or manifest line) that makes the edge.
        public var file: String?
        public var line: Int?

        public init(source: String, target: String, kind: Kind, file: String?, line: Int?) {
            self.source = source
            self.target = target
            self.kind = kind
            self.file = file
            self.line = line
        }
    }

    public struct FindingRow: Hashable, Sendable, Codable {
        public var fingerprint: String
        public var rule: String
        public var severity: String
        public var module: String
        public var dependency: String?
        public var file: String?
        public var line: Int?
        public var message: String

        public init(
            fingerprint: String, rule: String, severity: String, module: String, dependency: String?, file: String?, line: Int?,
            message: String
        ) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.severity = severity
            self.module = module
            self.dependency = dependency
            self.file = file
            self.line = line
            self.message = message
        }
    }

    /// DI counts.
    public struct Injection: Hashable, Sendable, Codable {
        public var registrations = 0
        public var resolutions = 0
        public var unregistered = 0
        public var duplicates = 0

        public init(registrations: Int = 0, resolutions: Int = 0, unregistered: Int = 0, duplicates: Int = 0) {
            self.registrations = registrations
            self.resolutions = resolutions
            self.unregistered = unregistered
            self.duplicates = duplicates
        }
    }

    public var commit: HistoryCommit
    /// The packages the commit declares and pins (Package.swift, Package.resolved, Podfile.lock):
    /// kept by the PostgreSQL history only, for the organisation's page.
    public var packages: [PackageRow] = []
    public var modules: [ModuleRow]
    public var edges: [EdgeRow]
    /// Each cycle's modules, sorted; cycles sorted.
    public var cycles: [[String]]
    public var findings: [FindingRow]
    public var injection: Injection

    public init(commit: HistoryCommit, modules: [ModuleRow], edges: [EdgeRow], cycles: [[String]], findings: [FindingRow], injection: Injection) {
        self.commit = commit
        self.modules = modules
        self.edges = edges
        self.cycles = cycles
        self.findings = findings
        self.injection = injection
    }

    /// The rows of one analysis.
    public init(commit: HistoryCommit, result: AnalysisResult) {
        self.commit = commit
        modules = result.modules.map { entry in
            let module = entry.module, metrics = entry.metrics
            return ModuleRow(
                id: module.id.description, name: module.name, kind: module.kind.rawValue, linkage: module.linkage.kind.rawValue,
                files: module.files, lines: module.lines, ca: metrics?.ca, ce: metrics?.ce,
                instability: metrics?.instability, abstractness: metrics?.abstractness, distance: metrics?.distance)
        }.sorted { $0.id < $1.id }
        var edges: [EdgeRow] = []
        // The tables name modules as people know them.
        let byID = Dictionary(result.modules.map { ($0.module.id, $0.module) }, uniquingKeysWith: { first, _ in first })
        func name(_ id: ModuleID) -> String { byID[id]?.name ?? id.description }
        for edge in result.edges {
            let (source, target) = (name(edge.from), name(edge.to))
            if edge.imported {
                let site = edge.evidence.first
                edges.append(EdgeRow(source: source, target: target, kind: .import, file: site?.file, line: site?.line))
            }
            if edge.declared {
                let site = byID[edge.from]?.declarationLines(of: target).first
                edges.append(EdgeRow(source: source, target: target, kind: .declared, file: site?.file, line: site?.line))
            }
        }
        for edge in result.injection.edges where edge.containerOnly {
            edges.append(EdgeRow(source: name(edge.from), target: name(edge.to), kind: .container, file: nil, line: nil))
        }
        self.edges = Self.firstOfEach(edges).sorted { ($0.source, $0.target, $0.kind.rawValue) < ($1.source, $1.target, $1.kind.rawValue) }
        cycles = result.cycles.map { $0.modules.sorted() }.sorted { $0.lexicographicallyPrecedes($1) }
        findings = Self.firstOfEach(result.findings.map { finding in
            FindingRow(
                fingerprint: finding.fingerprint, rule: finding.rule.rawValue, severity: finding.severity.rawValue,
                module: finding.module, dependency: finding.dependency, file: finding.evidence.first?.file,
                line: finding.evidence.first?.line, message: finding.message)
        }).sorted { $0.fingerprint < $1.fingerprint }
        let report = result.injection
        injection = Injection(
            registrations: report.registrations.count, resolutions: report.resolutions.count,
            unregistered: report.unregistered.count, duplicates: report.duplicates.count)
    }

    private struct EdgeKey: Hashable { var source, target: String; var kind: EdgeRow.Kind }

    /// One row per key (the database's primary key), the first one kept.
    private static func firstOfEach(_ edges: [EdgeRow]) -> [EdgeRow] {
        var seen = Set<EdgeKey>()
        return edges.filter { seen.insert(EdgeKey(source: $0.source, target: $0.target, kind: $0.kind)).inserted }
    }

    private static func firstOfEach(_ findings: [FindingRow]) -> [FindingRow] {
        var seen = Set<String>()
        return findings.filter { seen.insert($0.fingerprint).inserted }
    }
}
