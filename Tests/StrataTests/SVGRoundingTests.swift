@testable import StrataReport
import Testing

/// `SVGRounding`: Graphviz's coordinates in whole points, nothing else touched.
@Suite struct SVGRoundingTests {
    @Test func coordinatesAndSizesAreRoundedHalfAwayFromZero() {
        let svg = #"<path fill="none" d="M484.46,-52C484.46,-52 429.54,-52.5 0.4,-0.4"/><polygon points="-4,4 -4.5,-252.49 614.5,-252"/>"#
        #expect(SVGRounding.rounded(svg)
            == #"<path fill="none" d="M484,-52C484,-52 430,-53 0,0"/><polygon points="-4,4 -5,-252 615,-252"/>"#)
        #expect(SVGRounding.rounded(#"<svg width="618.25pt" height="256.5pt" viewBox="0.00 0.00 617.61 256.00">"#)
            == #"<svg width="618pt" height="257pt" viewBox="0 0 618 256">"#)
    }

    @Test func namesLabelsTransformsAndTextStayAsWritten() {
        // Numbers in an id, a class, a title, a label's text and a scale are not coordinates.
        let svg = #"<g id="m1.5" class="node v2.25" transform="scale(0.47 0.47) rotate(0) translate(4.5 252.5)"><title>m1.5</title>"#
            + #"<text x="10.5" y="-3.25" font-size="14.00">Kit 1.25 &amp; "2.5"</text></g>"#
        #expect(SVGRounding.rounded(svg)
            == #"<g id="m1.5" class="node v2.25" transform="scale(0.47 0.47) rotate(0) translate(4.5 252.5)"><title>m1.5</title>"#
            + #"<text x="11" y="-3" font-size="14.00">Kit 1.25 &amp; "2.5"</text></g>"#)
    }
}
