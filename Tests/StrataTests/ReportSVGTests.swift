@testable import StrataReport
import Testing

/// `ReportSVG`: Graphviz's coordinates in whole points, its comments and titles gone, nothing else touched.
@Suite struct ReportSVGTests {
    @Test func coordinatesAndSizesAreRoundedHalfAwayFromZero() {
        let svg = #"<path fill="none" d="M484.46,-52C484.46,-52 429.54,-52.5 0.4,-0.4"/><polygon points="-4,4 -4.5,-252.49 614.5,-252"/>"#
        #expect(ReportSVG.compacted(svg)
            == #"<path fill="none" d="M484,-52C484,-52 430,-53 0,0"/><polygon points="-4,4 -5,-252 615,-252"/>"#)
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
        #expect(ReportSVG.compacted(svg) == "<g id=\"graph0\" class=\"graph\">\n<g id=\"m169\" class=\"node\">\n<text x=\"2\">App</text>\n</g>\n</g>\n")
        // One not closed is copied as it is.
        #expect(ReportSVG.compacted("<g><title>m1") == "<g><title>m1")
    }
}
