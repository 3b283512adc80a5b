/// One repository's history in a PostgreSQL database that many repositories share: the
/// tables of the SQLite history (docs/history.md), each row with its `repository`, in the
/// schema `strata`, plus `repositories` and `packages`.
///
/// Concurrent writers need nothing but the server: a commit's rows are one transaction whose
/// first statement inserts the `commits` row with `ON CONFLICT DO NOTHING`; a second writer
/// of the same commit waits on that key and, once the first commits, writes nothing (or, if
/// the first died, writes it all). Migrations take a transaction-scoped advisory lock.
public final class PostgresHistoryStore: HistoryDatabase {
    public static let schemaVersion = 1
    /// `pg_advisory_xact_lock` key of schema migrations ("strata" in ASCII).
    static let migrationLock = "126879607124321"
    /// `migrations[n]` takes version n to n + 1.
    static let migrations = [
        """
        CREATE TABLE strata.repositories (name TEXT PRIMARY KEY, url TEXT);
        CREATE TABLE strata.commits (
            repository TEXT NOT NULL REFERENCES strata.repositories(name), id TEXT NOT NULL, time BIGINT NOT NULL,
            parents TEXT NOT NULL, subject TEXT NOT NULL, registrations BIGINT NOT NULL, resolutions BIGINT NOT NULL,
            unregistered_resolutions BIGINT NOT NULL, duplicate_registrations BIGINT NOT NULL,
            PRIMARY KEY (repository, id));
        CREATE TABLE strata.modules (
            repository TEXT NOT NULL, commit_id TEXT NOT NULL, module_id TEXT NOT NULL, name TEXT NOT NULL,
            kind TEXT NOT NULL, linkage TEXT NOT NULL, files BIGINT NOT NULL, lines BIGINT NOT NULL,
            ca BIGINT, ce BIGINT, instability DOUBLE PRECISION, abstractness DOUBLE PRECISION, distance DOUBLE PRECISION,
            PRIMARY KEY (repository, commit_id, module_id),
            FOREIGN KEY (repository, commit_id) REFERENCES strata.commits(repository, id));
        CREATE TABLE strata.edges (
            repository TEXT NOT NULL, commit_id TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
            kind TEXT NOT NULL, file TEXT, line BIGINT,
            PRIMARY KEY (repository, commit_id, source, target, kind),
            FOREIGN KEY (repository, commit_id) REFERENCES strata.commits(repository, id));
        CREATE TABLE strata.cycles (
            repository TEXT NOT NULL, commit_id TEXT NOT NULL, cycle BIGINT NOT NULL, module TEXT NOT NULL,
            PRIMARY KEY (repository, commit_id, cycle, module),
            FOREIGN KEY (repository, commit_id) REFERENCES strata.commits(repository, id));
        CREATE TABLE strata.findings (
            repository TEXT NOT NULL, commit_id TEXT NOT NULL, fingerprint TEXT NOT NULL, rule TEXT NOT NULL,
            severity TEXT NOT NULL, module TEXT NOT NULL, dependency TEXT, file TEXT, line BIGINT, message TEXT NOT NULL,
            PRIMARY KEY (repository, commit_id, fingerprint),
            FOREIGN KEY (repository, commit_id) REFERENCES strata.commits(repository, id));
        CREATE TABLE strata.packages (
            repository TEXT NOT NULL, commit_id TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
            url TEXT, requirement TEXT, version TEXT, revision TEXT,
            PRIMARY KEY (repository, commit_id, kind, name),
            FOREIGN KEY (repository, commit_id) REFERENCES strata.commits(repository, id));
        """
    ]

    public let repository: String
    let connection: PostgresConnection

    /// Connects, brings the schema up to date (first use) and registers the repository under
    /// `repository` with its remote `url` (a later run with a URL fills in a missing one).
    public init(url: String, repository: String, remote: String?) throws {
        self.repository = repository
        connection = try PostgresConnection(url: url)
        try Self.migrate(connection)
        try connection.query(
            "INSERT INTO strata.repositories (name, url) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET url = COALESCE(EXCLUDED.url, strata.repositories.url)",
            [repository, remote])
    }

    /// The schema's version in this database; 0 when strata never wrote to it.
    static func version(_ connection: PostgresConnection) throws -> Int {
        let exists = try connection.query("SELECT to_regclass('strata.schema_version') IS NOT NULL").first?.first ?? nil
        guard exists == "t" else { return 0 }
        return Int(try connection.query("SELECT max(version) FROM strata.schema_version").first?.first.flatMap { $0 } ?? "0") ?? 0
    }

    static func migrate(_ connection: PostgresConnection) throws {
        let found = try version(connection)
        guard found <= schemaVersion else {
            throw PostgresError("\(connection.label): history schema version \(found); this strata reads up to \(schemaVersion)")
        }
        guard found < schemaVersion else { return }
        // One migrator at a time; each step in its own transaction, its version re-read under the lock.
        for step in found..<schemaVersion {
            try connection.transaction {
                try connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))")
                try connection.query("CREATE SCHEMA IF NOT EXISTS strata")
                try connection.query("CREATE TABLE IF NOT EXISTS strata.schema_version (version INTEGER PRIMARY KEY)")
                guard try version(connection) == step else { return }
                for statement in migrations[step].split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                    try connection.query(String(statement))
                }
                try connection.query("INSERT INTO strata.schema_version (version) VALUES ($1)", ["\(step + 1)"])
            }
        }
    }

    public func commitIDs() throws -> Set<String> {
        Set(try connection.query("SELECT id FROM strata.commits WHERE repository = $1", [repository]).compactMap { $0[0] })
    }

    public func insert(_ snapshot: CommitSnapshot) throws {
        let id = snapshot.commit.id
        try connection.transaction {
            let commits = HistoryTables.commits
            let inserted = try connection.query(
                """
                INSERT INTO strata.commits (repository, id, \(commits.columnList)) VALUES (\(Self.placeholders(commits.columns.count + 2, from: 1)))
                ON CONFLICT (repository, id) DO NOTHING RETURNING id
                """,
                [repository, id] + commits.values((snapshot.commit, snapshot.injection)).map(pgText))
            // Already stored (by an earlier run, or by a writer that committed while this one waited).
            guard !inserted.isEmpty else { return }
            try insert(HistoryTables.modules, snapshot.modules, commit: id)
            try insert(HistoryTables.edges, snapshot.edges, commit: id)
            try insert(HistoryTables.cycles, snapshot.cycleRows, commit: id)
            try insert(HistoryTables.findings, snapshot.findings, commit: id)
            try insert(HistoryTables.packages, snapshot.packages, commit: id)
        }
    }

    /// Multi-row inserts of bound values, at most 5,000 parameters a statement.
    private func insert<Row>(_ table: HistoryTable<Row>, _ rows: [Row], commit: String) throws {
        let width = table.columns.count + 2
        let perStatement = Swift.max(1, 5_000 / width)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<Swift.min(rows.count, start + perStatement)]
            let tuples = chunk.indices.map { "(" + Self.placeholders(width, from: ($0 - start) * width + 1) + ")" }
            try connection.query(
                "INSERT INTO strata.\(table.name) (repository, commit_id, \(table.columnList)) VALUES "
                    + tuples.joined(separator: ", ") + " ON CONFLICT DO NOTHING",
                chunk.flatMap { [repository, commit] + table.values($0).map(pgText) })
            start += perStatement
        }
    }

    /// `$first, $first+1, …`: `count` parameters.
    private static func placeholders(_ count: Int, from first: Int) -> String {
        (first..<first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    /// The snapshots of these commits, in the order given: each table read once for the asked
    /// commits alone (`commit_id = ANY(…)`, on the primary key), never the repository's other rows.
    public func snapshots(_ ids: [String]) throws -> [CommitSnapshot] {
        guard !ids.isEmpty else { return [] }
        let commits = try rows(HistoryTables.commits, ids, key: "id")
        let modules = try rows(HistoryTables.modules, ids), edges = try rows(HistoryTables.edges, ids)
        let cycles = try rows(HistoryTables.cycles, ids), findings = try rows(HistoryTables.findings, ids)
        let packages = try rows(HistoryTables.packages, ids)
        return ids.compactMap { id in
            guard let (commit, injection) = commits[id]?.first else { return nil }
            var snapshot = CommitSnapshot(
                commit: HistoryCommit(id: id, time: commit.time, parents: commit.parents, subject: commit.subject),
                modules: modules[id] ?? [], edges: edges[id] ?? [], cycles: CommitSnapshot.cycles(from: cycles[id] ?? []),
                findings: findings[id] ?? [], injection: injection)
            snapshot.packages = packages[id] ?? []
            return snapshot
        }
    }

    /// The rows of the asked commits in a table, by commit, each commit's in the table's order.
    private func rows<Row>(_ table: HistoryTable<Row>, _ ids: [String], key: String = "commit_id") throws -> [String: [Row]] {
        let order = table.order.isEmpty ? "" : ", \(table.order)"
        var found: [String: [Row]] = [:]
        for columns in try connection.query(
            "SELECT \(key), \(table.columnList) FROM strata.\(table.name) WHERE repository = $1 AND \(key) = ANY($2::text[]) ORDER BY \(key)\(order)",
            [repository, pgArray(ids)])
        {
            guard let id = columns[0], let row = table.row(PostgresColumns(values: columns, offset: 1)) else { continue }
            found[id, default: []].append(row)
        }
        return found
    }
}

/// An answer row of PostgreSQL's text protocol, read by the history's column numbers.
struct PostgresColumns: HistoryColumns {
    var values: [String?]
    /// Columns before the table's own (the commit's key).
    var offset: Int

    func int(_ column: Int) -> Int? { pgInt(values[column + offset]) }
    func double(_ column: Int) -> Double? { pgDouble(values[column + offset]) }
    func text(_ column: Int) -> String? { values[column + offset] }
}

/// A bound value in PostgreSQL's text form.
func pgText(_ value: HistoryValue) -> String? {
    switch value {
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .text(let text): text
    case .null: nil
    }
}

/// Values as PostgreSQL reads them in text: integers, and doubles in their shortest exact form.
func pgInt(_ text: String?) -> Int? { text.flatMap { Int($0) } }
func pgDouble(_ text: String?) -> Double? { text.flatMap { Double($0) } }

/// A text array literal (`{"a","b"}`), bound as one parameter: each element quoted, its
/// backslashes and quotes escaped.
func pgArray(_ items: [String]) -> String {
    "{" + items.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",") + "}"
}

extension PostgresHistoryStore {
    /// The URL without its password, as messages show it.
    public static func redacted(_ url: String) -> String { ConnectionString(url).redacted }
}

extension PostgresHistoryStore {
    /// Everything `strata org` shows, read from the database at `url` (reading only: a
    /// role with SELECT on the schema `strata` is enough).
    public static func organisation(url: String, title: String) throws -> OrgDocument {
        let connection = try PostgresConnection(url: url)
        let found = try version(connection)
        guard found > 0 else { throw PostgresError("\(connection.label): no strata history here (run strata history --database first)") }
        guard found <= schemaVersion else {
            throw PostgresError("\(connection.label): history schema version \(found); this strata reads up to \(schemaVersion)")
        }
        // One snapshot of the database for all the reads, so a writer committing meanwhile
        // cannot make them disagree.
        return try connection.transaction {
            try connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let registered = try connection.query("SELECT name, url FROM strata.repositories ORDER BY name").map { (name: $0[0] ?? "", url: $0[1]) }
            var points: [String: [OrgDocument.Point]] = [:]
            for s in try connection.query(
                """
                SELECT c.repository, c.id, c.time, c.subject,
                  (SELECT count(*) FROM strata.modules m WHERE m.repository = c.repository AND m.commit_id = c.id),
                  (SELECT count(*) FROM strata.edges e WHERE e.repository = c.repository AND e.commit_id = c.id AND e.kind = 'import'),
                  (SELECT count(DISTINCT y.cycle) FROM strata.cycles y WHERE y.repository = c.repository AND y.commit_id = c.id),
                  (SELECT count(*) FROM strata.findings f WHERE f.repository = c.repository AND f.commit_id = c.id AND f.severity = 'error'),
                  (SELECT count(*) FROM strata.findings f WHERE f.repository = c.repository AND f.commit_id = c.id AND f.severity = 'warn'),
                  (SELECT coalesce(sum(m.lines), 0) FROM strata.modules m WHERE m.repository = c.repository AND m.commit_id = c.id),
                  (SELECT coalesce(avg(m.distance), 0) FROM strata.modules m WHERE m.repository = c.repository AND m.commit_id = c.id)
                FROM strata.commits c ORDER BY c.repository, c.time, c.id
                """)
            {
                points[s[0] ?? "", default: []].append(OrgDocument.Point(
                    commit: s[1] ?? "", time: pgInt(s[2]) ?? 0, subject: s[3] ?? "", modules: pgInt(s[4]) ?? 0,
                    importEdges: pgInt(s[5]) ?? 0, cycles: pgInt(s[6]) ?? 0, errors: pgInt(s[7]) ?? 0, warnings: pgInt(s[8]) ?? 0,
                    lines: pgInt(s[9]) ?? 0, meanDistance: ((pgDouble(s[10]) ?? 0) * 1_000).rounded() / 1_000))
            }
            let uses = try connection.query(
                "SELECT repository, commit_id, kind, name, url, requirement, version, revision FROM strata.packages ORDER BY repository, commit_id, kind, name"
            ).map { s in
                OrgDocument.PackageUse(
                    repository: s[0] ?? "", commit: s[1] ?? "",
                    row: PackageRow(kind: s[2] ?? "", name: s[3] ?? "", url: s[4], requirement: s[5], version: s[6], revision: s[7]))
            }
            return OrgDocument(title: title, registered: registered, points: points, uses: uses)
        }
    }
}
