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


def test_the_page_embeds_the_diffs_json():
    """diff.html is a view over strata-diff.json: the page carries that document, nothing else."""
    import json
    page = (diff_dir() / "diff.html").read_text(encoding="utf-8")
    embedded = re.search(r'<script type="application/json" id="strata-diff">(.*?)</script>', page, re.S).group(1)
    assert json.loads(embedded) == json.loads((diff_dir() / "strata-diff.json").read_text(encoding="utf-8"))
    assert len(re.findall(r"<script", page)) == 2, "the data and the page's own script"


def test_strata_diff_json_matches_its_schema():
    """The document diff.html draws, against docs/schema/diff.schema.json (findings, cycles
    and DI entries by strata.schema.json's), and a document missing a key the page reads fails."""
    import json
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    schemas = Path(__file__).resolve().parents[2] / "docs" / "schema"
    strata, schema = (json.loads((schemas / name).read_text(encoding="utf-8")) for name in ("strata.schema.json", "diff.schema.json"))
    validator = Draft202012Validator(schema, registry=Registry().with_resources(
        [(s["$id"], Resource.from_contents(s)) for s in (strata, schema)]))
    document = json.loads((diff_dir() / "strata-diff.json").read_text(encoding="utf-8"))
    assert [e.message for e in validator.iter_errors(document)][:5] == []
    del document["summary"]["edgesAdded"]
    document["findings"]["new"][0]["severity"] = "fatal"
    assert len(list(validator.iter_errors(document))) == 2


def test_the_markdown_leads_with_the_verdict_and_stays_under_githubs_limit():
    markdown = (diff_dir() / "strata-diff.md").read_text(encoding="utf-8")
    assert len(markdown) < 65536
    assert "no new errors" in markdown.splitlines()[2]
    assert "### Cycles broken" in markdown
    assert "AccountManagement ↔ CardManagement" in markdown


@pytest.mark.parametrize("width", [1280, 420])
def test_the_diff_page_opens_on_the_changed_subgraph_with_the_union_a_click_away(driver, width):  # noqa: F811
    driver.set_window_size(width, 1000)
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get((diff_dir() / "diff.html").as_uri())
    # The first drawing is the Markdown's Mermaid chart: the same modules and edges.
    markdown = (diff_dir() / "strata-diff.md").read_text(encoding="utf-8")
    chart = re.search(r"```mermaid\n(.*?)```", markdown, re.S).group(1)
    labels = set(re.findall(r'm\d+\["([^"]*)"\]', chart))
    shown = {t.get_attribute("textContent") for t in driver.find_elements("css selector", "#graph > svg g.node text")}
    assert shown == labels and len(shown) >= 3
    edges = driver.find_elements("css selector", "#graph > svg g.edge")
    assert len(edges) == len(re.findall(r"^  m\d+ \S+ m\d+$", chart, re.M)) > 0
    removed = driver.find_elements("css selector", "#graph > svg g.edge.removed path[stroke='#cf222e']")
    assert len(removed) == 2, "the two imports of the cycle are drawn as removed edges"
    # The union of both revisions, one click away.
    union = driver.find_element("css selector", "details#union-graph")
    assert not union.get_attribute("open")
    assert not driver.find_element("css selector", "#union-graph svg").is_displayed()
    union.find_element("css selector", "summary").click()
    every = driver.find_elements("css selector", "#union-graph svg g.node")
    assert every[0].is_displayed() and len(every) >= len(shown)
    assert len(driver.find_elements("css selector", "#union-graph svg g.edge.removed")) == 2
    text = driver.find_element("css selector", "#changes").text
    assert "Cycles broken" in text and "Container edges added" in text
    assert "Build shape (estimated from lines) (7)" in text
    assert "Critical path now: SafeBoxKit → AccountManagement → CardManagement → SafeBox 486 lines" in text
    assert "Rebuild cost of SafeBoxKit: 441 lines → 486 lines" in text
    # The page is a view over the diff's JSON: the cards and the tables come from it.
    cards = {c.find_element("css selector", ".label").text: c.find_element("css selector", ".value").text
             for c in driver.find_elements("css selector", "#diff-cards .card")}
    assert cards["Cycles broken"] == "1" and cards["Edges added"] == "4" and cards["New errors"] == "0"
    deltas = driver.find_element("css selector", "#metric-deltas a[href='index.html#module/AccountManagement']")
    assert deltas.find_element("xpath", "../..").text.split()[-1] == "149", "127 → 149 lines"
    link = driver.find_element("css selector", "nav a[href='index.html']")
    assert (diff_dir() / "index.html").exists() and link.is_displayed()
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a {width}px window"
    assert not severe_logs(driver)
