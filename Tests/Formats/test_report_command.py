"""`strata report RESULT`: every format written again from a saved strata.json, without the
sources, byte for byte what `strata analyze` wrote; a damaged or newer result is one line and
exit 2.

On every sample, a copy of a package of the local mirror (swift-numerics, as a CI job that only
renders would get it), and a repository of hostile module names (Tests/Support/make-hostile-names).
STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import json
import os
import subprocess
import tarfile
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import sys
sys.path.insert(0, str(ROOT / "Tests/Support"))
from strata_result import as_version_2, paths  # noqa: E402
STRATA = os.path.abspath(os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata")))
FORMATS = "html,json,dot,sarif,md,graphml,mermaid,github"
MIRROR = Path("/opt/swift-packages/apple/swift-numerics.git")


def files(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def render_again(repository, tmp_path):
    analyzed, rendered = tmp_path / "analyzed", tmp_path / "rendered"
    run = subprocess.run([STRATA, "analyze", str(repository), "-o", str(analyzed), "--format", FORMATS, "--no-cache", "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # The sources are gone: only the result is read.
    run = subprocess.run([STRATA, "report", str(analyzed / "strata.json"), "-o", str(rendered), "--format", FORMATS, "-q"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    before, after = files(analyzed), files(rendered)
    assert sorted(before) == sorted(after)
    different = [name for name in before if before[name] != after[name]]
    assert not different, different
    return before


@pytest.mark.parametrize("sample", sorted(p.name for p in (ROOT / "Samples").iterdir() if p.is_dir()))
def test_every_format_of_a_sample_is_rendered_again_byte_for_byte(sample, tmp_path):
    written = render_again(ROOT / "Samples" / sample, tmp_path)
    assert {"index.html", "strata.json", "graph.dot", "strata.sarif", "summary.md", "graph.graphml"} <= set(written)


def test_a_mirror_package_and_hostile_names_are_rendered_again(tmp_path):
    if not MIRROR.exists():
        pytest.fail(f"the local package mirror ({MIRROR}) is missing")
    archive = subprocess.run(["git", "--git-dir", str(MIRROR), "archive", "1.1.1"], capture_output=True, check=True).stdout
    package = tmp_path / "swift-numerics"
    tarfile.open(fileobj=io.BytesIO(archive)).extractall(package)
    render_again(package, tmp_path / "numerics")
    hostile = tmp_path / "hostile"
    subprocess.run([str(ROOT / "Tests/Support/make-hostile-names"), str(hostile)], check=True, capture_output=True)
    render_again(hostile, tmp_path / "names")


def report(path, tmp_path):
    return subprocess.run([STRATA, "report", str(path), "-o", str(tmp_path / "out")], capture_output=True, text=True, timeout=120)


def saved(tmp_path):
    out = tmp_path / "saved"
    subprocess.run([STRATA, "analyze", str(ROOT / "Samples/Petpion"), "-o", str(out), "--format", "json", "--no-cache", "-q"], check=True)
    return (out / "strata.json").read_bytes()


@pytest.mark.parametrize("name", ["TheMonth", "MicroFeatures"])
def test_a_version_2_result_is_rendered_as_version_3_with_every_fact(name, tmp_path):
    """A result an earlier Strata wrote (schema 2, locations as "path:line") is read, written
    as schema 3 (locations as [file, line] into `files`), and the migration docs/output.md
    gives reads every fact of the old one back out; schema 3 read again is the same bytes."""
    old = ROOT / "Tests/Fixtures/Results" / f"{name}-v2.json"
    run = subprocess.run([STRATA, "report", str(old), "-o", str(tmp_path / "v3"), "--format", "json", "-q"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    written = (tmp_path / "v3" / "strata.json").read_bytes()
    new = json.loads(written)
    assert new["schemaVersion"] == 3 and len(paths(new)) == len(set(paths(new))) > 10
    assert len(new["directories"]) == len(set(new["directories"])) <= len(new["files"]) < len(paths(new))
    assert b"\n" not in written[:-1], "written on one line"
    assert len(written) < old.stat().st_size * 0.6
    # as_version_2 asserts that every location is [file, line] or [file].
    assert as_version_2(new) == json.loads(old.read_text(encoding="utf-8"))
    run = subprocess.run([STRATA, "report", str(tmp_path / "v3" / "strata.json"), "-o", str(tmp_path / "again"), "--format", "json", "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "again" / "strata.json").read_bytes() == written


@pytest.mark.parametrize("case", ["truncated", "newer", "nested", "not-json", "wrong-type", "missing", "file-index", "string-location"])
def test_a_hostile_result_is_one_line_and_exit_2(case, tmp_path):
    path = tmp_path / "strata.json"
    if case == "truncated":
        path.write_bytes(saved(tmp_path)[:5000])
    elif case == "newer":
        result = json.loads(saved(tmp_path))
        result["schemaVersion"] = 99
        result["renamed"] = result.pop("modules")
        path.write_text(json.dumps(result))
    elif case == "nested":
        with open(path, "w") as handle:  # 100 MB of nesting
            handle.write('{"schemaVersion": 3, "directories": [], "files": [], "modules": ' + "[" * (50 << 20) + "]" * (50 << 20) + "}")
    elif case == "not-json":
        path.write_bytes(b"\x00\xffnot json at all")
    elif case == "wrong-type":
        result = json.loads(saved(tmp_path))
        result["modules"][0]["name"] = 42
        path.write_text(json.dumps(result))
    elif case in ("file-index", "string-location"):
        result = json.loads(saved(tmp_path))
        site = result["modules"][0]["imports"][0]  # a row: [module, evidence, ...]
        site[1] = [len(paths(result)), 1] if case == "file-index" else paths(result)[site[1][0]] + ":1"
        path.write_text(json.dumps(result))
    run = report(path, tmp_path)
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], run.stderr
    assert "Fatal error" not in run.stderr
    if case == "newer":
        assert "schemaVersion 99" in lines[0] and "newer" in lines[0]
    if case == "wrong-type":
        assert "modules[0].name" in lines[0]
    if case in ("file-index", "string-location"):
        assert "modules[0].imports[0][1]" in lines[0]
    assert not (tmp_path / "out" / "index.html").exists()
