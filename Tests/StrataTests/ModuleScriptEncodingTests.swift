import Foundation
import StrataModel
@testable import StrataReport
import Testing

/// A module script's drawings are escaped by the HTML reporter, not JSONEncoder: the script
/// must be the bytes JSONEncoder would write, whatever the drawings hold.
@Suite struct ModuleScriptEncodingTests {
    func script(graphs: [String?]) -> HTMLReporter.ModuleScript {
        let site = Location(file: "Sources/A/\"graphs\":[].swift", line: 1)
        return HTMLReporter.ModuleScript(
            imports: [], inactiveImports: nil,
            edges: [.init(to: "graphs", declared: true, imported: false, evidence: [site])], dependents: [], findings: [],
            access: nil, graphs: graphs, paths: [[1, 2]], pathsComplete: true)
    }

    @Test func everyCharacterIsEscapedAsJSONEncoderEscapesIt() throws {
        // Every scalar of the first planes in chunks, the ASCII controls one by one, an emoji.
        var graphs: [String?] = stride(from: 0, to: 0x3000, by: 0x100).map { start in
            String(String.UnicodeScalarView((start..<(start + 0x100)).compactMap(Unicode.Scalar.init)))
        }
        graphs += (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) } + ["<svg a=\"/\\\">😀\u{2028}</svg>", nil, ""]
        for graphs in [graphs, [], [nil]] {
            let script = script(graphs: graphs)
            #expect(try HTMLReporter.encode(script) == ReportJSON.compact(script))
            // The drawings were spliced in (not the whole script left to JSONEncoder), at the
            // outermost `graphs` key, not the edge's or the file name's.
            var rest = script
            rest.graphs = []
            let json = Array(try ReportJSON.compact(rest))
            let at = try #require(HTMLReporter.topLevelKey(Array(#""graphs":[]"#.utf8), in: json))
            #expect(String(decoding: json[..<at], as: UTF8.self).hasSuffix(#""findings":[],"#))
        }
    }
}
