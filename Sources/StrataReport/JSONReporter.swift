import Foundation
import StrataModel

/// `strata.json`: the whole result, with sorted keys so runs diff cleanly.
public struct JSONReporter: Reporter {
    public static let fileName = "strata.json"

    public var help: String { Self.fileName }

    public init() {}

    public static func encode(_ result: AnalysisResult) throws -> Data {
        try ReportJSON.document(result)
    }

    public func files(for document: PreparedReport, warn: (String) -> Void) throws -> [ReportFile] {
        [ReportFile(Self.fileName, try document.json.get())]
    }
}
