import StrataStarlark
import Testing

/// The lexer: indentation (tabs included), line joining, every string and number form.
@Suite struct StarlarkLexerTests {
    func kinds(_ source: String) -> [StarlarkToken.Kind] {
        StarlarkLexer.tokens(source, file: "BUILD").tokens.map(\.kind)
    }

    @Test func indentationMakesIndentAndDedentTokens() {
        #expect(kinds("if x:\n    y\nz\n") == [
            .keyword("if"), .identifier("x"), .punct(":"), .newline, .indent, .identifier("y"), .newline, .dedent,
            .identifier("z"), .newline, .end,
        ])
    }

    @Test func aTabIndentsToTheNextMultipleOfEight() {
        // A tab, then eight spaces: the same column, so the same block.
        #expect(kinds("def f():\n\tx = 1\n        y = 2\n").filter { $0 == .indent || $0 == .dedent }.count == 2)
        #expect(value("f()", after: "def f():\n\tx = 1\n        return x + 1\n") == "2")
        #expect(value("f()", after: "def f():\n  \tx = 1\n\treturn x\n") == "1")
    }

    @Test func linesJoinInsideBracketsAndAfterABackslash() {
        #expect(kinds("x = [\n  1,\n\n  2]\n").filter { $0 == .newline }.count == 1)
        #expect(kinds("x = 1 + \\\n  2\n").filter { $0 == .newline }.count == 1)
        #expect(value("x", after: "x = 1 + \\\n    2") == "3")
    }

    @Test func commentsAndBlankLinesAreSkipped() {
        #expect(kinds("# c\n\n   # indented comment\nx # trailing\n") == [.identifier("x"), .newline, .end])
    }

    @Test func stringsInEveryForm() {
        #expect(kinds(#"'a' "b" '''c'd''' """e"f""" r'\n' b"x" rb'\d'"#).compactMap { if case .string(let s) = $0 { s } else { nil } } == [
            "a", "b", "c'd", "e\"f", "\\n", "x", "\\d",
        ])
        #expect(kinds(#""\n\t\\\"\x41\u00e9\101""#) == [.string("\n\t\\\"Aé" + "A"), .newline, .end])
        #expect(kinds("'''multi\nline'''\nx") == [.string("multi\nline"), .newline, .identifier("x"), .newline, .end])
    }

    @Test func numbersInEveryBase() {
        #expect(kinds("10 0x1F 0o17 0b101 1_000 1.5 .5 1e3 2.5E-1") == [
            .int(10), .int(31), .int(15), .int(5), .int(1000), .float(1.5), .float(0.5), .float(1000), .float(0.25), .newline, .end,
        ])
    }

    @Test func operatorsTakeTheLongestSpelling() {
        #expect(kinds("a //= b ** c != d -> e") == [
            .identifier("a"), .punct("//="), .identifier("b"), .punct("**"), .identifier("c"), .punct("!="), .identifier("d"),
            .punct("->"), .identifier("e"), .newline, .end,
        ])
    }

    @Test func linesAreCountedThroughTripleQuotedStrings() {
        let tokens = StarlarkLexer.tokens("x = '''a\nb\nc'''\ny = 1\n", file: "BUILD").tokens
        #expect(tokens.first { $0.kind == .identifier("y") }?.line == 4)
    }

    @Test func anUnterminatedStringIsADiagnosticWithItsLine() {
        let (_, diagnostics) = StarlarkLexer.tokens("x = 1\ny = 'abc\nz = 2\n", file: "pkg/BUILD")
        #expect(diagnostics.map(\.description) == ["pkg/BUILD:2: unterminated string"])
    }
}
