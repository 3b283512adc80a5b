"""The `strata history` trend page, checked in headless Chromium.

STRATA_HISTORY_DIR names the folder `strata history -o DIR --link-base https://example.com/c/`
wrote for the ten-commit repository of Tests/History/make-history-repo (`make test` builds
both). The page is also filled with a generated history of 1,000 commits and 300 modules to
check it stays fast.
"""
import json
import os
import random
import re
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from test_report import driver, severe_logs  # noqa: F401  (the shared browser)

HISTORY_DIR = os.environ.get("STRATA_HISTORY_DIR")
pytestmark = pytest.mark.skipif(not HISTORY_DIR, reason="needs STRATA_HISTORY_DIR (make test sets it)")


def open_page(driver, path, width):
    driver.set_window_size(width, 1000)
    driver.get("about:blank")
    driver.get_log("browser")
    started = time.monotonic()
    driver.get(path.as_uri())
    driver.find_element("css selector", "#event-list li")
    return time.monotonic() - started


def test_the_page_embeds_the_historys_json():
    """The trend page is a view over history.json in the report's skeleton: one file, the
    timeline embedded, report.css under the page's own rules, one script of Strata's."""
    folder = Path(HISTORY_DIR).resolve()
    page = (folder / "index.html").read_text(encoding="utf-8")
    embedded = re.search(r'<script type="application/json" id="history-data">(.*?)</script>', page, re.S).group(1)
    assert json.loads(embedded) == json.loads((folder / "history.json").read_text(encoding="utf-8"))
    assert len(re.findall(r"<script", page)) == 2 and '<footer class="foot" id="footer">' in page
    assert "/* Strata report: light theme" in page and "/* Strata history, over report.css" in page


def test_history_json_matches_its_schema():
    """The document the trend page draws, against docs/schema/history.schema.json."""
    from jsonschema import Draft202012Validator
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schema" / "history.schema.json").read_text(encoding="utf-8"))
    document = json.loads((Path(HISTORY_DIR).resolve() / "history.json").read_text(encoding="utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(document)][:5] == []
    document["modules"][0]["ca"][0] = -1
    document["events"][0]["kind"] = "module-renamed"
    assert len(list(Draft202012Validator(schema).iter_errors(document))) == 2


@pytest.mark.parametrize("width", [1280, 420])
def test_charts_hover_search_and_linked_events(driver, width):  # noqa: F811
    folder = Path(HISTORY_DIR).resolve()
    open_page(driver, folder / "index.html", width)
    charts = driver.find_elements("css selector", "#charts .chart svg")
    assert len(charts) == 7
    assert all(c.find_elements("css selector", "polyline, polygon") for c in charts)
    assert "10 sampled commits, 2025-01-01 to 2025-01-19" in driver.find_element("id", "subtitle").text

    # Hovering the cycles chart at its right end names the last commit.
    cycles = driver.find_elements("css selector", "#charts .chart")[2]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", cycles)
    hit = cycles.find_element("css selector", "rect.hit")
    ActionChains(driver).move_to_element_with_offset(hit, hit.size["width"] // 2 - 2, 0).perform()
    tip = driver.find_element("id", "tip")
    assert tip.is_displayed()
    assert "4a2083a026" in tip.text and "Feature without Core" in tip.text

    search = driver.find_element("id", "module-search")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", search)
    search.send_keys("feat")
    names = [e.text for e in driver.find_elements("css selector", "#multiples .multiple h3")]
    assert names == ["Feature"]

    events = driver.find_elements("css selector", "#event-list li")
    kinds = [e.get_attribute("data-kind") for e in events]
    assert kinds.count("cycle-introduced") == 1 and kinds.count("cycle-broken") == 1
    assert "layer-violation-introduced" in kinds and "module-added" in kinds
    links = driver.find_elements("css selector", "#event-list a.commit")
    assert len(links) == len(events)
    assert all(a.get_attribute("href").startswith("https://example.com/c/") for a in links)
    assert any(a.get_attribute("href").startswith("https://example.com/c/08483f063f8b") for a in links)

    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a {width}px window"
    assert severe_logs(driver) == []
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(folder / f"history-{width}.png"))


def test_a_thousand_commits_and_three_hundred_modules_stay_fast(driver, tmp_path):  # noqa: F811
    folder = Path(HISTORY_DIR).resolve()
    page = (folder / "index.html").read_text(encoding="utf-8")
    rng = random.Random(7)
    n, m = 1000, 300
    commits = [{
        "commit": f"{i:040x}", "time": 1735732800 + i * 3600, "subject": f"commit {i} <b>",
        "modules": 200 + i // 10, "importEdges": 900 + i, "cycles": i % 5, "modulesInCycles": (i % 5) * 2,
        "errors": i % 7, "warnings": i % 11, "infos": 3, "rules": {"layer-violation": i % 7, "cycle": i % 5},
        "meanDistance": 0.4, "worstDistance": 0.9, "lines": 100000 + i * 50,
        "registrations": 0, "resolutions": 0, "unregisteredResolutions": 0} for i in range(n)]
    modules = [{
        "id": f"Package.swift#M{j}", "name": f"Module{j}",
        "instability": [rng.random() for _ in range(n)], "ca": [rng.randrange(9) for _ in range(n)],
        "ce": [rng.randrange(9) for _ in range(n)], "lines": [rng.randrange(5000) for _ in range(n)],
        "abstractness": [0.1] * n, "distance": [0.5] * n, "files": [3] * n} for j in range(m)]
    events = [{"kind": "edge-added", "commit": f"{i:040x}", "subject": f"M{i % m} → M{(i + 1) % m}"} for i in range(2000)]
    data = json.dumps({"schemaVersion": 1, "repository": "big", "commits": commits, "modules": modules, "events": events})
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    big = re.sub(r'(<script type="application/json" id="history-data">).*?(</script>)',
                 lambda match: match.group(1) + data + match.group(2), page, count=1, flags=re.S)
    (tmp_path / "index.html").write_text(big, encoding="utf-8")
    seconds = open_page(driver, tmp_path / "index.html", 1280)
    assert seconds < 5, f"{seconds:.1f} s to draw 1,000 commits and 300 modules"
    assert len(driver.find_elements("css selector", "#multiples .multiple")) == 60
    assert "Showing 60 of 300" in driver.find_element("id", "module-count").text
    assert severe_logs(driver) == []


def test_axis_labels_fit_at_any_magnitude(driver, tmp_path):  # noqa: F811
    """107,704 lines was labelled `07704`, cut at the chart's left edge: each chart's top label
    is short (108k) and lies wholly inside the drawing."""
    folder = Path(HISTORY_DIR).resolve()
    page = (folder / "index.html").read_text(encoding="utf-8")
    commits = [{
        "commit": f"{i:040x}", "time": 1735732800 + i * 86400, "subject": f"commit {i}",
        "modules": 12 + i, "importEdges": 2_345_000 + i * 678, "cycles": 0, "modulesInCycles": 0,
        "errors": 950 * i, "warnings": 0, "infos": 0, "rules": {"cycle": 1_234 * i},
        "meanDistance": 0.37, "worstDistance": 0.9, "lines": 100_000 + i * 7_704,
        "registrations": 0, "resolutions": 0, "unregisteredResolutions": 0} for i in range(2)]
    data = json.dumps({"schemaVersion": 1, "repository": "big", "commits": commits, "modules": [], "events": []})
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    big = re.sub(r'(<script type="application/json" id="history-data">).*?(</script>)',
                 lambda match: match.group(1) + data + match.group(2), page, count=1, flags=re.S)
    (tmp_path / "index.html").write_text(big, encoding="utf-8")
    driver.set_window_size(1280, 1000)
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get((tmp_path / "index.html").as_uri())
    tops = driver.execute_script("""
        return [...document.querySelectorAll('#charts .chart')].map((chart) => {
          const label = chart.querySelector('svg text[text-anchor="end"]'), box = label.getBBox();
          return [chart.querySelector('h3').textContent, label.textContent, box.x, box.x + box.width];
        });""")
    assert {title: text for title, text, _, _ in tops} == {
        "Modules": "13", "Import edges": "2.3M", "Cycles": "1", "Findings by severity": "950",
        "Findings by rule": "1.2k", "Distance from the main sequence": "0.9", "Lines of code": "108k"}
    for title, text, left, right in tops:
        assert left >= 0 and right <= 40, f"{title}: {text} spans {left:.1f} to {right:.1f}, the axis is at 40"
    assert severe_logs(driver) == []
