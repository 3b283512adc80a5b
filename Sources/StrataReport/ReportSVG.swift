/// Graphviz's SVG made smaller for the report, drawn the same.
/// - Coordinates in whole points: Graphviz writes them to a hundredth of a point
///   (`M484.46,-52C484.46,-52 429.54,-52 …`), a precision no screen shows (a point is a pixel
///   and a third) that made the report's drawings a third larger once deflated. Only the values
///   of the attributes that hold coordinates and sizes are rounded (half away from zero).
/// - No comments and no `<title>` elements: Graphviz writes the node's id in both
///   (`<!-- m169 -->`, `<title>m169</title>`), which a reader sees only as a meaningless
///   tooltip (a drawing's nodes show their names as text, and link to their pages).
/// - Rounded boxes as `<rect rx>`: Graphviz draws a `style=rounded` node or cluster as a path
///   of eight cubic curves (24 points), a rectangle with rounded corners says the same in four
///   numbers and a radius.
/// - Splines in relative coordinates (`c`): fewer digits for the same whole-point curves, and
///   polygons without the point that repeats their first.
/// - The labels' font and centring said once, on the drawing's group, which every `<text>`
///   inherits: Graphviz repeats `font-family` and `text-anchor="middle"` on each.
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
        return String(decoding: tags(out), as: UTF8.self)
    }

    /// The labels' font and anchor as Graphviz writes them for Strata's drawings (`DOT.Theme`).
    private static let inherited = [Array(" font-family=\"\(DOT.Theme.fontname)\"".utf8), Array(" text-anchor=\"middle\"".utf8)]
    private static let root = Array("<g id=\"graph0\" class=\"graph\"".utf8)
    private static let textTag = Array("<text ".utf8), pathTag = Array("<path ".utf8), polygonTag = Array("<polygon ".utf8)

    /// The second pass, tag by tag: the root group takes the labels' font and anchor, which
    /// each `<text>` then leaves out, rounded boxes become rectangles, splines relative and
    /// polygons lose their closing point.
    private static func tags(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                out.append(bytes[index])
                index += 1
                continue
            }
            let tag = bytes[index...close]
            if tag.starts(with: root) {
                out.append(contentsOf: root)
                for attribute in inherited { out.append(contentsOf: attribute) }
                out.append(contentsOf: tag.dropFirst(root.count))
            } else if tag.starts(with: textTag) {
                out.append(contentsOf: removing(inherited, from: tag))
            } else if tag.starts(with: pathTag), let path = rectangle(tag) ?? relative(tag) {
                out.append(contentsOf: path)
            } else if tag.starts(with: polygonTag), let polygon = polygon(tag) {
                out.append(contentsOf: polygon)
            } else {
                out.append(contentsOf: tag)
            }
            index = close + 1
        }
        return out
    }

    private static func removing(_ attributes: [[UInt8]], from tag: ArraySlice<UInt8>) -> [UInt8] {
        var result = Array(tag)
        for attribute in attributes {
            if let range = result.firstRange(of: attribute) { result.removeSubrange(range) }
        }
        return result
    }

    /// `<path ATTRIBUTES d="…"/>` drawing the rounded box Graphviz draws (from the top edge's
    /// right end, counter-clockwise: eight cubic curves, the straight sides as curves whose
    /// control points are their ends) as `<rect ATTRIBUTES x y width height rx ry/>`; nil for
    /// any other path.
    static func rectangle(_ tag: ArraySlice<UInt8>) -> [UInt8]? {
        guard let (points, value) = spline(tag), points.count == 25,
              tag[value.upperBound...].elementsEqual("\"/>".utf8)
        else { return nil }
        let xs = points.map(\.0), ys = points.map(\.1)
        let left = xs.min()!, right = xs.max()!, top = ys.min()!, bottom = ys.max()!
        let rx = right - points[0].0, ry = points[6].1 - top
        guard rx > 0, ry > 0, 2 * rx <= right - left, 2 * ry <= bottom - top else { return nil }
        // The ends of the eight curves, and the straight sides' control points on their ends.
        let corners = [
            (right - rx, top), (left + rx, top), (left, top + ry), (left, bottom - ry),
            (left + rx, bottom), (right - rx, bottom), (right, bottom - ry), (right, top + ry), (right - rx, top),
        ]
        for (curve, corner) in corners.enumerated() where points[curve * 3] != corner { return nil }
        for side in [0, 2, 4, 6] where points[side * 3 + 1] != points[side * 3] || points[side * 3 + 2] != points[side * 3 + 3] {
            return nil
        }
        var rect = Array("<rect".utf8)
        // The attributes before ` d="`.
        rect.append(contentsOf: tag[(tag.startIndex + pathTag.count - 1)..<(value.lowerBound - 4)])
        var size = " x=\"\(left)\" y=\"\(top)\" width=\"\(right - left)\" height=\"\(bottom - top)\" rx=\"\(rx)\""
        if ry != rx { size += " ry=\"\(ry)\"" }
        rect.append(contentsOf: size.utf8)
        rect.append(contentsOf: "/>".utf8)
        return rect
    }

    /// A spline's path with its curves' points relative to where each curve starts (`c`, not
    /// `C`): the same drawing in whole numbers, with far fewer digits (an edge that runs 40
    /// points down the page at x 51,930 is `c0,13 0,27 0,40`); nil for any other path.
    static func relative(_ tag: ArraySlice<UInt8>) -> [UInt8]? {
        guard let (points, value) = spline(tag) else { return nil }
        var out = Array(tag[..<value.lowerBound])
        var d = "M\(points[0].0),\(points[0].1)c"
        var start = points[0], separator = ""
        for curve in stride(from: 1, to: points.count, by: 3) {
            for point in points[curve..<(curve + 3)] {
                d += separator + "\(point.0 - start.0),\(point.1 - start.1)"
                separator = " "
            }
            start = points[curve + 2]
        }
        out.append(contentsOf: d.utf8)
        out.append(contentsOf: tag[value.upperBound...])
        return out
    }

    /// A polygon's points without the last when it repeats the first, as Graphviz writes them:
    /// a polygon closes itself.
    static func polygon(_ tag: ArraySlice<UInt8>) -> [UInt8]? {
        let marker = Array(" points=\"".utf8)
        guard let start = tag.firstRange(of: marker)?.upperBound, let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")),
              let firstEnd = tag[start..<end].firstIndex(of: UInt8(ascii: " ")),
              let lastStart = tag[start..<end].lastIndex(of: UInt8(ascii: " ")), lastStart > firstEnd,
              tag[start..<firstEnd].elementsEqual(tag[(lastStart + 1)..<end])
        else { return nil }
        return Array(tag[..<lastStart]) + Array(tag[end...])
    }

    private static let pathData = Array(" d=\"M".utf8)

    /// The points of a path's `d="M x,y C x,y x,y x,y …"` (whole numbers, one or more cubic
    /// curves) and the range of its value (from the `M` to before the closing quote).
    private static func spline(_ tag: ArraySlice<UInt8>) -> (points: [(Int, Int)], value: Range<Int>)? {
        guard let d = tag.firstRange(of: pathData), let end = tag[d.upperBound...].firstIndex(of: UInt8(ascii: "\"")),
              let points = pathPoints(tag[d.upperBound..<end]), points.count > 1, points.count % 3 == 1
        else { return nil }
        return (points, (d.upperBound - 1)..<end)
    }

    /// `x,y` `C` `x,y x,y …` in whole numbers (the points of `M…C…` after the `M`); nil for
    /// anything else.
    private static func pathPoints(_ d: ArraySlice<UInt8>) -> [(Int, Int)]? {
        var points: [(Int, Int)] = [], numbers: [Int] = [], index = d.startIndex
        while index < d.endIndex {
            let byte = d[index]
            if byte == UInt8(ascii: "-") || isDigit(byte) {
                var end = byte == UInt8(ascii: "-") ? index + 1 : index
                let digits = end
                while end < d.endIndex, isDigit(d[end]) { end += 1 }
                guard end > digits, end - digits < 10, let value = Int(String(decoding: d[index..<end], as: UTF8.self)) else { return nil }
                numbers.append(value)
                if numbers.count == 2 {
                    points.append((numbers[0], numbers[1]))
                    numbers = []
                }
                index = end
            } else if byte == UInt8(ascii: ","), numbers.count == 1 {
                index += 1
            } else if numbers.isEmpty, byte == UInt8(ascii: " ") || (byte == UInt8(ascii: "C") && points.count == 1) {
                index += 1
            } else {
                return nil
            }
        }
        return numbers.isEmpty ? points : nil
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
