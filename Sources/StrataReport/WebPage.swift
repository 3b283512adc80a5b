import Foundation

/// A page of `WebAssets` filled in: its data as JSON elements, its drawings, and for the one-file
/// pages (diff, history, organisation) the stylesheet and the script inline.
public enum WebPage {
    /// `<script type="application/json" id="ID">JSON</script>`: the JSON escaped
    /// (`HTMLReporter.escapeForScript`), so it can never close the element.
    public static func data(_ id: String, _ json: Data) -> Data {
        var element = Data("<script type=\"application/json\" id=\"\(id)\">".utf8)
        element.append(HTMLReporter.escapeForScript(json))
        element.append(contentsOf: "</script>".utf8)
        return element
    }

    /// `<script type="application/zlib" id="ID">BASE64</script>`: the JSON deflated (zlib) and
    /// in base64, which the page inflates with the browser's `DecompressionStream` (as it does
    /// the data scripts): a large repository's summary is a seventh of its JSON. Base64 can
    /// never close the element.
    public static func deflated(_ id: String, _ json: Data) -> Data {
        var element = Data("<script type=\"application/zlib\" id=\"\(id)\">".utf8)
        element.append(base64Deflated(json))
        element.append(contentsOf: "</script>".utf8)
        return element
    }

    /// `json` compressed in the zlib format and in base64, as the data elements and the data
    /// scripts carry it.
    static func base64Deflated(_ json: Data) -> Data {
        Data(Deflate.zlib([UInt8](json))).base64EncodedData()
    }

    /// A one-file page: the title escaped, its data element (`json`), `report.css` with the
    /// page's own rules, its script, and the other `values` as they are.
    public static func inline(
        _ template: String, title: String, dataID: String, json: Data, style: String, script: String, values: [String: Data] = [:]
    ) -> Data {
        // Strata's scripts never spell `</script`, which alone would end the element early.
        fill(template, values.merging([
            "TITLE": Data(HTMLReporter.escapeHTML(title).utf8), "DATA": data(dataID, json),
            "STYLE": Data(style.utf8), "SCRIPT": Data(script.utf8),
        ], uniquingKeysWith: { $1 }))
    }

    /// Replaces `{{NAME}}` placeholders in one pass, so a value that itself contains
    /// `{{...}}` is never substituted again.
    public static func fill(_ template: String, _ values: [String: Data]) -> Data {
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

    /// Graphviz's SVG without the XML declaration and DOCTYPE, which HTML does not want.
    public static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }
}
