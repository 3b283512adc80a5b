import Foundation
import StrataModel
import StrataWeb

/// The static report: `index.html` from `Web/index.html`, with the data and the graph SVG
/// inlined, next to `report.css`, `report.js` and `graph.svg`. Nothing is loaded from the
/// network; every name from the repository is escaped (HTML text, or JSON inside a
/// `<script type="application/json">`, where `<`, `>` and `&` are written as `\u003c`...).
public struct HTMLReporter: Reporter {
    public init() {}

    public func write(_ result: AnalysisResult, to directory: String) throws -> [String] {
        let svg = try Self.graphSVG(result)
        let page = try Self.page(result, svg: svg)
        var written: [String] = []
        for (name, text) in [("index.html", page), ("report.css", try WebAssets.stylesheet), ("report.js", try WebAssets.script), ("graph.svg", svg)] {
            let path = directory + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            written.append(path)
        }
        return written
    }

    /// The module graph laid out by libgraphviz; `sfdp` past a thousand modules, where `dot`
    /// takes seconds.
    public static func graphSVG(_ result: AnalysisResult) throws -> String {
        let count = result.modules.count { !$0.module.kind.isTest }
        return try GraphvizLayout.svg(dot: DOTReporter.render(result), engine: count > 1000 ? "sfdp" : "dot")
    }

    public static func page(_ result: AnalysisResult, svg: String) throws -> String {
        let data = String(decoding: try JSONReporter.encode(result), as: UTF8.self)
        return fill(try WebAssets.indexTemplate, [
            "TITLE": escapeHTML(result.root),
            "DATA": escapeForScript(data),
            "GRAPH": inlineSVG(svg),
        ])
    }

    /// Replaces `{{NAME}}` placeholders in one pass, so a value that itself contains
    /// `{{...}}` is never substituted again.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let key = String(rest[open.upperBound..<close.lowerBound])
            result += values[key] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    public static func escapeHTML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// JSON made safe inside `<script>`: no `</script>` or `<!--` can appear.
    static func escapeForScript(_ json: String) -> String {
        json.replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
    }

    /// Graphviz's SVG without the XML declaration and DOCTYPE, which HTML does not want.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }
}
