"""The `strata diff` outputs, checked as a reviewer sees them.

STRATA_DIFF_DIR names the folder `strata diff HEAD~1 HEAD -o DIR` wrote for the SafeBox
before/after repository (`make test` builds it with Tests/Browser/make-diff-repo). Every
Mermaid block of the Markdown is rendered with the real mermaid.js (mermaidx, offline; it
raises on a parse error), and diff.html is opened in headless Chromium.
"""
import os
import re
from pathlib import Path

import pytest

from test_report import driver, severe_logs  # noqa: F401  (the shared browser)

DIFF_DIR = os.environ.get("STRATA_DIFF_DIR")
pytestmark = pytest.mark.skipif(not DIFF_DIR, reason="needs STRATA_DIFF_DIR (make test sets it)")


def diff_dir():
    return Path(DIFF_DIR).resolve()


def test_every_mermaid_block_renders_with_the_real_mermaid():
    mermaidx = pytest.importorskip("mermaidx")
    markdown = (diff_dir() / "strata-diff.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```mermaid\n(.*?)```", markdown, re.S)
    assert blocks, "the SafeBox diff changes edges, so it draws the changed subgraph"
    for block in blocks:
        svg = mermaidx.render(block).svg()
        assert "<svg" in svg
        for name in ("AccountManagement", "CardManagement", "DependencyContainer"):
            assert name in svg


def test_the_markdown_leads_with_the_verdict_and_stays_under_githubs_limit():
    markdown = (diff_dir() / "strata-diff.md").read_text(encoding="utf-8")
    assert len(markdown) < 65536
    assert "no new errors" in markdown.splitlines()[2]
    assert "### Cycles broken" in markdown
    assert "AccountManagement ↔ CardManagement" in markdown


@pytest.mark.parametrize("width", [1280, 420])
def test_the_diff_page_shows_the_union_graph_and_the_changes(driver, width):  # noqa: F811
    driver.set_window_size(width, 1000)
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get((diff_dir() / "diff.html").as_uri())
    nodes = driver.find_elements("css selector", "#graph svg g.node")
    assert len(nodes) >= 5
    removed = driver.find_elements("css selector", "#graph svg g.edge path[stroke='#cf222e']")
    assert len(removed) == 2, "the two imports of the cycle are drawn as removed edges"
    text = driver.find_element("css selector", "#changes").text
    assert "Cycles broken" in text and "Container edges added" in text
    link = driver.find_element("css selector", "nav a[href='index.html']")
    assert (diff_dir() / "index.html").exists() and link.is_displayed()
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a {width}px window"
    assert not severe_logs(driver)
