"""Runs `strata analyze` on every case of the hostile corpus (Tests/Hostile/make-corpus) and
checks what a user would: the exit code, one message naming the file and the problem, the good
module still in the report, and the run bounded in time and memory.

    STRATA_BIN=.build/debug/strata STRATA_CORPUS=.build/hostile python3 -m pytest -q Tests/Hostile
"""
import json
import os
import resource
import shutil
import struct
import subprocess
import time
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests/Support"))
import strata_result  # noqa: E402  (strata.json read as schema 2 spelled it)

BIN = os.path.abspath(os.environ.get("STRATA_BIN", ".build/debug/strata"))
CORPUS = os.path.abspath(os.environ.get("STRATA_CORPUS", ".build/hostile"))
MEMORY = 2 << 30  # bytes of address space... see limit()

with open(os.path.join(CORPUS, "cases.json")) as handle:
    CASES = json.load(handle)


def limit():
    # Peak memory is bounded by the kernel, not measured after the fact: a run that would
    # read /dev/zero into memory fails here instead of taking the machine down.
    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY, MEMORY))


def run(name, case, tmp_path, cache=None):
    root = os.path.join(CORPUS, name)
    output = os.path.join(root, case["output"]) if case["output"] else str(tmp_path / "report")
    path = os.path.join(root, case["path"]) if case["path"] else root
    command = [BIN, "analyze", path, "-o", output, "--format", "json"] + case["args"]
    command += ["--cache-dir", cache] if cache else ["--no-cache"]
    start = time.monotonic()
    completed = subprocess.run(
        command, capture_output=True, text=True, timeout=case["seconds"], preexec_fn=limit,
        env={**os.environ, "CI": "true"})
    return completed, time.monotonic() - start, output


def corrupt(cache, how):
    (file,) = [os.path.join(cache, f) for f in os.listdir(cache) if f.startswith("facts-") and f.endswith(".bin")]
    with open(file, "rb") as handle:
        data = bytearray(handle.read())
    header = 8 + 4 + 8 + 8 + 4  # magic, format, identity, header checksum, entry count
    if how == "corrupt":
        data[header - 4:header] = struct.pack("<I", 0xFFFFFFFF)  # the entry count
        data[header + 16:header + 20] = struct.pack("<I", 0x7FFFFFFF)  # the first entry's length
    else:
        del data[len(data) // 2:]
    with open(file, "wb") as handle:
        handle.write(data)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name, tmp_path):
    case = CASES[name]
    cache = None
    if case["cache"]:
        cache = str(tmp_path / "cache")
        first, _, _ = run(name, case, tmp_path, cache)
        assert first.returncode == 0, first.stderr
        corrupt(cache, case["cache"])
    completed, seconds, output = run(name, case, tmp_path, cache)
    assert completed.returncode == case["exit"], completed.stderr
    assert "Fatal error" not in completed.stderr and "Error Domain=" not in completed.stderr
    assert seconds < case["seconds"]
    lines = completed.stderr.splitlines()
    if case["expect"]:
        place, text = case["expect"]
        matching = [line for line in lines if place in line and text in line]
        assert len(matching) == 1, completed.stderr
    # Every message is one line, and no warning is printed twice.
    assert len(lines) == len(set(lines)), completed.stderr
    if case["good"]:
        report = strata_result.load(os.path.join(output, "strata.json"))
        good = [module for module in report["modules"] if module["name"] == "Good"]
        assert good and good[0]["files"] == 1 and any(i["module"] == "Foundation" for i in good[0]["imports"])
    if case["cache"]:
        # The damaged cache was dropped and the facts computed again: Bad still imports Good.
        bad = [module for module in report["modules"] if module["name"] == "Bad"]
        assert bad and any(i["module"] == "Good" for i in bad[0]["imports"])


def test_a_chain_of_5000_modules_stays_linear(tmp_path):
    """Every output stays linear in the repository: a chain of 5,000 targets (each importing
    the one before) gives an index.html under 20 MB within 1 GB of memory, and `strata
    affected` an answer under 20 MB."""
    count = 5000
    repo = tmp_path / "chain"
    targets = []
    for i in range(count):
        (repo / "Sources" / f"M{i}").mkdir(parents=True)
        (repo / "Sources" / f"M{i}" / f"M{i}.swift").write_text((f"import M{i - 1}\n" if i else "") + f"public struct T{i} {{}}\n")
        targets.append(f'.target(name: "M{i}"' + (f', dependencies: ["M{i - 1}"]' if i else "") + ")")
    (repo / "Package.swift").write_text(
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Chain\", targets: [\n"
        + ",\n".join(targets) + "\n])\n")
    output = tmp_path / "report"

    def one_gigabyte():
        resource.setrlimit(resource.RLIMIT_DATA, (1 << 30, 1 << 30))

    completed = subprocess.run(
        [BIN, "analyze", str(repo), "-o", str(output), "--format", "html,json", "--no-cache", "--quiet"],
        capture_output=True, text=True, timeout=300, preexec_fn=one_gigabyte, env={**os.environ, "CI": "true"})
    assert completed.returncode == 0, completed.stderr
    assert (output / "index.html").stat().st_size < 20 << 20
    report = json.loads((output / "strata.json").read_text())
    assert report["summary"]["modules"] == count
    radius = {r["module"]: r["count"] for r in report["linkage"]["blastRadius"]}
    assert radius["M0"] == count - 1 and radius[f"M{count - 1}"] == 0
    assert report["buildShape"]["widths"] == [1] * count and len(report["buildShape"]["criticalPath"]) == count
    # A change at the bottom affects all 5,000, each with a chain that keeps its ends: the
    # answer stays linear too.
    completed = subprocess.run(
        [BIN, "affected", "--changed-files", "-", "--repo", str(repo), "--format", "json", "--no-cache", "--quiet"],
        input="Sources/M0/M0.swift\n", capture_output=True, text=True, timeout=300, preexec_fn=one_gigabyte,
        env={**os.environ, "CI": "true"})
    assert completed.returncode == 0, completed.stderr
    assert len(completed.stdout) < 20 << 20
    affected = json.loads(completed.stdout)
    assert affected["counts"]["modules"] == count
    top = [m for m in affected["modules"] if m["name"] == f"M{count - 1}"][0]
    assert len(top["chain"]) == 64 and top["chain"][0] == f"M{count - 1}" and top["chain"][-1] == "M0"


def test_what_a_user_may_not_read_is_named_and_the_rest_analyzed(tmp_path):
    """Run as an unprivileged user (root reads everything): a folder and a file Strata may not
    read, and an output folder it may not create, each get one message with the reason."""
    if os.geteuid() != 0 or not shutil.which("runuser"):
        pytest.skip("needs root to switch to the nobody user")
    # pytest's own temporary folders are private to root: this one is reachable by nobody.
    import tempfile
    from pathlib import Path
    tmp_path = Path(tempfile.mkdtemp(prefix="strata-permissions-", dir="/tmp"))
    tmp_path.chmod(0o755)
    try:
        check_permissions(tmp_path)
    finally:
        shutil.rmtree(tmp_path)  # root may remove what nobody may not read


def check_permissions(tmp_path):
    repo = tmp_path / "repo"
    for name in ("Good", "Locked", "Hidden"):
        (repo / "Sources" / name).mkdir(parents=True)
        (repo / "Sources" / name / f"{name}.swift").write_text(f"public struct {name} {{}}\n")
    (repo / "Sources" / "Hidden" / "Hidden.swift").chmod(0)
    (repo / "Sources" / "Locked").chmod(0)
    for folder in (tmp_path, repo, repo / "Sources"):
        folder.chmod(0o755)
    readonly = tmp_path / "readonly"
    readonly.mkdir(mode=0o555)
    readonly.chmod(0o555)
    os.chmod(BIN, os.stat(BIN).st_mode | 0o005)

    def analyze(output):
        return subprocess.run(
            ["runuser", "-u", "nobody", "--", BIN, "analyze", str(repo), "-o", str(output), "--format", "json", "--no-cache"],
            capture_output=True, text=True, timeout=120, env={**os.environ, "CI": "true"})

    output = tmp_path / "out"
    output.mkdir(mode=0o777)
    output.chmod(0o777)
    completed = analyze(output)
    assert completed.returncode == 0, completed.stderr
    lines = completed.stderr.splitlines()
    assert any(line.endswith("Sources/Locked: warning: folder not read: Permission denied") for line in lines), lines
    assert any(line.endswith("Sources/Hidden/Hidden.swift: warning: cannot be read: Permission denied") for line in lines), lines
    report = json.loads((output / "strata.json").read_text())
    assert [m["files"] for m in report["modules"] if m["name"] == "Good"] == [1]

    completed = analyze(readonly / "report")
    assert completed.returncode == 2
    assert completed.stderr.strip() == f"error: {readonly / 'report'}: cannot create the output folder: Permission denied"

    # A repository behind a folder the user may not enter: the reason, not "no such directory".
    private = tmp_path / "private"
    (private / "repo").mkdir(parents=True)
    private.chmod(0o700)
    completed = subprocess.run(
        ["runuser", "-u", "nobody", "--", BIN, "analyze", str(private / "repo"), "-o", str(output), "--no-cache"],
        capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2
    assert completed.stderr.strip() == f"error: {private / 'repo'}: cannot be read: Permission denied"
