import StrataManifestEvaluator
import Testing

/// The static evaluator of Swift manifests, construct by construct: what each evaluates to,
/// and what each reports. `Package.swift` and Tuist readers are tested apart; a change to one
/// construct shows here first.
@Suite struct ManifestEvaluatorTests {
    /// The value of top-level `result` after evaluating `source`, rendered compactly.
    func result(_ source: String) -> String {
        let evaluator = ManifestEvaluator(source: Array(source.utf8))
        return evaluator.variables["result"].map(Self.render) ?? "<unbound>"
    }

    static func render(_ value: ManifestValue) -> String {
        switch value {
        case .string(let text, _): "\"\(text)\""
        case .int(let number): String(number)
        case .bool(let truth): String(truth)
        case .array(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .tuple(let items, let labels): "(" + zip(items, labels).map { ($1.map { $0 + ": " } ?? "") + render($0) }.joined(separator: ", ") + ")"
        case .call(let call): call.name + "(" + call.arguments.map { ($0.label.map { $0 + ": " } ?? "") + render($0.value) }.joined(separator: ", ") + ")"
        case .member(let name): "." + name
        case .null: "nil"
        case .unknown: "?"
        }
    }

    @Test(arguments: [
        ("let result = \"a\"", "\"a\""),
        ("let result = 42", "42"),
        ("let result = 1_000", "1000"),
        ("let result = true", "true"),
        ("let result: String? = nil", "nil"),
        ("let result = \"Q\\\"uote\"", "\"Q\"uote\""),
        ("let name = \"Core\"\nlet result = \"\\(name)Tests\"", "\"CoreTests\""),
        ("let result = [\"a\"] + [\"b\"]", "[\"a\", \"b\"]"),
        ("let result = \"a\" + \"b\"", "\"ab\""),
        ("let result = [\"x\": \"1\"][\"x\"]", "\"1\""),
        ("let result = [\"x\": \"1\"][\"y\"]", "nil"),
        ("let result = [\"a\", \"b\"][1]", "\"b\""),
        ("let result = (\"a\")", "\"a\""),
    ])
    func literals(source: String, expected: String) {
        #expect(result(source) == expected)
    }

    @Test(arguments: [
        ("var result = [\"a\"]\nresult.append(\"b\")", "[\"a\", \"b\"]"),
        ("var result = [\"a\"]\nresult.append(contentsOf: [\"b\", \"c\"])", "[\"a\", \"b\", \"c\"]"),
        ("var result = [\"b\"]\nresult.insert(\"a\", at: 0)", "[\"a\", \"b\"]"),
        ("var result = [\"a\"]\nresult += [\"b\"]", "[\"a\", \"b\"]"),
        ("var result = [\"a\"]\nresult = [\"z\"]", "[\"z\"]"),
        ("var result = \"a\"\nif true { result = \"b\" } else { result = \"c\" }", "\"b\""),
        ("var result = \"a\"\nguard false else { result = \"g\" }", "\"g\""),
        ("let result = true ? \"t\" : \"f\"", "\"t\""),
        ("let result = false || true", "true"),
        ("let result = true && false", "false"),
        ("let result = \"a\" == \"a\"", "true"),
        ("let result = \"a\" != \"a\"", "false"),
        ("let x: String? = nil\nlet result = x ?? \"default\"", "\"default\""),
        ("let result = !false", "true"),
    ])
    func statementsAndOperators(source: String, expected: String) {
        #expect(result(source) == expected)
    }

    @Test(arguments: [
        ("let result = [\"a\", \"b\"].map { $0 + \"!\" }", "[\"a!\", \"b!\"]"),
        ("let result = [\"a\", \"b\"].map { name in name.uppercased() }", "[\"A\", \"B\"]"),
        ("let result = [[\"a\"], [\"b\"]].flatMap { $0 }", "[\"a\", \"b\"]"),
        ("let result = [\"a\", \"bb\"].compactMap { $0 == \"bb\" ? nil : $0 }", "[\"a\"]"),
        ("let result = [\"a\", \"bb\"].filter { $0 == \"bb\" }", "[\"bb\"]"),
        ("let result = [\"a\", \"b\"].contains(\"b\")", "true"),
        ("let result = [\"a\", \"b\"].joined(separator: \"-\")", "\"a-b\""),
        ("let result = [\"a\", \"b\"].reduce(\"\") { $0 + $1 }", "\"ab\""),
        ("let result = [\"b\", \"a\"].sorted()", "[\"a\", \"b\"]"),
        ("let result = [\"a\", \"b\"].first", "\"a\""),
        ("let result = \"a-b\".components(separatedBy: \"-\")", "[\"a\", \"b\"]"),
        ("let result = \"core\".capitalized", "\"Core\""),
        ("let result = \"Core\".isEmpty", "false"),
        ("var result: [String] = []\nfor name in [\"a\", \"b\"] where name != \"a\" { result.append(name) }", "[\"b\"]"),
        ("var result: [String] = []\nfor name in [\"a\", \"b\", \"c\"] { if name == \"b\" { break }; result.append(name) }", "[\"a\"]"),
        ("let result = { \"immediately\" }()", "\"immediately\""),
    ])
    func closuresLoopsAndMethods(source: String, expected: String) {
        #expect(result(source) == expected)
    }

    @Test(arguments: [
        ("enum Layer: String, CaseIterable { case core, ui = \"UI\" }\nlet result = Layer.allCases.map(\\.rawValue)", "[\"core\", \"UI\"]"),
        ("enum L { case a, b\n var name: String { switch self { case .a: \"A\" ; case .b: \"B\" } } }\nlet result = L.b.name", "\"B\""),
        ("struct M { let name: String\n var path: String { \"Sources/\\(name)\" } }\nlet result = M(name: \"X\").path", "\"Sources/X\""),
        ("extension String { static let core = \"Core\" }\nlet result: String = .core", "\"Core\""),
        ("func feature(_ name: String) -> String { \"\\(name)Feature\" }\nlet result = feature(\"Login\")", "\"LoginFeature\""),
        ("func pick(_ flag: Bool) -> String {\n guard flag else { return \"no\" }\n return \"yes\"\n}\nlet result = pick(false)", "\"no\""),
        ("var computed: String { \"c\" }\nlet result = computed", "\"c\""),
        ("let result = [Target.target(name: \"A\"), .testTarget(name: \"T\")].filter { $0.type == .test }.map(\\.name)", "[\"T\"]"),
    ])
    func declarationsOfTheManifest(source: String, expected: String) {
        #expect(result(source) == expected)
    }

    @Test(arguments: [
        ("let result = (name: \"A\", 1)", "(name: \"A\", 1)"),
        ("typealias P = (name: String, path: String)\nlet p: P = (\"A\", \"B\")\nlet result = p.path", "\"B\""),
        ("typealias P = (name: String, path: String)\nlet raw = [(\"A\", \"B\")]\nlet ps: [P] = raw\nlet result = ps.map(\\.name)", "[\"A\"]"),
        ("let result = (\"A\", \"B\").1", "\"B\""),
        ("let result = [(\"A\", 1), (\"B\", 2)].map(\\.0)", "[\"A\", \"B\"]"),
        ("let result = [((\"A\", \"a\"), 1)].map { $0.0.1 }", "[\"a\"]"),
        ("let (a, b) = (\"x\", \"y\")\nlet result = b + a", "\"yx\""),
        ("var result: [String] = []\nfor (a, b) in [(\"x\", \"y\")] { result.append(a + b) }", "[\"xy\"]"),
        ("let result = [(\"a\", \"b\")].map { x, y in y + x }", "[\"ba\"]"),
        ("let result = [(\"a\", \"b\")].map { (x, _) in x }", "[\"a\"]"),
        ("let result = [(\"a\", \"b\")].map { $1 }", "[\"b\"]"),
        ("let result = zip([\"a\", \"b\", \"c\"], [1, 2]).map { $0.0 }", "[\"a\", \"b\"]"),
        ("let result = [\"a\", \"b\"].enumerated().map { $0.offset }", "[0, 1]"),
        ("let result = (\"a\", 1) == (\"a\", 1)", "true"),
        ("let result = (\"a\", 1) != (\"a\", 2)", "true"),
        ("func pair() -> (target: Target, String) { (.target(name: \"A\"), \"b\") }\nlet result = pair().target", "target(name: \"A\")"),
        ("let result = { switch (\"a\", 1) { case let (x, y): return x + String(y) } }()", "\"a1\""),
        ("extension Target { static func make(spec: (String, String)) -> String { spec.1 } }\nlet result = [(\"A\", \"B\")].map(Target.make)", "[\"B\"]"),
        ("enum Kit {\n typealias Spec = (name: String, path: String)\n static func path(_ spec: Spec) -> String { spec.path }\n}\nlet result = [(\"A\", \"B\")].map(Kit.path)", "[\"B\"]"),
        ("let result = { switch (\"a\", true) { case (\"b\", _): return \"b\"\n case (let x, true): return x\n default: return \"-\" } }()", "\"a\""),
    ])
    func tuples(source: String, expected: String) {
        #expect(result(source) == expected)
    }

    /// `Dependency` written in `extension Target` is `Target.Dependency`, as the compiler finds it.
    @Test func aNestedTypeIsFoundFromItsParentsExtension() {
        #expect(result("""
            extension Target.Dependency { static let core: Self = .target(name: "Core") }
            extension Target {
                static var dependencies: [Dependency] { [Dependency.core, .core] }
            }
            let result = Target.dependencies
            """) == "[target(name: \"Core\"), target(name: \"Core\")]")
    }

    @Test(arguments: [
        ("let result = ProcessInfo.processInfo.environment[\"X\"]", "nil", ["X"]),
        ("let result = ProcessInfo.processInfo.environment[\"X\"] == nil", "true", ["X"]),
        ("let result = Context.environment[\"X\"] ?? \"d\"", "\"d\"", ["X"]),
        ("let env = ProcessInfo.processInfo.environment\nlet result = env[\"A\"] != nil || env[\"B\"] != nil", "false", ["A", "B"]),
        ("let result = Context.environment.keys.contains(\"K\")", "false", ["K"]),
        ("let result = ProcessInfo.processInfo.environment[\"X\"].map { $0 == \"1\" } ?? true", "true", ["X"]),
        ("let result = Environment.isCI.getBoolean(default: false)", "false", ["Environment.isCI"]),
        ("let result = \"no environment\"", "\"no environment\"", []),
    ])
    func environmentReadsAreUnsetAndNoted(source: String, expected: String, names: [String]) {
        let evaluator = ManifestEvaluator(source: Array(source.utf8))
        #expect(evaluator.variables["result"].map(Self.render) == expected)
        #expect(evaluator.environmentReads.map(\.name) == names)
        #expect((evaluator.environmentNote != nil) == !names.isEmpty)
        #expect(evaluator.assumptions.isEmpty)
    }

    @Test(arguments: [
        ("#if os(macOS)\nlet result = \"mac\"\n#else\nlet result = \"other\"\n#endif", "macOS", "\"mac\""),
        ("#if os(macOS)\nlet result = \"mac\"\n#else\nlet result = \"other\"\n#endif", "Linux", "\"other\""),
        ("#if canImport(Darwin)\nlet result = \"darwin\"\n#else\nlet result = \"glibc\"\n#endif", "Linux", "\"glibc\""),
        ("#if compiler(>=6.3)\nlet result = \"new\"\n#else\nlet result = \"old\"\n#endif", "macOS", "\"new\""),
        ("#if SOME_FLAG\nlet result = \"flag\"\n#else\nlet result = \"none\"\n#endif", "macOS", "\"none\""),
        ("// swift-tools-version:5.9\n#if swift(>=6.0)\nlet result = \"6\"\n#else\nlet result = \"5\"\n#endif", "macOS", "\"5\""),
        ("// swift-tools-version:6.0\n#if swift(>=6.0)\nlet result = \"6\"\n#else\nlet result = \"5\"\n#endif", "macOS", "\"6\""),
    ])
    func compilationConditionsAreDecidedOnTheHost(source: String, host: String, expected: String) {
        let evaluator = ManifestEvaluator(source: Array(source.utf8), host: host)
        #expect(evaluator.variables["result"].map(Self.render) == expected)
    }

    @Test func whatCannotBeEvaluatedIsReportedWithItsLine() {
        let evaluator = ManifestEvaluator(source: Array("""
            import PackageDescription
            let name = try! String(contentsOfFile: "name.txt")
            var result = "kept"
            if readFlag() { result = "changed" }
            while true { package.targets.append(.target(name: "T")) }
            """.utf8))
        #expect(Self.render(evaluator.variables["name"]!) == "?")
        #expect(evaluator.variables["result"].map(Self.render) == "\"kept\"")
        #expect(evaluator.assumptions.map(\.line) == [4])
        #expect(evaluator.skipped.map(\.line) == [5])
    }

    @Test func nestingPastTheBoundIsUnknownNotACrash() {
        let deep = String(repeating: "[", count: 200) + "\"x\"" + String(repeating: "]", count: 200)
        let evaluator = ManifestEvaluator(source: Array("let result = \(deep)".utf8))
        #expect(evaluator.variables["result"].map(Self.render)?.contains("?") == true || !evaluator.problems.isEmpty)
    }
}
