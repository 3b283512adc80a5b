"""The same input gives the same bytes in every process.

Swift seeds its hashing anew in each process, so a dictionary's or a set's order differs from
run to run: output that depends on one differs between two runs of the same analysis. Each
input is analyzed in several processes and every output compared byte for byte. The inputs are
the samples and the DI fixtures, whose folders hold several repositories with the same type
names (two containers called `Container`, a member declared twice), where an order shows.
STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.path.abspath(os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata")))
RUNS = 5
INPUTS = sorted(
    [p for p in (ROOT / "Samples").iterdir() if p.is_dir()]
    + [p for p in (ROOT / "Tests/Fixtures/Injection").iterdir() if p.is_dir()]
    + [p for p in (ROOT / "Tests/Fixtures/InjectionApps").iterdir() if p.is_dir()])


def outputs(folder, out):
    run = subprocess.run([STRATA, "analyze", str(folder), "-o", str(out), "--format", "json,sarif,md", "--no-cache", "-q"],
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return {path.name: path.read_bytes() for path in sorted(out.iterdir()) if path.is_file()}


@pytest.mark.parametrize("folder", INPUTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_process_writes_the_same_bytes(folder, tmp_path):
    first = outputs(folder, tmp_path / "run-0")
    assert set(first) == {"strata.json", "strata.sarif", "summary.md"}
    for attempt in range(1, RUNS):
        again = outputs(folder, tmp_path / f"run-{attempt}")
        differing = sorted(name for name in first if again.get(name) != first[name])
        assert not differing, f"run {attempt} wrote other bytes than run 0 in {differing}"
