import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StrataGraphviz
import StrataReport
import Testing

/// `CompactSVG`, Strata's SVG renderer in libgvc: Graphviz's layout in whole points, rounded
/// boxes as rectangles, splines relative, polygons not closed twice, no comments or titles,
/// the labels' font said once, every name escaped.
@Suite struct CompactSVGTests {
    static let font = "Helvetica,Arial,sans-serif"

    /// A drawing laid out and written as the report's are.
    static func draw(_ body: String, graph: String = "") throws -> String {
        try GraphvizLayout.svg(dot: "digraph \"g\" { graph [fontname=\"\(font)\"\(graph)]; node [fontname=\"\(font)\"]; edge [fontname=\"\(font)\"]; \(body) }")
    }

    static func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    @Test func coordinatesAreWholePointsRoundedAsGraphvizPrintsThem() {
        // Hundredths as printf("%.2f") gives them, from the double's exact value: the product
        // with 100 is rounded (12.495 × 100 is 1249.5 as a double; 12.495 is a little less).
        for value in [12.495, 0.475, 0.125, 0.375, -0.125, 2.675, 1.005, 484.46, -52.5, 0.004, 1e11 + 0.125] {
            #expect(CompactSVG.hundredths(value) == Int(String(format: "%.2f", value).replacingOccurrences(of: ".", with: ""))!, "\(value)")
        }
        // Then whole points, half away from zero (Graphviz's 12.50 is 13, its -52.50 is -53).
        #expect(CompactSVG.whole(484.46) == 484)
        #expect(CompactSVG.whole(12.4951) == 13 && CompactSVG.whole(12.495) == 12)
        #expect(CompactSVG.whole(-52.5) == -53)
        #expect(CompactSVG.whole(-0.4) == 0)
        #expect(CompactSVG.whole(.nan) == 0 && CompactSVG.whole(.infinity) == 0 && CompactSVG.whole(1e300) == 0)
        for (value, text) in [(1.6, "1.6"), (11, "11"), (0.475, "0.47"), (259.2, "259.2"), (-4, "-4"), (0.004, "0"), (2.05, "2.05"), (-0.5, "-0.5")] {
            #expect(String(decoding: CompactSVG.decimal(value), as: UTF8.self) == text, "\(value)")
        }
    }

    /// A module's box as Graphviz 2.43 and 9 draw it (`style=rounded`): 25 points of eight
    /// cubic curves from the top edge's right end, counter-clockwise.
    static let box = [
        (381, -52), (381, -52), (311, -52), (311, -52), (305, -52), (299, -46), (299, -40), (299, -40), (299, -28), (299, -28),
        (299, -22), (305, -16), (311, -16), (311, -16), (381, -16), (381, -16), (387, -16), (393, -22), (393, -28), (393, -28),
        (393, -40), (393, -40), (393, -46), (387, -52), (381, -52),
    ].map { (x: $0.0, y: $0.1) }

    @Test func roundedBoxesAreRecognisedOnlyAsGraphvizDrawsThem() {
        let box = CompactSVG.roundedBox(Self.box)
        #expect(box.map { [$0.x, $0.y, $0.width, $0.height, $0.rx, $0.ry] } == [299, -52, 94, 36, 12, 12])
        // Corners that differ in width and height keep both radii.
        let oval = [(90, 0), (90, 0), (10, 0), (10, 0), (5, 0), (0, 2), (0, 4), (0, 4), (0, 16), (0, 16), (0, 18), (5, 20), (10, 20),
                    (10, 20), (90, 20), (90, 20), (95, 20), (100, 18), (100, 16), (100, 16), (100, 4), (100, 4), (100, 2), (95, 0), (90, 0)]
        #expect(CompactSVG.roundedBox(oval.map { (x: $0.0, y: $0.1) }).map { [$0.rx, $0.ry] } == [10, 4])
        func changed(_ index: Int, to point: (Int, Int)) -> [(x: Int, y: Int)] {
            var points = Self.box
            points[index] = (x: point.0, y: point.1)
            return points
        }
        for points in [
            changed(24, to: (380, -52)),  // not closed where it began
            changed(4, to: (280, -60)),  // a corner's control point off its edges
            changed(7, to: (290, -30)),  // a side that bends
            Array(Self.box.prefix(22)),  // not eight curves
        ] {
            #expect(CompactSVG.roundedBox(points) == nil)
        }
    }

    @Test func aDrawingHasItsGroupAndNoCommentsOrTitles() throws {
        let svg = try Self.draw("a -> b")
        #expect(Self.isWellFormed(svg))
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg width=\""))
        #expect(svg.contains(" xmlns=\"http://www.w3.org/2000/svg\">\n<g id=\"graph0\" class=\"graph\" transform=\"scale(1 1) rotate(0) translate(4 "))
        #expect(svg.contains(")\" font-family=\"\(Self.font)\" text-anchor=\"middle\">\n"))
        #expect(!svg.contains("<!--") && !svg.contains("<title>"))
        // Whole points in every coordinate (the transform's translation is Graphviz's own).
        #expect(svg.components(separatedBy: "\n").dropFirst(3).allSatisfy { !$0.contains(".") })
        // The page's background: four corners, not five.
        #expect(svg.contains(##"<polygon fill="#ffffff" stroke="transparent" points="-4,4 -4,"##))
        let background = try #require(svg.components(separatedBy: "<polygon").dropFirst().first)
        #expect(background.components(separatedBy: "points=\"")[1].components(separatedBy: "\"")[0].split(separator: " ").count == 4)
        #expect(svg.hasSuffix("</g>\n</svg>\n"))
    }

    @Test func roundedBoxesAreRectanglesAndDashedClustersStayPaths() throws {
        let svg = try Self.draw("""
            subgraph "cluster_0" { graph [label="core", style="rounded,dashed", color="#9aa5b1", class="layer"]; \
            a [id="m0", class="module m0", shape=box, style="rounded,filled", fillcolor="#eef2f7", color="#5b6b7f", label="App"] }
            b [id="m1", shape=box, style="rounded,filled,dashed", label="Kit"]
            """)
        #expect(Self.isWellFormed(svg))
        let module = try #require(svg.components(separatedBy: "<g id=\"m0\" class=\"node module m0\">\n").dropFirst().first?.components(separatedBy: "</g>").first)
        #expect(module.hasPrefix(##"<rect fill="#eef2f7" stroke="#5b6b7f" x=""##))
        #expect(module.components(separatedBy: "\n")[0].hasSuffix(##" height="36" rx="12"/>"##))
        #expect(module.contains(##"<text x=""##) && module.contains(##" font-size="14">App</text>"##))
        // A dashed outline starts where Graphviz's path does: a path, relative.
        let cluster = try #require(svg.components(separatedBy: "<g id=\"clust1\" class=\"cluster layer\">\n").dropFirst().first?.components(separatedBy: "</g>").first)
        #expect(cluster.hasPrefix(##"<path fill="none" stroke="#9aa5b1" stroke-dasharray="5,2" d="M"##))
        #expect(cluster.components(separatedBy: "\n")[0].contains("c0,0 "))
        let dashed = try #require(svg.components(separatedBy: "<g id=\"m1\" class=\"node\">\n").dropFirst().first?.components(separatedBy: "</g>").first)
        #expect(dashed.hasPrefix("<path ") && dashed.contains("stroke-dasharray=\"5,2\""))
    }

    @Test func edgesAreRelativeSplinesWithTheirArrowheads() throws {
        let svg = try Self.draw(##"a -> b [id="e0-1", class="dependency f0 t1 cycle", color="#d1242f", penwidth=1.6]; b -> c [style=dotted, color=red]"##)
        let edge = try #require(svg.components(separatedBy: "<g id=\"e0-1\" class=\"edge dependency f0 t1 cycle\">\n").dropFirst().first)
        let lines = edge.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix(##"<path fill="none" stroke="#d1242f" stroke-width="1.6" d="M"##))
        #expect(lines[0].range(of: ##"d="M-?\d+,-?\d+c(-?\d+,-?\d+ ?)+"/>"##, options: .regularExpression) != nil, "\(lines[0])")
        #expect(lines[1].hasPrefix(##"<polygon fill="#d1242f" stroke="#d1242f" stroke-width="1.6" points=""##))
        #expect(lines[1].components(separatedBy: "points=\"")[1].split(separator: " ").count == 3)
        #expect(lines[2] == "</g>")
        // A named colour as RGB; a dotted pen.
        #expect(svg.contains(##"<path fill="none" stroke="#ff0000" stroke-dasharray="1,5" d="M"##))
    }

    @Test func labelsInheritTheDrawingsFontAndSayWhatDiffers() throws {
        let svg = try Self.draw(##"a [label="Core", fontcolor="#4b5563"]; b [label="left", fontname="Courier", fontsize=9]; c [label="x\ly"]"##)
        #expect(svg.range(of: ##"<text x="-?\d+" y="-?\d+" font-size="14" fill="#4b5563">Core</text>"##, options: .regularExpression) != nil)
        #expect(svg.range(of: ##"<text x="-?\d+" y="-?\d+" font-family="Courier[^"]*" font-size="9">left</text>"##, options: .regularExpression) != nil)
        // A line ended with \l is left-justified.
        #expect(svg.contains(##"<text text-anchor="start" x=""##))
        // Black text says no colour.
        #expect(!svg.contains("fill=\"#000000\">"))
    }

    @Test func otherShapesAsGraphvizDrawsThem() throws {
        let svg = try Self.draw("a [shape=box3d]; b [shape=ellipse, style=filled, fillcolor=\"#e3ecfa\"]; c [shape=box, peripheries=2]; d [shape=plaintext]")
        #expect(Self.isWellFormed(svg))
        // A box3d: its face and three lines, none closed twice nor ending in a space.
        #expect(svg.range(of: ##"<polygon fill="none" stroke="#000000" points="(-?\d+,-?\d+ ){5}-?\d+,-?\d+"/>"##, options: .regularExpression) != nil)
        #expect(svg.components(separatedBy: "<polyline fill=\"none\" stroke=\"#000000\" points=\"").count == 4)
        #expect(!svg.contains(" \"/>"))
        #expect(svg.range(of: ##"<ellipse fill="#e3ecfa" stroke="#000000" cx="-?\d+" cy="-?\d+" rx="\d+" ry="\d+"/>"##, options: .regularExpression) != nil)
        // Two peripheries: two boxes.
        let double = try #require(svg.components(separatedBy: "<g id=\"node3\" class=\"node\">\n").dropFirst().first)
        #expect(double.components(separatedBy: "</g>")[0].components(separatedBy: "<polygon ").count == 3)
        // Plain text has no shape.
        let plain = try #require(svg.components(separatedBy: "<g id=\"node4\" class=\"node\">\n").dropFirst().first)
        #expect(plain.hasPrefix("<text "))
    }

    /// Names from the repository reach the SVG only as escaped text and attribute values.
    @Test func namesAreEscaped() throws {
        let name = "a&b <c> \"d\" 'e'  f&lt;"
        let svg = try Self.draw("a [id=\(DOT.quoted("m\"<1>")), class=\(DOT.quoted("x&y")), label=\(DOT.label(name))]; a -> a [xlabel=\(DOT.label("<x>"))]")
        #expect(Self.isWellFormed(svg))
        #expect(svg.contains(##"<g id="m&quot;&lt;1&gt;" class="node x&amp;y">"##))
        #expect(svg.contains(##">a&amp;b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#160;f&amp;lt;</text>"##))
        #expect(svg.contains(##">&lt;x&gt;</text>"##))
        // A control character XML does not allow, were a DOT to carry one, is U+FFFD; a tab
        // and a line break in an attribute are references.
        let raw = try Self.draw("a [label=\"x\u{1}y\u{FFFE}\", class=\"p\tq\u{2}\u{FFFF}\"]", graph: ", class=\"all<\"")
        #expect(Self.isWellFormed(raw))
        #expect(raw.contains(">x\u{FFFD}y\u{FFFD}</text>") && raw.contains("class=\"node p&#9;q\u{FFFD}\u{FFFD}\">"))
        // The drawing's own class follows `graph`, as Graphviz writes it.
        #expect(raw.contains("<g id=\"graph0\" class=\"graph all&lt;\" transform="))
    }
}
