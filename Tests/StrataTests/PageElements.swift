import Foundation
import Testing

/// A report page's data element (`WebPage.deflated`: JSON deflated and in base64), inflated as
/// the browser inflates it.
func pageElement(_ page: String, _ id: String) throws -> Data {
    let start = try #require(page.range(of: "<script type=\"application/zlib\" id=\"\(id)\">"), "no element \(id)")
    let end = try #require(page[start.upperBound...].range(of: "</script>"))
    let deflated = try #require(Data(base64Encoded: String(page[start.upperBound..<end.lowerBound])))
    return Data(try Inflate.zlib([UInt8](deflated)).bytes)
}

/// The DI graph a report page draws once its first screen is (a JSON string, empty without one).
func injectionDrawing(_ page: String) throws -> String {
    try JSONDecoder().decode(String.self, from: pageElement(page, "strata-injection-graph"))
}
