"""`strata analyze --format graphml` as Gephi, yEd and networkx read it.

networkx (PyPI) reads graph.graphml, which fails on anything but well-formed GraphML with its
keys declared; the graph must have one node per module of strata.json (its name as `label`, kind,
layer and metrics as data) and one edge per module edge (its kind). On Samples/TheMonth, and on a
package whose target names hold markup, quotes, ampersands and characters XML 1.0 forbids.
STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import json
import os
import re
import subprocess
from pathlib import Path

import networkx  # scripts/setup --test installs it: a missing reader fails, never skips
import pytest

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))

# Control characters, a noncharacter, markup and quotes in target names (Swift escapes, so the
# manifest itself stays printable).
MANIFEST = r'''// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "Hostile", targets: [
    .target(name: "App", dependencies: ["A&B <C> \"q\" 'a'"], path: "M0"),
    .target(name: "A&B <C> \"q\" 'a'", dependencies: ["ctl\u{1}esc\u{1B}bs\u{8}"], path: "M1"),
    .target(name: "ctl\u{1}esc\u{1B}bs\u{8}", dependencies: ["non\u{FFFF}char\u{FFFE}"], path: "M2"),
    .target(name: "non\u{FFFF}char\u{FFFE}", dependencies: ["tab\tcr\rend]]>"], path: "M3"),
    .target(name: "tab\tcr\rend]]>", dependencies: [], path: "M4"),
    .testTarget(name: "AppTests", dependencies: ["App"], path: "T0"),
])
'''


def analyze(folder, output):
    run = subprocess.run([STRATA, "analyze", str(folder), "-o", str(output), "--format", "json,graphml", "--no-cache", "--quiet"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    result = json.loads((output / "strata.json").read_text(encoding="utf-8"))
    return result, output / "graph.graphml"


def xml_text(name):
    """A name as XML 1.0 can hold it: forbidden characters replaced by U+FFFD."""
    return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "\ufffd", name)


def check(result, path):
    graph = networkx.read_graphml(path)
    assert graph.is_directed()
    modules, edges = result["modules"], result["edges"]
    assert graph.number_of_nodes() == len(modules)
    assert graph.number_of_edges() == len(edges)
    by_name = {data["label"]: node for node, data in graph.nodes(data=True)}
    layers = {module: layer["name"] for layer in (result.get("layering") or {}).get("layers", []) for module in layer["modules"]}
    for module in modules:
        data = graph.nodes[by_name[xml_text(module["name"])]]
        assert data["kind"] == module["kind"]
        assert data.get("layer") == layers.get(module["name"])
        assert data["lines"] == module["lines"]
        if module.get("metrics"):
            assert data["ca"] == module["metrics"]["ca"] and data["ce"] == module["metrics"]["ce"]
            assert data["distance"] == pytest.approx(module["metrics"]["distance"])
    for edge in edges:
        source, target = by_name[xml_text(edge["from"])], by_name[xml_text(edge["to"])]
        data = graph.get_edge_data(source, target)
        data = data[0] if graph.is_multigraph() else data
        expected = ("import" if edge["declared"] else "implicit") if edge["imported"] else "unused"
        assert data["kind"] == expected
        assert data["declared"] == edge["declared"] and data["imported"] == edge["imported"]
    return graph


def test_the_month_is_one_node_per_module_and_one_edge_per_edge(tmp_path):
    result, path = analyze(ROOT / "Samples/TheMonth", tmp_path / "out")
    graph = check(result, path)
    assert graph.number_of_edges() > 10
    assert any("layer" in data for _, data in graph.nodes(data=True))


def test_hostile_names_are_escaped_and_forbidden_characters_replaced(tmp_path):
    repo = tmp_path / "repo"
    for folder in ["M0", "M1", "M2", "M3", "M4", "T0"]:
        (repo / folder).mkdir(parents=True)
        (repo / folder / "File.swift").write_text("public struct S {}\n", encoding="utf-8")
    (repo / "Package.swift").write_text(MANIFEST, encoding="utf-8")
    result, path = analyze(repo, tmp_path / "out")
    names = {module["name"] for module in result["modules"]}
    assert "A&B <C> \"q\" 'a'" in names and "ctl\x01esc\x1bbs\x08" in names and "tab\tcr\rend]]>" in names
    graph = check(result, path)
    assert graph.number_of_nodes() == 6 and graph.number_of_edges() == 5
    text = path.read_bytes()
    assert b"\x01" not in text and b"\x1b" not in text and "\uffff".encode() not in text
    node_names = {data["label"] for _, data in graph.nodes(data=True)}
    assert "ctl\ufffdesc\ufffdbs\ufffd" in node_names and "tab\tcr\rend]]>" in node_names
