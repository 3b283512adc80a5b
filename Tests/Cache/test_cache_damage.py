"""A damaged cache is recomputed, never served.

Analyzes Samples/TheMonth with a fresh cache folder, then damages every file in that
folder (cut to half its size, as a full disk or a killed run leaves it; then one byte
flipped in the middle, as a bad disk or a hand edit leaves it) and analyzes again: the
reports are byte-identical to the first run's, and there is one note per damaged file,
naming it. STRATA_BIN names the strata executable (make test passes .build/debug/strata).
"""
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.environ.get("STRATA_BIN", str(ROOT / ".build/debug/strata"))
SAMPLE = ROOT / "Samples/TheMonth"
NOTE = re.compile(r"^note: (.+): cache entry damaged, recomputed$", re.M)


def analyze(cache, out):
    run = subprocess.run([STRATA, "analyze", str(SAMPLE), "--cache-dir", str(cache), "-o", str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run.stderr


def cache_files(cache):
    return sorted(path for path in cache.rglob("*") if path.is_file())


def reports(out):
    return {path.relative_to(out): path.read_bytes() for path in out.rglob("*") if path.is_file()}


def truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def flip(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))


def test_every_damaged_cache_file_is_noted_and_recomputed(tmp_path):
    cache = tmp_path / "cache"
    assert NOTE.findall(analyze(cache, tmp_path / "first")) == []
    expected = reports(tmp_path / "first")
    files = cache_files(cache)
    # The facts, the cached result, the record of the report and the drawings' layouts (one file).
    names = [path.name for path in files]
    assert any(name.endswith(".bin") for name in names), names
    assert any(name.endswith("-result.json") for name in names), names
    assert any(name.endswith("-report") for name in names), names
    layouts = [path for path in files if path.name.endswith("-layouts")]
    assert len(layouts) == 1 and layouts[0].read_bytes().count(b"</svg>") > 5, names
    # A warm run serves everything from the cache, and says nothing about it; into the first
    # run's folder it writes nothing.
    assert NOTE.findall(analyze(cache, tmp_path / "warm")) == []
    assert reports(tmp_path / "warm") == expected
    stamp = (tmp_path / "first" / "index.html").stat().st_mtime_ns
    assert NOTE.findall(analyze(cache, tmp_path / "first")) == []
    assert (tmp_path / "first" / "index.html").stat().st_mtime_ns == stamp

    for damage in (truncate, flip):
        for path in files:
            damage(path)
        out = tmp_path / damage.__name__
        noted = NOTE.findall(analyze(cache, out))
        assert sorted(noted) == sorted(str(path) for path in files), damage.__name__
        assert reports(out) == expected, damage.__name__
        # Recomputed entries were written back whole: the next run has nothing to say.
        assert NOTE.findall(analyze(cache, tmp_path / (damage.__name__ + "-again"))) == []
        assert cache_files(cache) == files
        assert not [path for path in cache.rglob("*.tmp")]


def diff(repo, cache, out):
    run = subprocess.run([STRATA, "diff", "HEAD~1", "HEAD", "--repo", str(repo), "--cache-dir", str(cache), "-o", str(out),
                          "--format", "md,json,html"], capture_output=True, text=True, timeout=600)
    assert run.returncode in (0, 1), run.stderr
    return run.stderr


def diff_reports(out):
    return {name: (out / name).read_bytes() for name in ("diff.html", "strata-diff.json", "index.html", "strata.json")}


def test_diff_keeps_its_layouts_and_recomputes_a_damaged_file(tmp_path):
    """`strata diff` caches the layouts of HEAD's report and of the diff graph in one file of its
    own: a warm run draws nothing (the file is not rewritten), a damaged file is one note."""
    repo = tmp_path / "repo"
    subprocess.run([str(ROOT / "Tests/Browser/make-diff-repo"), str(repo)], check=True)
    cache = tmp_path / "cache"
    assert NOTE.findall(diff(repo, cache, tmp_path / "first")) == []
    expected = diff_reports(tmp_path / "first")
    layouts = [path for path in cache_files(cache) if path.name.endswith("-diff-layouts")]
    assert len(layouts) == 1, cache_files(cache)
    # HEAD's drawings and the diff graph.
    assert layouts[0].read_bytes().count(b"</svg>") > 5
    # The diff graph: its nodes and edges marked by what changed.
    assert re.search(rb'class="(node|edge) (added|removed|changed)', layouts[0].read_bytes())
    written = layouts[0].stat().st_mtime_ns
    assert NOTE.findall(diff(repo, cache, tmp_path / "warm")) == []
    assert diff_reports(tmp_path / "warm") == expected
    assert layouts[0].stat().st_mtime_ns == written
    # Both revisions' results and the record of HEAD's report are kept: the same revisions
    # into the same folder read both results back and leave HEAD's report as it is.
    names = [path.name for path in cache_files(cache)]
    for suffix in ("-diff-base-result.json", "-diff-head-result.json", "-diff-head-report"):
        assert any(name.endswith(suffix) for name in names), names
    stamp = (tmp_path / "warm" / "index.html").stat().st_mtime_ns
    assert NOTE.findall(diff(repo, cache, tmp_path / "warm")) == []
    assert (tmp_path / "warm" / "index.html").stat().st_mtime_ns == stamp
    assert diff_reports(tmp_path / "warm") == expected

    flip(layouts[0])
    assert NOTE.findall(diff(repo, cache, tmp_path / "damaged")) == [str(layouts[0])]
    assert diff_reports(tmp_path / "damaged") == expected
    assert NOTE.findall(diff(repo, cache, tmp_path / "again")) == []
