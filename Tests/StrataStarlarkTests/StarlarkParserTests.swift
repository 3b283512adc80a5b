import Testing

/// The parser: statements, recovery after a syntax error, nesting bounds.
@Suite struct StarlarkParserTests {
    @Test func statementsOfEveryKind() {
        let source = """
            load("//a:b.bzl", "x", y = "z")
            def f(a, b = 1, *args, c, d = 2, **kwargs):
                if a:
                    pass
                elif b:
                    return 1
                else:
                    for k, v in kwargs.items():
                        break
                return a, b
            x = y = 3; z += 1
            """
        let (file, diagnostics) = parse(source, file: "BUILD")
        #expect(diagnostics.isEmpty)
        #expect(file.statements.count == 5)
        #expect(file.loads.first?.symbols.map(\.exported) == ["x", "z"])
        #expect(file.loads.first?.symbols.map(\.local) == ["x", "y"])
    }

    @Test func aSyntaxErrorIsReportedAndTheNextStatementsAreRead() {
        let source = "a(name = 'one')\nb(name = = 'x')\nc(name = 'three')\ndef broken(x)\n    x = 1\nd(name = 'four')\n"
        let (file, diagnostics) = parse(source, file: "pkg/BUILD")
        #expect(diagnostics.map(\.location.line) == [2, 4])
        #expect(diagnostics[0].description.hasPrefix("pkg/BUILD:2: syntax error:"))
        #expect(file.statements.count == 3)
        #expect(evaluate(source).rules.map(\.kind) == ["a", "c", "d"])
    }

    @Test func anUnclosedBracketDoesNotSwallowTheNextDefinition() {
        let source = "x = foo(\n    name = 'a',\n\ndef f():\n    return 1\n\ny = f()\nprobe(v = y)\n"
        let result = evaluate(source)
        #expect(messages(result).contains("never closed"))
        #expect(result.rules.last?["v"]?.repr == "1")
    }

    @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let (file, diagnostics) = parse("x = \(deep)\ny = 1\n", file: "BUILD")
        #expect(diagnostics.contains { $0.message.contains("nested too deeply") })
        #expect(file.statements.count == 1)
        let parens = String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
        #expect(parse("x = \(parens)\n", file: "BUILD").1.count == 1)
        let unary = String(repeating: "-", count: 100_000) + "1"
        #expect(parse("x = \(unary)\n", file: "BUILD").1.count == 1)
        let nots = String(repeating: "not ", count: 100_000) + "x"
        #expect(parse("x = \(nots)\n", file: "BUILD").1.count == 1)
    }

    @Test func aLongOperatorChainIsBoundedToo() {
        let chain = Array(repeating: "1", count: 100_000).joined(separator: " + ")
        let (_, diagnostics) = parse("x = \(chain)\n", file: "BUILD")
        #expect(diagnostics.contains { $0.message.contains("too deep") })
        let blocks = (0..<200).map { String(repeating: " ", count: $0) + "if x:\n" }.joined() + String(repeating: " ", count: 200) + "pass\n"
        #expect(!parse(blocks, file: "BUILD").1.isEmpty)
    }

    @Test func typeAnnotationsAreReadAndIgnored() {
        #expect(value("f('a')", after: "def f(x: str, y: int = 1) -> str:\n    return x * y\n") == "\"a\"")
    }
}
