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
        let page = (try? WebPage.inline(template, title: title, dataID: dataID, value: value, style: style, script: script, values: values))
            ?? WebPage.fill(template, ["TITLE": Data(HTMLReporter.escapeHTML(title).utf8), "DATA": WebPage.data(dataID, Data("{}".utf8))])
        return String(decoding: page, as: UTF8.self)
    }
}
