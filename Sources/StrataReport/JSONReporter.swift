import Foundation
import StrataModel
import StrataSourceTree

/// `strata.json`: the whole result, with sorted keys so runs diff cleanly.
public struct JSONReporter: Reporter {
    public static let fileName = "strata.json"

    public init() {}

    public static func encode(_ result: AnalysisResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(result)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public func write(_ document: ReportDocument, to directory: String) throws -> [String] {
        let path = directory + "/" + Self.fileName
        try AtomicFile.write(document.json.get(), to: path)
        return [path]
    }
}
