"""The report's data scripts (data/*.js) as a reader outside the browser gets them: each line is
`strataModule(N, "…")`, `strataGroups("kind", "…")` or `strataFindings(N, "…")` with its value's
JSON deflated in the zlib
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
DATA_CALL = re.compile(r'^(strataGroups|strataModule|strataFindings)\(("[a-z]+"|\d+), "([A-Za-z0-9+/=]*)"\);$')


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
    """Every value the data scripts hold, by (callback, key): (the file, the value, its size in the
    file and its JSON's). A file is one line per value."""
    found = {}
    for path in sorted((report / "data").glob("*.js")):
        text = path.read_text(encoding="ascii")
        assert text.endswith(");\n"), f"{path.name}: not a data script: {text[-80:]!r}"
        for line in text[:-1].split("\n"):
            match = DATA_CALL.match(line)
            assert match, f"{path.name}: not a data script: {line[:80]!r}"
            deflated = base64.b64decode(match.group(3), validate=True)
            assert deflated[:2] == b"\x78\x9c", path.name
            inflated = zlib.decompress(deflated)  # checks the Adler-32 too
            key = (match.group(1), json.loads(match.group(2)))
            assert key not in found, f"{path.name}: {key} again"
            found[key] = (path.name, json.loads(inflated), len(line) + 1, len(inflated))
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
        # `modulesPerScript` modules in a row share a file, the first in modules-0.js.
        per = index["modulesPerScript"]
        assert per >= 1
        assert sorted(key for callback, key in found if callback == "strataModule") == list(range(len(names)))
        assert {file for (callback, _), (file, *_) in found.items() if callback == "strataModule"} == {
            f"modules-{n}.js" for n in range((len(names) + per - 1) // per)}
        access = {entry["module"]: entry for entry in result["accessControl"]["modules"]}
        for position, module in enumerate(production):
            file, value, _, _ = found[("strataModule", position)]
            name = module["name"]
            assert file == f"modules-{position // per}.js", name
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
        assert any(value["imports"] for (callback, _), (_, value, _, _) in found.items() if callback == "strataModule")


def test_each_grouping_script_holds_one_drawing_per_group(reports):
    report = reports[1]
    index = strata_result.page_elements((report / "index.html").read_text(encoding="utf-8"))["strata-page"]
    found = scripts(report)
    kinds = [grouping["kind"] for grouping in index["groupings"]]
    assert sorted(kinds) == ["layers", "packages"]
    for grouping in index["groupings"]:
        file, value, _, _ = found[("strataGroups", grouping["kind"])]
        assert file == grouping["kind"] + ".js"
        assert drawing(value["overview"])
        assert len(value["opened"]) == len(grouping["groups"])
        assert all(drawing(opened) for opened in value["opened"])


def test_the_scripts_are_several_times_smaller_than_their_json(reports):
    for report in reports:
        found = scripts(report)
        written, inflated = sum(s[2] for s in found.values()), sum(s[3] for s in found.values())
        assert written * 3 < inflated, (report.name, written, inflated)
