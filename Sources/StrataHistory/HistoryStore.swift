/// The history database: one SQLite file with a row set per analyzed commit.
///
/// Each commit is written in one transaction, so a run killed half-way loses at most the
/// commit in progress, and the next run adds only the commits the file does not hold.
/// The schema is documented in docs/history.md; `PRAGMA user_version` is its version.
public final class HistoryStore: HistoryDatabase {
    /// The schema this strata writes; `migrations[n]` takes version n to n + 1.
    public static let schemaVersion = 1
    /// Child tables are WITHOUT ROWID: the primary key is the table, so no row is stored twice.
    static let migrations = [
        """
        CREATE TABLE commits (
            id TEXT PRIMARY KEY, time INTEGER NOT NULL, parents TEXT NOT NULL, subject TEXT NOT NULL,
            registrations INTEGER NOT NULL, resolutions INTEGER NOT NULL,
            unregistered_resolutions INTEGER NOT NULL, duplicate_registrations INTEGER NOT NULL);
        CREATE TABLE modules (
            commit_id TEXT NOT NULL REFERENCES commits(id), module_id TEXT NOT NULL, name TEXT NOT NULL,
            kind TEXT NOT NULL, linkage TEXT NOT NULL, files INTEGER NOT NULL, lines INTEGER NOT NULL,
            ca INTEGER, ce INTEGER, instability REAL, abstractness REAL, distance REAL,
            PRIMARY KEY (commit_id, module_id)) WITHOUT ROWID;
        CREATE TABLE edges (
            commit_id TEXT NOT NULL REFERENCES commits(id), source TEXT NOT NULL, target TEXT NOT NULL,
            kind TEXT NOT NULL, file TEXT, line INTEGER,
            PRIMARY KEY (commit_id, source, target, kind)) WITHOUT ROWID;
        CREATE TABLE cycles (
            commit_id TEXT NOT NULL REFERENCES commits(id), cycle INTEGER NOT NULL, module TEXT NOT NULL,
            PRIMARY KEY (commit_id, cycle, module)) WITHOUT ROWID;
        CREATE TABLE findings (
            commit_id TEXT NOT NULL REFERENCES commits(id), fingerprint TEXT NOT NULL, rule TEXT NOT NULL,
            severity TEXT NOT NULL, module TEXT NOT NULL, dependency TEXT, file TEXT, line INTEGER, message TEXT NOT NULL,
            PRIMARY KEY (commit_id, fingerprint)) WITHOUT ROWID;
        """
    ]

    private let database: SQLiteDatabase

    /// Opens (or creates) the file and brings its schema up to date. A file that is not a
    /// history database, or one written by a newer strata, is an error.
    public init(path: String) throws {
        database = try SQLiteDatabase(path: path)
        // A damaged file or another kind of file fails here, on the first statement.
        try database.execute("PRAGMA foreign_keys = ON")
        let version = try database.prepare("PRAGMA user_version").rows().first?.int(0) ?? 0
        guard version <= Self.schemaVersion else {
            throw SQLiteError("\(path): history schema version \(version); this strata reads up to \(Self.schemaVersion)")
        }
        if version == 0 {
            let tables = try database.prepare("SELECT count(*) FROM sqlite_master").rows().first?.int(0) ?? 0
            guard tables == 0 else { throw SQLiteError("\(path): not a strata history database (it has other tables)") }
        }
        for step in version..<Self.schemaVersion {
            try database.transaction {
                try database.execute(Self.migrations[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }

    /// The commits already in the file.
    public func commitIDs() throws -> Set<String> {
        Set(try database.prepare("SELECT id FROM commits").rows().compactMap { $0.text(0) })
    }

    /// Writes one commit's rows in one transaction; a commit already there is left as it is.
    public func insert(_ snapshot: CommitSnapshot) throws {
        try database.transaction {
            let id = snapshot.commit.id
            guard try database.prepare("SELECT 1 FROM commits WHERE id = ?").rows([.text(id)]).isEmpty else { return }
            try insert(HistoryTables.commits, [(snapshot.commit, snapshot.injection)], key: "id", commit: id)
            try insert(HistoryTables.modules, snapshot.modules, commit: id)
            try insert(HistoryTables.edges, snapshot.edges, commit: id)
            try insert(HistoryTables.cycles, snapshot.cycleRows, commit: id)
            try insert(HistoryTables.findings, snapshot.findings, commit: id)
        }
    }

    private func insert<Row>(_ table: HistoryTable<Row>, _ rows: [Row], key: String = "commit_id", commit: String) throws {
        let marks = Array(repeating: "?", count: table.columns.count + 1).joined(separator: ", ")
        let statement = try database.prepare("INSERT INTO \(table.name) (\(key), \(table.columnList)) VALUES (\(marks))")
        for row in rows { try statement.run([.text(commit)] + table.values(row)) }
    }

    /// The snapshots of these commits, in the order given; commits not in the file are left out.
    public func snapshots(_ ids: [String]) throws -> [CommitSnapshot] {
        // One statement per table, run once per asked commit: each is a look-up of the
        // primary key's first column, and no other commit's rows are read.
        let commits = try reader(HistoryTables.commits, key: "id")
        let modules = try reader(HistoryTables.modules), edges = try reader(HistoryTables.edges)
        let cycles = try reader(HistoryTables.cycles), findings = try reader(HistoryTables.findings)
        return try ids.compactMap { id in
            guard let (commit, injection) = try commits(id).first else { return nil }
            return CommitSnapshot(
                commit: HistoryCommit(id: id, time: commit.time, parents: commit.parents, subject: commit.subject),
                modules: try modules(id), edges: try edges(id), cycles: CommitSnapshot.cycles(from: try cycles(id)),
                findings: try findings(id), injection: injection)
        }
    }

    /// The rows of one commit in a table, in the table's order, by a statement prepared once.
    private func reader<Row>(_ table: HistoryTable<Row>, key: String = "commit_id") throws -> (String) throws -> [Row] {
        let order = table.order.isEmpty ? "" : " ORDER BY \(table.order)"
        let statement = try database.prepare("SELECT \(table.columnList) FROM \(table.name) WHERE \(key) = ?\(order)")
        return { id in try statement.each([.text(id)]) { table.row(statement) }.compactMap { $0 } }
    }
}
