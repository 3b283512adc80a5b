"""`strata check --format sarif` as GitHub code scanning reads it.

Validates the log with sarif-pydantic (the SARIF 2.1.0 object model), and checks that a
finding's partialFingerprints survive lines inserted above it. STRATA_BIN names the
strata executable (make test passes .build/debug/strata).
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))


def sarif(folder):
    run = subprocess.run([STRATA, "check", str(folder), "--format", "sarif", "--no-cache"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stderr  # Petpion has error findings
    return json.loads(run.stdout)


@pytest.fixture
def petpion(tmp_path):
    folder = tmp_path / "Petpion"
    shutil.copytree(ROOT / "Samples/Petpion", folder)
    return folder


def test_the_log_is_valid_sarif_with_every_rule(petpion):
    sarif_pydantic = pytest.importorskip("sarif_pydantic")
    log = sarif(petpion)
    model = sarif_pydantic.Sarif.model_validate(log)
    assert model.version == "2.1.0"
    run = log["runs"][0]
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert "layer-violation" in ids and "unregistered-service" in ids and len(ids) == len(set(ids))
    for rule in run["tool"]["driver"]["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"] and rule["help"]["text"]
    assert run["results"], "Petpion has findings"
    for result in run["results"]:
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert not location["artifactLocation"]["uri"].startswith("/")
        assert (petpion / location["artifactLocation"]["uri"]).exists()
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["partialFingerprints"]["strataFingerprint/v1"].startswith(result["ruleId"] + "|")


def test_fingerprints_survive_lines_inserted_above_findings(petpion):
    before = sarif(petpion)["runs"][0]["results"]
    files = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in before}
    for uri in files:
        path = petpion / uri
        if path.suffix == ".swift":
            path.write_text("\n\n\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    after = sarif(petpion)["runs"][0]["results"]
    lines = lambda results: sorted(r["locations"][0]["physicalLocation"].get("region", {}).get("startLine", 0) for r in results)
    assert lines(before) != lines(after), "the test must move lines"
    fingerprints = lambda results: sorted(r["partialFingerprints"]["strataFingerprint/v1"] for r in results)
    assert fingerprints(before) == fingerprints(after)


def test_an_inline_suppression_is_a_dismissed_result_with_its_reason(petpion):
    sarif_pydantic = pytest.importorskip("sarif_pydantic")
    before = sarif(petpion)["runs"][0]["results"]
    swift = [r for r in before if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(".swift")
             and r["level"] == "error" and "region" in r["locations"][0]["physicalLocation"]]
    assert swift, "Petpion has an error at a Swift line"
    target = swift[0]
    location = target["locations"][0]["physicalLocation"]
    path = petpion / location["artifactLocation"]["uri"]
    lines = path.read_text(encoding="utf-8").split("\n")
    line = location["region"]["startLine"]
    lines.insert(line - 1, f"// strata:ignore {target['ruleId']} kept until the <Swinject> migration")
    path.write_text("\n".join(lines), encoding="utf-8")
    run = subprocess.run([STRATA, "check", str(petpion), "--format", "sarif", "--no-cache"],
                         capture_output=True, text=True, check=False)
    log = json.loads(run.stdout)
    sarif_pydantic.Sarif.model_validate(log)
    results = log["runs"][0]["results"]
    suppressed = [r for r in results if r.get("suppressions")]
    assert [r["partialFingerprints"] for r in suppressed] == [target["partialFingerprints"]]
    assert suppressed[0]["suppressions"] == [{"kind": "inSource", "justification": "kept until the <Swinject> migration"}]
    assert len(results) == len(before)
