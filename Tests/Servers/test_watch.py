"""`strata watch` on a copy of Samples/Petpion: findings printed as they appear and disappear."""
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRATA = os.path.abspath(os.environ.get("STRATA_BIN", ROOT / ".build/debug/strata"))
FEED = "Targets/PetpionPresentation/Sources/Feed/FeedViewModel.swift"


class Watcher:
    """`strata watch` with its stdout and stderr read line by line on threads."""

    def __init__(self, sample, *options):
        self.process = subprocess.Popen(
            [STRATA, "watch", str(sample), "--cache-dir", str(sample.parent / "cache"), *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines, self.errors = queue.Queue(), queue.Queue()
        for stream, sink in [(self.process.stdout, self.lines), (self.process.stderr, self.errors)]:
            threading.Thread(target=lambda s=stream, q=sink: [q.put(line.rstrip("\n")) for line in s], daemon=True).start()

    def until(self, sink, predicate, timeout=30):
        """Lines from `sink` up to and including the first that matches."""
        seen, deadline = [], time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = sink.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line)
            if predicate(line):
                return seen
        raise AssertionError(f"no matching line in {seen}")

    def stop(self):
        self.process.kill()
        self.process.wait()


@pytest.fixture
def sample(tmp_path):
    copy = tmp_path / "Petpion"
    shutil.copytree(ROOT / "Samples/Petpion", copy)
    return copy


def test_prints_findings_as_they_appear_and_disappear(sample):
    watcher = Watcher(sample)
    try:
        first = watcher.until(watcher.lines, lambda line: " in 9 modules" in line)
        assert any("[forbidden-import]" in line for line in first)
        watcher.until(watcher.errors, lambda line: line.startswith("strata watch: watching"))
        path = sample / FEED
        original = path.read_text()
        path.write_text("import PetpionData\n" + original)
        appeared = watcher.until(watcher.lines, lambda line: " in 9 modules" in line)
        assert any(line.startswith(f"{FEED}:1: error:") and "[forbidden-dependency]" in line for line in appeared), appeared
        path.write_text(original)
        gone = watcher.until(watcher.lines, lambda line: " in 9 modules" in line)
        assert any(line.startswith("fixed: ") and "[forbidden-dependency]" in line for line in gone), gone
        # An invalid strata.yml is one message; watching goes on.
        config = sample / "strata.yml"
        good = config.read_text()
        config.write_text(good + "\ngarbage: [\n")
        watcher.until(watcher.errors, lambda line: "strata.yml" in line and "invalid YAML" in line)
        config.write_text(good)
        path.write_text("import PetpionData\n" + original)
        again = watcher.until(watcher.lines, lambda line: " in 9 modules" in line)
        assert any("[forbidden-dependency]" in line for line in again), again
    finally:
        watcher.stop()


def test_a_new_warning_about_the_input_is_printed_when_the_findings_stay(sample):
    watcher = Watcher(sample)
    try:
        watcher.until(watcher.errors, lambda line: line.startswith("strata watch: watching"))
        manifest = sample / "Project.swift"
        manifest.write_text(manifest.read_text().replace(
            "dependencies: [.package(product: \"Swinject\")]", "dependencies: [.package(product: \"Swinject\"), unknownHelper()]"))
        warning = watcher.until(watcher.errors, lambda line: "Project.swift" in line and "warning:" in line)[-1]
        assert "PetpionCore" in warning or "could not" in warning, warning
    finally:
        watcher.stop()


def test_json_is_one_object_per_change(sample):
    watcher = Watcher(sample, "--format", "json")
    try:
        watcher.until(watcher.errors, lambda line: line.startswith("strata watch: watching"))
        path = sample / FEED
        path.write_text("import PetpionData\n" + path.read_text())
        line = watcher.until(watcher.lines, lambda line: "forbidden-dependency" in line)[-1]
        change = json.loads(line)
        assert change["change"] == "appeared"
        assert change["finding"]["rule"] == "forbidden-dependency"
        assert change["finding"]["evidence"] == [FEED + ":1"]
    finally:
        watcher.stop()
