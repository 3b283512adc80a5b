import Foundation
import StrataModel
import StrataWeb

/// The static report: `index.html` from `Web/index.html`, with the data and the graph SVG
/// inlined, next to `report.css`, `report.js` and `graph.svg`. Nothing is loaded from the
/// network; every name from the repository is escaped (HTML text, or JSON inside a
/// `<script type="application/json">`, where `<`, `>` and `&` are written as `\u003c`...).
public struct HTMLReporter: Reporter {
    public init() {}

    public func write(_ document: ReportDocument, to directory: String) throws -> [String] {
        let svg = try document.svg.get()
        let page = try Self.page(
            document.result, json: try document.json.get(), svg: svg, injectionSVG: try document.injectionSVG.get() ?? "")
        var written: [String] = []
        for (name, bytes) in [
            ("index.html", page), ("report.css", Data(WebAssets.stylesheet.utf8)),
            ("report.js", Data(WebAssets.script.utf8)), ("graph.svg", Data(svg.utf8)),
        ] {
            let path = directory + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            written.append(path)
        }
        return written
    }

    /// The page: the template with the title, the data and the inline graph filled in.
    public static func page(_ result: AnalysisResult, json: Data, svg: String, injectionSVG: String = "") throws -> Data {
        fill(WebAssets.indexTemplate, [
            "TITLE": Data(escapeHTML(result.root).utf8),
            "DATA": escapeForScript(json),
            "GRAPH": Data(inlineSVG(svg).utf8),
            "INJECTION_GRAPH": Data(inlineSVG(injectionSVG).utf8),
            "RULES": escapeForScript(ruleCatalog),
        ])
    }

    /// The rule catalog the page's help lists: id, name, rationale and default severity.
    static let ruleCatalog: Data = {
        struct Entry: Encodable { var id, title, rationale, severity: String }
        let entries = RuleID.allCases.sorted().map {
            Entry(id: $0.rawValue, title: $0.title, rationale: $0.rationale, severity: $0.defaultSeverity?.rawValue ?? "off")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entries)) ?? Data("[]".utf8)
    }()

    /// Replaces `{{NAME}}` placeholders in one pass, so a value that itself contains
    /// `{{...}}` is never substituted again.
    static func fill(_ template: String, _ values: [String: Data]) -> Data {
        var result = Data()
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result.append(contentsOf: rest[..<open.lowerBound].utf8)
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            if let value = values[String(rest[open.upperBound..<close.lowerBound])] {
                result.append(value)
            } else {
                result.append(contentsOf: rest[open.lowerBound..<close.upperBound].utf8)
            }
            rest = rest[close.upperBound...]
        }
        result.append(contentsOf: rest.utf8)
        return result
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

    /// JSON made safe inside `<script>`: `<`, `>` and `&` become `\u003c`, `\u003e` and
    /// `\u0026` (they only occur inside JSON strings), so no `</script>` or `<!--` can appear.
    static func escapeForScript(_ json: Data) -> Data {
        let lessThan = Array(#"\u003c"#.utf8), greaterThan = Array(#"\u003e"#.utf8), ampersand = Array(#"\u0026"#.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(json.count + json.count / 16)
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "<"): result += lessThan
                case UInt8(ascii: ">"): result += greaterThan
                case UInt8(ascii: "&"): result += ampersand
                default: result.append(byte)
                }
            }
        }
        return Data(result)
    }

    /// Graphviz's SVG without the XML declaration and DOCTYPE, which HTML does not want.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }
}
