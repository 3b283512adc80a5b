"""Strata's Bazel reader checked against bazel_modules.py, an independent reading of the same
workspaces (starlark-rust's rule calls and Bazel's and the rule sets' documented semantics).

For Tests/Fixtures/BazelShop and every workspace under Tests/Fixtures/Bazel, `strata analyze
--format json` must report exactly the modules (by import name), declared dependency edges and
import edges the oracle computes. STRATA_BIN names the binary (the repository's
.build/debug/strata by default); a missing binary is a failure, never a skip. A workspace on
which Strata is wrong by Bazel's semantics is marked xfail (strict) in STRATA_BUGS, naming the
bug, rather than the oracle being bent to agree.

The tests of the oracle itself (module names, Swift imports, labels, workspace boundaries) need
no Strata.
"""

import io
import os
from pathlib import Path

import pytest

from bazel_modules import compare, derive_swift_module_name, evaluate, oracle_sets, run_strata, strip_swift, swift_imports

REPOSITORY = Path(__file__).resolve().parents[2]
WORKSPACES = [REPOSITORY / "Tests" / "Fixtures" / "BazelShop"] + sorted(
    p for p in (REPOSITORY / "Tests" / "Fixtures" / "Bazel").iterdir() if p.is_dir())

# Workspace folder name -> the Strata bug that makes it disagree with Bazel's semantics.
STRATA_BUGS = {}


@pytest.fixture(scope="session")
def strata_bin():
    binary = Path(os.environ.get("STRATA_BIN", REPOSITORY / ".build" / "debug" / "strata"))
    if not binary.is_file():
        pytest.fail(f"no Strata binary at {binary}: build it (swift build) or set STRATA_BIN")
    return str(binary)


@pytest.mark.parametrize("workspace", WORKSPACES, ids=lambda p: p.name)
def test_strata_reads_the_modules_and_edges_bazel_has(workspace, strata_bin, request):
    if workspace.name in STRATA_BUGS:
        request.applymarker(pytest.mark.xfail(reason=STRATA_BUGS[workspace.name], strict=True))
    report = io.StringIO()
    result = compare(workspace, run_strata(workspace, strata_bin), out=report)
    notes = [n for g in result["graphs"] for n in g.evaluation.notes]
    assert not notes, "the oracle could not evaluate every file as Bazel would:\n" + "\n".join(notes)
    assert result["graphs"] and any(g.modules for g in result["graphs"]) or workspace.name == "LanguageTour"
    for kind in ("modules", "declared", "imports"):
        assert result["oracle"][kind] == result["strata"][kind], f"{kind} differ\n{report.getvalue()}"


# -- The oracle itself ----------------------------------------------------------------------------

def test_module_names_derive_as_rules_swift_derives_them():
    # swift/module_name.bzl: interior runs of non-identifier characters become one underscore,
    # leading and trailing ones are dropped, package and name joined by `_`, a digit prefixed.
    assert derive_swift_module_name("", "Foo") == "Foo"
    assert derive_swift_module_name("Modules/Cart", "CartTests") == "Modules_Cart_CartTests"
    assert derive_swift_module_name("a/b-c", "d.e") == "a_b_c_d_e"
    assert derive_swift_module_name("foo", "--bar--baz..") == "foo_bar_baz"
    assert derive_swift_module_name("9lives", "x") == "_9lives_x"
    assert derive_swift_module_name("", "3d") == "_3d"


def test_swift_imports_outside_comments_and_strings(tmp_path):
    source = tmp_path / "File.swift"
    source.write_text('''
import Foundation
@testable import Cart
@_exported import Catalog.Models
@_implementationOnly import struct Payments.Card
public import Networking
@preconcurrency
internal import Legacy
#if canImport(UIKit)
import Widget
#endif
// import InComment
/* import InBlock /* nested */ import StillInBlock */
let s = "import InString"
let t = """
import InMultiline \\(value("import InInterpolation"))
"""
let r = #"import InRaw"#
let x = 1; import AfterSemicolon
func f() { let important = 1 }
''')
    assert swift_imports(source) == {"Foundation", "Cart", "Catalog", "Payments", "Networking", "Legacy",
                                     "Widget", "AfterSemicolon"}
    assert strip_swift('a // b\nc').splitlines() == ["a     ", "c"]


def write(root, files):
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def modules_of(root):
    graphs = evaluate(root)
    return {g.folder: {m.name: m for m in g.modules} for g in graphs}, graphs


def test_labels_aliases_filegroups_and_workspace_boundaries(tmp_path):
    write(tmp_path, {
        "MODULE.bazel": 'module(name = "shop", version = "1.0")\n',
        ".bazelignore": "ignored\n",
        "BUILD.bazel": '''
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
load("//bazel:defs.bzl", "app_module")
swift_library(name = "App", srcs = glob(["**/*.swift"]), deps = [
    "//lib/a", "//lib/b:b", "@//lib/c:c", "@@//lib/d", "@shop//lib/e", ":aliased", "grouped", "@other//x:y",
])
alias(name = "aliased", actual = "//lib/f")
bundle_group(name = "grouped", deps = [":hinted"])
objc_library(name = "hinted", aspect_hints = [":hint"])
swift_interop_hint(name = "hint", module_name = "Hinted")
app_module(name = "Made")
''',
        "BUILD": 'swift_library(name = "NotRead")\n',
        "App.swift": "import A\nimport Nested\nimport F\n",
        "lib/a/BUILD": 'swift_library(name = "a", module_name = "A")\n',
        "lib/b/BUILD": 'swift_library(name = "b", srcs = [":files"])\nfilegroup(name = "files", srcs = ["B.swift", ":more"])\nfilegroup(name = "more", srcs = glob(["more/*.swift"]))\n',
        "lib/b/B.swift": "import A\n",
        "lib/b/more/More.swift": "import F\n",
        "lib/c/BUILD": 'objc_library(name = "c")\n',
        "lib/d/BUILD": 'ios_framework(name = "d", deps = [":d_lib"])\nswift_library(name = "d_lib")\n',
        "lib/e/BUILD": 'apple_static_xcframework_import(name = "e", deps = ["//lib/a"])\n',
        "lib/f/BUILD": 'mixed_language_library(name = "f", module_name = "F", swift_srcs = ["F.swift"], clang_srcs = [])\n',
        "lib/f/F.swift": "import A\n",
        "bazel/BUILD": "",
        "bazel/defs.bzl": '''
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
_made = rule(implementation = None, attrs = {"deps": attr.label_list()})
def app_module(name):
    swift_library(name = name + "_lib", module_name = name)
    _made(name = name, deps = [":" + name + "_lib"])
    swift_library(name = name + "_user", deps = [n for n in native.existing_rules() if n == name])
''',
        "nested/MODULE.bazel": "",
        "nested/BUILD.bazel": 'swift_library(name = "Nested", srcs = ["N.swift"])\n',
        "nested/N.swift": "import A\n",
        "ignored/BUILD": 'swift_library(name = "Ignored")\n',
    })
    modules, graphs = modules_of(tmp_path)
    root, nested = modules[""], modules["nested"]
    assert set(root) == {"App", "A", "lib_b_b", "lib_c_c", "d", "lib_d_d_lib", "F", "Hinted", "Made", "Made_user"}
    assert not [n for g in graphs for n in g.evaluation.notes]
    assert set(nested) == {"Nested"}
    app = root["App"]
    # //lib/e is a prebuilt import (not a module) whose deps are followed; @other is third-party
    assert app.declared == {"A", "lib_b_b", "lib_c_c", "d", "F", "Hinted"}
    assert app.third_party == {"@other//x:y"}
    assert app.files == ["App.swift"]  # a glob stops at subpackages, nested workspaces, ignored folders
    assert app.imports == {"A", "F"}   # Nested is another workspace's module
    assert root["lib_b_b"].files == ["lib/b/B.swift", "lib/b/more/More.swift"]
    assert root["lib_b_b"].imports == {"A", "F"}
    assert root["F"].imports == {"A"}
    assert root["d"].declared == {"lib_d_d_lib"}
    assert root["Made_user"].declared == {"Made"}  # through the rule the macro made, to its library
    assert nested["Nested"].imports == set()


def test_a_label_into_a_nested_workspace_names_a_package_of_the_enclosing_one(tmp_path):
    # Telegram-iOS builds //third-party/boringssl:crypto, whose folder has its own WORKSPACE:
    # Bazel still reads it as a package of the enclosing workspace (bazelbuild/bazel#12298).
    write(tmp_path, {
        "MODULE.bazel": "",
        "BUILD": 'swift_library(name = "App", srcs = ["App.swift"], deps = ["//third-party/ssl:crypto", "//third-party/ssl:gone"])\n',
        "App.swift": "",
        "third-party/ssl/WORKSPACE": "",
        "third-party/ssl/BUILD": 'cc_library(name = "crypto")\n',
    })
    graphs = evaluate(tmp_path)
    declared = oracle_sets(graphs)["declared"]
    assert (("", "App"), ("third-party/ssl", "crypto")) in declared
    app = next(m for g in graphs if g.folder == "" for m in g.modules if m.name == "App")
    assert app.unresolved == {"//third-party/ssl:gone"}


def test_another_repositorys_macros_are_read_from_bazels_output_base(tmp_path, strata_bin):
    # player-ui's modules come from `ios_pipeline` of @rules_player, which Bazel fetched into
    # its output base (`external/rules_player+` since Bazel 8); the `bazel-<folder>` link of the
    # workspace leads there. Both readings evaluate the macro; a rule set they record by name
    # (rules_swift) stays a stub even when its files are there too.
    workspace = tmp_path / "ws"
    write(workspace, {
        "MODULE.bazel": 'bazel_dep(name = "rules_player")\nbazel_dep(name = "rules_swift", repo_name = "build_bazel_rules_swift")\n',
        "ios/core/BUILD.bazel": 'load("@rules_player//ios:defs.bzl", "ios_pipeline")\nios_pipeline(name = "PlayerUI", deps = [])\n',
        "ios/core/Sources/Player.swift": "",
        "ios/core/Tests/PlayerTests.swift": "import PlayerUI\n",
        "ios/swiftui/BUILD.bazel": 'load("@rules_player//ios:defs.bzl", "ios_pipeline")\nios_pipeline(name = "PlayerUISwiftUI", deps = ["//ios/core:PlayerUI"])\n',
        "ios/swiftui/Sources/View.swift": "import PlayerUI\n",
    })
    write(tmp_path / "base", {
        "external/rules_player+/ios/defs.bzl": 'load("//ios/private:utils.bzl", _ios_pipeline = "ios_pipeline")\nios_pipeline = _ios_pipeline\n',
        "external/rules_player+/ios/private/utils.bzl": (
            'load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")\n'
            'load("@rules_pkg//:mappings.bzl", "pkg_files")\n'
            "def ios_pipeline(name, deps):\n"
            '    pkg_files(name = name + "_Sources", srcs = native.glob(["Sources/**/*.swift"]))\n'
            '    swift_library(name = name, module_name = name, srcs = [":" + name + "_Sources"], deps = deps)\n'
            '    swift_library(name = name + "_UnitTestLibrary", srcs = native.glob(["Tests/**/*.swift"], allow_empty = True),\n'
            '                  deps = [":" + name] + deps, testonly = True)\n'),
        "external/rules_swift+/swift/swift.bzl": "def swift_library(**kwargs):\n    pass\n",
        "execroot/_main/.keep": "",
    })
    (workspace / "bazel-ws").symlink_to(tmp_path / "base" / "execroot" / "_main")
    report = io.StringIO()
    result = compare(workspace, run_strata(workspace, strata_bin), out=report)
    assert {name for (_, name) in result["oracle"]["modules"]} == {
        "PlayerUI", "ios_core_PlayerUI_UnitTestLibrary", "PlayerUISwiftUI", "ios_swiftui_PlayerUISwiftUI_UnitTestLibrary"}, report.getvalue()
    for kind in ("modules", "declared", "imports"):
        assert result["oracle"][kind] == result["strata"][kind], f"{kind} differ\n{report.getvalue()}"
