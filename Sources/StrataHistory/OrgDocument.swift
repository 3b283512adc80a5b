import StrataModel

/// `strata org`: every repository of a shared PostgreSQL history with its latest snapshot and
/// its trend, and the internal packages they share (a `.package(url:)` or a pod that names
/// another registered repository) with each consumer's pinned versions. Its JSON shape is
/// documented in docs/history.md.
public struct OrgDocument: Hashable, Sendable, Codable {
    public static let currentSchemaVersion = 1

    /// One commit's totals.
    public struct Point: Hashable, Sendable, Codable {
        public var commit: String
        public var time: Int
        public var subject: String
        public var modules: Int
        public var importEdges: Int
        public var cycles: Int
        public var errors: Int
        public var warnings: Int
        public var lines: Int
        public var meanDistance: Double
    }

    public struct Repository: Hashable, Sendable, Codable {
        public var name: String
        public var url: String?
        /// Every stored commit, oldest first; the last is the latest snapshot.
        public var trend: [Point]
        /// Internal packages this repository consumes at its latest commit (their repositories' names).
        public var consumes: [String]
        /// Repositories that consume this one at their latest commit.
        public var consumers: [String]
    }

    /// A consumer's pin at one stored commit where it changed (the first is where it starts).
    public struct Pin: Hashable, Sendable, Codable {
        public var commit: String
        public var time: Int
        public var version: String?
        public var revision: String?
    }

    public struct Consumer: Hashable, Sendable, Codable {
        public var repository: String
        /// `swiftpm` or `cocoapods`, and the package's name there.
        public var kind: String
        public var name: String
        public var requirement: String?
        /// At the consumer's latest commit.
        public var version: String?
        public var revision: String?
        /// Pinned to another version than the newest any consumer pins.
        public var behind: Bool
        public var pins: [Pin]
    }

    /// A registered repository that other registered repositories consume.
    public struct SharedPackage: Hashable, Sendable, Codable {
        public var repository: String
        public var url: String?
        public var consumers: [Consumer]
        /// The distinct versions the consumers pin, newest first.
        public var versions: [String]
        /// More than one version pinned.
        public var drift: Bool
    }

    public var schemaVersion = Self.currentSchemaVersion
    public var title: String
    public var repositories: [Repository]
    public var packages: [SharedPackage]

    /// A stored package row with the commit it was read at.
    public struct PackageUse: Hashable, Sendable {
        public var repository: String
        public var commit: String
        public var row: PackageRow

        public init(repository: String, commit: String, row: PackageRow) {
            self.repository = repository
            self.commit = commit
            self.row = row
        }
    }

    /// - Parameters:
    ///   - registered: every repository's name and URL.
    ///   - points: every stored commit's totals, by repository, oldest first.
    ///   - uses: every stored package row.
    public init(title: String, registered: [(name: String, url: String?)], points: [String: [Point]], uses: [PackageUse]) {
        self.title = title
        let sorted = registered.sorted { $0.name < $1.name }
        var times: [String: [String: Int]] = [:]
        var latest: [String: String] = [:]
        for (repository, trend) in points {
            times[repository] = Dictionary(trend.map { ($0.commit, $0.time) }, uniquingKeysWith: { first, _ in first })
            latest[repository] = trend.last?.commit
        }
        // provider -> consumer -> (kind, name) -> rows by commit
        var edges: [String: [String: [PackageUse]]] = [:]
        for use in uses {
            guard let target = Self.provider(of: use.row, in: use.repository, among: sorted) else { continue }
            edges[target, default: [:]][use.repository, default: []].append(use)
        }
        var consumes: [String: Set<String>] = [:], consumedBy: [String: Set<String>] = [:]
        var packages: [SharedPackage] = []
        for (target, byConsumer) in edges {
            var consumers: [Consumer] = []
            for (consumer, rows) in byConsumer {
                guard let head = latest[consumer], let entry = Self.consumer(consumer, rows: rows, at: head, times: times[consumer] ?? [:])
                else { continue }
                consumers.append(entry)
                consumes[consumer, default: []].insert(target)
                consumedBy[target, default: []].insert(consumer)
            }
            guard !consumers.isEmpty else { continue }
            packages.append(Self.sharedPackage(target, url: sorted.first { $0.name == target }?.url, consumers: consumers))
        }
        self.packages = packages.sorted { $0.repository < $1.repository }
        repositories = sorted.map { entry in
            Repository(
                name: entry.name, url: entry.url, trend: points[entry.name] ?? [], consumes: (consumes[entry.name] ?? []).sorted(),
                consumers: (consumedBy[entry.name] ?? []).sorted())
        }
    }

    /// Which registered repository a package row names: the same URL when both have one,
    /// else the same name (any case); never the consumer itself.
    static func provider(of row: PackageRow, in consumer: String, among registered: [(name: String, url: String?)]) -> String? {
        for candidate in registered where candidate.name != consumer {
            if let url = row.url, let own = candidate.url {
                if PackageIdentity.normalized(url: url) == PackageIdentity.normalized(url: own) { return candidate.name }
            } else if row.name.lowercased() == candidate.name.lowercased() {
                return candidate.name
            }
        }
        return nil
    }

    /// A consumer of a package at its latest commit `head` (nil when it no longer uses it
    /// there), with the pins of every stored commit where they changed, oldest first;
    /// `times` the time of each of its commits.
    static func consumer(_ repository: String, rows: [PackageUse], at head: String, times when: [String: Int]) -> Consumer? {
        guard let current = rows.filter({ $0.commit == head }).min(by: { $0.row.kind < $1.row.kind }) else { return nil }
        var pins: [Pin] = []
        for use in rows.filter({ $0.row.kind == current.row.kind && $0.row.name == current.row.name })
            .sorted(by: { (when[$0.commit] ?? 0, $0.commit) < (when[$1.commit] ?? 0, $1.commit) })
        {
            let version = use.row.version ?? use.row.requirement
            if let last = pins.last, last.version == version, last.revision == use.row.revision { continue }
            pins.append(Pin(commit: use.commit, time: when[use.commit] ?? 0, version: version, revision: use.row.revision))
        }
        return Consumer(
            repository: repository, kind: current.row.kind, name: current.row.name, requirement: current.row.requirement,
            version: current.row.version ?? current.row.requirement, revision: current.row.revision, behind: false, pins: pins)
    }

    /// A package with its consumers, each marked `behind` when another pins a newer version.
    static func sharedPackage(_ repository: String, url: String?, consumers: [Consumer]) -> SharedPackage {
        var consumers = consumers
        let versions = Array(Set(consumers.compactMap(\.version))).sorted { Self.newer($0, than: $1) }
        for index in consumers.indices {
            consumers[index].behind = versions.count > 1 && consumers[index].version != versions.first
        }
        return SharedPackage(
            repository: repository, url: url,
            consumers: consumers.sorted { $0.repository < $1.repository }, versions: versions, drift: versions.count > 1)
    }

    /// Versions compared by their numeric parts (`1.10.0` after `1.9.2`), then as text.
    static func newer(_ a: String, than b: String) -> Bool {
        func parts(_ text: String) -> [Int] {
            text.drop { !$0.isNumber }.split(whereSeparator: { !$0.isNumber }).prefix(4).map { Int($0.prefix(9)) ?? 0 }
        }
        let left = parts(a), right = parts(b)
        if left != right { return left.lexicographicallyPrecedes(right) == false }
        return a > b
    }
}
