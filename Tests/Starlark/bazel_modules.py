"""Which modules, declared dependencies and import edges a Bazel workspace has, computed without
Bazel and independently of Strata's reader, then compared with what Strata reports.

The BUILD files are evaluated by starlark-rust through `test_oracle.Workspace` (its parse, its
`select` union, its glob matching), extended here so that real repositories evaluate too:

* a workspace is a folder with MODULE.bazel, WORKSPACE, WORKSPACE.bazel or REPO.bazel; its
  packages are its folders with a BUILD.bazel or BUILD file, less nested workspaces and the
  folders its `.bazelignore` names (a glob never looks into either, nor into a subpackage);
* names a file uses without defining are stubbed: a name a BUILD file calls is a rule, recorded
  under that name; in a .bzl file `rule()` and `macro()` give rules, named as Bazel names them
  (the global they are bound to, or the name they are loaded by), `Label`, `depset`, `provider`,
  `visibility` behave as documented, anything else (`attr.label_list`, `apple_common.Objc`, ...)
  is a shape that accepts whatever the file does with it; `native.existing_rules()` is what the
  BUILD file has declared so far;
* a symbol loaded from another repository is a rule recorded under its exported name (a
  `struct` of stubs when the file reads fields of it); bazel-skylib's `paths`, `dicts`, `types`,
  `sets`, `new_sets`, `collections`, `selects`, `partial`, `shell` and `structs` follow their
  documentation; labels of the main repository's own name (MODULE.bazel's `repo_name`, else its
  module `name`; WORKSPACE's `workspace(name)`: `@build_bazel_rules_ios//...` inside rules_ios)
  are local, in loads and in attributes alike;
* a top-level statement that fails on what a stub cannot be is set aside (the names it assigns
  become rules not yet named, named when loaded), and noted; a .bzl file that cannot be evaluated
  at all gives, for each symbol asked of it, a rule recorded under the exported name (what a
  BUILD file calls `ios_application` is then an `ios_application`). The notes say where the
  oracle had to do either, so a disagreement there is the oracle's to explain first.

From the rule calls, by Bazel's and the rule sets' documented semantics:

* modules are the targets of rules_swift's `swift_library`, `swift_test`, `swift_binary`,
  `swift_library_group`, `swift_module_alias`, `mixed_language_library`, `swift_proto_library`,
  `swift_grpc_library`, rules_apple's `{ios,macos,tvos,watchos,visionos}_{application,
  extension,framework,static_framework,unit_test,ui_test,build_test,command_line_application}`,
  `objc_library`, `cc_library`, rules_ios' `apple_library` and `apple_framework`; prebuilt
  framework imports are binaries, not modules;
* a module's name is its `module_name`; else, for rules_swift's rules, objc_library,
  cc_library and rules_apple's test rules, rules_swift's `derive_swift_module_name` of its label
  (for objc_library and cc_library a `swift_interop_hint(module_name = ...)` among its
  `aspect_hints` comes first, as rules_swift's clang module aspect reads it); else the target
  name;
* a module's Swift sources are its `srcs` (`swift_srcs` of mixed_language_library): files of
  the package, files named by label, and the srcs of a `filegroup` or of rules_pkg's
  `pkg_files` and `pkg_filegroup`, followed; generated files (a genrule's outs) are not in the
  repository and are not read;
* its declared dependencies are the labels of `deps`, `private_deps`, `implementation_deps`
  (and of a bundle's or test's `extensions`, `frameworks`, `test_host`, and rules_apple's
  other embedded bundles: `app_clips`, `watch_application`, `extension`, `xpc_services`; of a
  build test's `targets`), each resolved
  (`//a/b`, `//a/b:b`, `:b`, `b`, `@//`, `@@//`, `@<main repo>//`) and followed through
  `alias(actual)` and through any other non-module target's deps to the modules they reach;
  labels of another repository are third-party and counted apart;
* an import edge is a module's Swift file importing (`import X`, `@testable import X`,
  `import struct X.Y`, `import X.Sub`, inside `#if` too; not in comments or strings) a module
  of the same workspace.

Usage: python3 Tests/Starlark/bazel_modules.py ROOT [--strata BIN | --strata-json FILE]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import starlark as sl

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_oracle import Workspace, path_matches, union  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests/Support"))
from strata_result import as_version_2, load as load_result  # noqa: E402

MARKERS = ("MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "REPO.bazel")
BUILD_NAMES = ("BUILD.bazel", "BUILD")  # BUILD.bazel first: Bazel prefers it
SKIPPED_FOLDERS = {".git", ".hg", ".svn"}

PLATFORMS = ("ios", "macos", "tvos", "watchos", "visionos")
APPLE_BUNDLES = {f"{p}_{k}" for p in PLATFORMS for k in (
    "application", "extension", "framework", "static_framework", "command_line_application")}
APPLE_TESTS = {f"{p}_{k}" for p in PLATFORMS for k in ("unit_test", "ui_test", "build_test")}
SWIFT_RULES = {
    "swift_library", "swift_test", "swift_binary", "swift_library_group", "swift_module_alias",
    "mixed_language_library", "swift_proto_library", "swift_grpc_library",
}
CLANG_RULES = {"objc_library", "cc_library"}
RULES_IOS = {"apple_library", "apple_framework"}
MODULE_RULES = SWIFT_RULES | CLANG_RULES | RULES_IOS | APPLE_BUNDLES | APPLE_TESTS
DERIVED_NAME_RULES = SWIFT_RULES | CLANG_RULES | APPLE_TESTS
BINARY_RULES = {f"apple_{linkage}_{kind}_import" for linkage in ("static", "dynamic")
                for kind in ("framework", "xcframework")}
DEPENDENCY_ATTRIBUTES = ("deps", "private_deps", "implementation_deps")
# The bundles a rules_apple bundle or test embeds or runs in (apple/internal/*_rules.bzl, rule_attrs.bzl)
BUNDLE_ATTRIBUTES = ("extensions", "frameworks", "test_host", "app_clips", "watch_application", "extension", "xpc_services")

DEBUG = bool(os.environ.get("STRATA_ORACLE_DEBUG"))
SKYLIB = {"paths", "dicts", "types", "sets", "new_sets", "collections", "selects", "partial", "shell", "structs"}
PRELUDE_LABEL = "@@strata_oracle//:prelude.bzl"

# Starlark the oracle gives every file it evaluates: recording rules, the documented behaviour of
# Bazel's load-time functions, and the part of bazel-skylib macros use.
PRELUDE = r'''
_RECORDABLE = ["string", "int", "bool", "NoneType", "float", "list", "tuple", "dict", "struct"]

def strata_clean(v):
    t = type(v)
    if t == "list" or t == "tuple":
        return [strata_clean(x) for x in v]
    if t == "dict":
        return {k: strata_clean(x) for k, x in v.items()}
    if t == "struct":
        return {k: strata_clean(getattr(v, k)) for k in dir(v) if type(getattr(v, k)) != "function"}
    if t not in _RECORDABLE:
        return None
    return v

def strata_rule_for(kind):
    def strata_named_rule(*args, **attrs):
        _strata_record(kind, {k: strata_clean(v) for k, v in attrs.items()})
    return strata_named_rule

def strata_anything(*args, **kwargs):
    return None

def strata_leaf(path):
    """A field of an unknown value: a distinct dictionary key; called, it gives a rule not yet
    named (what a factory such as `analysistest.make` returns), which is named when loaded."""
    def _strata_leaf(*args, **kwargs):
        return unnamed_rule()
    return _strata_leaf

def unnamed_rule():
    def _strata_unnamed_rule(*args, **attrs):
        _strata_record("unnamed_rule", {k: strata_clean(v) for k, v in attrs.items()})
    return _strata_unnamed_rule

def strata_named(value, name):
    """A rule not yet named takes the name it is loaded by; a value the stubs left unknown too."""
    if value == None or (type(value) == "function" and str(value).endswith("._strata_unnamed_rule")):
        return strata_rule_for(name)
    return value

def rule(implementation = None, _strata_kind = None, **kwargs):
    if _strata_kind:
        return strata_rule_for(_strata_kind)
    return unnamed_rule()

macro = rule

def strata_rule_named(kind):
    """`X = rule(...)` read as `X = strata_rule_named("X")(...)`: Bazel names a rule by its global."""
    def _make(*args, **kwargs):
        return strata_rule_for(kind)
    return _make

def provider(doc = None, fields = None, init = None, **kwargs):
    if init != None:
        return (strata_anything, strata_anything)
    return strata_anything

def Label(label):
    return label

def depset(direct = None, transitive = None, order = None, items = None):
    result = list(direct or items or [])
    for t in transitive or []:
        result += t
    return result

def visibility(value):
    return None

def strata_print(*args, **kwargs):
    return None

# bazel-skylib, as documented

def _basename(p):
    return p.rpartition("/")[2]

def _dirname(p):
    prefix, sep, _ = p.rpartition("/")
    if not prefix:
        return sep
    return prefix.rstrip("/") or "/"

def _join(path, *others):
    result = path
    for p in others:
        if p.startswith("/"):
            result = p
        elif not result or result.endswith("/"):
            result += p
        else:
            result += "/" + p
    return result

def _normalize(path):
    if not path:
        return "."
    absolute = path.startswith("/")
    parts = []
    for piece in path.split("/"):
        if piece == "" or piece == ".":
            continue
        if piece == ".." and parts and parts[-1] != "..":
            parts.pop()
        elif piece == ".." and absolute:
            continue
        else:
            parts.append(piece)
    result = "/".join(parts)
    if absolute:
        result = "/" + result
    return result or "."

def _split_extension(p):
    base = p.rpartition("/")[2]
    dot = base.rfind(".")
    if dot <= 0:
        return (p, "")
    cut = len(p) - len(base) + dot
    return (p[:cut], p[cut:])

def _relativize(path, start):
    segments = _normalize(path).split("/")
    start_segments = _normalize(start).split("/")
    if start_segments == ["."]:
        start_segments = []
    if segments[:len(start_segments)] != start_segments:
        fail("Path '%s' is not beneath '%s'" % (path, start))
    return "/".join(segments[len(start_segments):])

strata_skylib_paths = struct(
    basename = _basename,
    dirname = _dirname,
    join = _join,
    normalize = _normalize,
    split_extension = _split_extension,
    replace_extension = lambda p, new_extension: _split_extension(p)[0] + new_extension,
    relativize = _relativize,
    is_absolute = lambda p: p.startswith("/") or (len(p) > 2 and p[1] == ":"),
    is_normalized = lambda p, look_for_same_level_references = True: _normalize(p) == p,
    starts_with = lambda p, prefix: p == prefix or p.startswith(prefix.rstrip("/") + "/"),
)

def _dicts_add(*dictionaries, **kwargs):
    result = {}
    for d in dictionaries:
        result.update(d or {})  # a value the stubs left unknown adds nothing
    result.update(kwargs)
    return result

strata_skylib_dicts = struct(add = _dicts_add, omit = lambda d, keys: {k: v for k, v in d.items() if k not in keys},
                             pick = lambda d, keys: {k: v for k, v in d.items() if k in keys})

strata_skylib_types = struct(
    is_list = lambda v: type(v) == "list",
    is_string = lambda v: type(v) == "string",
    is_bool = lambda v: type(v) == "bool",
    is_none = lambda v: v == None,
    is_int = lambda v: type(v) == "int",
    is_tuple = lambda v: type(v) == "tuple",
    is_dict = lambda v: type(v) == "dict",
    is_function = lambda v: type(v) == "function",
    is_depset = lambda v: False,
    is_set = lambda v: type(v) == "struct" and hasattr(v, "_values"),
    is_struct = lambda v: type(v) == "struct",
)

def _set_make(elements = None):
    return struct(_values = {e: None for e in (elements or [])})

def _set_union(*sets):
    values = {}
    for s in sets:
        values.update(s._values)
    return struct(_values = values)

strata_skylib_new_sets = struct(
    make = _set_make,
    copy = lambda s: struct(_values = dict(s._values)),
    to_list = lambda s: list(s._values.keys()),
    insert = lambda s, e: s._values.update({e: None}) or s,
    contains = lambda s, e: e in s._values,
    is_equal = lambda a, b: sorted(a._values.keys()) == sorted(b._values.keys()),
    is_subset = lambda a, b: all([e in b._values for e in a._values]),
    disjoint = lambda a, b: not any([e in b._values for e in a._values]),
    intersection = lambda a, b: struct(_values = {e: None for e in a._values if e in b._values}),
    union = _set_union,
    difference = lambda a, b: struct(_values = {e: None for e in a._values if e not in b._values}),
    length = lambda s: len(s._values),
    remove = lambda s, e: s._values.pop(e, None) and s or s,
    repr = lambda s: repr(list(s._values.keys())),
    str = lambda s: repr(list(s._values.keys())),
)
strata_skylib_sets = strata_skylib_new_sets

def _uniq(iterable):
    return list({e: None for e in iterable}.keys())

strata_skylib_collections = struct(
    uniq = _uniq,
    before_each = lambda separator, iterable: [x for e in iterable for x in (separator, e)],
    after_each = lambda separator, iterable: [x for e in iterable for x in (e, separator)],
)

def _with_or_dict(input_dict):
    output = {}
    for key, value in input_dict.items():
        if type(key) == "tuple":
            for k in key:
                output[k] = value
        else:
            output[key] = value
    return output

strata_skylib_selects = struct(
    with_or = lambda input_dict, no_match_error = "": select(_with_or_dict(input_dict)),
    with_or_dict = _with_or_dict,
    config_setting_group = strata_rule_for("config_setting_group"),
)

def _partial_make(func, *args, **kwargs):
    return struct(function = func, args = args, kwargs = kwargs)

def _partial_call(p, *args, **kwargs):
    return p.function(*(list(p.args) + list(args)), **_dicts_add(p.kwargs, kwargs))

strata_skylib_partial = struct(make = _partial_make, call = _partial_call, is_instance = lambda v: type(v) == "struct")

strata_skylib_shell = struct(
    quote = lambda s: "'" + s.replace("'", "'\\''") + "'",
    array_literal = lambda iterable: "(" + " ".join(["'" + str(e).replace("'", "'\\''") + "'" for e in iterable]) + ")",
)

strata_skylib_structs = struct(to_dict = lambda s: {k: getattr(s, k) for k in dir(s)})
'''

# What a name left undefined in a .bzl file is: the prelude's definition, if it has one.
PRELUDE_NAMES = {"rule", "macro", "provider", "Label", "depset", "visibility"}


def derive_swift_module_name(package, name):
    """rules_swift's derive_swift_module_name (swift/module_name.bzl), without label_as_module_name."""
    def safe(string):
        result, pending = "", False
        for ch in string:
            if ch.isascii() and (ch.isalnum() or ch == "_"):
                if pending:
                    result += "_"
                    pending = False
                result += ch
            elif result:
                pending = True
        return result

    package_part, name_part = safe(package.lstrip("/")), safe(name)
    module = package_part + "_" + name_part if package_part else name_part
    if module and module[0].isdigit():
        module = "_" + module
    return module


# -- The files of a tree ------------------------------------------------------------------------

def list_files(root):
    files = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED_FOLDERS)
        relative = os.path.relpath(folder, root)
        prefix = "" if relative == "." else relative.replace(os.sep, "/") + "/"
        files.extend(prefix + n for n in names if os.path.isfile(os.path.join(folder, n)))
    return sorted(files)


def folder_of(path):
    return path.rsplit("/", 1)[0] if "/" in path else ""


def under(path, folder):
    return folder == "" or path == folder or path.startswith(folder + "/")


def workspace_roots(files):
    """The folders (relative to the tree) with a workspace marker, outermost first."""
    return sorted({folder_of(f) for f in files if f.rsplit("/", 1)[-1] in MARKERS}, key=lambda d: (d.count("/"), d))


def bazelignored(root, workspace):
    path = Path(root) / workspace / ".bazelignore"
    if not path.is_file():
        return []
    entries = []
    for line in path.read_text(errors="replace").splitlines():
        line = line.strip().strip("/")
        if line and not line.startswith("#"):
            entries.append(f"{workspace}/{line}" if workspace else line)
    return entries


def main_repository_names(root):
    """The names by which the main repository's labels may spell it: module(name, repo_name),
    workspace(name)."""
    names = set()
    path = root / "MODULE.bazel"
    if path.is_file():
        body = call_body(path.read_text(errors="replace"), "module")
        # Bzlmod: the module's repo_name, else its name, is how its own labels spell it
        repo_name = re.search(r"\brepo_name\s*=\s*[\"']([^\"']+)[\"']", body)
        name = re.search(r"(?<![\w])name\s*=\s*[\"']([^\"']+)[\"']", body)
        if repo_name or name:
            names.add((repo_name or name).group(1))
    for marker in ("WORKSPACE", "WORKSPACE.bazel"):
        path = root / marker
        if path.is_file():
            m = re.search(r"(?m)^workspace\(\s*name\s*=\s*\"([^\"]+)\"", path.read_text(errors="replace"))
            if m:
                names.add(m.group(1))
    return names


# Rule sets whose rules are recorded by their names: never read from their own files.
RULE_SETS = {
    "rules_swift", "build_bazel_rules_swift", "rules_apple", "build_bazel_rules_apple", "rules_ios",
    "build_bazel_rules_ios", "apple_support", "build_bazel_apple_support", "rules_xcodeproj",
    "com_github_buildbuddy_io_rules_xcodeproj", "rules_cc", "bazel_skylib", "platforms", "rules_pkg",
    "rules_proto", "protobuf", "com_google_protobuf", "rules_swift_package_manager", "rules_shell", "rules_python",
    "rules_java", "rules_kotlin", "io_bazel_rules_kotlin", "rules_license", "bazel_features", "aspect_bazel_lib",
    "rules_nodejs", "aspect_rules_js", "rules_go", "io_bazel_rules_go", "gazelle", "bazel_gazelle", "bazel_tools",
}
MARKERS = ("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "REPO.bazel")


def other_repositories(root):
    """The other repositories whose .bzl files are read, by the name labels give them: a folder
    `local_path_override(module_name, path)` or `local_repository(name, path)` names (inside the
    repository, or outside it); else Bazel's output base, found through a `bazel-*` link of the
    workspace's folder into `<output base>/execroot/`, `external/<name>`, `<module>+`,
    `<module>~` or `<module>~override`. Rule sets recorded by their names are left out, however
    spelled (`rules_swift+`); a folder outside the repository needs a marker file of its own."""
    texts = [p.read_text(errors="replace") for p in (root / m for m in ("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE")) if p.is_file()]
    module_of, declared = {}, {}
    for text in texts:
        code = "\n".join(line.split("#", 1)[0] for line in text.split("\n"))
        for m in re.finditer(r"(?m)^[ \t]*(bazel_dep|local_path_override|local_repository)[ \t]*\(([^()]*)\)", code):
            args = dict(re.findall(r'([a-z_]+)\s*=\s*"([^"\n]*)"', m.group(2)))
            if m.group(1) == "bazel_dep" and "name" in args:
                module_of[args.get("repo_name", args["name"])] = args["name"]
            elif m.group(1) == "local_path_override" and "module_name" in args and "path" in args:
                declared[args["module_name"]] = args["path"]
            elif m.group(1) == "local_repository" and "name" in args and "path" in args:
                declared[args["name"]] = args["path"]
    external = None
    links = sorted((p for p in root.iterdir() if p.name.startswith("bazel-") and p.is_symlink()),
                   key=lambda p: (p.name != "bazel-" + root.resolve().name, p.name))
    for link in links:
        parts = link.resolve().parts
        if "execroot" in parts:
            index = len(parts) - 1 - parts[::-1].index("execroot")
            candidate = Path(*parts[:index]) / "external"
            if candidate.is_dir():
                external = candidate
                break
    class Repositories(dict):
        def __missing__(self, name):
            module = module_of.get(name, name)
            found = None
            bare = {re.split(r"[+~]", n)[0] for n in (name, module)}
            if re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._+~-]*", name) and not any(
                    b in RULE_SETS or b.startswith("local_config_") for b in bare):
                path = declared.get(module, declared.get(name))
                folder = (root / path).resolve() if path is not None else None
                inside = folder is not None and (folder == root.resolve() or root.resolve() in folder.parents)
                if folder is not None and folder.is_dir() and folder != Path("/") and (
                        inside or any((folder / m).is_file() for m in MARKERS)):
                    found = folder
                elif external is not None:
                    found = next((external / c for c in (name, module + "+", module + "~", module + "~override")
                                  if (external / c).is_dir()), None)
            self[name] = found
            return found

        def __contains__(self, name):
            return self[name] is not None
    return Repositories()


def call_body(text, function):
    """The arguments of the first top-level call of `function` in `text`, as text."""
    m = re.search(r"(?m)^" + function + r"\(", text)
    if not m:
        return ""
    depth, i, quote = 1, m.end(), None
    while i < len(text) and depth:
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    return text[m.end():i - 1]


# -- starlark-rust evaluation -------------------------------------------------------------------

STARLARK_LITERAL = re.compile(r'''(?s)[rRbB]?("""|\'\'\')(?:\\.|.)*?\1|[rRbB]?"(?:\\.|[^"\\\n])*"|[rRbB]?'(?:\\.|[^'\\\n])*'|\#[^\n]*''')


@lru_cache(maxsize=4096)
def code_only(source):
    """Starlark source with its strings and comments emptied (newlines kept)."""
    return STARLARK_LITERAL.sub(lambda m: '""' + "\n" * m.group(0).count("\n"), source)


@lru_cache(maxsize=1024)
def all_chains(source):
    """For every name a file reads fields of, the fields (`name.a.b(...)` gives a -> b)."""
    trees = defaultdict(dict)
    for name, chain in re.findall(r"(?<![\w.])([A-Za-z_]\w*)((?:\s*\.\s*[A-Za-z_]\w*)+)", code_only(source)):
        node = trees[name]
        for field in re.findall(r"\w+", chain):
            node = node.setdefault(field, {})
    return trees


def attribute_chains(source, name):
    """The fields a file reads of `name` (`name.a.b(...)` gives a -> b), as a nested dict."""
    tree = {}
    merge(tree, all_chains(source).get(name, {}))
    return tree


DICT_METHODS = {"items", "keys", "values", "get"}


def shape(tree, path="?"):
    if tree and set(tree) <= DICT_METHODS and not any(tree.values()):
        return "{}"
    if not tree:
        return f'strata_leaf("{path}")'
    return "struct(" + ", ".join(f"{k} = {shape(v, path + '.' + k)}" for k, v in sorted(tree.items())) + ")"


class Evaluation(Workspace):
    """One workspace's BUILD files, evaluated by starlark-rust (test_oracle.Workspace, made to
    survive real repositories)."""

    def __init__(self, root, files, main_names=(), repositories=None):
        super().__init__(Path(root))
        self.files = files
        self.file_set = set(files)
        self.main_names = set(main_names)
        self.repositories = repositories if repositories is not None else {}  # name -> folder of another repository read
        self.globals = sl.Globals.extended_by([sl.LibraryExtension.StructType, sl.LibraryExtension.Json])
        self.packages_set = {folder_of(f) for f in files if f.rsplit("/", 1)[-1] in BUILD_NAMES}
        self.package_files = defaultdict(list)
        for f in files:
            self.package_files[self.package_of(f)].append(f)
        self.requests = defaultdict(set)   # (file, load label) -> exported symbols
        self.sources = {}                  # file -> its source (after the oracle's rewriting)
        self.stack = []                    # (file, package) being evaluated, innermost last
        self.bzl = {}                      # .bzl path -> frozen module, or None when it failed
        self.loading = set()
        self.notes = []                    # what the oracle could not evaluate
        self.wrappers = {}
        self.prelude = self._prelude()

    # Bazel's names ----------------------------------------------------------------------------

    def package_of(self, path):
        folder = folder_of(path)
        while True:
            if folder in self.packages_set:
                return folder
            if not folder:
                return None
            folder = folder_of(folder)

    def glob(self, include, exclude=[], allow_empty=True, exclude_directories=1):
        package = self.build_package
        prefix = package + "/" if package else ""
        files = [f[len(prefix):] for f in self.package_files.get(package, [])]

        def matches(patterns, f):
            parts = f.split("/")
            return any(path_matches(tuple_split(p), parts) for p in patterns)

        return sorted(f for f in files if matches(include, f) and not matches(exclude, f))

    def record(self, kind, attributes):
        self.calls.append({"kind": kind, "attributes": [[k, v] for k, v in attributes.items()]})

    def rule(self, kind):
        def record(*args, **kwargs):
            self.record(kind, kwargs)
        return record

    def bazel_names(self, module, source):
        module.add_callable("glob", self.glob)
        module.add_callable("select", lambda branches, no_match_error="": union(branches))
        module.add_callable("package_name", lambda: self.build_package)
        module.add_callable("repository_name", lambda: "@")
        for name in ("package", "exports_files", "licenses"):
            module.add_callable(name, lambda *a, **k: None)
        functions = {
            "glob": self.glob, "package_name": lambda: self.build_package, "repository_name": lambda: "@",
            "existing_rule": self.existing_rule, "existing_rules": self.existing_rules,
            "package_relative_label": lambda label: label, "module_name": lambda: None,
            "module_version": lambda: None, "exports_files": lambda *a, **k: None,
            "licenses": lambda *a, **k: None, "package": lambda *a, **k: None,
            "package_default_visibility": lambda: [],
        }
        for name in sorted(set(re.findall(r"\bnative_(\w+)", source))):
            if name in functions:
                module.add_callable("native_" + name, functions[name])

    def existing_rules(self):
        """native.existing_rules(): the targets the BUILD file has declared so far."""
        rules = {}
        for call in self.calls:
            attributes = dict((k, v) for k, v in call["attributes"])
            if isinstance(attributes.get("name"), str) and attributes["name"] not in rules:
                rules[attributes["name"]] = {**attributes, "kind": call["kind"]}
        return rules

    def existing_rule(self, name):
        return self.existing_rules().get(name)

    def _prelude(self):
        module = sl.Module()
        module.add_callable("_strata_record", lambda kind, attributes: self.record(kind, attributes))
        module.add_callable("select", lambda branches, no_match_error="": union(branches))
        ast = sl.parse("prelude.bzl", PRELUDE, self.dialect)
        sl.eval(module, ast, self.globals)
        return module.freeze()

    # Labels -----------------------------------------------------------------------------------

    def local(self, label):
        """`label` without the repository part when it names the main repository, else None."""
        m = re.match(r"^@@?([^/]*)//", label)
        if not m:
            return label
        if m.group(1) in ("",) or m.group(1) in self.main_names:
            return label[m.end() - 2:]
        return None

    def bzl_path(self, label, package):
        label = self.local(label)
        if label.startswith("//"):
            pkg, _, name = label[2:].partition(":")
            if not name:
                name = pkg.rsplit("/", 1)[-1]
        else:
            pkg, name = package, label.lstrip(":")
        return (f"{pkg}/{name}" if pkg else name), pkg

    # Evaluation -------------------------------------------------------------------------------

    def parse(self, path, source):
        ast, source = super().parse(path, source)
        for load in ast.loads():
            self.requests[(path, load.module_id)] |= set(load.symbols.values())
        return ast, source

    def stubs(self, names, source, build):
        """Definitions of the names a file leaves undefined, as one line of Starlark."""
        prelude, lines = set(), []
        for helper in ("strata_rule_named", "strata_rule_for", "unnamed_rule"):
            if helper + "(" in source:
                prelude.add(helper)
        for name in sorted(names):
            if name.startswith("native_"):
                lines.append(f'{name} = strata_rule_for("{name[7:]}")')
                prelude.add("strata_rule_for")
            elif name.startswith("attr_") and not build:
                lines.append(f'{name} = strata_leaf("{name}")')
                prelude.add("strata_leaf")
            elif name == "print":
                prelude.add("strata_print")
                lines.append("print = strata_print")
            elif not build and name in PRELUDE_NAMES:
                prelude.add(name)
            elif name in SKYLIB and not build:
                prelude.add(f"strata_skylib_{name}")
                lines.append(f"{name} = strata_skylib_{name}")
            else:
                tree = attribute_chains(source, name)
                called = re.search(r"(?<![\w.])" + re.escape(name) + r"\s*\(", code_only(source))
                if build and called and not tree:
                    lines.append(f'{name} = strata_rule_for("{name}")')
                    prelude.add("strata_rule_for")
                else:
                    lines.append(f"{name} = {shape(tree, name)}")
                    prelude.add("strata_leaf")
        if not prelude and not lines:
            return ""
        load = f'load("{PRELUDE_LABEL}", ' + ", ".join(f'"{n}"' for n in sorted(prelude)) + ")" if prelude else ""
        return "; ".join(([load] if load else []) + lines)

    def run(self, path, package, source, build):
        """Evaluates one file, stubbing the names it leaves undefined and setting aside a
        top-level statement that fails on what the stubs cannot be (the names it assigns become
        rules not yet named, which a load names); returns the frozen module."""
        source = re.sub(r"\bnative\.(\w+)", r"native_\1", source)
        if not build:
            source = re.sub(r"(?m)^(\w+)(\s*=\s*)(?:rule|macro)\(", r'\1\2strata_rule_named("\1")(', source)
        self.sources[path] = source
        lines = source.split("\n")
        spans = statement_spans(source)
        missing = set(re.findall(r"\bnative_(\w+)", source))
        missing = {"native_" + n for n in missing if n not in NATIVE_FUNCTIONS}
        # test_oracle's parse reads `attr.x` as `attr_x`: those names are stubs from the start
        missing |= {"attr_" + n for n in re.findall(r"\battr\.(\w+)", code_only(source))}
        if build:
            missing |= self.free_calls(source)
        skipped = {}
        for _ in range(500):
            body_lines = list(lines)
            for (first, last), replacement in skipped.items():
                body_lines[first:last + 1] = [replacement] + [""] * (last - first)
            body = "\n".join(body_lines)
            header = self.stubs(missing, body, build)
            # (the trailing None: eval returns the last statement's value, which must convert)
            text = header + "\n" + body + "\nNone\n"
            ast, _ = self.parse(path, text)
            module = sl.Module()
            self.bazel_names(module, text)
            try:
                sl.eval(module, ast, self.globals, sl.FileLoader(self.load))
                for (first, _), replacement in sorted(skipped.items()):
                    self.notes.append(f"{path}:{first + 1}: statement set aside ({replacement or 'expression'})")
                return module.freeze()
            except sl.StarlarkError as error:
                if DEBUG:
                    print(f"--- {path}\n{error}", file=sys.stderr)
                if build:
                    self.calls = []
                m = re.search(r"Variable `(\w+)` not found", str(error))
                if m and m.group(1) not in missing:
                    missing.add(m.group(1))
                    continue
                line = error_line(str(error), path)
                span = next(((a, b) for a, b in spans if line is not None and a <= line - 2 <= b), None)
                if span and span not in skipped and not lines[span[0]].startswith(("load", "def ")):
                    targets = re.match(r"\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*=(?!=)", lines[span[0]])
                    rule = re.match(r'\s*(\w+)\s*=\s*strata_rule_named\("', lines[span[0]])
                    if rule:
                        skipped[span] = f'{rule.group(1)} = strata_rule_for("{rule.group(1)}")'
                    elif targets:
                        skipped[span] = "; ".join(f"{t.strip()} = unnamed_rule()" for t in targets.group(1).split(","))
                    else:
                        skipped[span] = ""
                    continue
                raise
        raise RuntimeError(f"{path}: too many undefined names")

    def free_calls(self, source):
        """The names a BUILD file calls without defining or loading them (its rules)."""
        bound = set(re.findall(r"(?m)^def\s+(\w+)", source)) | set(re.findall(r"(?m)^(\w+)\s*=", source))
        for m in re.finditer(r"load\((?:[^()\"']|\"[^\"]*\"|'[^']*')*\)", source):
            body = m.group(0)
            bound |= set(re.findall(r"(\w+)\s*=\s*[\"']", body))
            strings = re.findall(r"[\"']([^\"']*)[\"']", body)
            bound |= {s for s in strings[1:] if re.fullmatch(r"\w+", s)}
        names = set(re.findall(r"(?<![\w.])([A-Za-z_]\w*)\s*\(", code_only(source)))
        return {n for n in names - bound - BUILD_BUILTINS if not n.startswith("native_")}

    def evaluate_build(self, path):
        package = folder_of(path)
        self.build_package, self.calls = package, []
        self.stack.append((path, package))
        self.packages.append(package)
        try:
            self.run(path, package, (self.root / path).read_text(errors="replace"), build=True)
            error = None
        except Exception as e:  # noqa: BLE001 - an oracle limitation or a broken BUILD file: noted
            error = first_line(e)
            self.notes.append(f"{path}: not fully evaluated: {error}")
        finally:
            self.stack.pop()
            self.packages.pop()
        return self.calls, error

    def load(self, label):
        if label == PRELUDE_LABEL:
            return self.prelude
        requester, package = self.stack[-1]
        symbols = sorted(self.requests.get((requester, label), ()))
        source = self.sources.get(requester, "")
        local_names = local_names_of(source, label)
        real, path = None, label
        outer = re.match(r"^@([^/]+)//", requester)
        if outer and not label.startswith("@"):
            # A label of a file of another repository is of that repository.
            label = f"@{outer.group(1)}" + (label if label.startswith("//") else f"//{package}:{label.lstrip(':')}")
        other = re.match(r"^@@?([^/]+)//", label)
        if other and other.group(1) not in self.main_names and other.group(1) in self.repositories:
            inner, bzl_package = self.bzl_path(label[other.end() - 2:], package)
            path = f"@{other.group(1)}//{inner}"
            real = self.evaluate_bzl(path, bzl_package)
        elif self.local(label) is not None:
            path, bzl_package = self.bzl_path(label, package)
            real = self.evaluate_bzl(path, bzl_package)
        shapes = {}
        for symbol in symbols:
            tree = {}
            for local in local_names.get(symbol, [symbol]):
                merge(tree, attribute_chains(source, local))
            shapes[symbol] = tree
        key = (path, real is None, tuple(symbols), repr(sorted(shapes.items())))
        if key not in self.wrappers:
            self.wrappers[key] = self.wrapper(label, real, symbols, shapes)
        return self.wrappers[key]

    def file_path(self, path):
        """The file a .bzl path names: the main repository's, or `@name//path` of another's."""
        other = re.match(r"^@([^/]+)//", path)
        if other:
            file = self.repositories[other.group(1)] / path[other.end():]
            return file if file.is_file() else None
        return self.root / path if path in self.file_set else None

    def evaluate_bzl(self, path, package):
        if path in self.bzl:
            return self.bzl[path]
        file = self.file_path(path)
        if path in self.loading or file is None:
            if file is None:
                self.notes.append(f"{path}: not in the repository; its symbols are rules of their names")
            return None
        self.loading.add(path)
        self.stack.append((path, package))
        self.packages.append(package)
        try:
            self.bzl[path] = self.run(path, package, file.read_text(errors="replace"), build=False)
        except Exception as e:  # noqa: BLE001
            self.notes.append(f"{path}: not evaluated ({first_line(e)}); its symbols are rules of their names")
            self.bzl[path] = None
        finally:
            self.stack.pop()
            self.packages.pop()
            self.loading.discard(path)
        return self.bzl[path]

    def wrapper(self, label, real, symbols, shapes):
        """The module a load of `symbols` from `label` gets: the real module's values, named as
        Bazel names rules; else stubs (rules recorded under the exported name, or the shape of
        the fields the loading file reads)."""
        repository = re.match(r"^@@?([^/]*)//", label)
        package_path = label.split("//", 1)[-1]
        lines = [f'load("{PRELUDE_LABEL}", "strata_named", "strata_rule_for", "strata_leaf", '
                 + ", ".join(f'"strata_skylib_{s}"' for s in sorted(SKYLIB)) + ")"]
        for index, symbol in enumerate(symbols):
            if real is not None and self.has_symbol(real, symbol):
                lines.append(f'load("real", _s{index} = "{symbol}")')
                lines.append(f'{symbol} = strata_named(_s{index}, "{symbol}")')
                continue
            if repository and repository.group(1).endswith("bazel_skylib") and symbol in SKYLIB and package_path.startswith("lib:"):
                lines.append(f"{symbol} = strata_skylib_{symbol}")
                continue
            tree = shapes[symbol]
            lines.append(f'{symbol} = {shape(tree, symbol)}' if tree else f'{symbol} = strata_rule_for("{symbol}")')
        module = sl.Module()
        ast = sl.parse(f"wrapper of {label}", "\n".join(lines), self.dialect)

        def loader(name):
            return self.prelude if name == PRELUDE_LABEL else real

        sl.eval(module, ast, self.globals, sl.FileLoader(loader))
        return module.freeze()

    def has_symbol(self, real, symbol):
        module = sl.Module()
        try:
            sl.eval(module, sl.parse("probe", f'load("real", _x = "{symbol}")', self.dialect), self.globals,
                    sl.FileLoader(lambda name: real))
            return True
        except sl.StarlarkError:
            return False


NATIVE_FUNCTIONS = {"glob", "package_name", "repository_name", "existing_rule", "existing_rules",
                    "package_relative_label", "module_name", "module_version", "exports_files", "licenses",
                    "package", "package_default_visibility"}
BUILD_BUILTINS = {
    "len", "str", "repr", "int", "float", "bool", "list", "tuple", "dict", "range", "enumerate", "zip", "sorted",
    "reversed", "min", "max", "any", "all", "hasattr", "getattr", "dir", "type", "fail", "hash", "abs",
    "struct", "select", "glob", "package", "exports_files", "licenses", "package_name", "repository_name", "load",
    "if", "for", "in", "not", "and", "or", "return", "def", "lambda", "json",
}


@lru_cache(maxsize=None)
def tuple_split(pattern):
    return tuple(s for s in pattern.split("/") if s)


def merge(tree, other):
    for k, v in other.items():
        merge(tree.setdefault(k, {}), v)


def local_names_of(source, label):
    """exported symbol -> the local names a file binds it to, for the loads of `label`."""
    names = defaultdict(list)
    for m in re.finditer(r"load\(\s*[\"']" + re.escape(label) + r"[\"']((?:[^()\"']|\"[^\"]*\"|'[^']*')*)\)", source):
        body = m.group(1)
        for alias, exported in re.findall(r"(\w+)\s*=\s*[\"']([^\"']+)[\"']", body):
            names[exported].append(alias)
        body = re.sub(r"\w+\s*=\s*[\"'][^\"']*[\"']", "", body)
        for exported in re.findall(r"[\"']([^\"']+)[\"']", body):
            names[exported].append(exported)
    return names


def statement_spans(source):
    """(first, last) line indexes of each top-level statement of a Starlark file."""
    starts, depth = [], 0
    code = code_only(source).split("\n")
    for i, line in enumerate(code):
        if depth == 0 and line[:1] and (line[0].isalpha() or line[0] == "_"):
            starts.append(i)
        depth = max(0, depth + sum(line.count(c) for c in "([{") - sum(line.count(c) for c in ")]}"))
    return [(a, (starts[k + 1] - 1) if k + 1 < len(starts) else len(code) - 1) for k, a in enumerate(starts)]


def error_line(message, path):
    """The line of `path` (as evaluated, header included) at which an error arose: its top-level
    frame when there is a traceback, else the span the error points at."""
    frame = re.search(r"\* " + re.escape(path) + r":(\d+), in <module>", message)
    if frame:
        return int(frame.group(1))
    span = re.search(r"--> " + re.escape(path) + r":(\d+):", message)
    return int(span.group(1)) if span else None


def first_line(error):
    text = str(error).strip()
    lines = [l for l in text.splitlines() if l.strip().startswith("error:")]
    return (lines[0].strip() if lines else text.splitlines()[0] if text else type(error).__name__)[:300]


# -- Targets, modules, dependencies ---------------------------------------------------------------

def as_list(value):
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [k for k in value if isinstance(k, str)]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


# Rules whose target stands for the files of its srcs.
FILE_GROUPS = ("filegroup", "pkg_files", "pkg_filegroup")


class Target:
    def __init__(self, package, name, kind, attributes, build_file):
        self.package, self.name, self.kind, self.attributes, self.build_file = package, name, kind, attributes, build_file

    @property
    def label(self):
        return f"//{self.package}:{self.name}"

    def get(self, key, default=None):
        return self.attributes.get(key, default)


class Module:
    def __init__(self, target, name, kind):
        self.target, self.name, self.kind = target, name, kind
        self.files = []
        self.declared = set()
        self.third_party = set()
        self.unresolved = set()
        self.imports = set()


def module_kind(rule, attributes):
    if rule == "swift_test" or rule in APPLE_TESTS:
        return "test"
    if rule == "swift_binary" or rule.endswith("_command_line_application"):
        return "executable"
    if rule.endswith(("_application", "_extension")):
        return "app"
    if attributes.get("testonly") in (True, 1):
        return "test"
    return "library"


class WorkspaceGraph:
    """The modules of one workspace (`folder`, relative to the tree `root`)."""

    def __init__(self, root, folder, files):
        self.root, self.folder = Path(root), folder
        self.path = self.root / folder if folder else self.root
        self.files = files
        self.main_names = main_repository_names(self.path)
        self.evaluation = Evaluation(self.path, files, self.main_names, other_repositories(self.path))
        self.targets = {}
        self.errors = {}
        self.modules = []
        self.by_name = defaultdict(list)

    def build_files(self):
        chosen = {}
        for f in self.files:
            folder, name = folder_of(f), f.rsplit("/", 1)[-1]
            if name in BUILD_NAMES and (folder not in chosen or name == "BUILD.bazel"):
                chosen[folder] = f
        return [chosen[k] for k in sorted(chosen)]

    def evaluate(self):
        for build in self.build_files():
            calls, error = self.evaluation.evaluate_build(build)
            if error:
                self.errors[build] = error
            package = folder_of(build)
            for call in calls:
                attributes = dict((k, v) for k, v in call["attributes"])
                name = attributes.get("name")
                if not isinstance(name, str) or (package, name) in self.targets:
                    continue
                self.targets[(package, name)] = Target(package, name, call["kind"], attributes, build)
        for target in self.targets.values():
            if target.kind in MODULE_RULES:
                module = Module(target, self.module_name(target), module_kind(target.kind, target.attributes))
                self.modules.append(module)
                self.by_name[module.name].append(module)
        for module in self.modules:
            self.sources(module)
            self.dependencies(module)
        names = set(self.by_name)
        for module in self.modules:
            for f in module.files:
                for imported in swift_imports(self.path / f):
                    if imported in names and imported != module.name:
                        module.imports.add(imported)
        return self

    # names and labels

    def module_name(self, target):
        given = target.get("module_name")
        if isinstance(given, str) and given:
            return given
        if target.kind in CLANG_RULES:
            for hint in as_list(target.get("aspect_hints")):
                resolved = self.resolve(hint, target.package)
                other = self.targets.get(resolved[1:]) if resolved and resolved[0] is None else None
                if other and other.kind == "swift_interop_hint" and isinstance(other.get("module_name"), str):
                    return other.get("module_name")
        if target.kind in DERIVED_NAME_RULES:
            return derive_swift_module_name(target.package, target.name)
        return target.name

    def resolve(self, label, package):
        """(repository or None for this one, package, name); None when not a label."""
        if not isinstance(label, str) or not label or label.startswith("$"):
            return None
        repository = None
        m = re.match(r"^@@?([^/]*)(//.*)?$", label)
        if m:
            name = m.group(1)
            rest = m.group(2)
            if name and name not in self.main_names:
                repository = name
            if rest is None:
                return (repository, "", name)
            label = rest
        if label.startswith("//"):
            pkg, colon, name = label[2:].partition(":")
            if not colon:
                name = pkg.rsplit("/", 1)[-1]
            return (repository, pkg, name)
        return (repository, package, label[1:] if label.startswith(":") else label)

    # sources

    def sources(self, module):
        target = module.target
        attribute = "swift_srcs" if target.kind == "mixed_language_library" else "srcs"
        files = []
        self.expand_sources(target.get(attribute), target.package, files, set())
        module.files = sorted({f for f in files if f.endswith(".swift")})

    def expand_sources(self, value, package, files, seen):
        for label in as_list(value):
            resolved = self.resolve(label, package)
            if not resolved or resolved[0] is not None:
                continue
            _, pkg, name = resolved
            target = self.targets.get((pkg, name))
            if target is not None and target.kind in FILE_GROUPS:
                if (pkg, name) not in seen:
                    seen.add((pkg, name))
                    self.expand_sources(target.get("srcs"), pkg, files, seen)
            elif target is None:
                path = f"{pkg}/{name}" if pkg else name
                if path in self.evaluation.file_set:
                    files.append(path)

    # declared dependencies

    def dependency_labels(self, target):
        attributes = DEPENDENCY_ATTRIBUTES
        if target.kind in APPLE_BUNDLES or target.kind in APPLE_TESTS:
            attributes = attributes + BUNDLE_ATTRIBUTES
        if target.kind.endswith("_build_test"):
            attributes = attributes + ("targets",)  # what a build test builds
        for attribute in attributes:
            yield from as_list(target.get(attribute))

    def dependencies(self, module):
        target = module.target
        seen = set()
        pending = [(label, target.package) for label in self.dependency_labels(target)]
        while pending:
            label, package = pending.pop()
            resolved = self.resolve(label, package)
            if resolved is None:
                continue
            repository, pkg, name = resolved
            if repository is not None:
                module.third_party.add(f"@{repository}//{pkg}:{name}")
                continue
            if (pkg, name) in seen:
                continue
            seen.add((pkg, name))
            other = self.targets.get((pkg, name))
            if other is None:
                module.unresolved.add(f"//{pkg}:{name}")
                continue
            if other.kind in MODULE_RULES:
                name = self.module_name(other)
                if name != module.name:
                    module.declared.add(name)
                continue
            follow = ("actual",) + DEPENDENCY_ATTRIBUTES
            for attribute in follow:
                pending.extend((l, pkg) for l in as_list(other.get(attribute)))


# -- Swift imports --------------------------------------------------------------------------------

IMPORT = re.compile(
    r"(?m)(?:^|;)[ \t]*(?:@\w+(?:\([^)\n]*\))?\s*)*"
    r"(?:(?:public|private|internal|fileprivate|package|open)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?`?([A-Za-z_][A-Za-z0-9_]*)"
)


def strip_swift(text):
    """Swift source with comments and string literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        return "".join("\n" if c == "\n" else " " for c in s)

    def string_end(i, hashes, multiline):
        """Index just past the literal that starts its content at i."""
        close = '"""' if multiline else '"'
        close += "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if text.startswith(escape, i):
                j = i + len(escape)
                if j < n and text[j] == "(":
                    i = code_end(j + 1, ")")
                    continue
                i = j + 1
                continue
            if text.startswith(close, i):
                return i + len(close)
            if not multiline and text[i] == "\n":
                return i
            i += 1
        return n

    def code_end(i, closing):
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j
                continue
            if text.startswith("/*", i):
                i = comment_end(i)
                continue
            if c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 64])):
                hashes = len(re.match(r"#*", text[i:]).group(0))
                start = i + hashes
                multiline = text.startswith('"""', start)
                i = string_end(start + (3 if multiline else 1), hashes, multiline)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
            i += 1
        return n

    def comment_end(i):
        depth = 0
        while i < n:
            if text.startswith("/*", i):
                depth += 1
                i += 2
            elif text.startswith("*/", i):
                depth -= 1
                i += 2
                if depth == 0:
                    return i
            else:
                i += 1
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            j = comment_end(i)
            out.append(blank(text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 64])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            multiline = text.startswith('"""', start)
            j = string_end(start + (3 if multiline else 1), hashes, multiline)
            out.append(blank(text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


@lru_cache(maxsize=None)
def swift_imports(path):
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return frozenset()
    return frozenset(IMPORT.findall(strip_swift(text)))


# -- A tree: its workspaces -----------------------------------------------------------------------

def evaluate(root, skip=()):
    """The modules of every workspace of the tree `root` (the root's own, and nested ones from
    their own markers), as a list of WorkspaceGraph; workspaces in `skip` are left out."""
    root = Path(root)
    files = list_files(root)
    roots = workspace_roots(files)
    if "" not in roots and not roots:
        roots = [""]
    graphs = []
    for folder in roots:
        if folder in skip:
            continue
        ignored = bazelignored(root, folder)
        nested = [r for r in roots if r != folder and under(r, folder)]
        prefix = folder + "/" if folder else ""
        mine = [f[len(prefix):] for f in files
                if under(f, folder)
                and not any(under(f, r) for r in nested)
                and not any(under(f, d) for d in ignored)]
        graphs.append(WorkspaceGraph(root, folder, mine).evaluate())
    return graphs


# -- The comparison -------------------------------------------------------------------------------

def oracle_sets(graphs):
    modules, declared, imports, files, kinds, third_party = set(), set(), set(), {}, {}, set()
    where, targets, kinds_by_target = {}, {}, {}
    for g in graphs:
        ws = g.folder
        for m in g.modules:
            key = (ws, m.name)
            build = f"{ws}/{m.target.build_file}" if ws else m.target.build_file
            targets[f"{build}#{m.target.name}"] = (m.name, m.target.kind)
            kinds_by_target[f"{build}#{m.target.name}"] = m.kind
            modules.add(key)
            where.setdefault(key, m.target)
            files.setdefault(key, set()).update(m.files)
            kinds.setdefault(key, set()).add(m.kind)
            declared |= {(key, (ws, d)) for d in m.declared}
            imports |= {(key, (ws, d)) for d in m.imports}
            third_party |= {(key, t.split("//")[0].lstrip("@"), t.rsplit(":", 1)[-1]) for t in m.third_party}
    # A folder with its own WORKSPACE is still a package of the enclosing workspace, which
    # builds `//third-party/boringssl:crypto` from it (bazelbuild/bazel#12298, #13771): a label
    # no target of its own workspace answers is looked for in the nested workspace holding it.
    by_target = {(g.folder, m.target.package, m.target.name): m.name for g in graphs for m in g.modules}
    folders = [g.folder for g in graphs]
    for g in graphs:
        for m in g.modules:
            for label in sorted(m.unresolved):
                pkg, _, name = label[2:].partition(":")
                full = f"{g.folder}/{pkg}" if g.folder and pkg else g.folder or pkg
                inner = [f for f in folders if f != g.folder and under(f, g.folder) and under(full, f)]
                if not inner:
                    continue
                nested = max(inner, key=len)
                found = by_target.get((nested, full[len(nested) + 1:] if full != nested else "", name))
                if found:
                    declared.add(((g.folder, m.name), (nested, found)))
                    m.unresolved.discard(label)
    return {"modules": modules, "declared": declared, "imports": imports, "files": files,
            "kinds": kinds, "third_party": third_party, "where": where, "targets": targets,
            "kinds_by_target": kinds_by_target}


def workspace_of(path, roots):
    best = ""
    for r in roots:
        if under(path, r) and len(r) >= len(best):
            best = r
    return best


def strata_sets(strata, roots):
    modules, declared, imports, files, kinds, third_party = set(), set(), set(), {}, {}, set()
    key_of, where, targets, merged, kinds_by_target = {}, {}, {}, set(), {}
    for m in strata["modules"]:
        if m.get("system") != "bazel":
            continue
        ws = workspace_of(m.get("path", ""), roots)
        key = (ws, m["importName"])
        targets[m.get("id", "")] = (m["importName"], m.get("product"))
        kinds_by_target[m.get("id", "")] = m.get("kind")
        merged |= {re.sub(r":\d+$", "", a) for a in m.get("alsoDeclaredIn", [])}
        key_of[m["name"]] = key
        modules.add(key)
        where.setdefault(key, m.get("id") or m.get("manifest"))
        files[key] = files.get(key, 0) + int(m.get("files") or 0)
        kinds.setdefault(key, set()).add(m.get("kind"))
        for d in m.get("dependencies", []):
            if d.get("kind") == "external":
                third_party.add((key, d.get("package"), d.get("name")))
    for e in strata["edges"]:
        a, b = key_of.get(e["from"]), key_of.get(e["to"])
        if a is None or b is None or a == b:
            continue
        if e.get("declared"):
            declared.add((a, b))
        if e.get("imported"):
            imports.add((a, b))
    return {"modules": modules, "declared": declared, "imports": imports, "files": files,
            "kinds": kinds, "third_party": third_party, "where": where, "targets": targets, "merged": merged,
            "kinds_by_target": kinds_by_target}


def swiftpm_workspaces(strata, roots):
    """Workspaces whose folder Strata reads as a SwiftPM package (a Package.swift beside the
    workspace marker that Strata prefers): their modules are not compared."""
    skipped = set()
    for p in strata.get("packages", []):
        manifest = p.get("manifest", "")
        if p.get("system") == "swiftpm" and manifest.rsplit("/", 1)[-1] == "Package.swift":
            folder = folder_of(manifest)
            if folder in roots:
                skipped.add(folder)
    return skipped


def show(key):
    ws, name = key
    return f"{ws}:{name}" if ws else name


def show_edge(edge):
    a, b = edge
    return f"{show(a)} -> {b[1]}" if a[0] == b[0] else f"{show(a)} -> {show(b)}"


def score(oracle, strata):
    both = oracle & strata
    precision = len(both) / len(strata) if strata else 1.0
    recall = len(both) / len(oracle) if oracle else 1.0
    return precision, recall, len(oracle), len(strata), len(both)


def run_strata(root, binary):
    with tempfile.TemporaryDirectory() as out:
        command = [binary, "analyze", str(root), "--format", "json", "-o", out, "--no-cache", "--quiet"]
        run = subprocess.run(command, capture_output=True, text=True, timeout=1800)
        report = Path(out) / "strata.json"
        if not report.is_file():
            raise RuntimeError(f"{' '.join(command)} wrote no strata.json (exit {run.returncode}):\n{run.stderr[-3000:]}")
        return load_result(report)


def compare(root, strata_json, limit=30, out=sys.stdout):
    """Strata's report (the parsed strata.json, or its path) against the oracle's evaluation of
    `root`; prints the table and the disagreements, returns the figures and sets."""
    root = Path(root)
    strata = load_result(strata_json) if isinstance(strata_json, (str, Path)) else as_version_2(strata_json)
    roots = workspace_roots(list_files(root)) or [""]
    skipped = swiftpm_workspaces(strata, roots)
    every = evaluate(root)
    graphs = [g for g in every if g.folder not in skipped]
    ours, theirs = oracle_sets(graphs), strata_sets(strata, roots)
    # Strata's modules of a workspace read as SwiftPM are swiftpm modules, already left out.
    result = {"skipped": sorted(skipped), "graphs": graphs, "oracle": ours, "strata": theirs, "scores": {}}

    def p(*a):
        print(*a, file=out)

    p(f"== {root}")
    for g in every:
        if g.folder in skipped:
            p(f"   workspace {g.folder or '.'}: read by Strata as a SwiftPM package (Package.swift); not compared"
              f" (its BUILD files make {len(g.modules)} modules: {', '.join(sorted(m.name for m in g.modules)[:8])})")
    p(f"   {'':18} {'oracle':>7} {'strata':>7} {'both':>7} {'precision':>10} {'recall':>7}")
    for kind in ("modules", "declared", "imports"):
        precision, recall, o, s, b = score(ours[kind], theirs[kind])
        result["scores"][kind] = (precision, recall)
        label = {"modules": "modules", "declared": "declared deps", "imports": "import edges"}[kind]
        p(f"   {label:18} {o:7} {s:7} {b:7} {precision:10.3f} {recall:7.3f}")
    precision, recall, o, s, b = score(ours["third_party"], theirs["third_party"])
    p(f"   {'third-party deps':18} {o:7} {s:7} {b:7} {precision:10.3f} {recall:7.3f}   (informational: (module, repository, target))")
    unresolved = sorted({(g.folder, m.name, u) for g in graphs for m in g.modules for u in m.unresolved})
    if unresolved:
        p(f"   declared labels naming no target of the workspace (oracle, not compared): {len(unresolved)}, e.g. "
          + ", ".join(f"{show((ws, name))} -> {u}" for ws, name, u in unresolved[:5]))
    notes = [n for g in graphs for n in g.evaluation.notes]
    if notes:
        p(f"   oracle notes: {len(notes)} (files the oracle evaluated with stubs or partially)")
        for n in notes[:10]:
            p(f"     {n}")
    for kind, render in (("modules", show), ("declared", show_edge), ("imports", show_edge)):
        missing = sorted(ours[kind] - theirs[kind])
        extra = sorted(theirs[kind] - ours[kind])
        for title, items, source in (("only in the oracle (Strata misses)", missing, ours),
                                     ("only in Strata (oracle has not)", extra, theirs)):
            if items:
                p(f"   {kind} {title}: {len(items)}")
                for item in items[:limit]:
                    origin = ""
                    if kind == "modules":
                        w = source["where"].get(item)
                        origin = f"   [{w.build_file} {w.kind} {w.name}]" if isinstance(w, Target) else f"   [{w}]"
                    p(f"     {render(item)}{origin}")
    # The same modules by target (BUILD file#name): which targets each side makes modules of,
    # and, for the targets both do, where the names differ.
    ours_t, theirs_t = ours["targets"], theirs["targets"]
    only_ours = sorted(t for t in set(ours_t) - set(theirs_t) if t.split("#")[0] not in theirs["merged"])
    only_theirs = sorted(set(theirs_t) - set(ours_t))
    renamed = sorted((t, ours_t[t], theirs_t[t][0]) for t in set(ours_t) & set(theirs_t) if ours_t[t][0] != theirs_t[t][0])
    p(f"   by target: oracle {len(ours_t)}, strata {len(theirs_t)}, oracle only {len(only_ours)}"
      f" (beyond Strata's alsoDeclaredIn merges), strata only {len(only_theirs)}, named differently {len(renamed)}")
    for t in only_ours[:limit]:
        p(f"     oracle only: {t} ({ours_t[t][1]} -> {ours_t[t][0]})")
    for t in only_theirs[:limit]:
        p(f"     strata only: {t} ({theirs_t[t][1]} -> {theirs_t[t][0]})")
    for t, (name, kind), theirs_name in renamed[:limit]:
        p(f"     named differently: {t} ({kind}): oracle {name}, strata {theirs_name}")
    result["by_target"] = {"oracle_only": only_ours, "strata_only": only_theirs, "renamed": renamed}
    kinds = {}
    for t in set(ours_t) & set(theirs_t):
        if ours["kinds_by_target"][t] != theirs["kinds_by_target"][t]:
            kinds.setdefault((ours_t[t][1], ours["kinds_by_target"][t], theirs["kinds_by_target"][t]), []).append(t)
    if kinds:
        p("   kinds that differ by target (informational): " + "; ".join(
            f"{rule} oracle {a} strata {b}: {len(ts)} (e.g. {sorted(ts)[0]})" for (rule, a, b), ts in sorted(kinds.items())))
    # The edges again, Strata's modules renamed to the oracle's names target by target: what
    # differs besides naming.
    if renamed:
        roots_of = {t: workspace_of(folder_of(t.split("#")[0]), roots) for t, _, _ in renamed}
        rename = {(roots_of[t], theirs_name): (roots_of[t], name) for t, (name, _), theirs_name in renamed}

        def aligned(edges):
            return {(rename.get(a, a), rename.get(b, b)) for a, b in edges} - {(a, a) for a, _ in edges}

        for kind in ("declared", "imports"):
            mine, other = ours[kind], {(a, b) for a, b in aligned(theirs[kind]) if a != b}
            p(f"   {kind} with Strata's names aligned to the oracle's by target: oracle only {len(mine - other)}, strata only {len(other - mine)}")
            for e in sorted(mine - other)[:limit]:
                p(f"     oracle only: {show_edge(e)}")
            for e in sorted(other - mine)[:limit]:
                p(f"     strata only: {show_edge(e)}")
    counts = [(k, len(ours["files"][k]), theirs["files"][k]) for k in sorted(ours["modules"] & theirs["modules"])
              if len(ours["files"][k]) != theirs["files"][k]]
    if counts:
        p(f"   Swift file counts that differ (informational): {len(counts)}")
        for k, o, s in counts[:limit]:
            p(f"     {show(k)}: oracle {o}, strata {s}")
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root")
    parser.add_argument("--strata", default=os.environ.get("STRATA_BIN", "/work/main/.build/release/strata"))
    parser.add_argument("--strata-json", help="an existing strata.json instead of running Strata")
    parser.add_argument("--limit", type=int, default=30)
    args = parser.parse_args(argv)
    strata = json.loads(Path(args.strata_json).read_text()) if args.strata_json else run_strata(args.root, args.strata)
    compare(args.root, strata, limit=args.limit)


if __name__ == "__main__":
    main()
