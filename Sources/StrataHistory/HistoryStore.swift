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
            let commit = snapshot.commit
            guard try database.prepare("SELECT 1 FROM commits WHERE id = ?").rows([.text(commit.id)]).isEmpty else { return }
            let di = snapshot.injection
            try database.prepare("INSERT INTO commits VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run([
                .text(commit.id), .integer(commit.time), .text(commit.parents.joined(separator: " ")), .text(commit.subject),
                .integer(di.registrations), .integer(di.resolutions), .integer(di.unregistered), .integer(di.duplicates),
            ])
            let module = try database.prepare("INSERT INTO modules VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for row in snapshot.modules {
                try module.run([
                    .text(commit.id), .text(row.id), .text(row.name), .text(row.kind), .text(row.linkage),
                    .integer(row.files), .integer(row.lines), .optional(row.ca), .optional(row.ce),
                    .optional(row.instability), .optional(row.abstractness), .optional(row.distance),
                ])
            }
            let edge = try database.prepare("INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?)")
            for row in snapshot.edges {
                try edge.run([.text(commit.id), .text(row.source), .text(row.target), .text(row.kind.rawValue), .optional(row.file), .optional(row.line)])
            }
            let cycle = try database.prepare("INSERT INTO cycles VALUES (?, ?, ?)")
            for (index, members) in snapshot.cycles.enumerated() {
                for member in Set(members) { try cycle.run([.text(commit.id), .integer(index), .text(member)]) }
            }
            let finding = try database.prepare("INSERT INTO findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for row in snapshot.findings {
                try finding.run([
                    .text(commit.id), .text(row.fingerprint), .text(row.rule), .text(row.severity), .text(row.module),
                    .optional(row.dependency), .optional(row.file), .optional(row.line), .text(row.message),
                ])
            }
        }
    }

    /// The snapshots of these commits, in the order given; commits not in the file are left out.
    public func snapshots(_ ids: [String]) throws -> [CommitSnapshot] {
        // One statement per table, run once per asked commit: each is a look-up of the
        // primary key's first column, and no other commit's rows are read.
        let commits = try database.prepare(
            "SELECT time, parents, subject, registrations, resolutions, unregistered_resolutions, duplicate_registrations FROM commits WHERE id = ?")
        let modules = try database.prepare(
            "SELECT module_id, name, kind, linkage, files, lines, ca, ce, instability, abstractness, distance FROM modules WHERE commit_id = ? ORDER BY module_id")
        let edges = try database.prepare("SELECT source, target, kind, file, line FROM edges WHERE commit_id = ? ORDER BY source, target, kind")
        let cycles = try database.prepare("SELECT cycle, module FROM cycles WHERE commit_id = ? ORDER BY cycle, module")
        let findings = try database.prepare(
            "SELECT fingerprint, rule, severity, module, dependency, file, line, message FROM findings WHERE commit_id = ? ORDER BY fingerprint")
        return try ids.compactMap { id in
            let key: [SQLiteDatabase.Value] = [.text(id)]
            guard let row = try commits.rows(key).first else { return nil }
            let commit = HistoryCommit(
                id: id, time: row.int(0) ?? 0, parents: (row.text(1) ?? "").split(separator: " ").map(String.init), subject: row.text(2) ?? "")
            let injection = CommitSnapshot.Injection(
                registrations: row.int(3) ?? 0, resolutions: row.int(4) ?? 0, unregistered: row.int(5) ?? 0, duplicates: row.int(6) ?? 0)
            var members: [Int: [String]] = [:]
            for row in try cycles.rows(key) { members[row.int(0) ?? 0, default: []].append(row.text(1) ?? "") }
            return CommitSnapshot(
                commit: commit,
                modules: try modules.each(key) {
                    CommitSnapshot.ModuleRow(
                        id: modules.text(0) ?? "", name: modules.text(1) ?? "", kind: modules.text(2) ?? "", linkage: modules.text(3) ?? "",
                        files: modules.int(4) ?? 0, lines: modules.int(5) ?? 0, ca: modules.int(6), ce: modules.int(7),
                        instability: modules.double(8), abstractness: modules.double(9), distance: modules.double(10))
                },
                edges: try edges.each(key) {
                    CommitSnapshot.EdgeRow.Kind(rawValue: edges.text(2) ?? "").map { kind in
                        CommitSnapshot.EdgeRow(source: edges.text(0) ?? "", target: edges.text(1) ?? "", kind: kind, file: edges.text(3), line: edges.int(4))
                    }
                }.compactMap { $0 },
                cycles: members.sorted { $0.key < $1.key }.map(\.value),
                findings: try findings.each(key) {
                    CommitSnapshot.FindingRow(
                        fingerprint: findings.text(0) ?? "", rule: findings.text(1) ?? "", severity: findings.text(2) ?? "",
                        module: findings.text(3) ?? "", dependency: findings.text(4), file: findings.text(5), line: findings.int(6),
                        message: findings.text(7) ?? "")
                },
                injection: injection)
        }
    }
}
