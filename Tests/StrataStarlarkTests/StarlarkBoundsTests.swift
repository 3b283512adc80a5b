import Foundation
import StrataStarlark
import Testing

/// Hostile input neither hangs nor crashes: every limit stops the file with one diagnostic
/// naming file and line, and what was recorded before it is kept.
@Suite struct StarlarkBoundsTests {
    @Test func hugeRepetitionIsRefusedBeforeAllocating() {
        let result = evaluate("a(name = 'kept')\nx = 'a' * 10**9\nb(name = 'never')\n")
        #expect(result.rules.map(\.kind) == ["a"])
        #expect(messages(result).contains("pkg/BUILD:2: a string of more than"))
        #expect(result.diagnostics.map(\.severity) == [.error])
        #expect(messages(evaluate("x = [1] * (1 << 40)\n")).contains("pkg/BUILD:1: a collection of more than"))
        #expect(messages(evaluate("x = ['a'] * 9223372036854775807\n")).contains("collection of more than"))
    }

    @Test func growingByDoublingHitsTheSizeLimit() {
        let result = evaluate("s = 'ab'\nfor i in range(100):\n    s = s + s\n")
        #expect(messages(result).contains("pkg/BUILD:3: a string of more than"))
        let list = evaluate("l = [1]\nfor i in range(100):\n    l.extend(l)\n")
        #expect(messages(list).contains("collection of more than"))
    }

    @Test func aHugeRangeIsNeverBuilt() {
        #expect(value("len(range(1 << 62))") == "4611686018427387904")
        #expect(value("(1 << 62) - 1 in range(1 << 62)") == "True")
        #expect(messages(evaluate("x = list(range(1 << 40))\n")).contains("collection of more than"))
    }

    @Test func nestedLoopsRunOutOfSteps() {
        var limits = StarlarkLimits()
        limits.maximumSteps = 100_000
        let source = "a(name = 'kept')\nfor i in range(1000000):\n    for j in range(1000000):\n        x = i + j\n"
        let result = evaluate(source, limits: limits)
        #expect(result.rules.count == 1)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].description.hasPrefix("pkg/BUILD:"))
        #expect(result.diagnostics[0].message.contains("more than 100000 steps"))
    }

    @Test func theStepBudgetCountsMacrosToo() {
        var limits = StarlarkLimits()
        limits.maximumSteps = 10_000
        let files = ["defs/m.bzl": "def spin():\n    for i in range(100000):\n        pass\n"]
        let result = evaluate("load('//defs:m.bzl', 'spin')\nspin()\n", files: files, limits: limits)
        #expect(messages(result).contains("defs/m.bzl:2: evaluation of pkg/BUILD stopped: more than 10000 steps"))
    }

    @Test func theTimeLimitStopsAFile() {
        var limits = StarlarkLimits()
        limits.maximumSeconds = 0.2
        limits.maximumSteps = .max
        let clock = ContinuousClock()
        let start = clock.now
        let result = evaluate("for i in range(1 << 60):\n    pass\n", limits: limits)
        #expect(clock.now - start < .seconds(5))
        #expect(messages(result).contains("more than 0.2 s"))
    }

    @Test func recursionIsAnError() {
        let direct = evaluate("def f(n):\n    return f(n - 1)\nprobe(v = f(3))\n")
        #expect(messages(direct).contains("pkg/BUILD:2: function f called recursively"))
        #expect(direct.rules.first?["v"]?.isUnknown == true)
        let indirect = evaluate("def a():\n    return b()\ndef b():\n    return a()\nprobe(v = a())\n")
        #expect(messages(indirect).contains("function a called recursively"))
        let lambda = evaluate("def apply(f, x):\n    return f(f, x)\nprobe(v = apply(lambda g, x: g(g, x), 1))\n")
        #expect(messages(lambda).contains("called recursively"))
    }

    @Test func deepCallChainsAreBounded() {
        // Many distinct functions, each calling the next: no recursion, but deep.
        let chain = (0..<200).map { "def f\($0)():\n    return f\($0 + 1)()\n" }.joined() + "def f200():\n    return 1\nprobe(v = f0())\n"
        #expect(messages(evaluate(chain)).contains("calls nested more than 64 deep"))
    }

    @Test func hostileBytesAreDiagnosticsNotCrashes() {
        let junk = "\u{0}\u{7F}$?`\u{FFFD}x = (((\n\t\t  ]]]\n'''never closed"
        let result = evaluate(junk)
        #expect(!result.diagnostics.isEmpty)
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("()[]{}:,.=+*'\"\\\n\t #abcdeifor in def lambda 0x1".unicodeScalars)
        for _ in 0..<200 {
            let source = String(String.UnicodeScalarView((0..<200).map { _ in alphabet.randomElement(using: &generator)! }))
            _ = evaluate(source)
        }
    }

    @Test func aBuildFileIsDeterministic() {
        let source = "d = {}\nfor k in ['z', 'a', 'q']:\n    d[k] = k\nprobe(v = d, w = glob(['**']))\n"
        let files = ["pkg/z": "", "pkg/a/b": "", "pkg/m": ""]
        let runs = (0..<5).map { _ in evaluate(source, files: files).rules.map { $0.attributes.map(\.value.repr) } }
        #expect(Set(runs.map { "\($0)" }).count == 1)
        #expect(runs[0][0] == [#"{"z": "z", "a": "a", "q": "q"}"#, #"["BUILD", "a/b", "m", "z"]"#])
    }
}

/// A fixed sequence of random numbers (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Values that would take forever to walk: cycles, exponential sharing, hostile searches.
@Suite struct StarlarkValueWalkTests {
    @Test func aListThatHoldsItselfCanBePrintedComparedAndRead() {
        let result = evaluate("a = []\na.append(a)\nb = str(a)\nc = a == a\nprobe(v = a, w = b)\n")
        #expect(result.rules.count == 1)
        #expect(result.rules[0]["w"]?.string?.contains("[...]") == true, "\(result.rules[0]["w"]?.repr ?? "")")
        #expect(StarlarkJSON.encode(result.rules[0]["v"]!).count < 1_000)
        #expect(result.rules[0]["v"]!.flattened.repr.count < 1_000)
    }

    @Test func exponentiallySharedValuesAreCutShort() {
        let source = "t = (1,)\nl = [1]\nfor i in range(60):\n    t = (t, t)\n    l = [l, l]\nd = {t: 1}\nprobe(v = l, w = t == t, x = str(l)[:5], y = sorted([t, t]))\n"
        let clock = ContinuousClock()
        let start = clock.now
        let result = evaluate(source)
        #expect(clock.now - start < .seconds(10))
        #expect(result.rules.count == 1)
        _ = StarlarkJSON.encode(result.rules[0]["v"]!)
    }

    @Test func aHostileSearchIsLinear() {
        let source = "s = 'a' * 400000\np = 'a' * 200000 + 'b'\nprobe(v = [s.find(p), s.count(p), p in s, s.rfind(p), len(s.split(p)), len(s.replace(p, 'x'))])\n"
        let clock = ContinuousClock()
        let start = clock.now
        let result = evaluate(source)
        #expect(clock.now - start < .seconds(20))
        #expect(result.rules.first?["v"]?.repr == "[-1, 0, False, -1, 1, 400000]")
    }
}

/// Integer edges that would trap in Swift if computed naively.
@Suite struct StarlarkIntegerEdgeTests {
    @Test func rangesAtTheLimitsOfInt() {
        #expect(value("len(range(-9223372036854775807 - 1, 9223372036854775807))") == "9223372036854775807")
        #expect(value("range(0, 9223372036854775807, 4611686018427387904)[1]") == "4611686018427387904")
        #expect(value("list(range(0, 9223372036854775807, 4611686018427387904))") == "[0, 4611686018427387904]")
        #expect(value("[9223372036854775806 in range(0, 9223372036854775807, 2), 5 in range(10, 0, -5), 3 in range(10, 0, -5)]") == "[True, True, False]")
        #expect(value("list(range(5, -9223372036854775807 - 1, -9223372036854775807 - 1))") == "[5, -9223372036854775803]")
    }

    @Test func arithmeticThatWouldOverflowIsUnknown() {
        for expression in ["9223372036854775807 + 1", "-(-9223372036854775807 - 1)", "(-9223372036854775807 - 1) // -1",
            "(-9223372036854775807 - 1) % -1", "2 ** 64", "abs(-9223372036854775807 - 1)", "1 << 64", "9223372036854775807 * 2"] {
            #expect(value(expression).hasPrefix("<unknown"), "\(expression)")
        }
        #expect(value("'%x' % (-9223372036854775807 - 1)") == #""-8000000000000000""#)
        #expect(value("[1, 2][::9223372036854775807]") == "[1]")
        #expect(value("[1, 2][::-9223372036854775807 - 1]") == "[2]")
        #expect(value("'abc'[-9223372036854775807 - 1:9223372036854775807]") == #""abc""#)
    }

    @Test func aLongElifChainIsFlat() {
        let chain = "def f(x):\n    if x == 0:\n        return 0\n" + (1..<5000).map { "    elif x == \($0):\n        return \($0)\n" }.joined() + "    else:\n        return -1\n"
        #expect(value("[f(4999), f(7000)]", after: chain) == "[4999, -1]")
    }
}

/// The deepest recursion the limits allow fits the stack StarlarkLimits documents (8 MB here,
/// so the check holds in a debug build, whatever thread the test runner uses).
@Suite struct StarlarkStackTests {
    @Test func theDeepestParseAndEvaluationFit() {
        let height = (0..<390).map { _ in "1" }.joined(separator: " + ")
        let calls = (0..<70).map { "def f\($0)():\n    return [\(String(repeating: "(", count: 20))f\($0 + 1)()\(String(repeating: ")", count: 20))]\n" }.joined()
            + "def f70():\n    return 1\nprobe(v = f0())\n"
        let nested = "x = " + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "\nprobe(v = len(x))\n"
        let lambdas = "probe(v = " + String(repeating: "(lambda: ", count: 30) + "1" + String(repeating: ")()", count: 30) + ")\n"
        let results = onLargeStack {
            [evaluate("probe(v = \(height))\n"), evaluate(calls), evaluate(nested), evaluate(lambdas)].map { result in
                (result.rules.first?["v"]?.repr ?? "none") + " " + messages(result)
            }
        }
        #expect(results[0] == "390 ")
        #expect(results[1].contains("nested"))
        #expect(results[2] == "1 ")
        #expect(results[3] == "1 ")
    }
}
