import Foundation
import StrataAnalysis
import StrataLanguageServer
import StrataModel
import StrataPipeline
@testable import StrataReport
import Testing

/// `JSONWriter`, `ReportJSON`'s encoder, writes what `JSONEncoder` writes with the same options,
/// byte for byte: on the cases where the two could part (key order, whitespace, escaping,
/// numbers, containers used in unusual ways) and on real results. A change on either side (the
/// writer, our values, or the toolchain's Foundation) fails here.
@Suite struct JSONWriterTests {
    static func foundation(_ value: some Encodable, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// `value` compact and pretty-printed: the same bytes as `JSONEncoder`'s, or an error from both.
    func expectSame<T: Encodable>(_ value: T, _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        for pretty in [false, true] {
            let expected = Result { try Self.foundation(value, pretty: pretty) }
            let written = Result { try JSONWriter.encode(value, pretty: pretty) }
            switch (expected, written) {
            case (.success(let expected), .success(let written)) where expected != written:
                let at = zip(expected, written).prefix { $0 == $1 }.count
                func near(_ data: Data) -> String { String(decoding: data[max(0, at - 80)..<min(data.count, at + 80)], as: UTF8.self).debugDescription }
                Issue.record("\(label) pretty \(pretty): differs at byte \(at): JSONEncoder \(near(expected)), JSONWriter \(near(written))", sourceLocation: sourceLocation)
            case (.success, .success), (.failure, .failure): break
            default: Issue.record("\(label) pretty \(pretty): JSONEncoder \(expected), JSONWriter \(written)", sourceLocation: sourceLocation)
            }
        }
    }

    func compact(_ value: some Encodable) throws -> String { String(decoding: try JSONWriter.encode(value, pretty: false), as: UTF8.self) }
    func pretty(_ value: some Encodable) throws -> String { String(decoding: try JSONWriter.encode(value, pretty: true), as: UTF8.self) }

    // MARK: Keys, whitespace, strings, numbers

    /// Keys sort by their UTF-8 bytes (not `String`'s `<`, not Darwin's numeric order):
    /// uppercase before `_` before lowercase, `a10` before `a9`, `É` after every ASCII key.
    @Test func keysSortByTheirBytes() throws {
        let keys = ["a10": 1, "a9": 2, "B": 3, "a": 4, "_x": 5, "É": 6, "aa": 7, "a-b": 8]
        #expect(try compact(keys) == #"{"B":3,"_x":5,"a":4,"a-b":8,"a10":1,"a9":2,"aa":7,"É":6}"#)
        expectSame(keys)
        // Compared unescaped: `a"` (0x22) before `a#`, though its `\` (0x5C) comes after `#`.
        let escaped = ["a#": 1, "a\"": 2, "a\\": 3, "a\u{1}": 4, "a": 5, "": 6, "a\n": 7, "a ": 8]
        #expect(try compact(escaped) == #"{"":6,"a":5,"a\u0001":4,"a\n":7,"a ":8,"a\"":2,"a#":1,"a\\":3}"#)
        expectSame(escaped)
        // Names as modules may hold them: markup, entities, a decomposed accent (a key equal to
        // the composed one as a `String`), the end of the BMP, beyond it.
        expectSame([
            "<script>": 1, "&foo;": 2, "a&lt;b": 3, "E\u{301}x": 4, "É": 5, "\u{FFFF}": 6, "😀": 7, "\u{7F}": 8, "a/b": 9,
            "\u{2028}": 10, "Z": 11, "z": 12, "0": 13, "-": 14,
        ])
    }

    @Test func keysInAnyOrder() {
        let pieces = ["a", "A", "0", "9", "_", "-", " ", "\"", "\\", "/", "\n", "\u{1}", "é", "E\u{301}", "É", "😀", "\u{FFFF}", "<", "\u{7F}", "\u{2028}"]
        var numbers = SeededGenerator(seed: 23)
        func key() -> String { (0..<Int.random(in: 0...6, using: &numbers)).map { _ in pieces.randomElement(using: &numbers)! }.joined() }
        for _ in 0..<20 {
            let flat = Dictionary((0..<200).map { (key(), $0) }, uniquingKeysWith: { $1 })
            expectSame(flat)
            let nested = Dictionary((0..<20).map { _ in (key(), Dictionary((0..<10).map { (key(), [$0]) }, uniquingKeysWith: { $1 })) }, uniquingKeysWith: { $1 })
            expectSame(nested)
        }
    }

    /// Pretty: two spaces a level, `"key" : value`, empty containers on three lines.
    @Test func prettyPrintingWhitespace() throws {
        struct Shapes: Encodable {
            var a: [Int] = []
            var b: [String: Int] = [:]
            var c = [[Int]](repeating: [], count: 2)
            var d = ["k": [String: [Int]]()]
            var e = [1, 2]
            var f = "x"
        }
        #expect(try pretty(Shapes()) == """
            {
              "a" : [

              ],
              "b" : {

              },
              "c" : [
                [

                ],
                [

                ]
              ],
              "d" : {
                "k" : {

                }
              },
              "e" : [
                1,
                2
              ],
              "f" : "x"
            }
            """)
        expectSame(Shapes())
        expectSame([[String: Int]]())
        expectSame([String: [Int]]())
        expectSame([[[[[["deep", "er"]]]]], [[[[]]]]])
        // `ReportJSON`: a document ends with a line break, compact data does not.
        #expect(try ReportJSON.document(Shapes()) == Self.foundation(Shapes(), pretty: true) + Data("\n".utf8))
        #expect(try ReportJSON.compact(Shapes()) == Self.foundation(Shapes(), pretty: false))
    }

    /// `"`, `\` and the controls escaped (short forms where JSON has them); `/`, DEL, U+2028
    /// and everything beyond ASCII as they are.
    @Test func stringsEscapeAsJSONEncoderEscapesThem() throws {
        #expect(try compact("\u{0}\u{8}\t\n\u{B}\u{C}\r\u{1F}\u{7F}\"\\/é😀\u{2028}") == #""\u0000\b\t\n\u000b\f\r\u001f\#u{7F}\"\\/é😀\#u{2028}""#)
        // Every scalar of the first planes in chunks, the ASCII controls one by one, beyond the BMP.
        var texts: [String] = stride(from: 0, to: 0x3000, by: 0x100).map { start in
            String(String.UnicodeScalarView((start..<(start + 0x100)).compactMap(Unicode.Scalar.init)))
        }
        texts += (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) } + ["<svg a=\"/\\\">😀\u{2028}</svg>", "", "\u{10FFFF}\u{FFFD}\u{FEFF}"]
        // Each character to escape at every position of strings of every length to three of
        // the words the writer reads whole, among neighbours on either side of it in value (`!`
        // and `#` next to `"`, `[` and `]` next to `\`, DEL, bytes beyond ASCII).
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n"] {
            for filler in ["x", "!#[]", "\u{7F}", "é", "😀", "\u{20}"] {
                for length in 1...24 {
                    for position in 0..<length {
                        var characters = Array(repeating: filler, count: length)
                        characters[position] = special
                        texts.append(characters.joined())
                    }
                }
            }
        }
        expectSame(texts)
        expectSame(Dictionary(texts.enumerated().map { ($1, $0) }, uniquingKeysWith: { $1 }))
        for text in texts { expectSame(text) }
    }

    @Test func integers() {
        expectSame([Int.min, Int.max, 0, -1, 1, 9, 10, 99, 100, -10, 1_000_000_007])
        expectSame([Int8.min, Int8.max])
        expectSame([Int16.min, Int16.max])
        expectSame([Int32.min, Int32.max])
        expectSame([Int64.min, Int64.max])
        expectSame([UInt.max, 0])
        expectSame([UInt8.max])
        expectSame([UInt16.max])
        expectSame([UInt32.max, 0])
        expectSame([UInt64.max])
        expectSame([Int128.min, Int128.max])
        expectSame([UInt128.max])
        var numbers = SeededGenerator(seed: 7)
        expectSame((0..<1000).map { _ in Int(truncatingIfNeeded: numbers.next()) >> Int.random(in: 0..<64, using: &numbers) })
    }

    /// `description` without `.0`: `1`, `-0`, `1e-07`, `1e+21`.
    @Test func floatingPoint() throws {
        let doubles = [
            0.1, 1.0, 1e-7, 1e21, 0.30000000000000004, -0.0, 0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 1e16, 1e15, 1.2345678901234568e17, 100, 2.5e-5, -1.5, .pi, 1e-4, 1e-5,
            0.5, 9_007_199_254_740_992, 4.35, 1.0e100,
        ]
        #expect(try compact([0.1, 1.0, 1e-7, 1e21, -0.0, 0.30000000000000004]) == "[0.1,1,1e-07,1e+21,-0,0.30000000000000004]")
        expectSame(doubles)
        expectSame(doubles.map(Float.init))
        for double in doubles { expectSame(double) }
        var numbers = SeededGenerator(seed: 11)
        let random = (0..<2000).map { _ in Double(bitPattern: numbers.next()) }.filter(\.isFinite)
        expectSame(random)
        expectSame(random.map(Float.init).filter(\.isFinite))
        expectSame((0..<500).map { _ in Double(Int.random(in: -1_000_000...1_000_000, using: &numbers)) / 1000 })
    }

    /// NaN and the infinities are errors, wherever they are.
    @Test func nonConformingNumbersThrow() {
        struct Holder: Encodable { var value: Double }
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONWriter.encode(value, pretty: false) }
            expectSame(value)
            expectSame([value])
            expectSame(Holder(value: value))
            expectSame(["k": Float(value)])
        }
    }

    @Test func literalsAndOptionals() {
        struct Optionals: Encodable {
            var a: Int?
            var b: String?
            var c: [Int]?
            var d: Bool? = false
            var e: Double?
        }
        expectSame(Optionals(a: nil, b: "x", c: nil))
        expectSame(Optionals(a: 1, b: nil, c: [], d: nil, e: 0.5))
        expectSame([true, false])
        expectSame([1, nil, 3] as [Int?])
        expectSame([nil] as [String?])
        expectSame(Int?.none)
        expectSame(Int??.some(nil))
        expectSame("layers")
        expectSame(3)
        expectSame(false)
        expectSame([String: Int?](dictionaryLiteral: ("a", nil), ("b", 1)))
    }

    // MARK: Containers

    /// A value that encodes nothing: `{}` inside another, an error at the top.
    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// The same key twice (the last value stays), and the same keyed container asked for
    /// twice (one object, as `ModuleResult` encodes its module's keys and its own).
    struct Twice: Encodable {
        enum Key: String, CodingKey { case z, a, m, nested }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Key.self)
            try first.encode(1, forKey: .z)
            var nested = first.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try nested.encode("in", forKey: .m)
            try first.encode(2, forKey: .z)
            var second = encoder.container(keyedBy: Key.self)
            try second.encode(3, forKey: .a)
            try second.encode(Nothing(), forKey: .m)
        }
    }

    /// `superEncoder` of keyed and unkeyed containers, used or left empty.
    struct Super: Encodable {
        enum Key: String, CodingKey { case z, a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .z)
            var keyed = container.superEncoder().container(keyedBy: Key.self)
            try keyed.encode(5, forKey: .a)
            _ = container.superEncoder(forKey: .b)
            // `JSONEncoder` inserts an unkeyed container's super encoder's value at its index
            // when the encoder is released: here before the next element.
            var unkeyed = container.nestedUnkeyedContainer(forKey: .a)
            try unkeyed.encode(1)
            do {
                var single = unkeyed.superEncoder().singleValueContainer()
                try single.encode("s")
            }
            _ = unkeyed.superEncoder()
            do {
                var again = unkeyed.superEncoder().unkeyedContainer()
                try again.encodeNil()
            }
            try unkeyed.encode(2)
        }
    }

    /// Nested containers of every kind, in a keyed and an unkeyed container.
    struct Nests: Encodable {
        enum Key: String, CodingKey { case list, object, value, empty }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(Location(file: "Sources/A/a.swift", line: 3))
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encode([Nothing()], forKey: .value)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode([[String: Int]()])
            try list.encode(Nothing())
            _ = list.nestedUnkeyedContainer()
            try container.encode(ModuleGraph.Node(4), forKey: .value)
            _ = container.nestedContainer(keyedBy: Key.self, forKey: .empty)
            var object = container.nestedContainer(keyedBy: Key.self, forKey: .object)
            try object.encodeNil(forKey: .value)
            try object.encode(Nothing(), forKey: .empty)
        }
    }

    @Test func containers() throws {
        expectSame(Twice())
        #expect(try compact(Twice()) == #"{"a":3,"m":{},"nested":{"m":"in"},"z":2}"#)
        expectSame(Super())
        expectSame(Nests())
        expectSame([Twice(), Twice()])
        expectSame(["x": Nothing()])
        expectSame([Nothing()])
        expectSame(Nothing())
        #expect(throws: EncodingError.self) { try JSONWriter.encode(Nothing(), pretty: true) }
    }

    /// Containers nested 512 deep are an error to both.
    @Test func nestingLimit() {
        struct Nest: Encodable {
            var inner: [Nest]
            init(depth: Int) { inner = depth > 1 ? [Nest(depth: depth - 1)] : [] }
            func encode(to encoder: any Encoder) throws { try inner.encode(to: encoder) }
        }
        for depth in [510, 511, 512, 600] {
            expectSame(Nest(depth: depth), "depth \(depth)")
            expectSame(["k": Nest(depth: depth)], "depth \(depth) + 1")
        }
        #expect(throws: EncodingError.self) { try JSONWriter.encode(Nest(depth: 512), pretty: false) }
    }

    // MARK: Dictionaries, enums, Foundation's types

    enum Plain: String, Codable { case a, b }
    enum Representable: String, Codable, CodingKeyRepresentable { case x, y }
    enum Number: Int, Codable { case one = 1, two }
    enum Associated: Encodable {
        case one(Int, name: String)
        case two
        case three(Plain?, [Number])
    }

    @Test func dictionariesAndEnums() throws {
        // Int keys are strings, in byte order; other keys not `CodingKeyRepresentable` make
        // an array of key, value pairs.
        #expect(try compact([10: "a", 9: "b", -1: "c"]) == #"{"-1":"c","10":"a","9":"b"}"#)
        expectSame([10: "a", 9: "b", -1: "c", Int.min: "d"])
        expectSame([UInt8(7): 1, 200: 2])
        expectSame([Plain.a: 1])
        expectSame([Representable.y: 1, .x: 2])
        expectSame([Plain.b, .a])
        expectSame([Number.two: [Number.one]])
        expectSame([Associated.one(1, name: "n"), .two, .three(nil, [.one, .two]), .three(.a, [])])
        expectSame([String: [String: [Int]]]())
    }

    @Test func foundationTypes() {
        expectSame(Date(timeIntervalSinceReferenceDate: 12.5))
        expectSame([Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: 0)])
        expectSame(Data([0, 1, 2, 255]))
        expectSame(["d": Data()])
        expectSame(URL(string: "https://example.com/a%20b?x=1#y")!)
        expectSame([URL(fileURLWithPath: "/tmp/x y")])
        expectSame(Decimal(string: "1.50")!)
        expectSame([Decimal(string: "-0.000001")!, Decimal(12)])
    }

    // MARK: Our values

    /// A module script's drawings are most of its bytes: every character in them.
    @Test func moduleScriptWithEveryCharacter() {
        var graphs: [String?] = stride(from: 0, to: 0x3000, by: 0x100).map { start in
            String(String.UnicodeScalarView((start..<(start + 0x100)).compactMap(Unicode.Scalar.init)))
        }
        graphs += (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) } + ["<svg a=\"/\\\">😀\u{2028}</svg>", nil, ""]
        for graphs in [graphs, [], [nil]] {
            let site = Location(file: "Sources/A/\"graphs\":[].swift", line: 1)
            expectSame(HTMLReporter.ModuleScript(
                imports: [], inactiveImports: nil,
                edges: [.init(to: "graphs", declared: true, imported: false, evidence: [site])], dependents: [], findings: [],
                access: nil, graphs: graphs, paths: [[1, 2]], pathsComplete: true))
        }
    }

    /// Everything of a report that is JSON: `strata.json`, the page's data and index, the
    /// module scripts, the baseline's entries.
    func expectSameReport(_ result: AnalysisResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectSame(result, label, sourceLocation: sourceLocation)
        #expect(try JSONReporter.encode(result) == Self.foundation(ResultDocument(result), pretty: false) + Data("\n".utf8), sourceLocation: sourceLocation)
        let document = PreparedReport.prepare(result, for: [.html])
        let views = try document.views.get()
        let (summary, index) = HTMLReporter.pageData(result, graph: document.graph, marks: document.marks, views: views)
        expectSame(summary, label + " summary", sourceLocation: sourceLocation)
        expectSame(index, label + " page index", sourceLocation: sourceLocation)
        let scripts = try HTMLReporter.moduleScripts(graph: document.graph, result: result, views: views)
        let expected = try HTMLReporter.moduleScripts(graph: document.graph, result: result, views: views) { try Self.foundation($0, pretty: false) }
        #expect(scripts.count == expected.count, sourceLocation: sourceLocation)
        for (script, expected) in zip(scripts, expected) where script != expected {
            Issue.record("\(label) \(script.0) differs from JSONEncoder's", sourceLocation: sourceLocation)
        }
        expectSame(Baseline(findings: result.findings).findings, label + " baseline", sourceLocation: sourceLocation)
    }

    @Test(arguments: SampleTests.samples)
    func samples(sample: String) throws {
        let outcome = try Pipeline.run(.init(path: repositoryRoot + "/Samples/" + sample, formats: [], cacheDirectory: nil))
        try expectSameReport(outcome.result, sample)
    }

    /// Module and file names as a repository may have them.
    @Test func hostileNames() throws {
        let names = ["<script>alert(1)</script>", "a\"b", "ctl\u{1}x", "a\nb", "a b", "É", "E\u{301}x", "😀", "&foo;", "a\\b", "a/b", "Core"]
        let modules = names.map { name in
            AssembledModule(
                name: name, kind: .library, package: "P\"\u{0}", path: "Sources/" + name, manifest: nil, files: 1, lines: 1,
                dependencies: [], imports: [], declarations: [:], access: [:])
        }
        let edges = modules.dropLast().map { module in
            ImportEdge(from: module.id, to: modules.last!.id, declared: false, imported: true, evidence: [Location(file: "Sources/\(module.name)/<b>\t.swift", line: 1)])
        }
        let result = Analyzer.analyze(Project(root: "R", packages: [], modules: modules, edges: edges, diagnostics: []))
        try expectSameReport(result, "hostile")
    }

    @Test func diffOfTwoRevisions() throws {
        let base = try Pipeline.run(.init(path: repositoryRoot + "/Samples/SafeBox/before", formats: [], cacheDirectory: nil)).result
        let head = try Pipeline.run(.init(path: repositoryRoot + "/Samples/SafeBox/after", formats: [], cacheDirectory: nil)).result
        expectSame(GraphComparison.compare(base: base, head: head, baseLabel: "before", headLabel: "after"))
        expectSame(GraphComparison.compare(base: head, head: base, baseLabel: "after", headLabel: "before"))
    }

    /// The language server's messages (`MessageOutput`), numbers of every kind in them.
    @Test func languageServerMessages() {
        let value = JSONValue.object([
            "uri": .string("file:///a/b%20c.swift"), "range": .array([.int(0), .int(-3), .double(1.5), .double(2), .double(1e-9)]),
            "nothing": .null, "flag": .bool(true), "nested": .object(["": .array([]), "b": .object([:])]),
        ])
        expectSame(OutgoingResponse(id: .int(1), result: value))
        expectSame(OutgoingResponse<JSONValue>(id: nil, error: .methodNotFound("x/y")))
        expectSame(OutgoingResponse<JSONValue>(id: .string("s"), result: nil))
        expectSame(OutgoingNotification(method: "textDocument/publishDiagnostics", params: value))
    }
}
