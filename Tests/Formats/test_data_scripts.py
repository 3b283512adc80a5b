"""The report's data scripts (data/*.js) as a reader outside the browser gets them: each is
`strataModule(N, "…")` or `strataGroups("kind", "…")` with its value's JSON deflated in the zlib
format and in base64, which Python's zlib (the library browsers inflate with) reads back to
what the page needs: a module's imports, edges, dependents, findings and access candidates as
strata.json has them, a grouping's drawings one per group.

On Samples/TheMonth and a generated 60-module monorepo (Tests/Support/make-monorepo; layers and
packages, so data/layers.js and data/packages.js). STRATA_BIN names the strata executable
(make test passes .build/debug/strata).
"""
import base64
import json
import os
import re
import subprocess
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import sys
sys.path.insert(0, str(ROOT / "Tests/Support"))
import strata_result  # noqa: E402
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))
DATA_SCRIPT = re.compile(r'^(strataGroups|strataModule|strataFindings)\(("[a-z]+"|\d+), "([A-Za-z0-9+/=]*)"\);\n$')


def drawing(text):
    return "<svg" in text and text.rstrip().endswith("</svg>")


def analyze(repository, output):
    run = subprocess.run([STRATA, "analyze", str(repository), "-o", str(output), "--format", "html,json", "--no-cache", "--quiet"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return output


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("data-scripts")
    subprocess.run([str(ROOT / "Tests/Support/make-monorepo"), str(folder / "monorepo"), "--modules", "60", "--files", "300",
                    "--packages", "4"], check=True, capture_output=True)
    return [analyze(ROOT / "Samples/TheMonth", folder / "sample"), analyze(folder / "monorepo", folder / "monorepo-report")]


def scripts(report):
    """Every data script by file name: (callback, key, value, its size and its JSON's)."""
    found = {}
    for path in sorted((report / "data").glob("*.js")):
        text = path.read_text(encoding="ascii")
        match = DATA_SCRIPT.match(text)
        assert match, f"{path.name}: not a data script: {text[:80]!r}"
        deflated = base64.b64decode(match.group(3), validate=True)
        assert deflated[:2] == b"\x78\x9c", path.name
        inflated = zlib.decompress(deflated)  # checks the Adler-32 too
        found[path.name] = (match.group(1), json.loads(match.group(2)), json.loads(inflated), len(text), len(inflated))
    return found


def test_each_module_script_holds_the_modules_facts_from_strata_json(reports):
    for report in reports:
        result = strata_result.load(report / "strata.json")
        index = strata_result.page_elements((report / "index.html").read_text(encoding="utf-8"))["strata-page"]
        found = scripts(report)
        names = index["modules"]
        # Module indices are positions among strata.json's production modules.
        production = [m for m in result["modules"] if m["kind"] != "test"]
        assert [m["name"] for m in production] == names
        assert sorted(n for n in found if n.startswith("module-")) == sorted(f"module-{i}.js" for i in range(len(names)))
        access = {entry["module"]: entry for entry in result["accessControl"]["modules"]}
        for position, module in enumerate(production):
            callback, key, value, _, _ = found[f"module-{position}.js"]
            name = module["name"]
            assert (callback, key) == ("strataModule", position)
            assert value["imports"] == module["imports"], name
            assert value.get("inactiveImports") == module.get("inactiveImports"), name
            # The page's graph is of production modules: edges of test modules are not on it.
            outgoing = [{k: v for k, v in e.items() if k != "from"} for e in result["edges"] if e["from"] == name and e["to"] in names]
            assert sorted(value["edges"], key=lambda e: e["to"]) == sorted(outgoing, key=lambda e: e["to"]), name
            incoming = [(e["from"], e["declared"], e["imported"], e["evidence"]) for e in result["edges"] if e["to"] == name and e["from"] in names]
            assert sorted((e["to"], e["declared"], e["imported"], e["evidence"]) for e in value["dependents"]) == sorted(incoming), name
            assert value["findings"] == [f for f in result["findings"] if f["module"] == name], name
            assert value.get("access") == access.get(name), name
            assert all(g is None or drawing(g) for g in value["graphs"]), name
        assert any(value["imports"] for _, _, value, _, _ in found.values() if isinstance(value, dict) and "imports" in value)


def test_each_grouping_script_holds_one_drawing_per_group(reports):
    report = reports[1]
    index = strata_result.page_elements((report / "index.html").read_text(encoding="utf-8"))["strata-page"]
    found = scripts(report)
    kinds = [grouping["kind"] for grouping in index["groupings"]]
    assert sorted(kinds) == ["layers", "packages"]
    for grouping in index["groupings"]:
        callback, key, value, _, _ = found[grouping["kind"] + ".js"]
        assert (callback, key) == ("strataGroups", grouping["kind"])
        assert drawing(value["overview"])
        assert len(value["opened"]) == len(grouping["groups"])
        assert all(drawing(opened) for opened in value["opened"])


def test_the_scripts_are_several_times_smaller_than_their_json(reports):
    for report in reports:
        found = scripts(report)
        written, inflated = sum(s[3] for s in found.values()), sum(s[4] for s in found.values())
        assert written * 3 < inflated, (report.name, written, inflated)
