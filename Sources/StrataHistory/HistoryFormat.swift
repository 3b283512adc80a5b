import Foundation
import StrataReport

/// The formats `strata history` writes, each a pure function of the timeline.
public enum HistoryFormat: String, CaseIterable, Sendable {
    case html, json, csv, md

    public var fileName: String {
        switch self {
        case .html: return "index.html"
        case .json: return "history.json"
        case .csv: return "history.csv"
        case .md: return "history.md"
        }
    }

    public func render(_ timeline: HistoryTimeline) -> String {
        switch self {
        case .html: return HistoryPage.render(timeline)
        case .json: return Self.json(timeline)
        case .csv: return HistoryCSV.totals(timeline)
        case .md: return HistoryMarkdown.render(timeline)
        }
    }

    /// Sorted keys, so the same history gives the same bytes.
    public static func json<T: Encodable>(_ value: T) -> String {
        (try? ReportJSON.document(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}\n"
    }
}
