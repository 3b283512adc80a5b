import StrataStarlark
import Testing

/// `select()` (branches kept, union flattened), `glob()` with Bazel's matching, `Label`.
@Suite struct StarlarkSelectGlobLabelTests {
    @Test func selectKeepsItsBranchesAndFlattensToTheirUnion() {
        let result = evaluate("""
            swift_library(
                name = "A",
                deps = [":base"] + select({
                    "//conditions:default": [":b"],
                    ":ios": [":c", ":d"],
                }) + [":tail"],
                copts = select({"//config:opt": ["-O"], "//conditions:default": []}),
                module_name = select({":x": "X", "//conditions:default": "Default"}),
            )
            """)
        let deps = result.rules[0]["deps"]!
        guard case .select(let select) = deps else {
            Issue.record("deps is not a select: \(deps.repr)")
            return
        }
        #expect(select.parts.count == 3)
        if case .branches(let branches) = select.parts[1] { #expect(branches.map(\.condition) == ["//conditions:default", ":ios"]) }
        #expect(deps.flattened.repr == #"[":base", ":b", ":c", ":d", ":tail"]"#)
        #expect(result.rules[0]["copts"]!.flattened.repr == #"["-O"]"#)
        #expect(result.rules[0]["module_name"]!.flattened.repr == #""Default""#)
        #expect(deps.repr.hasPrefix(#"[":base"] + select({"//conditions:default": [":b"]"#))
    }

    @Test func selectsConcatenateWithPlusEqualsInMacros() {
        let result = evaluate("def m(deps):\n    deps += select({'a': ['x']})\n    return deps\nprobe(v = m(['y']))\n")
        #expect(result.rules[0]["v"]!.flattened.repr == #"["y", "x"]"#)
    }

    /// rules_ios' `ios_unit_test` macro asks `kwargs.get("test_host") == True` of a select: a
    /// select equals no value of another type, so the branch is not taken and nothing is unknown.
    @Test func aSelectEqualsNoValueOfAnotherType() {
        let result = evaluate("""
            def unit_test(name, **kwargs):
                test_kwargs = {arg: kwargs.pop(arg) for arg in ["test_host"] if arg in kwargs}
                if test_kwargs.get("test_host", None) == True:
                    test_kwargs["test_host"] = "//default:host"
                probe(name = name, host = test_kwargs["test_host"], same = kwargs == kwargs)

            unit_test(name = "T", test_host = select({":sim": ":host", "//conditions:default": None}))
            probe(name = "u", equal = select({":a": 1}) == 1, unequal = [] != select({":a": []}))
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.rules.first?["host"].map { if case .select = $0 { true } else { false } } == true)
        #expect(result.rules.last?["equal"]?.repr == "False")
        #expect(result.rules.last?["unequal"]?.repr == "True")
    }

    static let files: [String: String] = [
        "pkg/Sources/a.swift": "", "pkg/Sources/Sub/b.swift": "", "pkg/Sources/Sub/Deep/c.swift": "",
        "pkg/Sources/Sub/Deep/c_test.swift": "", "pkg/Sources/x.m": "", "pkg/Resources/icon.png": "",
        "pkg/Nested/BUILD.bazel": "", "pkg/Nested/n.swift": "", "pkg/Other/BUILD": "", "pkg/Other/Inner/o.swift": "",
        "pkg/top.swift": "", "elsewhere/e.swift": "",
    ]

    func glob(_ call: String) -> String {
        evaluate("probe(v = \(call))", files: Self.files).rules.first?["v"]?.repr ?? "none"
    }

    @Test func starStaysInOneSegmentAndDoubleStarCrossesAny() {
        #expect(glob("glob(['*.swift'])") == #"["top.swift"]"#)
        #expect(glob("glob(['Sources/*.swift'])") == #"["Sources/a.swift"]"#)
        #expect(glob("glob(['Sources/**/*.swift'])") == #"["Sources/Sub/Deep/c.swift", "Sources/Sub/Deep/c_test.swift", "Sources/Sub/b.swift", "Sources/a.swift"]"#)
        #expect(glob("glob(['**/*.swift'])") == #"["Sources/Sub/Deep/c.swift", "Sources/Sub/Deep/c_test.swift", "Sources/Sub/b.swift", "Sources/a.swift", "top.swift"]"#)
        #expect(glob("glob(['Sources/**'])") == #"["Sources/Sub/Deep/c.swift", "Sources/Sub/Deep/c_test.swift", "Sources/Sub/b.swift", "Sources/a.swift", "Sources/x.m"]"#)
        #expect(glob("glob(['Sources/**/*.swift', 'Sources/*.m'])").contains("x.m"))
    }

    @Test func excludeRemovesMatches() {
        #expect(glob("glob(['Sources/**/*.swift'], exclude = ['**/*_test.swift', 'Sources/a.swift'])") == #"["Sources/Sub/Deep/c.swift", "Sources/Sub/b.swift"]"#)
        #expect(glob("native.glob(include = ['**/*.png'], exclude = [], allow_empty = True)") == #"["Resources/icon.png"]"#)
        #expect(glob("glob(['*.none'], allow_empty = True)") == "[]")
    }

    @Test func subpackagesAreNotMatched() {
        #expect(!glob("glob(['**/*.swift'])").contains("Nested"))
        #expect(!glob("glob(['**/*.swift'])").contains("Other"))
    }

    @Test func directoriesOnlyWhenAskedFor() {
        #expect(glob("glob(['Sources/*'], exclude_directories = 0)") == #"["Sources/Sub", "Sources/a.swift", "Sources/x.m"]"#)
        #expect(glob("glob(['Sources/*'])") == #"["Sources/a.swift", "Sources/x.m"]"#)
    }

    /// Segments that are a name, `*`, or `*` and a suffix are compared without a table; every
    /// other shape by the table. Both read a pattern alike.
    @Test func segmentsMatchAlikeByEveryPath() {
        let files = ["a.swift", "a.swiftx", "b/a.swift", "Kit.h", "Kit", "KitTests.swift", "ab", "é.swift", ".hidden.swift", ".git/x.swift"]
        func match(_ pattern: String) -> [String] { StarlarkGlob.match(files: files, include: [pattern], exclude: []) }
        #expect(match("*.swift") == ["a.swift", "KitTests.swift", "é.swift"].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(match("*") == files.filter { !$0.contains("/") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // A leading dot is matched only by the pattern's own, but for `*` and `**` (Bazel's `UnixGlob.matches`).
        #expect(match(".*.swift") == [".hidden.swift"])
        #expect(match("*/x.swift") == [".git/x.swift"])
        #expect(match("*.swift") == ["a.swift", "KitTests.swift", "é.swift"].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(match("**/x.swift") == [".git/x.swift"])
        #expect(match("?hidden.swift") == [])
        #expect(match("Kit") == ["Kit"])
        #expect(match("Kit*") == ["Kit", "Kit.h", "KitTests.swift"])
        #expect(match("*Tests.*") == ["KitTests.swift"])
        #expect(match("?b") == ["ab"])
        #expect(match("*/a.swift") == ["b/a.swift"])
        #expect(match("b/*") == ["b/a.swift"])
        #expect(match("**/a.swift") == ["a.swift", "b/a.swift"])
        // `?` is one byte, as in Bazel (whose strings hold UTF-8 bytes): `é` is two.
        #expect(match("?.swift") == ["a.swift"])
        #expect(match("??.swift") == ["é.swift"])
    }

    @Test func matchingIsNotExponential() {
        let name = String(repeating: "a", count: 2_000)
        #expect(StarlarkGlob.match(files: [name], include: [String(repeating: "*a", count: 200) + "b"], exclude: []).isEmpty)
        #expect(StarlarkGlob.match(files: ["a/b/c"], include: [String(repeating: "**/", count: 300) + "c"], exclude: []) == ["a/b/c"])
    }

    @Test func labelsInEveryForm() {
        #expect(StarlarkLabel(parsing: "//a/b:c") == StarlarkLabel(package: "a/b", name: "c"))
        #expect(StarlarkLabel(parsing: "//a/b") == StarlarkLabel(package: "a/b", name: "b"))
        #expect(StarlarkLabel(parsing: ":c", package: "p") == StarlarkLabel(package: "p", name: "c"))
        #expect(StarlarkLabel(parsing: "c", package: "p") == StarlarkLabel(package: "p", name: "c"))
        #expect(StarlarkLabel(parsing: "@repo//x:y") == StarlarkLabel(repository: "repo", package: "x", name: "y"))
        #expect(StarlarkLabel(parsing: "@@repo+//x:y") == StarlarkLabel(repository: "repo+", package: "x", name: "y"))
        #expect(StarlarkLabel(parsing: "@repo") == StarlarkLabel(repository: "repo", package: "", name: "repo"))
        #expect(StarlarkLabel(parsing: "@//x:y") == StarlarkLabel(package: "x", name: "y"))
        #expect(StarlarkLabel(parsing: "@repo//x:y")?.description == "@repo//x:y")
        #expect(StarlarkLabel(parsing: "//:root")?.description == "//:root")
    }

    @Test func theLabelFunction() {
        #expect(value("[str(l), l.name, l.package, l.workspace_name]", after: "l = Label('@r//a/b:c')") == #"["@r//a/b:c", "c", "a/b", "r"]"#)
        #expect(value("str(Label(':x'))") == #""//pkg:x""#)
        #expect(value("str(Label('//a:b').relative(':c'))") == #""//a:c""#)
        #expect(value("Label('//a:b') == Label('//a:b')") == "True")
    }
}
