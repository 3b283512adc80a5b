import Foundation
import StrataReport
import StrataWeb

/// The offline trend page (`index.html` of `strata history -o`): the template, stylesheet
/// and script of `Web/` with the timeline as JSON; nothing is loaded from the network.
public enum HistoryPage {
    public static func render(_ timeline: HistoryTimeline) -> String {
        let json = (try? ReportJSON.compact(timeline)) ?? Data("{}".utf8)
        let values = [
            "TITLE": HTMLReporter.escapeHTML(timeline.repository),
            "STYLE": WebAssets.historyStylesheet,
            "DATA": String(decoding: HTMLReporter.escapeForScript(json), as: UTF8.self),
            // The script is ours; only `</script` would end it early, and it has none.
            "SCRIPT": WebAssets.historyScript,
        ]
        return fill(WebAssets.historyTemplate, values)
    }

    /// `{{NAME}}` replaced in one pass, so a value that spells a placeholder stays as it is.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
