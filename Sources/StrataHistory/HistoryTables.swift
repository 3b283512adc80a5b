/// The history's tables as both stores write and read them (`HistoryStore`'s SQLite file and
/// `PostgresHistoryStore`'s shared database; the schema is in docs/history.md): each table's
/// columns after the commit's key, in the order they are written and read, and how one row of
/// a snapshot becomes their values and back. The stores' migrations keep their own
/// `CREATE TABLE` text: a migration is what a schema version was, and never changes.
struct HistoryTable<Row>: Sendable {
    /// The table's name (in the schema `strata` in PostgreSQL).
    let name: String
    /// The columns after `commit_id` (and, in PostgreSQL, `repository`).
    let columns: [String]
    /// The rest of the primary key after the commit: the order a commit's rows are read in.
    let order: String
    /// A row's values, one per column.
    let values: @Sendable (Row) -> [HistoryValue]
    /// A row from its columns' values; nil for a row this strata does not know (an edge kind
    /// a newer strata wrote).
    let row: @Sendable (any HistoryColumns) -> Row?

    /// The columns as a list for SQL.
    var columnList: String { columns.joined(separator: ", ") }
}

/// A value of a history row, as both stores bind it.
enum HistoryValue: Sendable {
    case integer(Int)
    case real(Double)
    case text(String)
    case null

    static func optional(_ text: String?) -> Self { text.map { .text($0) } ?? .null }
    static func optional(_ number: Int?) -> Self { number.map { .integer($0) } ?? .null }
    static func optional(_ number: Double?) -> Self { number.map { .real($0) } ?? .null }
}

/// One answer row of a store, read by column (0 is the first of `HistoryTable.columns`).
protocol HistoryColumns {
    func int(_ column: Int) -> Int?
    func double(_ column: Int) -> Double?
    func text(_ column: Int) -> String?
}

extension HistoryColumns {
    func string(_ column: Int) -> String { text(column) ?? "" }
}

enum HistoryTables {
    static let modules = HistoryTable<CommitSnapshot.ModuleRow>(
        name: "modules",
        columns: ["module_id", "name", "kind", "linkage", "files", "lines", "ca", "ce", "instability", "abstractness", "distance"],
        order: "module_id",
        values: { row in
            [.text(row.id), .text(row.name), .text(row.kind), .text(row.linkage), .integer(row.files), .integer(row.lines),
             .optional(row.ca), .optional(row.ce), .optional(row.instability), .optional(row.abstractness), .optional(row.distance)]
        },
        row: { c in
            CommitSnapshot.ModuleRow(
                id: c.string(0), name: c.string(1), kind: c.string(2), linkage: c.string(3), files: c.int(4) ?? 0, lines: c.int(5) ?? 0,
                ca: c.int(6), ce: c.int(7), instability: c.double(8), abstractness: c.double(9), distance: c.double(10))
        })

    static let edges = HistoryTable<CommitSnapshot.EdgeRow>(
        name: "edges", columns: ["source", "target", "kind", "file", "line"], order: "source, target, kind",
        values: { row in [.text(row.source), .text(row.target), .text(row.kind.rawValue), .optional(row.file), .optional(row.line)] },
        row: { c in
            CommitSnapshot.EdgeRow.Kind(rawValue: c.string(2)).map { kind in
                CommitSnapshot.EdgeRow(source: c.string(0), target: c.string(1), kind: kind, file: c.text(3), line: c.int(4))
            }
        })

    /// A cycle's members, one row each: the cycle's number and a module.
    static let cycles = HistoryTable<(cycle: Int, module: String)>(
        name: "cycles", columns: ["cycle", "module"], order: "cycle, module",
        values: { row in [.integer(row.cycle), .text(row.module)] },
        row: { c in (c.int(0) ?? 0, c.string(1)) })

    static let findings = HistoryTable<CommitSnapshot.FindingRow>(
        name: "findings", columns: ["fingerprint", "rule", "severity", "module", "dependency", "file", "line", "message"],
        order: "fingerprint",
        values: { row in
            [.text(row.fingerprint), .text(row.rule), .text(row.severity), .text(row.module), .optional(row.dependency),
             .optional(row.file), .optional(row.line), .text(row.message)]
        },
        row: { c in
            CommitSnapshot.FindingRow(
                fingerprint: c.string(0), rule: c.string(1), severity: c.string(2), module: c.string(3), dependency: c.text(4),
                file: c.text(5), line: c.int(6), message: c.string(7))
        })

    /// PostgreSQL's alone: the SQLite file keeps no packages.
    static let packages = HistoryTable<PackageRow>(
        name: "packages", columns: ["kind", "name", "url", "requirement", "version", "revision"], order: "kind, name",
        values: { row in
            [.text(row.kind), .text(row.name), .optional(row.url), .optional(row.requirement), .optional(row.version), .optional(row.revision)]
        },
        row: { c in PackageRow(kind: c.string(0), name: c.string(1), url: c.text(2), requirement: c.text(3), version: c.text(4), revision: c.text(5)) })

    /// The `commits` row after its `id`: the commit and its DI totals.
    static let commits = HistoryTable<(commit: HistoryCommit, injection: CommitSnapshot.Injection)>(
        name: "commits",
        columns: ["time", "parents", "subject", "registrations", "resolutions", "unregistered_resolutions", "duplicate_registrations"],
        order: "",
        values: { row in
            [.integer(row.commit.time), .text(row.commit.parents.joined(separator: " ")), .text(row.commit.subject),
             .integer(row.injection.registrations), .integer(row.injection.resolutions), .integer(row.injection.unregistered),
             .integer(row.injection.duplicates)]
        },
        row: { c in
            (HistoryCommit(id: "", time: c.int(0) ?? 0, parents: c.string(1).split(separator: " ").map(String.init), subject: c.string(2)),
             CommitSnapshot.Injection(registrations: c.int(3) ?? 0, resolutions: c.int(4) ?? 0, unregistered: c.int(5) ?? 0, duplicates: c.int(6) ?? 0))
        })
}

extension CommitSnapshot {
    /// The rows of `cycles` (each member once per cycle, in order).
    var cycleRows: [(cycle: Int, module: String)] {
        cycles.enumerated().flatMap { index, members in Set(members).sorted().map { (index, $0) } }
    }

    /// The cycles from their rows (in the order of `HistoryTables.cycles`).
    static func cycles(from rows: [(cycle: Int, module: String)]) -> [[String]] {
        var members: [Int: [String]] = [:]
        for row in rows { members[row.cycle, default: []].append(row.module) }
        return members.sorted { $0.key < $1.key }.map(\.value)
    }
}
