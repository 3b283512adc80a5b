import Testing

/// bazel_skylib's helpers, evaluated here since bazel_skylib is never loaded, and Bazel's
/// `json` module: macros build attributes with them.
@Suite struct StarlarkSkylibTests {
    static let loads = """
        load("@bazel_skylib//lib:paths.bzl", "paths")
        load("@bazel_skylib//lib:dicts.bzl", "dicts")
        load("@bazel_skylib//lib:selects.bzl", "selects")
        load("@bazel_skylib//lib:types.bzl", "types")
        load("@bazel_skylib//lib:collections.bzl", "collections")
        load("@bazel_skylib//lib:sets.bzl", "sets")
        load("@bazel_skylib//lib:shell.bzl", "shell")
        """

    @Test func paths() {
        #expect(value("[paths.join('a', 'b/', 'c'), paths.basename('a/b.swift'), paths.dirname('a/b/c'), paths.split_extension('a/b.tar.gz')]", after: Self.loads)
            == #"["a/b/c", "b.swift", "a/b", ("a/b.tar", ".gz")]"#)
        #expect(value("[paths.normalize('a/./b/../c'), paths.replace_extension('x.m', '.h'), paths.relativize('a/b/c', 'a'), paths.is_absolute('/x')]", after: Self.loads)
            == #"["a/c", "x.h", "b/c", True]"#)
    }

    @Test func dictsAndSelects() {
        #expect(value("dicts.add({'a': 1}, {'b': 2}, c = 3)", after: Self.loads) == #"{"a": 1, "b": 2, "c": 3}"#)
        let select = value("selects.with_or({(':a', ':b'): ['x'], '//conditions:default': []})", after: Self.loads)
        #expect(select == #"select({":a": ["x"], ":b": ["x"], "//conditions:default": []})"#)
    }

    @Test func typesCollectionsAndShell() {
        #expect(value("[types.is_list([]), types.is_dict([]), types.is_string('a'), types.is_none(None), types.is_tuple(())]", after: Self.loads)
            == "[True, False, True, True, True]")
        #expect(value("[collections.uniq([2, 1, 2]), collections.before_each('-I', ['a', 'b'])]", after: Self.loads) == #"[[2, 1], ["-I", "a", "-I", "b"]]"#)
        #expect(value("shell.quote(\"it's\")", after: Self.loads) == #""'it'\\''s'""#)
    }

    @Test func setsKeepTheirOrder() {
        let prelude = Self.loads + "\ns = sets.make(['b', 'a', 'b'])\nsets.insert(s, 'c')\nt = sets.union(s, sets.make(['d']))"
        #expect(value("[sets.to_list(s), sets.contains(s, 'a'), sets.length(t), sets.to_list(sets.difference(t, s)), types.is_set(s)]", after: prelude)
            == #"[["b", "a", "c"], True, 4, ["d"], True]"#)
    }

    @Test func anotherRepositorysModuleOfTheSameNameIsNotSkylib() {
        let result = evaluate("load('@other//:paths.bzl', 'paths')\nprobe(v = paths.join('a', 'b'))\n")
        #expect(result.rules.first?["v"]?.isUnknown == true)
    }

    @Test func jsonEncodes() {
        #expect(value("json.encode({'a': [1, True, None, 'x']})") == #""{\"a\":[1,true,null,\"x\"]}""#)
    }

    @Test func aStringMethodOfAnUnknownArgumentIsUnknownWithoutAnotherWarning() {
        let result = evaluate("x = 'a'.replace('a', undefined)\nprobe(v = x)\n")
        #expect(result.diagnostics.count == 1)
        #expect(result.rules.first?["v"]?.isUnknown == true)
    }
}
