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
        var index = 0, rooted = false
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
                rooted = true
            } else if rooted, tag.starts(with: textTag) {
                append(tag, without: inherited, to: &out)
            } else if tag.starts(with: pathTag), let spline = spline(tag) {
                if !rectangle(tag, spline, to: &out) { relative(tag, spline, to: &out) }
            } else if tag.starts(with: polygonTag), let closing = closingPoint(tag) {
                out.append(contentsOf: tag[..<closing.lowerBound])
                out.append(contentsOf: tag[closing.upperBound...])
            } else {
                out.append(contentsOf: tag)
            }
            index = close + 1
        }
        return out
    }

    /// `tag` without the first of each of `attributes` it has.
    private static func append(_ tag: ArraySlice<UInt8>, without attributes: [[UInt8]], to out: inout [UInt8]) {
        var ranges = attributes.compactMap { find($0, in: tag) }.sorted { $0.lowerBound < $1.lowerBound }
        var start = tag.startIndex
        while !ranges.isEmpty {
            let range = ranges.removeFirst()
            out.append(contentsOf: tag[start..<range.lowerBound])
            start = range.upperBound
        }
        out.append(contentsOf: tag[start...])
    }

    /// Where `needle` first occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate..<(candidate + needle.count) }
            index = candidate + 1
        }
        return nil
    }

    /// A path's spline: its points and the range of its `d`'s value (from the `M` to before
    /// the closing quote).
    struct Spline {
        var points: [(x: Int, y: Int)]
        var value: Range<Int>
    }

    /// `<path ATTRIBUTES d="…"/>` drawing the rounded box Graphviz draws (from the top edge's
    /// right end, counter-clockwise: eight cubic curves, the straight sides as curves whose
    /// control points are their ends), appended as `<rect ATTRIBUTES x y width height rx ry/>`;
    /// false, nothing appended, for any other path.
    private static func rectangle(_ tag: ArraySlice<UInt8>, _ spline: Spline, to out: inout [UInt8]) -> Bool {
        let points = spline.points
        // A dashed box (a layer's cluster) stays a path: a rectangle's outline starts elsewhere, moving its dashes.
        guard points.count == 25, tag[spline.value.upperBound...].elementsEqual("\"/>".utf8), find(dashed, in: tag) == nil else { return false }
        var left = points[0].x, right = left, top = points[0].y, bottom = top
        for point in points {
            (left, right) = (min(left, point.x), max(right, point.x))
            (top, bottom) = (min(top, point.y), max(bottom, point.y))
        }
        let rx = right - points[0].x, ry = points[6].y - top
        guard rx > 0, ry > 0, 2 * rx <= right - left, 2 * ry <= bottom - top else { return false }
        // The ends of the eight curves, and the straight sides' control points on their ends.
        let corners = [
            (right - rx, top), (left + rx, top), (left, top + ry), (left, bottom - ry),
            (left + rx, bottom), (right - rx, bottom), (right, bottom - ry), (right, top + ry), (right - rx, top),
        ]
        for (curve, corner) in corners.enumerated() where points[curve * 3] != corner { return false }
        for side in [0, 2, 4, 6] where points[side * 3 + 1] != points[side * 3] || points[side * 3 + 2] != points[side * 3 + 3] {
            return false
        }
        // Each corner's control points on its box's edges, as Graphviz places them: the corner
        // is a quarter of a rounded rectangle, drawn within a pixel of the `<rect>`'s.
        for corner in [1, 3, 5, 7] {
            let (from, control1, control2, to) = (points[corner * 3], points[corner * 3 + 1], points[corner * 3 + 2], points[corner * 3 + 3])
            let onEdges = (control1.x == from.x || control1.y == from.y) && (control2.x == to.x || control2.y == to.y)
            let inside = [control1, control2].allSatisfy { min(from.x, to.x) <= $0.x && $0.x <= max(from.x, to.x) && min(from.y, to.y) <= $0.y && $0.y <= max(from.y, to.y) }
            guard onEdges, inside else { return false }
        }
        out.append(contentsOf: "<rect".utf8)
        // The attributes before ` d="`.
        out.append(contentsOf: tag[(tag.startIndex + pathTag.count - 1)..<(spline.value.lowerBound - 4)])
        for (name, value) in [(" x=\"", left), ("\" y=\"", top), ("\" width=\"", right - left), ("\" height=\"", bottom - top), ("\" rx=\"", rx)] {
            out.append(contentsOf: name.utf8)
            append(value, to: &out)
        }
        if ry != rx {
            out.append(contentsOf: "\" ry=\"".utf8)
            append(ry, to: &out)
        }
        out.append(contentsOf: "\"/>".utf8)
        return true
    }

    /// A spline's path appended with its curves' points relative to where each curve starts
    /// (`c`, not `C`): the same drawing in whole numbers, with far fewer digits (an edge that
    /// runs 40 points down the page at x 51,930 is `c0,13 0,27 0,40`).
    private static func relative(_ tag: ArraySlice<UInt8>, _ spline: Spline, to out: inout [UInt8]) {
        let points = spline.points
        out.append(contentsOf: tag[..<spline.value.lowerBound])
        out.append(UInt8(ascii: "M"))
        append(points[0], to: &out)
        out.append(UInt8(ascii: "c"))
        var start = points[0]
        for curve in stride(from: 1, to: points.count, by: 3) {
            for (offset, point) in points[curve..<(curve + 3)].enumerated() {
                if curve > 1 || offset > 0 { out.append(UInt8(ascii: " ")) }
                append((point.x - start.x, point.y - start.y), to: &out)
            }
            start = points[curve + 2]
        }
        out.append(contentsOf: tag[spline.value.upperBound...])
    }

    private static func append(_ point: (x: Int, y: Int), to out: inout [UInt8]) {
        append(point.x, to: &out)
        out.append(UInt8(ascii: ","))
        append(point.y, to: &out)
    }

    /// A small string: its digits are kept inline, nothing is allocated.
    private static func append(_ value: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    /// In a polygon's points, the last point and the space before it when it repeats the
    /// first, as Graphviz writes them: a polygon closes itself.
    private static func closingPoint(_ tag: ArraySlice<UInt8>) -> Range<Int>? {
        guard let start = find(pointsAttribute, in: tag)?.upperBound, let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")),
              let firstEnd = tag[start..<end].firstIndex(of: UInt8(ascii: " ")),
              let lastStart = tag[start..<end].lastIndex(of: UInt8(ascii: " ")), lastStart > firstEnd,
              tag[start..<firstEnd].elementsEqual(tag[(lastStart + 1)..<end])
        else { return nil }
        return lastStart..<end
    }

    private static let pathData = Array(" d=\"M".utf8), dashed = Array(" stroke-dasharray=\"".utf8)
    private static let pointsAttribute = Array(" points=\"".utf8)

    /// The points of a path's `d="M x,y C x,y x,y x,y …"` (whole numbers, one or more cubic
    /// curves); nil for any other path.
    private static func spline(_ tag: ArraySlice<UInt8>) -> Spline? {
        guard let d = find(pathData, in: tag), let end = tag[d.upperBound...].firstIndex(of: UInt8(ascii: "\"")),
              let points = pathPoints(tag[d.upperBound..<end]), points.count > 1, points.count % 3 == 1
        else { return nil }
        return Spline(points: points, value: (d.upperBound - 1)..<end)
    }

    /// `x,y` `C` `x,y x,y …` in whole numbers (the points of `M…C…` after the `M`); nil for
    /// anything else.
    private static func pathPoints(_ d: ArraySlice<UInt8>) -> [(x: Int, y: Int)]? {
        var points: [(x: Int, y: Int)] = [], pending: Int?, index = d.startIndex, curves = false
        while index < d.endIndex {
            let byte = d[index]
            if byte == UInt8(ascii: "-") || isDigit(byte) {
                let negative = byte == UInt8(ascii: "-")
                var end = negative ? index + 1 : index, value = 0
                let digits = end
                while end < d.endIndex, isDigit(d[end]), end - digits < 9 {
                    value = value * 10 + Int(d[end] - UInt8(ascii: "0"))
                    end += 1
                }
                guard end > digits, end == d.endIndex || !isDigit(d[end]) else { return nil }
                if negative { value = -value }
                if let x = pending {
                    points.append((x, value))
                    pending = nil
                } else {
                    pending = value
                }
                index = end
            } else if byte == UInt8(ascii: ","), pending != nil {
                index += 1
            } else if pending == nil, byte == UInt8(ascii: "C"), points.count == 1 {
                curves = true
                index += 1
            } else if pending == nil, byte == UInt8(ascii: " "), points.count != 1 || curves {
                index += 1
            } else {
                return nil
            }
        }
        return pending == nil && (curves || points.count < 2) ? points : nil
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
