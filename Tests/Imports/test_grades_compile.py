"""Import grades checked against the compiler, on fixture packages built with
MemberImportVisibility (Tests/Fixtures/Imports/Reach).

Strata grades the package; then every import of a module built with the feature is removed,
one at a time, and the package built: an import graded `unused` must build without, and one
graded `used` must not (the compiler needs it, as the grade says). A `probably-unused` import
claims neither. STRATA_BIN names the strata executable (make test passes .build/debug/strata).
Builds with swift build, a few seconds each after the first.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/Support"))
from strata_result import as_version_2  # noqa: E402
STRATA = os.path.abspath(os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata")))
FIXTURES = ["Reach"]


def build(package):
    return subprocess.run(["swift", "build", "--package-path", str(package)], capture_output=True, text=True)


def grades(package, out):
    run = subprocess.run([STRATA, "analyze", str(package), "-o", str(out), "--format", "json", "--no-cache", "-q"],
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    result = as_version_2(json.loads((out / "strata.json").read_text()))
    graded = {g["evidence"]: g["grade"] for g in result["imports"]["imports"]}
    strict = [m for m in result["modules"] if "MemberImportVisibility" in (m.get("features") or [])]
    assert strict, "no module of the fixture is built with MemberImportVisibility"
    sites = [(site["evidence"], site["module"]) for m in strict for site in m["imports"]]
    return [(evidence, module, graded.get(evidence, "used")) for evidence, module in sites]


@pytest.mark.parametrize("fixture", FIXTURES)
def test_every_grade_is_what_the_compiler_says(fixture, tmp_path):
    package = tmp_path / fixture
    shutil.copytree(ROOT / "Tests/Fixtures/Imports" / fixture, package)
    sites = grades(package, tmp_path / "out")
    first = build(package)
    assert first.returncode == 0, first.stdout + first.stderr
    wrong = []
    for evidence, module, grade in sites:
        if grade == "probably-unused":
            continue
        file, line = evidence.rsplit(":", 1)
        path = package / file
        original = path.read_text()
        lines = original.split("\n")
        assert lines[int(line) - 1].strip().endswith("import " + module), (evidence, lines[int(line) - 1])
        lines[int(line) - 1] = "// " + lines[int(line) - 1]
        path.write_text("\n".join(lines))
        builds = build(package).returncode == 0
        path.write_text(original)
        if builds != (grade == "unused"):
            wrong.append(f"{evidence} import {module}: graded {grade}, but the package {'builds' if builds else 'does not build'} without it")
    assert not wrong, "\n".join(wrong)
    assert any(grade == "unused" for *_, grade in sites) and any(grade == "used" for *_, grade in sites)
