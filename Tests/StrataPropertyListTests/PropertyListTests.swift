import StrataPropertyList
import Testing

@Suite struct PropertyListParserTests {
    func parse(_ text: String) throws -> PropertyList {
        try PropertyListParser.parse(Array(text.utf8))
    }

    @Test func readsCommentsQuotedStringsBareTokensAndNesting() throws {
        let plist = try parse(#"""
            // !$*UTF8*$!
            {
                /* a block comment */ name = "Safe \"Box\"\\Kit\n"; // a line comment
                path = Sources/App/main.swift;
                list = ( one, "two words", { inner = ( ); }, );
                data = <0fbd 777f>;
                accent = "caf\U00e9";
                'single' = 'quoted';
            }
            """#)
        let root = try #require(plist.dictionary)
        #expect(root["name"]?.string == "Safe \"Box\"\\Kit\n")
        #expect(root["path"]?.string == "Sources/App/main.swift")
        let list = try #require(root["list"]?.array)
        #expect(list.count == 3)
        #expect(list[0].string == "one")
        #expect(list[1].string == "two words")
        #expect(list[2].dictionary?["inner"]?.array?.isEmpty == true)
        #expect(root["data"]?.string == "<0fbd 777f>")
        #expect(root["accent"]?.string == "café")
        #expect(root["single"]?.string == "quoted")
    }

    @Test func tracksTheLineOfEveryKeyAndValue() throws {
        let plist = try parse("""
            {
                a = 1;
                /* two
                   lines */
                b = (
                    x,
                    "y
            z",
                    w,
                );
                c = { d = e; };
            }
            """)
        let root = try #require(plist.dictionary)
        #expect(root.entries.map(\.key) == ["a", "b", "c"])
        #expect(root.entries.map(\.line) == [2, 5, 11])
        #expect(root["b"]?.array?.map(\.line) == [6, 7, 9])
        #expect(root["c"]?.dictionary?.entry("d")?.line == 11)
    }

    @Test(arguments: [
        ("{\n  a = 1;\n  b = 2\n}", 4, "expected ';'"),
        ("{\n  a = \"open;\n}", 2, "unterminated quoted string"),
        ("{\n  a = (1, 2;\n}", 2, "expected ',' or ')'"),
        ("{\n  objects = {\n<<<<<<< HEAD\n", 3, "expected a key"),
        ("{\n  a = 1;\n", 3, "unexpected end of file"),
        ("{ a = 1; } trailing", 1, "after the end"),
        ("", 1, "expected a value"),
    ])
    func reportsMalformedInputWithItsLine(text: String, line: Int, message: String) {
        let error = #expect(throws: PropertyListError.self) { _ = try parse(text) }
        #expect(error?.line == line)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func refusesNestingTooDeepForTheStack() {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        #expect(throws: PropertyListError.self) { _ = try parse(deep) }
    }
}
