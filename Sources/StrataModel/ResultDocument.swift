import Foundation

/// `strata.json`: a result as a document, its locations indices into its `files` (schema 3;
/// `docs/output.md` has the migration from 2). What `--format json` writes and what
/// `strata report`, `strata diff` and the result cache read back; the page's data and the
/// servers' answers encode the result with locations as `"path:line"` strings.
public struct ResultDocument: Codable, Sendable {
    public var result: AnalysisResult

    public init(_ result: AnalysisResult) {
        self.result = result
    }

    private enum CodingKeys: String, CodingKey { case files, schemaVersion }

    /// The result, written by this Strata (its schema version), then the paths its locations
    /// named, in the order they were first written.
    public func encode(to encoder: any Encoder) throws {
        var current = result
        current.schemaVersion = AnalysisResult.currentSchemaVersion
        let files = FileTable()
        try files.bound { try current.encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files.paths, forKey: .files)
    }

    /// A document of any schema up to this Strata's: from 3 on, its locations are read through
    /// its `files`; before, as strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(Int.self, forKey: .schemaVersion) >= 3 else {
            result = try AnalysisResult(from: decoder)
            return
        }
        let files = FileTable(paths: try container.decode([String].self, forKey: .files))
        result = try files.bound { try AnalysisResult(from: decoder) }
    }

    /// The result a `strata.json` document holds.
    public static func decode(_ data: Data) throws -> AnalysisResult {
        try JSONDecoder().decode(ResultDocument.self, from: data).result
    }
}
