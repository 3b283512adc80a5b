/// The sampled commits' series, oldest first: what the trend page, the JSON and the CSV
/// show. Its JSON shape is documented in docs/history.md.
public struct HistoryTimeline: Hashable, Sendable, Codable {
    public static let currentSchemaVersion = 1

    /// One commit's totals.
    public struct Point: Hashable, Sendable, Codable {
        public var commit: String
        public var time: Int
        public var subject: String
        public var modules: Int
        public var importEdges: Int
        public var cycles: Int
        public var modulesInCycles: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        /// Findings per rule id.
        public var rules: [String: Int]
        /// Mean and worst distance from the main sequence over modules with metrics.
        public var meanDistance: Double
        public var worstDistance: Double
        public var lines: Int
        public var registrations: Int
        public var resolutions: Int
        public var unregisteredResolutions: Int
    }

    /// One module's values at each commit (nil where the module does not exist or has no metrics).
    public struct ModuleSeries: Hashable, Sendable, Codable {
        public var id: String
        public var name: String
        public var instability: [Double?]
        public var ca: [Int?]
        public var ce: [Int?]
        public var lines: [Int?]
        public var abstractness: [Double?]
        public var distance: [Double?]
        public var files: [Int?]
    }

    public var schemaVersion = Self.currentSchemaVersion
    public var repository: String
    /// Prefix of links to commits (`--link-base`); the page appends the commit id.
    public var linkBase: String?
    public var commits: [Point]
    public var modules: [ModuleSeries]
    public var events: [HistoryEvent]

    public init(repository: String, snapshots: [CommitSnapshot]) {
        self.repository = repository
        commits = snapshots.map(Self.point)
        events = HistoryEvent.between(snapshots)
        var series: [String: ModuleSeries] = [:]
        let count = snapshots.count
        for (index, snapshot) in snapshots.enumerated() {
            for row in snapshot.modules {
                var entry = series[row.id] ?? ModuleSeries(
                    id: row.id, name: row.name, instability: Array(repeating: nil, count: count), ca: Array(repeating: nil, count: count),
                    ce: Array(repeating: nil, count: count), lines: Array(repeating: nil, count: count),
                    abstractness: Array(repeating: nil, count: count), distance: Array(repeating: nil, count: count),
                    files: Array(repeating: nil, count: count))
                entry.name = row.name
                entry.instability[index] = row.instability
                entry.ca[index] = row.ca
                entry.ce[index] = row.ce
                entry.lines[index] = row.lines
                entry.abstractness[index] = row.abstractness
                entry.distance[index] = row.distance
                entry.files[index] = row.files
                series[row.id] = entry
            }
        }
        modules = series.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    private static func point(_ snapshot: CommitSnapshot) -> Point {
        let distances = snapshot.modules.compactMap(\.distance)
        var rules: [String: Int] = [:]
        for finding in snapshot.findings { rules[finding.rule, default: 0] += 1 }
        let severities = Dictionary(grouping: snapshot.findings, by: \.severity).mapValues(\.count)
        return Point(
            commit: snapshot.commit.id, time: snapshot.commit.time, subject: snapshot.commit.subject,
            modules: snapshot.modules.count, importEdges: snapshot.edges.filter { $0.kind == .import }.count,
            cycles: snapshot.cycles.count, modulesInCycles: Set(snapshot.cycles.joined()).count,
            errors: severities["error"] ?? 0, warnings: severities["warn"] ?? 0, infos: severities["info"] ?? 0, rules: rules,
            meanDistance: distances.isEmpty ? 0 : distances.reduce(0, +) / Double(distances.count),
            worstDistance: distances.max() ?? 0, lines: snapshot.modules.reduce(0) { $0 + $1.lines },
            registrations: snapshot.injection.registrations, resolutions: snapshot.injection.resolutions,
            unregisteredResolutions: snapshot.injection.unregistered)
    }
}
