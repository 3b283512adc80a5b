@testable import StrataReport
import Testing

/// `ReportSVG`: Graphviz's coordinates in whole points, its comments and titles gone, rounded
/// boxes as rectangles, splines relative, polygons not closed twice, the labels' font said
/// once; nothing else touched.
@Suite struct ReportSVGTests {
    @Test func coordinatesAndSizesAreRoundedHalfAwayFromZero() {
        let svg = #"<path fill="none" d="M484.46,-52C484.46,-52 429.54,-52.5 0.4,-0.4"/><polygon points="-4,4 -4.5,-252.49 614.5,-252"/>"#
        #expect(ReportSVG.compacted(svg)
            == #"<path fill="none" d="M484,-52c0,0 -54,-1 -484,52"/><polygon points="-4,4 -5,-252 615,-252"/>"#)
        #expect(ReportSVG.compacted(#"<svg width="618.25pt" height="256.5pt" viewBox="0.00 0.00 617.61 256.00">"#)
            == #"<svg width="618pt" height="257pt" viewBox="0 0 618 256">"#)
    }

    @Test func namesLabelsTransformsAndTextStayAsWritten() {
        // Numbers in an id, a class, a label's text and a scale are not coordinates.
        let svg = #"<g id="m1.5" class="node v2.25" transform="scale(0.47 0.47) rotate(0) translate(4.5 252.5)">"#
            + #"<text x="10.5" y="-3.25" font-size="14.00">Kit 1.25 &amp; "2.5" &lt;title&gt;</text></g>"#
        #expect(ReportSVG.compacted(svg)
            == #"<g id="m1.5" class="node v2.25" transform="scale(0.47 0.47) rotate(0) translate(4.5 252.5)">"#
            + #"<text x="11" y="-3" font-size="14.00">Kit 1.25 &amp; "2.5" &lt;title&gt;</text></g>"#)
    }

    @Test func commentsAndTitlesAreDroppedWithTheirLineBreaks() {
        let svg = "<g id=\"graph0\" class=\"graph\">\n<title>modules</title>\n<!-- m169 -->\n<g id=\"m169\" class=\"node\">\n<title>m169</title>\n"
            + "<text x=\"1.5\">App</text>\n</g>\n<!-- m169&#45;&gt;m5 -->\n</g>\n"
        #expect(ReportSVG.compacted(svg) == "<g id=\"graph0\" class=\"graph\" font-family=\"Helvetica,Arial,sans-serif\" text-anchor=\"middle\">\n<g id=\"m169\" class=\"node\">\n<text x=\"2\">App</text>\n</g>\n</g>\n")
        // One not closed is copied as it is.
        #expect(ReportSVG.compacted("<g><title>m1") == "<g><title>m1")
    }

    /// A module's box and a layer's cluster as Graphviz 2.43 and 9 draw them (`style=rounded`).
    static let box = ##"<path fill="#eef2f7" stroke="#5b6b7f" d="M381,-52C381,-52 311,-52 311,-52 305,-52 299,-46 299,-40 299,-40 299,-28 299,-28 299,-22 305,-16 311,-16 311,-16 381,-16 381,-16 387,-16 393,-22 393,-28 393,-28 393,-40 393,-40 393,-46 387,-52 381,-52"/>"##

    @Test func roundedBoxesBecomeRectanglesWithTheirAttributes() {
        #expect(ReportSVG.compacted(Self.box) == ##"<rect fill="#eef2f7" stroke="#5b6b7f" x="299" y="-52" width="94" height="36" rx="12"/>"##)
        // Graphviz writes hundredths: rounded first, then recognised.
        #expect(ReportSVG.compacted(Self.box.replacingOccurrences(of: "381,-52", with: "380.6,-52.2")).hasPrefix("<rect "))
        // A path that does not close where it began is not a box.
        #expect(ReportSVG.compacted(Self.box.replacingOccurrences(of: "387,-52 381,-52\"", with: "387,-52 380,-52\"")).hasPrefix("<path "))
        // A box whose corners differ in width and height keeps both radii.
        let oval = #"<path d="M90,0C90,0 10,0 10,0 5,0 0,2 0,4 0,4 0,16 0,16 0,18 5,20 10,20 10,20 90,20 90,20 95,20 100,18 100,16 100,16 100,4 100,4 100,2 95,0 90,0"/>"#
        #expect(ReportSVG.compacted(oval) == #"<rect x="0" y="0" width="100" height="20" rx="10" ry="4"/>"#)
    }

    @Test func splinesAreWrittenRelativeToEachCurvesStart() {
        #expect(ReportSVG.compacted(##"<path fill="none" stroke="#7a8899" d="M205,-95C205,-84 206,-71 207,-59"/>"##)
            == ##"<path fill="none" stroke="#7a8899" d="M205,-95c0,11 1,24 2,36"/>"##)
        // Two curves: the second's points from the first's end; Graphviz's hundredths rounded first.
        #expect(ReportSVG.compacted(#"<path d="M51930.4,-324C51930,-330 51924,-335.6 51918,-336 51912,-336 51906,-340 51906,-346" class="x"/>"#)
            == #"<path d="M51930,-324c0,-6 -6,-12 -12,-12 -6,0 -12,-4 -12,-10" class="x"/>"#)
        // Not a spline of whole curves (straight lines without `C` among them): as it is.
        for path in [#"<path d="M1,2C3,4 5,6"/>"#, #"<path d="M1,2L3,4"/>"#, #"<path d="M1,2C3,4 5,6 7,8Z"/>"#, #"<path d="M1,2 3,4 5,6 7,8"/>"#] {
            #expect(ReportSVG.compacted(path) == path)
        }
    }

    @Test func polygonsLoseThePointThatClosesThem() {
        #expect(ReportSVG.compacted(##"<polygon fill="#7a8899" points="209,-59 207,-52 204,-59 209,-59"/>"##)
            == ##"<polygon fill="#7a8899" points="209,-59 207,-52 204,-59"/>"##)
        #expect(ReportSVG.compacted(#"<polygon points="1,2 3,4 5,6"/>"#) == #"<polygon points="1,2 3,4 5,6"/>"#)
        #expect(ReportSVG.compacted(#"<polygon points="1,2"/>"#) == #"<polygon points="1,2"/>"#)
    }

    @Test func otherRoundedLookingPathsStaySplines() {
        for path in [
            // A dashed box: its dashes start where its path does.
            Self.box.replacingOccurrences(of: "stroke=\"#5b6b7f\"", with: "stroke=\"#5b6b7f\" stroke-dasharray=\"5,2\""),
            // A corner whose control points leave its edges.
            Self.box.replacingOccurrences(of: "311,-52 305,-52 299,-46 299,-40", with: "311,-52 280,-60 299,-46 299,-40"),
            // 25 points, but a side that bends.
            Self.box.replacingOccurrences(of: "299,-40 299,-28 299,-28", with: "299,-40 290,-30 299,-28"),
            // An element that is not closed in its tag, or a path with more than a `d`.
            Self.box.replacingOccurrences(of: "\"/>", with: "\"></path>"),
            Self.box.replacingOccurrences(of: "\"/>", with: "\" transform=\"scale(2)\"/>"),
        ] {
            #expect(ReportSVG.compacted(path).hasPrefix("<path ") && ReportSVG.compacted(path).contains(" d=\"M381,-52c0,0 "))
        }
    }

    @Test func labelsInheritTheirFontAndCentreFromTheDrawing() {
        let svg = "<g id=\"graph0\" class=\"graph\" transform=\"scale(1 1)\">\n"
            + "<text text-anchor=\"middle\" x=\"346\" y=\"-31\" font-family=\"Helvetica,Arial,sans-serif\" font-size=\"11.00\">Core</text>\n"
            + "<text text-anchor=\"start\" x=\"3\" y=\"-3\" font-family=\"Courier\" font-size=\"11.00\">left</text>\n</g>"
        #expect(ReportSVG.compacted(svg)
            == "<g id=\"graph0\" class=\"graph\" font-family=\"Helvetica,Arial,sans-serif\" text-anchor=\"middle\" transform=\"scale(1 1)\">\n"
            + "<text x=\"346\" y=\"-31\" font-size=\"11.00\">Core</text>\n"
            + "<text text-anchor=\"start\" x=\"3\" y=\"-3\" font-family=\"Courier\" font-size=\"11.00\">left</text>\n</g>")
        // Without the drawing's group to inherit from, a label keeps them.
        let alone = "<text text-anchor=\"middle\" x=\"1\" font-family=\"Helvetica,Arial,sans-serif\">Core</text>"
        #expect(ReportSVG.compacted(alone) == alone)
    }
}
