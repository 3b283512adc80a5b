"""The `strata org` page, checked in headless Chromium.

STRATA_ORG_DIR names the folder Tests/Browser/make-org-report wrote: 50 repositories (four
real ones with shared packages, one with a hostile name, 45 generated), `make test` builds it
against the PostgreSQL server of Tests/Support/postgres-server. Under CI the folder must be there.
"""
import re
import os
import time
from pathlib import Path

import pytest

from test_report import driver, severe_logs  # noqa: F401  (the shared browser)

ORG_DIR = os.environ.get("STRATA_ORG_DIR")
pytestmark = pytest.mark.skipif(not ORG_DIR and os.environ.get("CI") != "true", reason="needs STRATA_ORG_DIR (make test sets it)")
HOSTILE = '<img src=x onerror="window.__xss=1">&amp;\''


def open_page(driver, width):
    assert ORG_DIR, "STRATA_ORG_DIR is not set"
    driver.set_window_size(width, 1000)
    driver.get("about:blank")
    driver.get_log("browser")
    started = time.monotonic()
    driver.get((Path(ORG_DIR).resolve() / "index.html").as_uri())
    driver.find_element("css selector", "#repository-table tbody tr")
    return time.monotonic() - started


def rows(driver):
    return driver.find_elements("css selector", "#repository-table tbody tr")


@pytest.mark.parametrize("width", [1280, 420])
def test_fifty_repositories_are_readable(driver, width):  # noqa: F811
    seconds = open_page(driver, width)
    assert seconds < 3, f"the page took {seconds:.1f} s"
    assert len(rows(driver)) == 50
    assert driver.find_element("id", "subtitle").text.startswith("50 repositories, 3 shared internal packages, 1 pinned at more than one version")
    # The page never scrolls sideways; the wide table scrolls inside its box.
    assert driver.execute_script("return document.documentElement.scrollWidth") <= driver.execute_script("return window.innerWidth")
    heights = driver.execute_script("return [...document.querySelectorAll('#repository-table tbody tr')].map(r => r.getBoundingClientRect().height)")
    assert max(heights) < 80, f"a row {max(heights)} px high"
    # Every repository with more than one commit has its trend lines.
    generated = driver.find_element("css selector", "tr[data-repository='app-07']")
    assert len(generated.find_elements("css selector", "svg.spark polyline")) == 2
    assert not severe_logs(driver)


def test_sorting_filtering_and_hostile_names(driver):  # noqa: F811
    open_page(driver, 1280)
    assert driver.execute_script("return window.__xss") is None
    names = [r.get_attribute("data-repository") for r in rows(driver)]
    assert names == sorted(names)
    assert HOSTILE in names
    hostile = driver.find_element("css selector", "#repository-table tbody tr:first-child td.name")
    assert hostile.text == HOSTILE  # text, not markup
    assert driver.find_elements("css selector", "#repository-table img") == []

    header = driver.find_element("css selector", "th[data-key='modules']")
    header.click()  # the most modules first
    counts = [int(r.find_elements("css selector", "td")[3].text) for r in rows(driver)]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    assert header.get_attribute("aria-sort") == "descending"

    search = driver.find_element("id", "repository-search")
    search.send_keys("shop")
    assert [r.get_attribute("data-repository") for r in rows(driver)] == ["shop-app"]
    shop = rows(driver)[0]
    assert shop.find_elements("css selector", "td")[-1].text == "analytics, core-kit, design-system"
    assert not severe_logs(driver)


def test_shared_packages_drift_and_the_graph(driver):  # noqa: F811
    open_page(driver, 1280)
    packages = [p.get_attribute("data-package") for p in driver.find_elements("css selector", ".package")]
    assert packages == ["analytics", "core-kit", "design-system"]
    core = driver.find_element("css selector", ".package[data-package='core-kit']")
    assert "versions drift: 1.3.0, 1.2.0, 1.1.0, 1.0.0" in core.find_element("css selector", ".drift").text
    consumers = core.find_elements("css selector", "tbody tr")
    assert len(consumers) == 47  # design-system, shop-app and the 45 generated
    design = core.find_element("css selector", "tr[data-consumer='design-system']")
    assert "behind" not in design.text and "1.2.0 since 2025-02-03 → 1.3.0 since 2025-02-04" in design.text
    shop = core.find_element("css selector", "tr[data-consumer='shop-app']")
    assert shop.find_element("css selector", ".behind").text == "1.2.0 (behind)"

    graph = driver.find_element("css selector", "#graph .graph svg")
    # Nodes are named by index (id r<index>), each repository's name its label's first line;
    # an edge's class names its ends (f<from> t<to>).
    names = driver.execute_script("""return Object.fromEntries([...arguments[0].querySelectorAll('g.node')]
        .map((node) => [node.id, node.querySelector('text').textContent]));""", graph)
    assert {"core-kit", "design-system", "shop-app", "analytics", "app-01"} <= set(names.values())
    assert all(re.fullmatch(r"r\d+", node) for node in names)
    edges = []
    for edge in graph.find_elements("css selector", "g.edge.consumes"):
        ends = dict(re.fullmatch(r"([ft])(\d+)", word).groups() for word in edge.get_attribute("class").split()[2:])
        edges.append(names["r" + ends["f"]] + "->" + names["r" + ends["t"]])
    assert "shop-app->core-kit" in edges and "shop-app->analytics" in edges
    assert not severe_logs(driver)


def test_org_json_matches_its_schema():
    assert ORG_DIR, "STRATA_ORG_DIR is not set"
    import json
    from jsonschema import Draft202012Validator
    root = Path(__file__).resolve().parents[2]
    schema = json.loads((root / "docs" / "schema" / "org.schema.json").read_text(encoding="utf-8"))
    document = json.loads((Path(ORG_DIR) / "org.json").read_text(encoding="utf-8"))
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft202012Validator(schema).iter_errors(document)][:5]
    assert not problems
    assert len(document["repositories"]) == 50
