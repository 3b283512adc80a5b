import Testing

/// The language itself: each construct in several spellings, its value as `repr` writes it.
@Suite struct StarlarkLanguageTests {
    @Test func literals() {
        #expect(value("[1, 'a', None, True, 1.5]") == #"[1, "a", None, True, 1.5]"#)
        #expect(value("(1,)") == "(1,)")
        #expect(value("()") == "()")
        #expect(value("{'b': 1, 'a': 2}") == #"{"b": 1, "a": 2}"#)
        #expect(value("[1, 2,]") == "[1, 2]")
    }

    @Test func assignmentAndUnpacking() {
        #expect(value("[a, b, c]", after: "a, b = 1, 2\n[c] = [3]") == "[1, 2, 3]")
        #expect(value("(a, b)", after: "(a, b) = [\"x\", \"y\"]") == #"("x", "y")"#)
        #expect(value("x", after: "x = 1\nx += 2\nx *= 3\nx -= 1\nx //= 2\nx %= 3") == "1")
        #expect(value("s", after: "s = 'a'\ns += 'b'") == #""ab""#)
        #expect(value("a", after: "a = [1]\nb = a\nb += [2]") == "[1, 2]")
        #expect(value("d", after: "d = {}\nd['k'] = 1\nd['k'] += 1") == #"{"k": 2}"#)
        #expect(value("l", after: "l = [0, 0]\nl[-1] = 5") == "[0, 5]")
        #expect(value("[x, y]", after: "x = y = 4") == "[4, 4]")
    }

    @Test func definitionsWithDefaultsVarargsAndKeywordOnlyParameters() {
        let prelude = """
            def f(a, b = 2, *args, c = 3, **kwargs):
                return [a, b, args, c, kwargs]
            def g(a, *, key):
                return a + key
            """
        #expect(value("f(1)", after: prelude) == "[1, 2, (), 3, {}]")
        #expect(value("f(1, 5, 6, 7, c = 8, d = 9)", after: prelude) == #"[1, 5, (6, 7), 8, {"d": 9}]"#)
        #expect(value("f(*[1, 2, 3], **{'c': 0, 'z': 1})", after: prelude) == #"[1, 2, (3,), 0, {"z": 1}]"#)
        #expect(value("g(1, key = 2)", after: prelude) == "3")
        #expect(value("f(b = 1, a = 0)", after: prelude) == "[0, 1, (), 3, {}]")
    }

    @Test func controlFlow() {
        let prelude = """
            def classify(n):
                if n < 0:
                    return "negative"
                elif n == 0:
                    return "zero"
                else:
                    return "positive"
            def loop():
                out = []
                for i in range(10):
                    if i % 2:
                        continue
                    if i > 6:
                        break
                    out.append(i)
                return out
            def nothing():
                pass
            """
        #expect(value("[classify(-1), classify(0), classify(3)]", after: prelude) == #"["negative", "zero", "positive"]"#)
        #expect(value("loop()", after: prelude) == "[0, 2, 4, 6]")
        #expect(value("nothing()", after: prelude) == "None")
        #expect(value("r", after: "r = []\nfor k, v in {'a': 1, 'b': 2}.items():\n    r.append(k * v)") == #"["a", "bb"]"#)
        #expect(value("r", after: "r = []\nfor (i, (a, b)) in enumerate([(1, 2)]):\n    r.append(i + a + b)") == "[3]")
    }

    @Test func comprehensions() {
        #expect(value("[x * 2 for x in range(4) if x != 1]") == "[0, 4, 6]")
        #expect(value("[(x, y) for x in 'ab'.elems() for y in [1, 2] if y > 1]") == #"[("a", 2), ("b", 2)]"#)
        #expect(value("{k: v for k, v in [('a', 1), ('b', 2)]}") == #"{"a": 1, "b": 2}"#)
        #expect(value("[y for x in [[1, 2], [3]] for y in x]") == "[1, 2, 3]")
        #expect(value("x", after: "x = 'outer'\ny = [x for x in [1]]") == #""outer""#)
        #expect(value("sorted(set_)", after: "set_ = {n: None for n in ['b', 'a', 'b']}") == #"["a", "b"]"#)
    }

    @Test func conditionalLambdaAndBooleanOperators() {
        #expect(value("'yes' if 1 > 0 else 'no'") == #""yes""#)
        #expect(value("(lambda x, y = 2: x * y)(3)") == "6")
        #expect(value("[0 or 'a', 1 and 2, not [], None or None]") == #"["a", 2, True, None]"#)
        #expect(value("list(map_(lambda s: s.upper(), ['a']))", after: "def map_(f, xs):\n    return [f(x) for x in xs]") == #"["A"]"#)
        #expect(value("f()", after: "def f():\n    suffix = '_x'\n    g = lambda n: n + suffix\n    return g('a')") == #""a_x""#)
    }

    @Test func comparisonsAndMembership() {
        #expect(value("[1 < 2, 'a' >= 'b', [1, 2] == [1, 2], (1, 2) < (1, 3), 1 == 1.0, None != None]") == "[True, False, True, True, True, False]")
        #expect(value("['a' in ['a'], 'b' not in {'b': 1}, 'ell' in 'hello', 3 in range(1, 5, 2)]") == "[True, False, True, True]")
    }

    @Test func arithmetic() {
        #expect(value("[7 // 2, -7 // 2, -7 % 3, 7 / 2, 2 * 3 + 1, 1 - -1, 0x10 | 1, 6 & 3, 1 << 4, 5 ^ 1, ~0]") == "[3, -4, 2, 3.5, 7, 2, 17, 2, 16, 4, -1]")
        #expect(value("[1.5 * 2, 3 // 2.0, 2 ** 10]") == "[3.0, 1.0, 1024]")
    }

    @Test func concatenationAndRepetition() {
        #expect(value("['a'] + ['b']") == #"["a", "b"]"#)
        #expect(value("(1,) + (2,)") == "(1, 2)")
        #expect(value("{'a': 1} | {'b': 2}") == #"{"a": 1, "b": 2}"#)
        #expect(value("'ab' * 2 + 'c'") == #""ababc""#)
        #expect(value("[0] * 3") == "[0, 0, 0]")
        #expect(value("2 * ('x',)") == #"("x", "x")"#)
    }

    @Test func percentFormatting() {
        #expect(value("'%s-%d' % ('a', 3)") == #""a-3""#)
        #expect(value("'%s' % 'x'") == #""x""#)
        #expect(value("'%r %%' % ['a']") == #""[\"a\"] %""#)
        #expect(value("'%(name)s/%(n)d' % {'name': 'lib', 'n': 2}") == #""lib/2""#)
        #expect(value("'%x %o' % (255, 8)") == #""ff 10""#)
    }

    @Test func indexingSlicingAndAttributes() {
        #expect(value("[[1, 2, 3][-1], 'abc'[1], {'k': 'v'}['k'], (1, 2)[0], range(10)[3]]") == #"[3, "b", "v", 1, 3]"#)
        #expect(value("[[1, 2, 3, 4][1:3], [1, 2, 3][::-1], 'hello'[1:], 'hello'[:-2], (1, 2, 3)[::2]]") == #"[[2, 3], [3, 2, 1], "ello", "hel", (1, 3)]"#)
        #expect(value("s.a.b", after: "s = struct(a = struct(b = 'deep'))") == #""deep""#)
    }

    @Test func coreBuiltins() {
        #expect(value("[len('abc'), len([1]), len({}), len(range(5))]") == "[3, 1, 0, 5]")
        #expect(value("[str(1), str('a'), repr('a'), str(None), str([1, 'a'])]") == #"["1", "a", "\"a\"", "None", "[1, \"a\"]"]"#)
        #expect(value("[int('42'), int('ff', 16), int('0x10', 0), int(3.9), int(True), bool(''), bool([0])]") == "[42, 255, 16, 3, 1, False, True]")
        #expect(value("[list((1, 2)), tuple([1]), dict([('a', 1)], b = 2), list(range(3)), list({'a': 1})]") == #"[[1, 2], (1,), {"a": 1, "b": 2}, [0, 1, 2], ["a"]]"#)
        #expect(value("[enumerate(['a']), zip([1, 2], 'ab'.elems()), reversed([1, 2])]") == #"[[(0, "a")], [(1, "a"), (2, "b")], [2, 1]]"#)
        #expect(value("[sorted([3, 1, 2]), sorted(['b', 'A', 'a'], reverse = True), sorted(['bb', 'a'], key = len)]") == #"[[1, 2, 3], ["b", "a", "A"], ["a", "bb"]]"#)
        #expect(value("[min(3, 1, 2), max([1, 5]), min(['aa', 'b'], key = len), any([0, 1]), all([1, 0]), all([])]") == #"[1, 5, "b", True, False, True]"#)
        #expect(value("[hasattr(s, 'a'), hasattr(s, 'b'), getattr(s, 'a'), getattr(s, 'b', 'd'), type(s), type(1), type('')]", after: "s = struct(a = 1)") == #"[True, False, 1, "d", "struct", "int", "string"]"#)
        #expect(value("print('ignored')") == "None")
    }

    @Test func stringMethods() {
        #expect(value("'{}-{name}-{0}-{{}}'.format('a', name = 'b')") == #""a-b-a-{}""#)
        #expect(value("[','.join(['a', 'b']), 'a,b,,c'.split(','), ' a  b '.split(), 'a.b.c'.rsplit('.', 1), 'a/b/c'.split('/', 1)]") == #"["a,b", ["a", "b", "", "c"], ["a", "b"], ["a.b", "c"], ["a", "b/c"]]"#)
        #expect(value("['aXbX'.replace('X', '-'), 'aaa'.replace('a', 'b', 2), 'Lib'.startswith('L'), 'x.swift'.endswith(('.m', '.swift'))]") == #"["a-b-", "bba", True, True]"#)
        #expect(value("['  x '.strip(), 'xxaxx'.strip('x'), '  x'.lstrip(), 'x  '.rstrip(), 'Ab'.lower(), 'ab'.upper(), 'abc'.capitalize()]") == #"["x", "a", "x", "x", "ab", "AB", "Abc"]"#)
        #expect(value("['abcb'.find('b'), 'abcb'.rfind('b'), 'abc'.find('z'), 'abcb'.index('c'), 'abab'.count('ab')]") == "[1, 3, -1, 2, 2]")
        #expect(value("['abcb'.find('b', 2), 'abcb'.rfind('b', 0, 3), 'abab'.count('ab', 1), 'xab'.startswith('ab', 1), 'abx'.endswith('ab', 0, 2), 'abc'.find('c', -1)]") == "[3, 1, 1, True, True, 2]")
        #expect(value("['a/b/c'.partition('/'), 'a/b/c'.rpartition('/'), 'x'.partition('/')]") == #"[("a", "/", "b/c"), ("a/b", "/", "c"), ("x", "", "")]"#)
        #expect(value("['LibTests'.removesuffix('Tests'), 'libfoo'.removeprefix('lib'), 'x'.removeprefix('y')]") == #"["Lib", "foo", "x"]"#)
        #expect(value("['a1'.isalnum(), 'ab'.isalpha(), '12'.isdigit(), ''.isdigit(), 'ab'.islower(), 'AB'.isupper(), ' '.isspace()]") == "[True, True, True, False, True, True, True]")
    }

    @Test func listAndDictMethods() {
        let list = "l = [1]\nl.append(2)\nl.extend([3, 4])\nl.insert(0, 0)\nl.remove(3)\np = l.pop()\nq = l.pop(0)"
        #expect(value("[l, p, q, l.index(2)]", after: list) == "[[1, 2], 4, 0, 1]")
        #expect(value("l", after: "l = [1]\nl.clear()") == "[]")
        let dict = "d = {'a': 1}\nd.update({'b': 2}, c = 3)\nx = d.pop('a')\ny = d.setdefault('e', 5)\nz = d.get('zz', 'none')"
        #expect(value("[d, x, y, z, d.keys(), d.values(), d.items()]", after: dict) == #"[{"b": 2, "c": 3, "e": 5}, 1, 5, "none", ["b", "c", "e"], [2, 3, 5], [("b", 2), ("c", 3), ("e", 5)]]"#)
    }

    @Test func dictsKeepInsertionOrder() {
        #expect(value("d.keys()", after: "d = {}\nfor k in ['z', 'a', 'm', 'b']:\n    d[k] = 1\nd.pop('a')\nd['a'] = 2") == #"["z", "m", "b", "a"]"#)
    }

    @Test func listsAreSharedReferences() {
        #expect(value("a", after: "a = []\nb = a\nb.append(1)\ndef f(l):\n    l.append(2)\nf(a)") == "[1, 2]")
    }

    @Test func anUnsupportedConstructIsAWarningAndAnUnknownValue() {
        let result = evaluate("x = undefined_name + 1\nprobe(v = x, w = 'still evaluated')\n")
        #expect(result.rules.first?["v"]?.isUnknown == true)
        #expect(result.rules.first?["w"]?.string == "still evaluated")
        #expect(messages(result) == "pkg/BUILD:1: name 'undefined_name' is not defined")
        #expect(evaluate("x = 1 + 'a'\n").diagnostics.first?.description == "pkg/BUILD:1: unsupported operation: int + string")
    }

    @Test func failStopsTheFileWithAWarning() {
        let result = evaluate("a(name = 'x')\nfail('no', 'way')\nb(name = 'y')\n")
        #expect(result.rules.map(\.kind) == ["a"])
        #expect(messages(result) == "pkg/BUILD:2: fail(): no way")
        #expect(result.diagnostics.map(\.severity) == [.warning])
    }
}
