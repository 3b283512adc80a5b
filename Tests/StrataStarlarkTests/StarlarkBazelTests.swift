import StrataStarlark
import Testing

/// What BUILD files need of Bazel: rule calls recorded, macros across .bzl files, `load`
/// and its aliases, `glob`, `select`, labels, `rule()` definitions, `native`.
@Suite struct StarlarkBazelTests {
    static let macros: [String: String] = [
        "build_defs/naming.bzl": """
            def library_name(name):
                return name + "Lib"
            TEST_SUFFIX = "Tests"
            """,
        "build_defs/module.bzl": """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            load("@build_bazel_rules_apple//apple:ios.bzl", apple_test = "ios_unit_test")
            load(":naming.bzl", "TEST_SUFFIX", lib = "library_name")

            def ios_module(name, deps = [], **kwargs):
                swift_library(
                    name = lib(name),
                    module_name = name,
                    srcs = native.glob(["Sources/**/*.swift"]),
                    deps = deps,
                    **kwargs
                )
                apple_test(
                    name = name + TEST_SUFFIX,
                    deps = [":" + lib(name)],
                )
            """,
    ]

    @Test func aRuleCalledDirectlyIsRecordedWithItsAttributesInOrder() {
        let result = evaluate("""
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")

            swift_library(
                name = "Core",
                srcs = ["a.swift"],
                module_name = "Core",
            )
            objc_library(name = "Legacy", hdrs = ["a.h"], sdk_frameworks = ["UIKit"])
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rules.map(\.kind) == ["swift_library", "objc_library"])
        #expect(result.rules[0].attributes.map(\.name) == ["name", "srcs", "module_name"])
        #expect(result.rules[0].location == StarlarkLocation(file: "pkg/BUILD", line: 3))
        #expect(result.rules[0].macroStack.isEmpty)
        #expect(result.rules[1].name == "Legacy")
    }

    @Test func aMacroInOneBzlThatLoadsAnotherRecordsTheRulesItCalls() {
        let files = Self.macros.merging(["pkg/Sources/A/a.swift": "", "pkg/Sources/b.swift": ""]) { a, _ in a }
        let result = evaluate("""
            load("//build_defs:module.bzl", "ios_module")

            ios_module(
                name = "Feature",
                deps = ["//Core"],
                visibility = ["//visibility:public"],
            )
            """, files: files)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rules.map(\.kind) == ["swift_library", "ios_unit_test"])
        let library = result.rules[0]
        #expect(library.name == "FeatureLib")
        #expect(library["module_name"]?.string == "Feature")
        #expect(library["srcs"]?.repr == #"["Sources/A/a.swift", "Sources/b.swift"]"#)
        #expect(library["visibility"]?.repr == #"["//visibility:public"]"#)
        #expect(library.location == StarlarkLocation(file: "pkg/BUILD", line: 3))
        #expect(library.macroStack.map(\.location) == [StarlarkLocation(file: "build_defs/module.bzl", line: 6)])
        #expect(library.stack.map(\.function) == ["ios_module", "swift_library"])
        // Loaded as `apple_test`, recorded by the name it was exported as.
        #expect(result.rules[1].kind == "ios_unit_test")
        #expect(result.rules[1]["deps"]?.repr == #"[":FeatureLib"]"#)
    }

    @Test func theLoadedFilesAreListedTransitively() {
        let files = Self.macros.merging(["other/x.bzl": "load('//build_defs:naming.bzl', 'TEST_SUFFIX')\nX = TEST_SUFFIX"]) { a, _ in a }
        let interpreter = StarlarkInterpreter(host: StarlarkMemoryHost(files: files))
        _ = interpreter.evaluateBuild(path: "a/BUILD", source: "load('//other:x.bzl', 'X')\n", package: "a")
        let source = "load('//build_defs:module.bzl', 'ios_module')\nload('//other:x.bzl', 'X')\nload('@ext//:y.bzl', 'y')\n"
        let result = interpreter.evaluateBuild(path: "pkg/BUILD", source: source, package: "pkg")
        #expect(result.loadedFiles == ["build_defs/module.bzl", "build_defs/naming.bzl", "other/x.bzl"])
    }

    @Test func aWarningOfAMacroCalledManyTimesIsGivenOnce() {
        let files = ["defs/m.bzl": "def m(name):\n    native.cc_library(name = name, deps = undefined_deps)"]
        let result = evaluate("load('//defs:m.bzl', 'm')\n[m(name = 'x%d' % i) for i in range(50)]\n", files: files)
        #expect(result.rules.count == 50)
        #expect(messages(result) == "defs/m.bzl:2: name 'undefined_deps' is not defined")
    }

    @Test func everyLabelFormOfLoadResolves() {
        let files = ["pkg/defs.bzl": "A = 'pkg'", "pkg/sub/defs.bzl": "B = 'sub'", "tools/x.bzl": "C = 'tools'"]
        let result = evaluate("""
            load(":defs.bzl", "A")
            load("//pkg/sub:defs.bzl", "B")
            load("@//tools:x.bzl", "C")
            load("@@//pkg:defs.bzl", A2 = "A")
            load("//pkg:sub/defs.bzl", B2 = "B")
            probe(v = [A, B, C, A2, B2])
            """, files: files)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rules[0]["v"]?.repr == #"["pkg", "sub", "tools", "pkg", "sub"]"#)
    }

    @Test func symbolsOfExternalRepositoriesAreStubsNamedByTheirExportedName() {
        let result = evaluate("""
            load("@rules_cc//cc:defs.bzl", my_cc = "cc_library")
            load("@@rules_swift+//swift:swift.bzl", "swift_binary")
            my_cc(name = "a")
            swift_binary(name = "b")
            """)
        #expect(result.rules.map(\.kind) == ["cc_library", "swift_binary"])
    }

    @Test func theMainRepositorysOwnNameLoadsFromTheHost() {
        let files = ["pkg/BUILD": "", "rules/defs.bzl": "def m(name):\n    native.cc_library(name = name)"]
        let source = "load('@my_rules//rules:defs.bzl', 'm')\nm('a')\n"
        let interpreter = StarlarkInterpreter(host: StarlarkMemoryHost(files: files), mainRepositoryNames: ["my_rules"])
        #expect(interpreter.evaluateBuild(path: "pkg/BUILD", source: source, package: "pkg").rules.map(\.kind) == ["cc_library"])
        #expect(evaluate(source, files: files).rules.map(\.kind) == ["m"])
    }

    @Test func aMissingSymbolOrFileIsADiagnostic() {
        let result = evaluate("load('//defs:x.bzl', 'nope')\nload('//missing:y.bzl', 'thing')\nthing(name = 'a')\n", files: ["defs/x.bzl": "yes = 1"])
        #expect(messages(result).contains("pkg/BUILD:1: load: //defs:x.bzl has no symbol 'nope'"))
        #expect(messages(result).contains("pkg/BUILD:2: load: missing/y.bzl not found"))
        #expect(result.rules.map(\.kind) == ["thing"])
    }

    @Test func aLoadCycleIsADiagnosticNotAHang() {
        let files = ["a/a.bzl": "load('//b:b.bzl', 'B')\nA = 1", "b/b.bzl": "load('//a:a.bzl', 'A')\nB = 2"]
        let result = evaluate("load('//a:a.bzl', 'A')\nprobe(v = A)\n", files: files)
        #expect(messages(result).contains("load cycle: a/a.bzl -> b/b.bzl -> a/a.bzl"))
        #expect(result.rules.first?["v"]?.repr == "1")
    }

    @Test func eachBzlIsEvaluatedOncePerInterpreter() {
        let files = ["defs/x.bzl": "COUNTER = []\ndef add():\n    COUNTER.append(1)\n    return len(COUNTER)", "a/BUILD": "", "b/BUILD": ""]
        let interpreter = StarlarkInterpreter(host: StarlarkMemoryHost(files: files))
        let source = "load('//defs:x.bzl', 'add')\nprobe(v = add())\n"
        let first = interpreter.evaluateBuild(path: "a/BUILD", source: source, package: "a")
        let second = interpreter.evaluateBuild(path: "b/BUILD", source: source, package: "b")
        #expect(first.rules[0]["v"]?.repr == "1")
        #expect(second.rules[0]["v"]?.repr == "2")
    }

    @Test func nativeRecordsRulesAndAnswersThePackage() {
        let files = ["defs/m.bzl": "def m(name):\n    native.cc_library(name = name, tags = [native.package_name(), native.repository_name()])\n    native.filegroup(name = name + '_files')"]
        let result = evaluate("load('//defs:m.bzl', 'm')\nm('x')\nprobe(v = package_name())\n", files: files, package: "app/ios")
        #expect(result.rules.map(\.kind) == ["cc_library", "filegroup", "probe"])
        #expect(result.rules[0]["tags"]?.repr == #"["app/ios", "@"]"#)
        #expect(result.rules[2]["v"]?.repr == #""app/ios""#)
    }

    @Test func aRuleDefinedInABzlIsRecordedByTheNameItIsExportedAs() {
        let files = [
            "defs/r.bzl": """
                def _impl(ctx):
                    fail("never run")
                _framework = rule(implementation = _impl, attrs = {"deps": attr.label_list(), "name_": attr.string(default = "x")})
                framework_import = _framework
                Info = provider(fields = ["a"])
                my_aspect = aspect(implementation = _impl)
                def wrapper(name):
                    _framework(name = name, aspect_value = my_aspect, info = Info(a = 1).a)
                """
        ]
        let result = evaluate("load('//defs:r.bzl', 'framework_import', 'wrapper')\nframework_import(name = 'A')\nwrapper('B')\n", files: files)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rules.map(\.kind) == ["_framework", "_framework"])
        #expect(result.rules[1]["info"]?.repr == "1")
    }

    @Test func existingRulesSeeWhatWasRecorded() {
        let result = evaluate("cc_library(name = 'a', srcs = ['a.c'])\nprobe(v = native.existing_rule('a')['kind'], w = sorted(native.existing_rules().keys()))\n")
        #expect(result.rules.last?["v"]?.repr == #""cc_library""#)
        #expect(result.rules.last?["w"]?.repr == #"["a"]"#)
    }

    @Test func onlyACallWhoseValueIsUnusedIsARule() {
        let result = evaluate("""
            load("@ext//:defs.bzl", "local_includes", "ext_library")
            [cc_library(name = n) for n in ["a", "b"]]
            ext_library(name = "c", copts = local_includes("private"))
            """)
        #expect(result.rules.map(\.kind) == ["cc_library", "cc_library", "ext_library"])
        #expect(result.rules[2]["copts"]?.isUnknown == true)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anAttributeGivenTwiceIsAWarningAndTheLastValue() {
        let result = evaluate("kwargs = {'name': 'b', 'srcs': []}\ncc_library(name = 'a', **kwargs)\n")
        #expect(result.rules.first?.attributes.map(\.name) == ["name", "srcs"])
        #expect(result.rules.first?.name == "b")
        #expect(messages(result) == "pkg/BUILD:2: argument 'name' given twice; the last value is kept")
    }

    @Test func noOpFunctionsRecordNothing() {
        let result = evaluate("package(default_visibility = ['//visibility:public'])\nlicenses(['notice'])\nexports_files(['a.txt'])\nprint('x')\n")
        #expect(result.rules.isEmpty)
        #expect(result.diagnostics.isEmpty)
        #expect(result.packageAttributes.map(\.name) == ["default_visibility"])
    }
}
