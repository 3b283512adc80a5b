"""`strata graph --format mermaid` as GitHub draws it.

Each diagram is rendered with mermaidx (Mermaid itself, without a browser), which raises on
a parse error; every node's label, as drawn, must be the module's name (from `strata graph
--format json` with the same options). On Samples/TheMonth, and on a package whose target
names hold quotes, `<script>`, backslashes, a line break, Markdown and Mermaid syntax.
STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import html
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

mermaidx = pytest.importorskip("mermaidx")

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))

HOSTILE = ['Core"{}->;', "<script>alert(1)", "back\\slash\\", "line\nbreak",
           "@everyone [x](http://e) *b* `c` | end", "%%{init: {'theme':'dark'}}%% click"]

# Raw string literals, so the names are written as they are (and a multi-line one for the line break).
MANIFEST = '''// swift-tools-version:5.9
import PackageDescription
let newline = """
    line
    break
    """
let package = Package(name: "Hostile", targets: [
    .target(name: "App", dependencies: [#"Core"{}->;"#], path: "M0"),
    .target(name: #"Core"{}->;"#, dependencies: ["<script>alert(1)"], path: "M1"),
    .target(name: "<script>alert(1)", dependencies: [#"back\\slash\\"#], path: "M2"),
    .target(name: #"back\\slash\\"#, dependencies: [.target(name: newline)], path: "M3"),
    .target(name: newline, dependencies: [#"back\\slash\\"#], path: "M4"),
    .target(name: "@everyone [x](http://e) *b* `c` | end", dependencies: [#"Core"{}->;"#], path: "M5"),
    .target(name: "%%{init: {'theme':'dark'}}%% click", dependencies: ["App"], path: "M6"),
])
'''


def import_name(target):
    """The module name SwiftPM derives from a target name."""
    return "".join(c if c.isascii() and (c.isalpha() or c == "_" or (c.isdigit() and i > 0)) else "_"
                   for i, c in enumerate(target))


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "Package.swift").write_text(MANIFEST, encoding="utf-8")
    imported = [HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[3], HOSTILE[2], HOSTILE[0], "App"]
    for index, name in enumerate(imported):
        (folder / f"M{index}").mkdir()
        (folder / f"M{index}" / "File.swift").write_text(f"import {import_name(name)}\n", encoding="utf-8")
    return folder


def strata_graph(folder, *options, format):
    run = subprocess.run([STRATA, "graph", str(folder), "--no-cache", "--format", format, *options],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout


def drawn_labels(svg):
    """The text of every node label in Mermaid's SVG."""
    labels = re.findall(r'<g class="node[^"]*"[^>]*>.*?<span class="nodeLabel"[^>]*>(.*?)</span>', svg, re.S)
    return [html.unescape(re.sub(r"</?p>|<br\s*/?>", "", label)) for label in labels]


def check(folder, *options):
    text = strata_graph(folder, *options, format="mermaid")
    svg = mermaidx.render(text).svg()  # raises on a parse error
    names = [node["name"] for node in json.loads(strata_graph(folder, *options, format="json"))["nodes"]]
    assert sorted(drawn_labels(svg)) == sorted(names)
    edges = json.loads(strata_graph(folder, *options, format="json"))["edges"]
    assert len(re.findall(r"^  m\d+ --> m\d+$", text, re.M)) == len(edges)
    return svg


@pytest.mark.parametrize("options", [
    (), ("--focus", "Home"), ("--collapse", "layers"), ("--focus", "Home", "--collapse", "layers"),
    ("--reaches", "LocalDataCore"), ("--focus", "Repositories", "--reaches", "LocalDataCore"),
    ("--collapse", "packages", "--focus", "Setting"),
])
def test_sample_views_render_with_every_module_named(options):
    check(ROOT / "Samples/TheMonth", *options)


def test_hostile_names_render_as_text(hostile):
    svg = check(hostile)
    labels = drawn_labels(svg)
    for name in HOSTILE:
        assert name in labels
    assert "<script" not in svg
    # The init directive stayed a label: nodes keep the default theme's fill, not the dark one's.
    assert "fill:#ECECFF" in svg.split("</style>")[0]
