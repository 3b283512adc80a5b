"""StrataStarlark checked against starlark-rust (through starlark-pyo3) on Tests/Fixtures/Bazel.

Every BUILD file of every fixture workspace is evaluated here by starlark-rust, with Bazel's
names played by Python: each rule (a name a BUILD file calls without binding it, `native.<rule>`,
a symbol loaded from another repository) records its call under its exported name; `glob`
follows Bazel's matching over the fixture's files (subpackages excluded, sorted); `select`
returns the union of its branches (lists concatenated, dicts merged, otherwise the default
branch), which is what the Swift side's `flattened` gives; `load` of the workspace's own .bzl
files evaluates them once each. The rule calls (kind, and every attribute as JSON, in order)
must equal what the Swift evaluator recorded.

The Swift side: `StarlarkFixtureTests` writes its rule calls to the file named by
STRATA_STARLARK_DUMP. When that variable names an existing file it is read as is; otherwise this
test runs `swift test --skip-build --filter StarlarkFixtureTests` itself (in STRATA_SWIFT_PACKAGE,
the repository by default), so the tests must have been built (`swift build --build-tests`, as
`make test` does first). No dump is a failure, never a skip.
"""

import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
import starlark as sl

REPOSITORY = Path(__file__).resolve().parents[2]
FIXTURES = REPOSITORY / "Tests" / "Fixtures" / "Bazel"
BUILD_NAMES = ("BUILD", "BUILD.bazel")

# Names Starlark or this oracle defines: never replaced by a recording stub.
BUILTINS = {
    "len", "str", "repr", "int", "float", "bool", "list", "tuple", "dict", "range", "enumerate", "zip", "sorted",
    "reversed", "min", "max", "any", "all", "hasattr", "getattr", "dir", "type", "print", "fail", "hash", "abs",
    "struct", "select", "glob", "package", "exports_files", "licenses", "package_name", "repository_name",
}


def fixture_files(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def build_files():
    for fixture in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        for path in fixture_files(fixture):
            if path.rsplit("/", 1)[-1] in BUILD_NAMES:
                yield fixture.name, path


# -- Bazel's glob ------------------------------------------------------------------------------

def segment_matches(pattern, name):
    # Bazel's UnixGlob.matches: `*` alone matches any name; else a leading dot must be matched
    # by the pattern's own; `?` is one byte (Bazel's strings hold UTF-8 bytes).
    if pattern == "*":
        return True
    if name.startswith(".") and not pattern.startswith("."):
        return False
    pattern, name = (s.encode("utf-8").decode("latin-1") for s in (pattern, name))
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, name, re.DOTALL) is not None


def path_matches(pattern, path):
    if not pattern:
        return not path
    if pattern[0] == "**":
        return any(path_matches(pattern[1:], path[i:]) for i in range(len(path) + 1))
    return bool(path) and segment_matches(pattern[0], path[0]) and path_matches(pattern[1:], path[1:])


def bazel_glob(files, include, exclude):
    """Bazel's glob over a package's files (relative paths): subpackages never match."""
    subpackages = {f.rsplit("/", 1)[0] for f in files if "/" in f and f.rsplit("/", 1)[1] in BUILD_NAMES}

    def in_subpackage(f):
        parts = f.split("/")[:-1]
        return any("/".join(parts[:i]) in subpackages for i in range(1, len(parts) + 1))

    def matches(patterns, f):
        return any(path_matches([s for s in p.split("/") if s], f.split("/")) for p in patterns)

    return sorted(f for f in files if not in_subpackage(f) and matches(include, f) and not matches(exclude, f))


def union(branches):
    values = list(branches.values())
    if all(isinstance(v, (list, tuple)) for v in values):
        return [x for v in values for x in v]
    if all(isinstance(v, dict) for v in values):
        merged = {}
        for v in values:
            merged.update(v)
        return merged
    default = [v for k, v in branches.items() if k.endswith("//conditions:default")]
    return default[0] if default else (values[0] if values else None)


# -- One workspace, evaluated by starlark-rust --------------------------------------------------

class Workspace:
    def __init__(self, root):
        self.root = root
        self.files = fixture_files(root)
        self.modules = {}
        self.packages = []  # the package of each file being evaluated, innermost last
        self.external = {}  # module label -> the symbols asked of it
        self.build_package = None
        self.calls = []
        self.dialect = sl.Dialect.extended()
        self.dialect.enable_keyword_only_arguments = True
        self.globals = sl.Globals.extended_by([sl.LibraryExtension.StructType, sl.LibraryExtension.Print, sl.LibraryExtension.Json])

    def rule(self, kind):
        def record(*args, **kwargs):
            assert not args, f"{kind}() called with positional arguments"
            self.calls.append({"kind": kind, "attributes": [[k, v] for k, v in kwargs.items()]})
        return record

    def glob(self, include, exclude=[], allow_empty=True, exclude_directories=1):
        prefix = self.build_package + "/" if self.build_package else ""
        files = [f[len(prefix):] for f in self.files if f.startswith(prefix)]
        return bazel_glob(files, include, exclude)

    def bazel_names(self, module, source):
        """Bazel's functions, `native.<name>` (rewritten to `native_<name>`) and stubs for rules."""
        module.add_callable("glob", self.glob)
        module.add_callable("select", lambda branches, no_match_error="": union(branches))
        module.add_callable("package_name", lambda: self.build_package)
        module.add_callable("repository_name", lambda: "@")
        for name in ("package", "exports_files", "licenses"):
            module.add_callable(name, lambda *a, **k: None)
        for name in sorted(set(re.findall(r"\bnative_(\w+)", source))):
            functions = {"glob": self.glob, "package_name": lambda: self.build_package, "repository_name": lambda: "@"}
            module.add_callable("native_" + name, functions.get(name) or self.rule(name))
        module.add_callable("rule", lambda *a, **k: None)
        for name in sorted(set(re.findall(r"\battr_(\w+)", source))):
            module.add_callable("attr_" + name, lambda *a, **k: None)
        # Analysis-phase values a .bzl file only uses inside rule implementations.
        for name in ("DefaultInfo", "depset", "provider", "aspect"):
            if re.search(rf"\b{name}\(", source):
                module.add_callable(name, lambda *a, **k: None)

    def parse(self, path, source):
        source = re.sub(r"\b(native|attr)\.(\w+)", r"\1_\2", source)
        # `NAME = rule(...)` in a .bzl file: a rule recorded as NAME, as Bazel names a rule by the
        # global it is exported as (the rule() call itself is not evaluated: its implementation,
        # a function, cannot cross into Python; it only runs in Bazel's analysis phase).
        source = re.sub(r"(?m)^(\w+)(\s*=\s*)rule\(", r"\1\2native_\1 if True else rule(", source)
        # An aspect, likewise: its implementation is a function; its value is only passed on.
        source = re.sub(r"(?m)^(\w+)(\s*=\s*)aspect\(", r"\1\2None if True else aspect(", source)
        # starlark-rust refuses tabs; Bazel reads an indenting tab as up to the next multiple of 8.
        source = re.sub(r"(?m)^[ \t]+", lambda m: m.group(0).expandtabs(8), source)
        ast = sl.parse(path, source, self.dialect)
        for load in ast.loads():
            if load.module_id.startswith("@") and not load.module_id.startswith(("@//", "@@//")):
                self.external.setdefault(load.module_id, set()).update(load.symbols.values())
        return ast, source

    def label_path(self, label):
        label = re.sub(r"^@@?//", "//", label)
        if label.startswith("//"):
            package, _, name = label[2:].partition(":")
        else:
            package, name = self.packages[-1], label.lstrip(":")
        return f"{package}/{name}" if package else name

    def load(self, label):
        if label.startswith("@") and not label.startswith(("@//", "@@//")):
            module = sl.Module()
            for symbol in sorted(self.external[label]):
                module.add_callable(symbol, self.rule(symbol))
            return module.freeze()
        path = self.label_path(label)
        if path not in self.modules:
            ast, source = self.parse(path, (self.root / path).read_text())
            module = sl.Module()
            self.bazel_names(module, source)
            self.packages.append(path.rsplit("/", 1)[0] if "/" in path else "")
            try:
                sl.eval(module, ast, self.globals, sl.FileLoader(self.load))
            finally:
                self.packages.pop()
            self.modules[path] = module.freeze()
        return self.modules[path]

    def evaluate_build(self, path):
        package = path.rsplit("/", 1)[0] if "/" in path else ""
        ast, source = self.parse(path, (self.root / path).read_text())
        module = sl.Module()
        self.bazel_names(module, source)
        bound = set(re.findall(r"^def\s+(\w+)", source, re.M)) | set(re.findall(r"^(\w+)\s*=", source, re.M))
        bound |= {local for load in ast.loads() for local in load.symbols}
        for name in sorted(set(re.findall(r"(?<![\w.])([A-Za-z_]\w*)\s*\(", source)) - bound - BUILTINS):
            if not name.startswith("native_"):
                module.add_callable(name, self.rule(name))
        self.build_package, self.calls = package, []
        self.packages.append(package)
        try:
            sl.eval(module, ast, self.globals, sl.FileLoader(self.load))
        finally:
            self.packages.pop()
        return self.calls


# -- The comparison -----------------------------------------------------------------------------

def swift_evaluation(fixtures=None):
    """What StarlarkFixtureTests recorded of every BUILD file of `fixtures` (Tests/Fixtures/Bazel
    by default): the dump STRATA_STARLARK_DUMP names if it exists (for Tests/Fixtures/Bazel
    only), else a run of `swift test --skip-build --filter StarlarkFixtureTests`."""
    given = os.environ.get("STRATA_STARLARK_DUMP")
    if fixtures is None and given and Path(given).is_file():
        return json.loads(Path(given).read_text())
    package = os.environ.get("STRATA_SWIFT_PACKAGE", str(REPOSITORY))
    with tempfile.TemporaryDirectory() as folder:
        dump = Path(folder) / "starlark.json"
        env = {**os.environ, "STRATA_STARLARK_DUMP": str(dump)}
        if fixtures is not None:
            env["STRATA_STARLARK_FIXTURES"] = str(fixtures)
        run = subprocess.run(
            ["swift", "test", "--skip-build", "--filter", "StarlarkFixtureTests"],
            cwd=package, env=env, capture_output=True, text=True, timeout=900,
        )
        if not dump.is_file():
            pytest.fail(f"swift test wrote no dump (exit {run.returncode}); build the tests first:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        return json.loads(dump.read_text())


@pytest.fixture(scope="session")
def swift_dump():
    return swift_evaluation()


WORKSPACES = {}


@pytest.mark.parametrize("fixture,path", list(build_files()), ids=lambda v: v)
def test_swift_records_what_starlark_rust_records(swift_dump, fixture, path):
    workspace = WORKSPACES.setdefault(fixture, Workspace(FIXTURES / fixture))
    expected = json.loads(json.dumps(workspace.evaluate_build(path)))
    assert fixture in swift_dump, f"no Swift evaluation of fixture {fixture}"
    assert path in swift_dump[fixture], f"no Swift evaluation of {fixture}/{path}"
    # A symbol of another repository used as text (Telegram's `"{id}".format(id = telegram_bundle_id)`,
    # a string Bazel reads from a generated repository) is a stub on both sides, printed each its own way.
    swift = json.loads(re.sub(r"<rule \w+>", "<python callable>", json.dumps(swift_dump[fixture][path])))
    assert swift["diagnostics"] == []
    assert [c["kind"] for c in swift["rules"]] == [c["kind"] for c in expected]
    for ours, theirs in zip(swift["rules"], expected):
        assert ours == theirs


def test_the_fixtures_cover_the_constructs_that_matter():
    """The oracle compares something: rules through macros, selects, globs, aliases, tabs."""
    sources = "\n".join((FIXTURES / f / p).read_text() for f, p in build_files())
    bzl = "\n".join(p.read_text() for p in FIXTURES.rglob("*.bzl"))
    for construct in ("select(", "glob(", "exclude =", "**/*.swift", "module_name", "sdk_frameworks", "extensions"):
        assert construct in sources, construct
    for construct in ("native.glob", "**kwargs", "load(\":", "_swift_test = ", "for ", "%"):
        assert construct in bzl, construct
    assert "\t" in sources
