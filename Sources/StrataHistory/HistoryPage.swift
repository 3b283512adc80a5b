import Foundation
import StrataReport
import StrataWeb

/// The offline trend page (`index.html` of `strata history -o`): `Web/history.html` in the
/// report's skeleton, a view (`Web/history.js`) over the timeline embedded as JSON; one file,
/// nothing loaded from the network.
public enum HistoryPage {
    public static func render(_ timeline: HistoryTimeline) -> String {
        page(WebAssets.historyTemplate, title: timeline.repository, dataID: "history-data", value: timeline,
             style: WebAssets.historyStylesheet, script: WebAssets.historyScript)
    }

    /// A one-file page of this target's (history, organisation); `{}` as data if it cannot be encoded.
    static func page(
        _ template: String, title: String, dataID: String, value: some Encodable, style: String, script: String, values: [String: Data] = [:]
    ) -> String {
        let json = (try? ReportJSON.compact(value)) ?? Data("{}".utf8)
        return String(decoding: WebPage.inline(template, title: title, dataID: dataID, json: json, style: style, script: script, values: values), as: UTF8.self)
    }
}
