import Foundation
import StrataReport

/// The formats `strata history` writes, each a pure function of the timeline.
public enum HistoryFormat: String, ReportFormat {
    case html, json, csv, md

    public var reporter: any Reporter<HistoryTimeline> {
        switch self {
        case .html: FileReporter(fileName: "index.html") { Data(HistoryPage.render($0).utf8) }
        case .json: FileReporter(fileName: "history.json") { Data(Self.json($0).utf8) }
        case .csv: FileReporter(fileName: "history.csv") { Data(HistoryCSV.totals($0).utf8) }
        case .md: FileReporter(fileName: "history.md") { Data(HistoryMarkdown.render($0).utf8) }
        }
    }

    /// Sorted keys, so the same history gives the same bytes.
    public static func json<T: Encodable>(_ value: T) -> String {
        (try? ReportJSON.document(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}\n"
    }
}
