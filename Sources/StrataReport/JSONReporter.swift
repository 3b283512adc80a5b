import Foundation
import StrataModel

/// `strata.json`: the whole result (`ResultDocument`), with sorted keys so runs compare cleanly,
/// on one line: indentation was a third of a large repository's bytes.
public struct JSONReporter: Reporter {
    public static let fileName = "strata.json"

    public var help: String { Self.fileName }

    public init() {}

    public static func encode(_ result: AnalysisResult) throws -> Data {
        try ReportJSON.document(ResultDocument(result), pretty: false)
    }

    /// The result a `strata.json` document of any schema up to this Strata's holds.
    public static func decode(_ data: Data) throws -> AnalysisResult {
        try JSONDecoder().decode(ResultDocument.self, from: data).result
    }

    public func files(for document: PreparedReport, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(Self.fileName, try document.json.get())]
    }
}
