/// Where `strata history` keeps its commits: one SQLite file (`HistoryStore`) or, for a whole
/// organisation, one repository's rows in a PostgreSQL database (`PostgresHistoryStore`).
public protocol HistoryDatabase: AnyObject {
    /// The commits already stored.
    func commitIDs() throws -> Set<String>
    /// Writes one commit's rows in one transaction; a commit already there is left as it is.
    func insert(_ snapshot: CommitSnapshot) throws
    /// The snapshots of these commits, in the order given; commits not stored are left out.
    func snapshots(_ ids: [String]) throws -> [CommitSnapshot]
}
