import CGraphviz
import Foundation

/// Strata's own SVG renderer, a libgvc render plugin (`compact-svg`): Graphviz lays out and
/// emits each drawing (shapes, rounded corners, arrowheads, label positions are all its
/// own), and this writes what it emits as the smallest SVG that draws the same:
/// - Coordinates in whole points (Graphviz's SVG gives hundredths of a point, a precision no
///   screen shows that made the report's drawings a third larger once deflated): rounded to
///   hundredths as Graphviz's `printf("%.2f")` does, then half away from zero.
/// - No comments and no `<title>` elements (Graphviz's repeat the node's id, a meaningless
///   tooltip: a drawing's nodes show their names as text).
/// - Rounded boxes as `<rect rx>`: Graphviz draws a rounded node or cluster as eight cubic
///   curves (25 points); a rectangle with rounded corners says the same in five numbers.
///   A dashed box (a layer's cluster) stays a path: a rectangle's outline starts elsewhere,
///   moving its dashes.
/// - Splines in relative coordinates (`c`), polygons without the point that repeats their
///   first.
/// - The labels' font and centring said once, on the drawing's group, which every `<text>`
///   inherits.
/// Ids, classes and labels are written as the DOT gives them, escaped for XML. Not written,
/// as Strata's drawings have none: links (`URL`, `tooltip`), gradients (a gradient fill is
/// its first colour), layers, and HTML labels' strike-through and sub- and superscripts.
/// Writing it here, not printing Graphviz's SVG and rewriting it, spares a third of a small
/// drawing's time in Graphviz (its SVG is printed with `printf`) and a second pass over
/// every drawing.
///
/// Runs in the layout workers (forked processes, one thread each): its state is one buffer
/// per process, and it allocates only while writing.
enum CompactSVG {
    /// The format name `gvRenderData` takes.
    static let format = "compact-svg"

    /// The plugin library to add to a context (`gvAddLibrary`); made once, never freed.
    nonisolated(unsafe) static let library: UnsafeMutablePointer<gvplugin_library_t> = {
        let engine = UnsafeMutablePointer<gvrender_engine_t>.allocate(capacity: 1)
        engine.initialize(to: gvrender_engine_t())
        engine.pointee.begin_graph = { job in CompactSVG.beginGraph(job) }
        engine.pointee.end_graph = { job in CompactSVG.endGraph(job) }
        engine.pointee.begin_page = { job in CompactSVG.beginPage(job) }
        engine.pointee.end_page = { _ in CompactSVG.close() }
        engine.pointee.begin_cluster = { job in CompactSVG.beginGroup(job, kind: "cluster") }
        engine.pointee.end_cluster = { _ in CompactSVG.close() }
        engine.pointee.begin_node = { job in CompactSVG.beginGroup(job, kind: "node") }
        engine.pointee.end_node = { _ in CompactSVG.close() }
        engine.pointee.begin_edge = { job in CompactSVG.beginGroup(job, kind: "edge") }
        engine.pointee.end_edge = { _ in CompactSVG.close() }
        engine.pointee.textspan = { job, point, span in CompactSVG.text(job, point, span) }
        engine.pointee.ellipse = { job, points, filled in CompactSVG.ellipse(job, points, filled) }
        engine.pointee.polygon = { job, points, count, filled in CompactSVG.polygon(job, points, count, filled) }
        engine.pointee.beziercurve = { job, points, count, _, _, filled in CompactSVG.bezier(job, points, count, filled) }
        engine.pointee.polyline = { job, points, count in CompactSVG.polyline(job, points, count) }

        // As Graphviz's SVG renderer: y grows down, the page transform in the root group,
        // a 4-point pad, the ids of the DOT (libgvc sets them for renderers that do maps);
        // every colour resolved to RGBA (no named colours).
        let renderFeatures = UnsafeMutablePointer<gvrender_features_t>.allocate(capacity: 1)
        renderFeatures.initialize(to: gvrender_features_t(
            flags: GVRENDER_Y_GOES_DOWN | GVRENDER_DOES_TRANSFORM | GVRENDER_DOES_LABELS | GVRENDER_DOES_MAPS, default_pad: 4,
            knowncolors: nil, sz_knowncolors: 0, color_type: RGBA_BYTE))
        let deviceFeatures = UnsafeMutablePointer<gvdevice_features_t>.allocate(capacity: 1)
        deviceFeatures.initialize(to: gvdevice_features_t(
            flags: GVDEVICE_DOES_TRUECOLOR, default_margin: pointf(x: 0, y: 0), default_pagesize: pointf(x: 0, y: 0),
            default_dpi: pointf(x: 72, y: 72)))

        func installed(_ type: String, engine: UnsafeMutableRawPointer?, features: UnsafeMutableRawPointer) -> UnsafeMutablePointer<gvplugin_installed_t> {
            let list = UnsafeMutablePointer<gvplugin_installed_t>.allocate(capacity: 2)
            list.initialize(to: gvplugin_installed_t(id: 1, type: UnsafePointer(strdup(type)), quality: 1, engine: engine, features: features))
            (list + 1).initialize(to: gvplugin_installed_t(id: 0, type: nil, quality: 0, engine: nil, features: nil))
            return list
        }
        let apis = UnsafeMutablePointer<gvplugin_api_t>.allocate(capacity: 3)
        apis.initialize(to: gvplugin_api_t(api: API_render, types: installed(format, engine: UnsafeMutableRawPointer(engine), features: UnsafeMutableRawPointer(renderFeatures))))
        (apis + 1).initialize(to: gvplugin_api_t(api: API_device, types: installed(format + ":" + format, engine: nil, features: UnsafeMutableRawPointer(deviceFeatures))))
        (apis + 2).initialize(to: gvplugin_api_t(api: api_t(rawValue: 0), types: nil))
        let library = UnsafeMutablePointer<gvplugin_library_t>.allocate(capacity: 1)
        library.initialize(to: gvplugin_library_t(packagename: strdup("strata"), apis: apis))
        return library
    }()

    // MARK: The document

    /// The drawing being written (a worker writes one at a time).
    @exclusivity(unchecked) nonisolated(unsafe) private static var out: [UInt8] = []
    /// Attribute names as agget takes them.
    nonisolated(unsafe) private static let fontnameAttribute = strdup("fontname")!, classAttribute = strdup("class")!
    /// The graph's font, which the root group declares and its labels inherit.
    @exclusivity(unchecked) nonisolated(unsafe) private static var rootFont: [UInt8] = []

    private static func beginGraph(_ job: UnsafeMutablePointer<GVJ_t>?) {
        guard let job else { return }
        out.removeAll(keepingCapacity: true)
        let dpi = job.pointee.dpi, box = job.pointee.canvasBox
        put("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg width=\"")
        put(Int(job.pointee.width))
        put("pt\" height=\"")
        put(Int(job.pointee.height))
        put("pt\" viewBox=\"")
        put(whole(box.LL.x * dpi.x / 72))
        put(" ")
        put(whole(box.LL.y * dpi.y / 72))
        put(" ")
        put(whole(box.UR.x * dpi.x / 72))
        put(" ")
        put(whole(box.UR.y * dpi.y / 72))
        put("\" xmlns=\"http://www.w3.org/2000/svg\">\n")
        let graph = job.pointee.obj?.pointee.u.g
        rootFont = bytes(graph.flatMap { agget(UnsafeMutableRawPointer($0), fontnameAttribute) })
    }

    private static func endGraph(_ job: UnsafeMutablePointer<GVJ_t>?) {
        put("</svg>\n")
        out.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = gvwrite(job, $0.baseAddress, $0.count) }
        }
        out.removeAll(keepingCapacity: true)
    }

    private static func beginPage(_ job: UnsafeMutablePointer<GVJ_t>?) {
        guard let job, let object = job.pointee.obj else { return }
        put("<g id=\"")
        escape(object.pointee.id)
        put("\" class=\"graph")
        putClass(of: object.pointee.u.g.map { UnsafeMutableRawPointer($0) })
        put("\" transform=\"scale(")
        put(decimal(job.pointee.scale.x))
        put(" ")
        put(decimal(job.pointee.scale.y))
        put(") rotate(")
        put(-Int(job.pointee.rotation))
        put(") translate(")
        put(decimal(job.pointee.translation.x))
        put(" ")
        put(decimal(-job.pointee.translation.y))
        put(")\"")
        if !rootFont.isEmpty {
            put(" font-family=\"")
            escape(rootFont)
            put("\"")
        }
        put(" text-anchor=\"middle\">\n")
    }

    /// `<g id="…" class="KIND CLASS">` for a cluster, node or edge, its class the DOT's.
    private static func beginGroup(_ job: UnsafeMutablePointer<GVJ_t>?, kind: StaticString) {
        guard let object = job?.pointee.obj else { return }
        put("<g id=\"")
        escape(object.pointee.id)
        put("\" class=\"")
        put(kind)
        let item: UnsafeMutableRawPointer? = switch object.pointee.type {
        case CLUSTER_OBJTYPE: object.pointee.u.sg.map { UnsafeMutableRawPointer($0) }
        case NODE_OBJTYPE: object.pointee.u.n.map { UnsafeMutableRawPointer($0) }
        case EDGE_OBJTYPE: object.pointee.u.e.map { UnsafeMutableRawPointer($0) }
        default: nil
        }
        putClass(of: item)
        put("\">\n")
    }

    /// The DOT's `class` of the graph, cluster, node or edge, after a space; nothing for none.
    private static func putClass(of item: UnsafeMutableRawPointer?) {
        guard let item, let value = agget(item, classAttribute), value.pointee != 0 else { return }
        put(" ")
        escape(value)
    }

    private static func close() {
        put("</g>\n")
    }

    // MARK: Shapes

    /// ` fill="…" stroke="…"` and the pen's width and dashes, as the object's state says.
    private static func style(_ job: UnsafeMutablePointer<GVJ_t>?, filled: Int32) {
        guard let object = job?.pointee.obj?.pointee else { return }
        put(" fill=\"")
        if filled != 0 {
            color(object.fillcolor)
            putOpacity(of: object.fillcolor, as: "\" fill-opacity=\"")
        } else {
            put("none")
        }
        put("\" stroke=\"")
        color(object.pencolor)
        if object.penwidth != 1 {
            put("\" stroke-width=\"")
            put(decimal(object.penwidth))
        }
        if object.pen == PEN_DASHED {
            put("\" stroke-dasharray=\"5,2")
        } else if object.pen == PEN_DOTTED {
            put("\" stroke-dasharray=\"1,5")
        }
        putOpacity(of: object.pencolor, as: "\" stroke-opacity=\"")
        put("\"")
    }

    private static func isDashed(_ job: UnsafeMutablePointer<GVJ_t>?) -> Bool {
        guard let pen = job?.pointee.obj?.pointee.pen else { return false }
        return pen == PEN_DASHED || pen == PEN_DOTTED
    }

    private static func ellipse(_ job: UnsafeMutablePointer<GVJ_t>?, _ points: UnsafeMutablePointer<pointf>?, _ filled: Int32) {
        guard let points else { return }
        put("<ellipse")
        style(job, filled: filled)
        put(" cx=\"")
        put(whole(points[0].x))
        put("\" cy=\"")
        put(whole(-points[0].y))
        put("\" rx=\"")
        put(whole(points[1].x - points[0].x))
        put("\" ry=\"")
        put(whole(points[1].y - points[0].y))
        put("\"/>\n")
    }

    private static func polygon(_ job: UnsafeMutablePointer<GVJ_t>?, _ points: UnsafeMutablePointer<pointf>?, _ count: Int32, _ filled: Int32) {
        shape("<polygon", job, points, count, filled: filled)
    }

    private static func polyline(_ job: UnsafeMutablePointer<GVJ_t>?, _ points: UnsafeMutablePointer<pointf>?, _ count: Int32) {
        shape("<polyline", job, points, count, filled: 0)
    }

    /// `<polygon …/>` or `<polyline …/>`: the style, then each point once.
    private static func shape(_ tag: StaticString, _ job: UnsafeMutablePointer<GVJ_t>?, _ points: UnsafeMutablePointer<pointf>?, _ count: Int32, filled: Int32) {
        guard let points, count > 0 else { return }
        put(tag)
        style(job, filled: filled)
        put(" points=\"")
        for index in 0..<Int(count) {
            if index > 0 { put(" ") }
            put(point(points[index]))
        }
        put("\"/>\n")
    }

    private static func bezier(_ job: UnsafeMutablePointer<GVJ_t>?, _ points: UnsafeMutablePointer<pointf>?, _ count: Int32, _ filled: Int32) {
        guard let points, count > 0 else { return }
        let spline = (0..<Int(count)).map { point(points[$0]) }
        if spline.count == 25, !isDashed(job), let box = roundedBox(spline) {
            put("<rect")
            style(job, filled: filled)
            let attributes: [(StaticString, Int)] = [(" x=\"", box.x), ("\" y=\"", box.y), ("\" width=\"", box.width), ("\" height=\"", box.height), ("\" rx=\"", box.rx)]
            for (name, value) in attributes {
                put(name)
                put(value)
            }
            if box.ry != box.rx {
                put("\" ry=\"")
                put(box.ry)
            }
            put("\"/>\n")
            return
        }
        put("<path")
        style(job, filled: filled)
        put(" d=\"M")
        put(spline[0])
        if spline.count > 1, spline.count % 3 == 1 {
            // Each curve's points relative to where it starts: the same drawing in far
            // fewer digits (an edge 40 points down the page at x 51,930 is `c0,13 0,27 0,40`).
            put("c")
            var start = spline[0]
            for curve in stride(from: 1, to: spline.count, by: 3) {
                for offset in 0..<3 {
                    let point = spline[curve + offset]
                    if curve > 1 || offset > 0 { put(" ") }
                    put((point.x - start.x, point.y - start.y))
                }
                start = spline[curve + 2]
            }
        } else {
            // Not whole cubic curves (Graphviz draws none): straight lines through the points.
            for index in 1..<spline.count {
                put(index == 1 ? "L" : " ")
                put(spline[index])
            }
        }
        put("\"/>\n")
    }

    /// The box with rounded corners that 25 points of a path draw the way Graphviz draws one
    /// (from the top edge's right end, counter-clockwise: eight cubic curves, the straight
    /// sides as curves whose control points are their ends, each corner's control points on
    /// its box's edges); nil for any other path.
    static func roundedBox(_ points: [(x: Int, y: Int)]) -> (x: Int, y: Int, width: Int, height: Int, rx: Int, ry: Int)? {
        guard points.count == 25 else { return nil }
        var left = points[0].x, right = left, top = points[0].y, bottom = top
        for point in points {
            (left, right) = (min(left, point.x), max(right, point.x))
            (top, bottom) = (min(top, point.y), max(bottom, point.y))
        }
        let rx = right - points[0].x, ry = points[6].y - top
        guard rx > 0, ry > 0, 2 * rx <= right - left, 2 * ry <= bottom - top else { return nil }
        let corners = [
            (right - rx, top), (left + rx, top), (left, top + ry), (left, bottom - ry),
            (left + rx, bottom), (right - rx, bottom), (right, bottom - ry), (right, top + ry), (right - rx, top),
        ]
        for (curve, corner) in corners.enumerated() where points[curve * 3] != corner { return nil }
        for side in [0, 2, 4, 6] where points[side * 3 + 1] != points[side * 3] || points[side * 3 + 2] != points[side * 3 + 3] {
            return nil
        }
        for corner in [1, 3, 5, 7] {
            let (from, control1, control2, to) = (points[corner * 3], points[corner * 3 + 1], points[corner * 3 + 2], points[corner * 3 + 3])
            let onEdges = (control1.x == from.x || control1.y == from.y) && (control2.x == to.x || control2.y == to.y)
            let inside = [control1, control2].allSatisfy { min(from.x, to.x) <= $0.x && $0.x <= max(from.x, to.x) && min(from.y, to.y) <= $0.y && $0.y <= max(from.y, to.y) }
            guard onEdges, inside else { return nil }
        }
        return (left, top, right - left, bottom - top, rx, ry)
    }

    // MARK: Text

    private static func text(_ job: UnsafeMutablePointer<GVJ_t>?, _ origin: pointf, _ span: UnsafeMutablePointer<textspan_t>?) {
        guard let span, let object = job?.pointee.obj?.pointee else { return }
        put("<text")
        switch UInt8(bitPattern: span.pointee.just) {
        case UInt8(ascii: "l"): put(" text-anchor=\"start\"")
        case UInt8(ascii: "r"): put(" text-anchor=\"end\"")
        default: break
        }
        put(" x=\"")
        put(whole(origin.x))
        put("\" y=\"")
        put(whole(-(origin.y + span.pointee.yoffset_centerline)))
        put("\"")
        if let font = span.pointee.font?.pointee {
            var family: [UInt8] = []
            if let alias = font.postscript_alias?.pointee {
                family = bytes(alias.family)
                if alias.svg_font_family != nil {
                    family.append(UInt8(ascii: ","))
                    family += bytes(alias.svg_font_family)
                }
                let attributes: [(StaticString, UnsafeMutablePointer<CChar>?)] = [(" font-weight=\"", alias.weight), (" font-stretch=\"", alias.stretch), (" font-style=\"", alias.style)]
                for (name, value) in attributes {
                    guard let value else { continue }
                    put(name)
                    escape(value)
                    put("\"")
                }
            } else {
                family = bytes(font.name)
            }
            if !family.isEmpty && family != rootFont {
                put(" font-family=\"")
                escape(family)
                put("\"")
            }
            let flags = Int32(font.flags)
            if flags & HTML_BF != 0 && font.postscript_alias?.pointee.weight == nil { put(" font-weight=\"bold\"") }
            if flags & HTML_IF != 0 && font.postscript_alias?.pointee.style == nil { put(" font-style=\"italic\"") }
            if flags & HTML_UL != 0 { put(" text-decoration=\"underline\"") }
            put(" font-size=\"")
            put(decimal(font.size))
            put("\"")
        }
        let pen = object.pencolor
        if pen.type != RGBA_BYTE || pen.u.rgba.0 != 0 || pen.u.rgba.1 != 0 || pen.u.rgba.2 != 0 || pen.u.rgba.3 != 255 {
            put(" fill=\"")
            color(pen)
            putOpacity(of: pen, as: "\" fill-opacity=\"")
            put("\"")
        }
        put(">")
        escape(span.pointee.str, text: true)
        put("</text>\n")
    }

    // MARK: Writing

    private static func put(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func put(_ bytes: [UInt8]) {
        out.append(contentsOf: bytes)
    }

    /// Its digits, as `String(value)` spells them.
    private static func put(_ value: Int) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    private static func put(_ point: (x: Int, y: Int)) {
        put(point.x)
        out.append(UInt8(ascii: ","))
        put(point.y)
    }

    /// A point as the SVG has it: whole points, y up the page negated.
    private static func point(_ point: pointf) -> (x: Int, y: Int) {
        (whole(point.x), whole(-point.y))
    }

    /// `value` in whole points: rounded to hundredths first, as Graphviz prints it, then half
    /// away from zero (`-0.4` is `0`, `12.495` is `12`: Graphviz printed `12.49`).
    static func whole(_ value: Double) -> Int {
        let hundredths = Self.hundredths(value)
        let whole = hundredths.magnitude / 100 + (hundredths.magnitude % 100 >= 50 ? 1 : 0)
        return hundredths < 0 ? -Int(whole) : Int(whole)
    }

    /// `value` in hundredths as `printf("%.2f")` rounds it: the nearest to the double's exact
    /// value, a tie to the even one (`0.475` is `47`: the double is a little below 0.475).
    /// 0 for what is not a number or past 10^12.
    static func hundredths(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 1e12 else { return 0 }
        var nearest = (value * 100).rounded()
        // The product was rounded: the sign of value × 100 − (n ± ½), computed exactly
        // (one rounding, which keeps the sign), says on which side of each half it lies.
        let above = (-(nearest + 0.5)).addingProduct(value, 100), below = (-(nearest - 0.5)).addingProduct(value, 100)
        if above > 0 || (above == 0 && nearest.truncatingRemainder(dividingBy: 2) != 0) {
            nearest += 1
        } else if below < 0 || (below == 0 && nearest.truncatingRemainder(dividingBy: 2) != 0) {
            nearest -= 1
        }
        return Int(nearest)
    }

    /// `value` to at most two decimals, without trailing zeros (`1.6`, `11`, `0.47`).
    static func decimal(_ value: Double) -> [UInt8] {
        let hundredths = Self.hundredths(value)
        var digits: [UInt8] = []
        if hundredths < 0 { digits.append(UInt8(ascii: "-")) }
        digits += String(hundredths.magnitude / 100).utf8
        let fraction = hundredths.magnitude % 100
        if fraction != 0 {
            digits.append(UInt8(ascii: "."))
            digits.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { digits.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
        return digits
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `#rrggbb`, `transparent` for no alpha, or the colour's name as the DOT gave it.
    private static func color(_ color: gvcolor_t) {
        switch color.type {
        case RGBA_BYTE:
            let rgba = color.u.rgba
            guard rgba.3 != 0 else { return put("transparent") }
            out.append(UInt8(ascii: "#"))
            for byte in [rgba.0, rgba.1, rgba.2] {
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        case COLOR_STRING:
            escape(color.u.string)
        default:
            put("black")
        }
    }

    /// A colour's partial opacity (`0.5`) after `attribute` (which closes the attribute before
    /// it); nothing when opaque or fully transparent.
    private static func putOpacity(of color: gvcolor_t, as attribute: StaticString) {
        guard color.type == RGBA_BYTE, color.u.rgba.3 > 0, color.u.rgba.3 < 255 else { return }
        put(attribute)
        put(decimal(Double(color.u.rgba.3) / 255))
    }

    private static func bytes(_ text: UnsafeMutablePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    private static func escape(_ text: UnsafeMutablePointer<CChar>?, text isText: Bool = false) {
        guard let text else { return }
        escape(UnsafeRawBufferPointer(start: text, count: strlen(text)), text: isText)
    }

    private static func escape(_ bytes: [UInt8], text isText: Bool = false) {
        bytes.withUnsafeBytes { escape($0, text: isText) }
    }

    /// XML-escaped: `&`, `<`, `>`, quotes, line breaks and tabs as references, and the
    /// characters XML does not allow as U+FFFD (control characters, which `DOT.label` shows as
    /// control pictures, and U+FFFE, U+FFFF); in a label's text also every space after a space
    /// (`&#160;`, as Graphviz keeps a run of spaces that SVG would collapse).
    private static func escape(_ bytes: UnsafeRawBufferPointer, text isText: Bool) {
        var previous: UInt8 = 0
        for (index, byte) in bytes.enumerated() {
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF), which XML does not allow either.
            if previous == 0xBF, byte == 0xBE || byte == 0xBF, index >= 2, bytes[index - 2] == 0xEF {
                out.removeLast(2)
                put("\u{FFFD}")
                previous = byte
                continue
            }
            switch byte {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            case UInt8(ascii: "'"): put("&#39;")
            case UInt8(ascii: " ") where isText && previous == UInt8(ascii: " "): put("&#160;")
            case UInt8(ascii: "\n"): put("&#10;")
            case UInt8(ascii: "\r"): put("&#13;")
            case UInt8(ascii: "\t"): put("&#9;")
            case 0..<0x20: put("\u{FFFD}")
            default: out.append(byte)
            }
            previous = byte
        }
    }
}
