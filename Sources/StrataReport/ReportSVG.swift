/// Graphviz's SVG made smaller for the report, drawn the same.
/// - Coordinates in whole points: Graphviz writes them to a hundredth of a point
///   (`M484.46,-52C484.46,-52 429.54,-52 …`), a precision no screen shows (a point is a pixel
///   and a third) that made the report's drawings a third larger once deflated. Only the values
///   of the attributes that hold coordinates and sizes are rounded (half away from zero).
/// - No comments and no `<title>` elements: Graphviz writes the node's id in both
///   (`<!-- m169 -->`, `<title>m169</title>`), which a reader sees only as a meaningless
///   tooltip (a drawing's nodes show their names as text, and link to their pages).
/// Names, labels and every other attribute are copied as they are.
enum ReportSVG {
    /// The attributes whose numbers are coordinates or sizes. Not `transform`: its `scale(…)`
    /// factors are not (Graphviz writes `scale(0.47 0.47)` for a drawing fitted to a size).
    static let numeric: Set<[UInt8]> = Set(
        ["d", "points", "x", "y", "cx", "cy", "rx", "ry", "x1", "y1", "x2", "y2", "width", "height", "viewBox"]
            .map { Array($0.utf8) })

    static func compacted(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
        var inTag = false, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !inTag, byte == UInt8(ascii: "<"), let end = skipped(bytes, at: index) {
                index = end
                continue
            }
            if byte == UInt8(ascii: "<") { inTag = true }
            if byte == UInt8(ascii: ">") { inTag = false }
            out.append(byte)
            index += 1
            guard inTag, byte == quote, index >= 2, bytes[index - 2] == equals else { continue }
            // An attribute's value: `name="…"`; Graphviz escapes every quote inside one.
            var start = index - 2
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            let numbers = numeric.contains(Array(bytes[start..<(index - 2)]))
            while index < bytes.count, bytes[index] != quote {
                if numbers, let end = decimal(bytes, at: index) {
                    append(rounding: bytes[index..<end], to: &out)
                    index = end
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let comment = (open: Array("<!--".utf8), close: Array("-->".utf8))
    private static let title = (open: Array("<title>".utf8), close: Array("</title>".utf8))

    /// Past a comment or a `<title>` element starting at `index`, and the line break after it;
    /// nil for anything else, or one not closed (then copied).
    private static func skipped(_ bytes: [UInt8], at index: Int) -> Int? {
        for (open, close) in [comment, title] where bytes[index...].starts(with: open) {
            var end = index + open.count
            while end + close.count <= bytes.count, !bytes[end...].starts(with: close) { end += 1 }
            guard end + close.count <= bytes.count else { return nil }
            end += close.count
            return end < bytes.count && bytes[end] == UInt8(ascii: "\n") ? end + 1 : end
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The end of the number with a fraction that starts at `index` (`-12.5`, `0.25`; the
    /// letters around it are path commands, `translate(`, `pt`); nil for anything else (an
    /// integer is copied as it is).
    private static func decimal(_ bytes: [UInt8], at index: Int) -> Int? {
        if index > 0, isDigit(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".") { return nil }
        var end = index
        if bytes[end] == UInt8(ascii: "-") { end += 1 }
        let digits = end
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        guard end > digits, end < bytes.count, bytes[end] == UInt8(ascii: ".") else { return nil }
        end += 1
        let fraction = end
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end > fraction ? end : nil
    }

    /// `number` (`-?digits.digits`) rounded half away from zero, without a `-0`.
    private static func append(rounding number: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var index = number.startIndex, magnitude = 0
        let negative = number[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        while number[index] != UInt8(ascii: ".") {
            magnitude = magnitude &* 10 &+ Int(number[index] - UInt8(ascii: "0"))
            index += 1
        }
        if number[index + 1] >= UInt8(ascii: "5") { magnitude += 1 }
        if negative && magnitude != 0 { out.append(UInt8(ascii: "-")) }
        out.append(contentsOf: String(magnitude).utf8)
    }
}
