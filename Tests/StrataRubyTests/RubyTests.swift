import StrataModel
import StrataRuby
import Testing

/// The Ruby reader of podspecs and Podfiles, one construct per test: the lexer's tokens, the
/// parser's statements, what the evaluator makes of an expression, and what the script
/// runner does with locals, helpers, loops and conditions (and which warnings it gives).
@Suite struct RubyLexerTests {
    func kinds(_ source: String) -> [RubyToken.Kind] {
        RubyLexer.tokens(Array(source.utf8)).map(\.kind).filter { $0 != .newline && $0 != .end }
    }

    @Test func namesConstantsKeywordsAndNumbers() {
        #expect(kinds("use_frameworks! Pod::Spec if nil 1.5") == [
            .identifier("use_frameworks!"), .constant("Pod"), .punct("::"), .constant("Spec"), .keyword("if"), .keyword("nil"),
            .number("1.5"),
        ])
        #expect(kinds("s.empty? @ivar") == [.identifier("s"), .punct("."), .identifier("empty?"), .identifier("@ivar")])
    }

    @Test func singleQuotedStringsDoNotInterpolate() {
        #expect(kinds("'a#{b}'") == [.string([.text("a#{b}")])])
        #expect(kinds(#"'it\'s'"#) == [.string([.text("it's")])])
    }

    @Test func doubleQuotedStringsKeepTheirInterpolationsAsCode() {
        #expect(kinds(##""#{s.name}/Core""##) == [.string([.code("s.name", line: 1), .text("/Core")])])
    }

    @Test func symbolsLabelsAndWordLists() {
        #expect(kinds(":static :\"quoted name\"") == [.symbol("static"), .symbol("quoted name")])
        #expect(kinds("pod 'A', path: '..'") == [.identifier("pod"), .string([.text("A")]), .punct(","), .label("path"), .string([.text("..")])])
        #expect(kinds("%w[A B C] %i(x y)") == [.words(["A", "B", "C"]), .words(["x", "y"])])
    }

    @Test func commentsAndBlockCommentsAreSkipped() {
        #expect(kinds("pod 'A' # pod 'B'\n=begin\npod 'C'\n=end\npod 'D'") == [
            .identifier("pod"), .string([.text("A")]), .identifier("pod"), .string([.text("D")]),
        ])
    }

    @Test func heredocsTakeTheirBodyFromTheNextLinesAndKeepLineNumbers() {
        let tokens = RubyLexer.tokens(Array("s.description = <<~DESC\n  Two\n  lines\nDESC\ns.name = 'A'\n".utf8))
        #expect(tokens.contains { $0.kind == .string([.text("Two\nlines\n")]) })
        #expect(tokens.first { $0.kind == .identifier("name") }?.line == 5)
    }

    @Test func aRegexLiteralIsOneToken() {
        #expect(kinds("x =~ /a b]/") == [.identifier("x"), .punct("=~"), .regex])
    }

    @Test func statementsEndAtNewlinesAndSemicolons() {
        #expect(RubyLexer.tokens(Array("a\nb; c".utf8)).map(\.kind) == [
            .identifier("a"), .newline, .identifier("b"), .newline, .identifier("c"), .newline, .end,
        ])
    }

    @Test func spaceBeforeTellsAnArgumentFromAnIndex() {
        let argument = RubyLexer.tokens(Array("foo [1]".utf8)), index = RubyLexer.tokens(Array("foo[1]".utf8))
        #expect(argument[1].kind == .punct("[") && argument[1].spaceBefore)
        #expect(index[1].kind == .punct("[") && !index[1].spaceBefore)
    }
}

@Suite struct RubyParserTests {
    func parse(_ source: String) -> [RubyStatement] { RubyParser.parse(Array(source.utf8)) }

    func call(_ statement: RubyStatement?) -> RubyCall? {
        if case .expression(.call(let call))? = statement { return call }
        return nil
    }

    @Test func aCallWithArgumentsAndOptions() throws {
        let pod = try #require(call(parse("pod 'Alamofire', '~> 5.0', :path => '../A', inhibit_warnings: true").first))
        #expect(pod.name == "pod" && pod.receiver == nil)
        #expect(pod.positional.map(\.description) == ["\"Alamofire\"", "\"~> 5.0\""])
        #expect(pod.option("path")?.description == "\"../A\"" && pod.option("inhibit_warnings")?.description == "true")
        let parenthesized = try #require(call(parse("s.dependency('A', '1.0')").first))
        #expect(parenthesized.name == "dependency" && parenthesized.receiver?.description == "s" && parenthesized.arguments.count == 2)
    }

    @Test func aBlockWithParametersAndBody() throws {
        let spec = try #require(call(parse("Pod::Spec.new do |s|\n  s.name = 'A'\nend").first))
        #expect(spec.name == "new" && spec.receiver?.description == "Pod::Spec")
        #expect(spec.block?.parameters == ["s"] && spec.block?.body.count == 1)
        let braces = try #require(call(parse("list.each { |x| pod x }").first))
        #expect(braces.block?.parameters == ["x"] && braces.block?.body.count == 1)
    }

    @Test func assignmentsWithTheirOperator() throws {
        guard case .assignment(let target, let value, let op, let line)? = parse("\ns.name = 'A'").first else {
            Issue.record("not an assignment")
            return
        }
        #expect(target.description == "s.name" && value.description == "\"A\"" && op == "=" && line == 2)
        guard case .assignment(_, _, let orEquals, _)? = parse("version ||= '1.0'").first else {
            Issue.record("not an assignment")
            return
        }
        #expect(orEquals == "||=")
    }

    @Test func aMethodDefinition() {
        guard case .method(let name, let parameters, let body)? = parse("def shared(a, b)\n  pod a\n  pod b\nend").first else {
            Issue.record("not a method")
            return
        }
        #expect(name == "shared" && parameters == ["a", "b"] && body.count == 2)
    }

    @Test func conditionalsKeepTheirClausesInOrder() {
        guard case .conditional("if", let clauses, 1)? = parse("if a\n pod 'A'\nelsif b\n pod 'B'\nelse\n pod 'C'\nend").first else {
            Issue.record("not a conditional")
            return
        }
        #expect(clauses.map { $0.condition?.description } == ["a", "b", nil])
        #expect(clauses.allSatisfy { $0.body.count == 1 })
        // A modifier is a conditional of one clause around the statement.
        guard case .conditional("unless", let modifier, _)? = parse("pod 'A' unless ENV['CI']").first else {
            Issue.record("not a modifier")
            return
        }
        #expect(modifier.first?.condition?.description == "ENV[\"CI\"]" && call(modifier.first?.body.first)?.name == "pod")
    }

    @Test func operatorsIndexesAndTernaries() throws {
        let expression = try #require(RubyParser.expression("a + b == c ? x[0] : !y", line: 1))
        guard case .ternary(let condition, let whenTrue, let whenFalse, _) = expression else {
            Issue.record("not a ternary: \(expression.description)")
            return
        }
        #expect(condition.description == "a + b == c")
        if case .index(let base, let keys, _) = whenTrue { #expect(base.description == "x" && keys.count == 1) } else { Issue.record("not an index") }
        if case .unary("!", _, _) = whenFalse {} else { Issue.record("not a negation") }
    }

    @Test func whatCannotBeReadIsRecordedAndTheRestIsRead() {
        let statements = parse("class Foo\n  def x; end\nend\npod 'A' )\npod 'B'")
        #expect(statements.contains { if case .unreadable("class definition", 1) = $0 { true } else { false } })
        #expect(statements.contains { if case .unreadable(_, 4) = $0 { true } else { false } })
        #expect(call(statements.last)?.positional.first?.description == "\"B\"")
    }
}

@Suite struct RubyEvaluatorTests {
    func value(_ code: String, locals: [String: RubyValue] = [:]) -> RubyValue {
        guard let expression = RubyParser.expression(code, line: 1) else { return .unknown("unparsed", line: 0) }
        return RubyEvaluator(locals: locals).evaluate(expression)
    }

    @Test func literals() {
        #expect(value("'a'") == .string("a") && value(":a") == .symbol("a") && value("1") == .number("1"))
        #expect(value("true") == .bool(true) && value("nil") == .null)
        #expect(value("['a', :b]") == .array([.string("a"), .symbol("b")]))
        #expect(value("{ :a => 1, 'b' => 2 }")["b"] == .number("2"))
        #expect(value("%w[x y]") == .array([.string("x"), .string("y")]))
    }

    @Test func interpolationUsesLocalsAndLeavesNilOut() {
        #expect(value(##""#{name}/Core""##, locals: ["name": .string("Kit")]) == .string("Kit/Core"))
        #expect(value(##""a#{nothing}b""##, locals: ["nothing": .null]) == .string("ab"))
        #expect(value(##""#{ENV['X']}""##) == .unknown("`ENV[\"X\"]`", line: 1))
    }

    @Test func namesAreLocalsOrTheDSLsOrUnknown() {
        #expect(value("version", locals: ["version": .string("1.0")]) == .string("1.0"))
        let spec = RubyEvaluator(resolve: { $0.name == "name" ? .string("Kit") : nil })
        #expect(spec.evaluate(RubyParser.expression("s.name", line: 1)!) == .string("Kit"))
        #expect(value("missing") == .unknown("`missing`", line: 1))
    }

    @Test func orAndShortCircuitOnWhatIsKnown() {
        #expect(value("'a' || ENV['X']") == .string("a"))
        #expect(value("nil || 'b'") == .string("b"))
        #expect(value("ENV['X'] || 'b'") == .unknown("`ENV[\"X\"]`", line: 1))
        #expect(value("false && ENV['X']") == .bool(false))
    }

    @Test func arithmeticAndComparisons() {
        #expect(value("'a' + 'b'") == .string("ab"))
        #expect(value("['a'] + ['b']") == .array([.string("a"), .string("b")]))
        #expect(value("['a', 'b'] - ['a']") == .array([.string("b")]))
        #expect(value("'a' == 'a'") == .bool(true) && value("'a' != 'a'") == .bool(false))
        #expect(value("1 + 2") == .unknown("`1 + 2`", line: 1))
        #expect(value("!nil") == .bool(true) && value("!'a'") == .bool(false) && value("-1") == .number("-1"))
    }

    @Test func indexesIntoArraysAndHashes() {
        #expect(value("['a', 'b'][-1]") == .string("b") && value("['a'][5]") == .null)
        #expect(value("h[:k]", locals: ["h": .hash([RubyPair(key: .symbol("k"), value: .string("v"))])]) == .string("v"))
    }

    @Test func theMethodsManifestsChain() {
        #expect(value("1.to_s") == .string("1") && value("'a'.freeze") == .string("a") && value("'a'.to_sym") == .symbol("a"))
        #expect(value("'  a '.strip") == .string("a") && value("'Ab'.downcase") == .string("ab") && value("'Ab'.upcase") == .string("AB"))
        #expect(value("['a', 'a', nil].uniq") == .array([.string("a"), .null]))
        #expect(value("['a', nil].compact") == .array([.string("a")]))
        #expect(value("[['a'], 'b'].flatten") == .array([.string("a"), .string("b")]))
        #expect(value("['a', 'b'].join('/')") == .string("a/b"))
        #expect(value("Array('a')") == .array([.string("a")]) && value("Array(nil)") == .array([]))
        #expect(value("File.read('VERSION')") == .unknown("`File.read(...)`", line: 1))
    }

    @Test func splatsAndTernaries() {
        #expect(value("['a', *list]", locals: ["list": .array([.string("b")])]) == .array([.string("a"), .string("b")]))
        #expect(value("true ? 'y' : 'n'") == .string("y"))
        #expect(value("ENV['X'] ? 'y' : 'n'") == .unknown("`ENV[\"X\"] ? ... : ...`", line: 1))
    }

    @Test func anUnevaluatedValueNamesWhatItDependsOn() throws {
        let expression = try #require(RubyParser.expression("ENV['V'] || '1'", line: 1))
        #expect(RubyValue.unevaluated(expression, RubyEvaluator().evaluate(expression))
            == "`ENV[\"V\"] || \"1\"` cannot be evaluated (it depends on `ENV[\"V\"]`)")
    }
}

/// The statements around a DSL, run by a script that records its one DSL word, `pod`.
@Suite struct RubyScriptTests {
    struct Recorder: RubyScript {
        var path = "Podfile"
        var locals: [String: RubyValue] = [:]
        var methods: [String: RubyMethod] = [:]
        var diagnostics: [Diagnostic] = []
        var callDepth = 0
        var calling: Set<String> = []
        var statementsRun = 0
        var pods: [String] = []

        mutating func perform(_ call: RubyCall, assigning value: RubyExpression?) -> Bool {
            guard call.receiver == nil, call.name == "pod" else { return false }
            pods.append(call.arguments.first.map { evaluate($0).text ?? "?" } ?? "?")
            return true
        }

        func evaluator() -> RubyEvaluator { RubyEvaluator(locals: locals) }
    }

    func run(_ source: String) -> Recorder {
        var script = Recorder()
        script.run(RubyParser.parse(Array(source.utf8)))
        return script
    }

    func messages(_ script: Recorder) -> [String] { script.diagnostics.map { "\($0.line ?? 0): \($0.message)" } }

    @Test func localsAndTheirOperators() {
        let script = run("kit = 'Kit'\nkit += 'Core'\nother ||= 'A'\nother ||= 'B'\npod kit\npod other")
        #expect(script.pods == ["KitCore", "A"] && script.diagnostics.isEmpty)
    }

    @Test func helpersRunWithTheirArgumentsInAScopeOfTheirOwn() {
        let script = run("def shared(name)\n  pod name\nend\nname = 'Outer'\nshared 'Inner'\npod name")
        #expect(script.pods == ["Inner", "Outer"])
        let recursive = run("def again\n  pod 'A'\n  again\nend\nagain")
        #expect(recursive.pods == ["A"] && messages(recursive) == ["3: `again` calls itself; stopped"])
    }

    @Test func loopsOverKnownListsAndHashes() {
        #expect(run("%w[A B].each do |name|\n  pod name\nend").pods == ["A", "B"])
        #expect(run("['A'].each_with_index { |name, i| pod name + i.to_s }").pods == ["A0"])
        #expect(run("{ 'A' => 1 }.each_pair do |name, _|\n  pod name\nend").pods == ["A"])
        let unknown = run("ENV['PODS'].each do |name|\n  pod name\nend")
        #expect(unknown.pods.isEmpty && messages(unknown) == ["1: loop over `ENV[\"PODS\"]` not evaluated; what it declares is missing"])
    }

    @Test func conditionsRunTheFirstClauseThatHolds() {
        #expect(run("if false\n pod 'A'\nelsif true\n pod 'B'\nelse\n pod 'C'\nend").pods == ["B"])
        #expect(run("unless false\n pod 'A'\nend").pods == ["A"])
        #expect(run("x = nil\nif !x\n pod 'A'\nend").pods == ["A"])
        let unknown = run("if ENV['CI']\n pod 'A'\nelse\n pod 'B'\nend")
        #expect(unknown.pods == ["B"] && messages(unknown) == ["1: condition `ENV[\"CI\"]` cannot be evaluated; taken as false"])
    }

    @Test func callsOutsideTheDSLAreWarnedAboutButHarmlessOnesAreNot() {
        let script = run("require 'json'\nputs 'hi'\nplugin 'cocoapods-keys'\npod 'A'")
        #expect(script.pods == ["A"] && messages(script) == ["3: `plugin(...)` not understood; skipped"])
        let assignment = run("x.y = 1")
        #expect(messages(assignment) == ["1: assignment to `x.y` not understood; skipped"])
    }

    @Test func unreadableStatementsAreWarnedAboutWithTheirLine() {
        let script = run("pod 'A'\nclass Foo\nend\npod 'B'")
        #expect(script.pods == ["A", "B"] && messages(script) == ["2: not understood (class definition); skipped"])
    }

    @Test func theStatementBoundStopsARunawayScript() {
        let script = run("%w[\(String(repeating: "a ", count: RubyScriptLimits.statements + 5))].each do |x|\n  pod x\nend")
        #expect(script.pods.count < RubyScriptLimits.statements)
        #expect(messages(script).contains { $0.hasSuffix("more than \(RubyScriptLimits.statements) statements run; the rest was not read") })
    }
}
