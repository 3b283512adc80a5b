"""Browser tests for the Strata HTML report (Web/index.html, report.css and the views in
Web/*.js, joined into report.js), on reports `strata analyze` writes.

Runs headless Debian chromium through selenium. STRATA_REPORT_DIRS names the report folders
(comma-separated; `make test` writes a sample's and the hostile-names repository's,
Tests/Support/make-hostile-names); STRATA_BIN, the binary, for the tests that analyze a
repository of their own (a title with markup, a repository without production modules).

    STRATA_BIN=.build/debug/strata STRATA_REPORT_DIRS=a,b python3 -m pytest -q Tests/Browser
"""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest

import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests/Support"))
import strata_result  # noqa: E402  (strata.json read as schema 2 spelled locations)

# The names Tests/Support/make-hostile-names gives two of its targets.
IMG_NAME = '<img src=x onerror="window.__pwned=4">'
SCRIPT_NAME = "</script><script>window.__pwned=5</script>"
REPORTS = [Path(p).resolve() for p in os.environ.get("STRATA_REPORT_DIRS", "").split(",") if p]
pytestmark = pytest.mark.skipif(not REPORTS, reason="needs STRATA_REPORT_DIRS (make test sets it)")


@pytest.fixture(scope="session", params=REPORTS, ids=[p.name for p in REPORTS])
def report_dir(request):
    path = request.param
    assert (path / "index.html").is_file(), f"no index.html in {path}"
    return path


def analyze(tmp_path, repo):
    """A report of `repo` written by the binary under test (STRATA_BIN)."""
    binary = os.environ.get("STRATA_BIN")
    if not binary:
        pytest.skip("STRATA_BIN not set")
    out = tmp_path / "report"
    subprocess.run([binary, "analyze", str(repo), "-o", str(out), "--no-cache", "--quiet"], check=False, timeout=300)
    assert (out / "index.html").is_file()
    return out


def picture(name):
    """A name as the drawings show it: control characters as their control pictures."""
    return "".join(chr(0x2400 + ord(c)) if ord(c) < 0x20 else "\u2421" if ord(c) == 0x7F else c for c in name)


# ---------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def driver():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # never let selenium-manager go online
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(arg)
    # "performance" carries DevTools Network events: every request, file: ones included.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    drv = webdriver.Chrome(service=service, options=options)
    drv.set_window_size(1280, 1000)
    yield drv
    drv.quit()


def severe_logs(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def rendered(driver, timeout=20):
    """Waits for the page's first screen: report.js inflates its data, then renders, and sets the
    `strata-first-screen` mark (after `load` on a large page)."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("return performance.getEntriesByName('strata-first-screen').length > 0"))


def load(driver, report_dir, hash=""):
    """Opens a report with an empty console and network log, so each test sees only its own,
    once its first screen is rendered."""
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get((report_dir / "index.html").as_uri() + hash)
    rendered(driver)


@pytest.fixture
def page(driver, report_dir):
    """Loads the report fresh; after the test, any SEVERE console entry fails it."""
    driver.set_window_size(1280, 1000)
    load(driver, report_dir)
    driver.find_element("css selector", "#metrics-table tbody")  # page is parsed
    yield driver
    errors = severe_logs(driver)
    assert not errors, f"browser console errors: {errors}"


@pytest.fixture
def data(page):
    return embedded(page, "strata-data")


def embedded(driver, id):
    """A data element of the page, as the page's script inflates it."""
    return strata_result.inflated(driver.execute_script(f"return document.getElementById('{id}').textContent"))


def css(driver, selector):
    return driver.find_elements("css selector", selector)


def text_of(driver, selector):
    return driver.find_element("css selector", selector).get_attribute("textContent")


def metric_rows(driver):
    return [r for r in css(driver, "#metrics-table tbody tr:not(.no-match)") if r.is_displayed()]


def row_names(driver):
    return [r.find_element("css selector", "th").get_attribute("textContent") for r in metric_rows(driver)]


def non_test_modules(data):
    return [m for m in data.get("modules", []) if m.get("kind") != "test" and m.get("metrics")]


# ---------------------------------------------------------------- tests

def requested_urls(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_page_loads_without_errors_or_network(driver, report_dir):
    load(driver, report_dir)  # and waits for report.js to render
    assert severe_logs(driver) == []
    # Resource Timing (Chrome lists no entries for file: loads, but would list any http one).
    entries = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith("file:") for u in entries), entries
    # DevTools sees every request: the page, report.css and report.js, all local.
    urls = requested_urls(driver)
    assert any(u.endswith("/report.css") for u in urls) and any(u.endswith("/report.js") for u in urls), urls
    assert all(u.startswith(("file:", "data:")) for u in urls), urls
    loaded = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert loaded != "rgba(0, 0, 0, 0)", "report.css was not applied"


def test_assets_reference_nothing_external(report_dir):
    for name in ("report.css", "report.js"):
        # The SVG namespace is a name, not a request (the plot and matrix are built as SVG).
        text = (report_dir / name).read_text(encoding="utf-8").replace("'http://www.w3.org/2000/svg'", "")
        assert "://" not in text and "@import" not in text and "url(" not in text, name
    page = (report_dir / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r"""\b(?:src|href)\s*=\s*["']?([^"'\s>]+)""", page)
    assert all(not re.match(r"[a-z][a-z0-9+.-]*:|//", r, re.I) for r in refs), refs


def test_overview_numbers_match_summary(page, data, report_dir):
    summary = dict(data["summary"])
    imports = strata_result.load(report_dir / "strata.json").get("imports", {})
    # Errors, warnings and notes as `strata check` counts them; "warnings" are the input's.
    counted = summary.pop("findings")
    summary.update(errors=counted["error"], warns=counted["warn"], notes=counted["info"])
    summary["unusedImports"] = imports.get("counts", {}).get("unused", 0)
    summary.pop("criticalDuplicatedStaticModules", None)  # shown in the Linkage section
    summary.pop("publicDeclarations", None)  # shown in the Access control section
    summary.pop("openNotSubclassed", None)
    summary.pop("suppressed", None)  # shown in the Rule findings section
    for key in ("registrations", "resolutions", "duplicateRegistrations", "flaggedContainerEdges"):
        summary.pop(key, None)  # shown in the Dependency injection section
    for key, value in summary.items():
        card = page.find_element("css selector", f'#summary-cards [data-key="{key}"]')
        shown = card.find_element("css selector", ".value").text.replace(",", "")
        assert shown == str(value), (key, shown, value)
    for key in ("cycles", "implicitDependencies", "unusedDependencies", "warnings", "errors", "warns", "unusedImports"):
        card = page.find_element("css selector", f'#summary-cards [data-key="{key}"]')
        assert ("flagged" in card.get_attribute("class")) == (summary[key] > 0), key
    labels = {key: page.find_element("css selector", f'#summary-cards [data-key="{key}"] .label').text for key in ("warns", "warnings")}
    assert labels == {"warns": "Warnings", "warnings": "Input warnings"}
    counts = imports.get("counts", {})
    if counts.get("unknown"):
        note = page.find_element("css selector", "#imports-not-graded").text
        assert f"{counts['unknown']} of {sum(counts.values())} imports" in note
    assert data["generator"] in text_of(page, "#generator")
    assert page.find_element("css selector", "h1").text == data["root"]


def test_top_findings(page, data):
    items = [li.get_attribute("textContent") for li in css(page, "#top-findings li")]
    for c in data["cycles"][:3]:
        assert any(all(m in t for m in c["modules"]) for t in items)
    for f in data["implicitDependencies"][:3] + data["unusedDependencies"][:3]:
        assert any(f["module"] in t and f["dependency"] in t for t in items)


def test_metrics_table_has_one_row_per_non_test_module(page, data):
    expected = sorted(m["name"] for m in non_test_modules(data))
    names = row_names(page)
    assert sorted(names) == expected
    assert names == sorted(names, key=str.casefold) or len(names) < 2  # initial order: by name
    header = page.find_element("css selector", '#metrics-table th[data-key="name"]')
    assert header.get_attribute("aria-sort") == "ascending"


def test_sort_by_instability(page, data):
    header = page.find_element("css selector", '#metrics-table th[data-key="instability"]')
    col = [th.get_attribute("data-key") for th in css(page, "#metrics-table thead th")].index("instability")

    def values():
        return [float(r.find_elements("css selector", "th, td")[col].text) for r in metric_rows(page)]

    header.find_element("css selector", "button").click()
    asc = values()
    assert asc == sorted(asc)
    assert header.get_attribute("aria-sort") == "ascending"
    header.find_element("css selector", "button").click()
    desc = values()
    assert desc == sorted(desc, reverse=True)
    assert header.get_attribute("aria-sort") == "descending"
    others = [th.get_attribute("aria-sort") for th in css(page, "#metrics-table thead th")
              if th.get_attribute("data-key") != "instability"]
    assert not any(others)
    if len(set(asc)) > 1:
        assert asc != desc
    # numeric, not lexical, sort on another column
    page.find_element("css selector", '#metrics-table th[data-key="lines"] button').click()
    lines_col = [th.get_attribute("data-key") for th in css(page, "#metrics-table thead th")].index("lines")
    lines = [int(r.find_elements("css selector", "th, td")[lines_col].get_attribute("data-value")) for r in metric_rows(page)]
    assert lines == sorted(lines)


def test_filter(page, data):
    modules = non_test_modules(data)
    if not modules:
        pytest.skip("no modules with metrics")
    target = sorted(m["name"] for m in modules)[0]
    box = page.find_element("css selector", "#metrics-filter")
    box.send_keys(target.upper())  # case-insensitive
    names = row_names(page)
    assert target in names
    assert all(target.lower() in n.lower() for n in names)
    box.clear()
    box.send_keys("zz-no-such-module-zz")
    assert row_names(page) == []
    assert page.find_element("css selector", "#metrics-table tr.no-match").is_displayed()
    box.clear()
    box.send_keys(" ")  # clear() fires no input event; whitespace-only query shows all rows
    assert len(row_names(page)) == len(modules)


def graph_nodes(page):
    """The module nodes of the drawing shown, by name: each node's class `m<index>` is the
    module's index in the page index (names are only labels)."""
    names = embedded(page, "strata-page")["modules"]
    nodes = {}
    for node in css(page, "#graph svg g.node.module"):
        index = next(int(c[1:]) for c in node.get_attribute("class").split() if re.fullmatch(r"m\d+", c))
        nodes[names[index]] = node
    return nodes


def test_graph_has_a_node_per_module(page, data):
    """Each module its own node, labelled with its name as it is (defect 2: "a⏎b" and
    "a b" were one node)."""
    assert css(page, "#graph svg"), "no inline svg in #graph"
    if len(non_test_modules(data)) > 40:
        pytest.skip("past 40 modules the overview is one node per group (test_scale)")
    nodes = graph_nodes(page)
    assert len(nodes) == len(css(page, "#graph svg g.node")) == len({m["name"] for m in data["modules"] if m["kind"] != "test"})
    for name, node in nodes.items():
        assert node.find_element("css selector", "text").get_attribute("textContent") == picture(name)
    assert len(nodes) >= len(non_test_modules(data))
    for e in data["edges"]:
        kinds = {m["name"]: m.get("kind") for m in data["modules"]}
        if kinds.get(e["from"]) != "test":
            assert e["from"] in nodes and e["to"] in nodes, e
    # the svg is scaled to fit the column, not overflowing it at 1280px
    fits = page.execute_script(
        "const g = document.getElementById('graph'), s = g.querySelector('svg');"
        "return s.getBoundingClientRect().width <= g.clientWidth + 1")
    assert fits


def test_the_graph_caption_counts_as_the_overview_card_does(page, data):
    """The card counts every module and the drawing only production ones: the caption says how
    many test modules it leaves out, so the two numbers add up (13 on the card, 12 drawn)."""
    def count(n, word):
        return f"{n:,} {word}{'' if n == 1 else 's'}"
    card = int(page.find_element("css selector", '#summary-cards [data-key="modules"] .value').text.replace(",", ""))
    tests = sum(1 for m in data["modules"] if m["kind"] == "test")
    caption = text_of(page, "#graph-caption")
    assert caption.startswith(count(card - tests, "module")), caption
    if tests:
        assert f", {count(tests, 'test module')} omitted." in caption, caption
    else:
        assert "omitted" not in caption, caption


def test_edge_classes_are_styled(page, data):
    colours = page.execute_script("""
        const out = {};
        for (const k of ['cycle', 'implicit', 'unused']) {
          const p = document.querySelector('#graph g.edge.' + k + ' path');
          if (p) out[k] = [getComputedStyle(p).stroke, getComputedStyle(p).strokeDasharray];
        }
        const n = document.querySelector('#graph g.edge:not(.cycle):not(.implicit):not(.unused) path');
        out.normal = n && [getComputedStyle(n).stroke, getComputedStyle(n).strokeDasharray];
        return out;""")
    if data["cycles"]:
        assert colours["cycle"][0] != colours["normal"][0]
    if "implicit" in colours:
        assert colours["implicit"][1] != "none"
    if "unused" in colours:
        assert colours["unused"][1] != "none"


def test_click_node_shows_panel_and_highlights(page, data):
    nodes = graph_nodes(page)
    names = [e["from"] for e in data["edges"] if e["from"] in nodes and e["to"] in nodes]
    name = names[0] if names else next(iter(nodes))
    nodes[name].click()
    assert text_of(page, "#panel-title") == name
    module = next((m for m in data["modules"] if m["name"] == name), None)
    if module:
        panel = text_of(page, "#module-panel")
        assert module["kind"] in panel
        for d in module.get("dependencies", []):
            assert d["name"] in panel
        linkage = module.get("linkage")
        if linkage:
            assert linkage["kind"] in panel and linkage["reason"] in panel
            if linkage.get("evidence"):
                assert linkage["evidence"] in panel
        for linked in module.get("links", []) + module.get("embeds", []):
            assert linked in panel
    assert "selected" in nodes[name].get_attribute("class")
    assert "has-selection" in page.find_element("css selector", "#graph svg").get_attribute("class")
    neighbours = {e["to"] for e in data["edges"] if e["from"] == name} | \
                 {e["from"] for e in data["edges"] if e["to"] == name}
    for n in neighbours & nodes.keys():
        assert "neighbor" in nodes[n].get_attribute("class")
    assert len(css(page, "#graph g.edge.highlight")) >= len(neighbours & nodes.keys())
    dimmed = [n for n in nodes if n != name and n not in neighbours]
    if dimmed:
        assert float(nodes[dimmed[0]].value_of_css_property("opacity")) < 0.5
    page.find_element("css selector", "#module-panel .close").click()
    assert not css(page, "#graph .selected")
    assert not css(page, "#panel-title")


def test_metrics_table_shows_each_modules_linkage(page, data):
    col = [th.get_attribute("data-key") for th in css(page, "#metrics-table thead th")].index("linkage")
    shown = {r.find_element("css selector", "th").get_attribute("data-value"): r.find_elements("css selector", "th, td")[col].text
             for r in metric_rows(page)}
    expected = {m["name"]: (m.get("linkage") or {}).get("kind", "") for m in data["modules"] if m["name"] in shown}
    assert shown == expected


def test_rule_findings_are_listed_with_severity_and_evidence(page, data):
    """Every finding once, in a group of its rule, with its severity and evidence."""
    articles = css(page, "#rules-list article")
    findings = data.get("findings", [])
    assert len(articles) == len(findings)
    for group in css(page, "#rules-list details.finding-group"):
        if not group.get_attribute("open"):
            group.find_element("css selector", "summary").click()
    shown = sorted((a.get_attribute("data-rule"), a.get_attribute("data-severity"), a.get_attribute("textContent")) for a in articles)
    for finding in findings:
        match = [s for s in shown if s[0] == finding["rule"] and s[1] == finding["severity"] and finding["message"] in s[2]]
        assert match, finding["message"]
        for evidence in finding.get("evidence", []):
            assert any(evidence in s[2] for s in match)
    groups = css(page, "#rules-list details.finding-group")
    assert sorted(g.get_attribute("data-key") for g in groups) == sorted({f["rule"] for f in findings})


def test_findings_group_by_module_and_filter_by_severity(page, data):
    findings = data.get("findings", [])
    if not findings:
        pytest.skip("no findings")
    from selenium.webdriver.support.ui import WebDriverWait
    modules = sorted({f["module"] for f in findings})
    keys = lambda d: sorted(g.get_attribute("data-key") for g in css(d, "#rules-list details.finding-group"))
    # Clicked by the element, not at its place: the drawings laid out after the first screen
    # may move the controls, and a click at where they were is lost (seen once in about 20 runs).
    click = lambda selector: page.execute_script("arguments[0].click()", page.find_element("css selector", selector))
    click('#rules-controls button[data-by="module"]')
    # Waited for, not read at once: a click on a loaded machine may land after the next command.
    WebDriverWait(page, 10).until(lambda d: keys(d) == modules)
    assert keys(page) == modules
    click('#rules-controls input[data-severity="error"]')
    kept = sum(1 for f in findings if f["severity"] != "error")
    severities = lambda d: [a.get_attribute("data-severity") for a in css(d, "#rules-list article")]
    WebDriverWait(page, 10).until(lambda d: "error" not in severities(d))
    left = severities(page)
    assert "error" not in left
    assert len(left) == kept


def test_rule_help_explains_every_rule_and_finding_ids_link_to_it(page, data):
    catalog = embedded(page, "strata-rules")
    assert len(catalog) >= 2
    terms = css(page, "#rule-help-list dt")
    assert [t.get_attribute("id") for t in terms] == [f"rule-{r['id']}" for r in catalog]
    # The rationale is text, never markup.
    assert not css(page, "#rule-help-list dd b")
    assert not page.find_element("css selector", "#rule-help").get_attribute("open")
    links = [a for a in css(page, "#rules-list article a[href^='#rule-']")]
    known = {r["id"] for r in catalog}
    assert len(links) == sum(1 for f in data.get("findings", []) if f["rule"] in known)
    if links:
        links[0].click()
        assert page.find_element("css selector", "#rule-help").get_attribute("open")


def test_suppressed_findings_are_listed_with_their_reasons(page, data):
    suppressed = data["suppressedFindings"]
    if not suppressed:
        assert not css(page, "#suppressed-list details")
        return
    box = page.find_element("css selector", "#suppressed-list details")
    text = box.get_attribute("textContent")
    assert f"{len(suppressed)} finding{'s' if len(suppressed) > 1 else ''} suppressed" in text
    for finding in suppressed:
        assert f"Reason: {finding['suppression']}" in text and finding["evidence"][0] in text
    assert not page.execute_script("return window.__pwned")


def test_linkage_section_lists_every_module_with_its_evidence(page, data):
    rows = css(page, "#linkage-table tbody tr")
    assert len(rows) == len(data["modules"])
    for row, module in zip(rows, data["modules"]):
        cells = row.find_elements("css selector", "th, td")
        assert module["name"] in cells[0].get_attribute("textContent")
        linkage = module.get("linkage") or {"kind": "unknown"}
        assert cells[1].text == linkage["kind"]
        if linkage.get("evidence"):
            assert linkage["evidence"] in cells[2].text
        for linked in module.get("links", []):
            assert linked in cells[3].text


def test_table_name_opens_the_module_page(page, data):
    rows = metric_rows(page)
    if not rows:
        pytest.skip("no metric rows")
    link = rows[0].find_element("css selector", "th a")
    name = link.get_attribute("textContent")
    link.click()
    # The router opens the page on the hash change, which may come after the click returns.
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(page, 10).until(lambda d: css(d, "#module-title") and text_of(d, "#module-title") == name)
    assert text_of(page, "#module-title") == name
    assert page.find_element("css selector", "#module-page").is_displayed()
    assert not page.find_element("css selector", "#metrics").is_displayed()
    page.find_element("css selector", "#module-page .crumbs a").click()
    # Back through the hash change too: the view shows once the router has run.
    WebDriverWait(page, 10).until(lambda d: d.find_element("css selector", "#metrics").is_displayed())
    assert not page.find_element("css selector", "#module-page").is_displayed()


def test_zoom_buttons(page):
    if not css(page, "#graph svg"):
        pytest.skip("no graph")
    width = lambda: page.execute_script(
        "return document.querySelector('#graph svg').getBoundingClientRect().width")
    fitted = width()
    page.find_element("css selector", "#zoom-in").click()
    assert width() > fitted * 1.2
    page.find_element("css selector", "#zoom-out").click()
    page.find_element("css selector", "#zoom-out").click()
    assert width() < fitted
    page.find_element("css selector", "#zoom-reset").click()
    assert abs(width() - fitted) < 1


def test_cycles_section(page, data):
    section = text_of(page, "#cycles")
    if not data["cycles"]:
        assert "No cycles" in section
    for c in data["cycles"]:
        for m in c["modules"]:
            assert m in section
        for e in c.get("edges", []):
            for ev in e.get("evidence", []):
                assert ev in section
    assert len(css(page, "#cycles-list article")) == len(data["cycles"])


def test_dependency_findings(page, data):
    implicit = text_of(page, "#implicit-list")
    for f in data["implicitDependencies"]:
        assert f["module"] in implicit and f["dependency"] in implicit
        for ev in f.get("evidence", []):
            assert ev in implicit
    unused = text_of(page, "#unused-list")
    for f in data["unusedDependencies"]:
        assert f["module"] in unused and f["dependency"] in unused and f["evidence"] in unused
    if not data["implicitDependencies"]:
        assert "No implicit dependencies" in implicit
    if not data["unusedDependencies"]:
        assert "No unused dependencies" in unused


def test_warnings_section(page, data):
    text = text_of(page, "#warnings-list")
    if not data["warnings"]:
        assert "No warnings" in text
    for w in data["warnings"]:
        assert w["file"] in text and w["message"] in text


def test_hostile_module_names_are_inert_text(page, data):
    names = {m["name"] for m in data["modules"]}
    hostile = [n for n in (IMG_NAME, SCRIPT_NAME) if n in names]
    if not hostile:
        pytest.skip("a report without the hostile module names")
    assert page.execute_script("return typeof window.__pwned") == "undefined"
    assert page.execute_script("return document.querySelectorAll('main img, main script').length") == 0
    table_names = row_names(page)
    nodes = graph_nodes(page)
    for name in hostile:
        assert name in table_names
        assert name in nodes
        nodes[name].click()
        assert text_of(page, "#panel-title") == name
    assert page.execute_script("return typeof window.__pwned") == "undefined"


def test_an_unknown_module_page_says_so_and_lists_near_names(page, data):
    """A module page of a name the report does not have says so, and nothing else (no stray
    "null" where no name comes near)."""
    page.get(page.current_url.split("#")[0] + "#module/NoSuchModuleAnywhere")
    text = page.find_element("css selector", "#module-page").text
    assert "No module of this name in the report." in text and "null" not in text, text


def test_title_is_escaped(tmp_path, driver):
    """A repository folder name with markup stays text in <title> and <h1>."""
    root = "<b>Repo<b> & {{DATA}}"
    repo = tmp_path / root
    (repo / "Sources" / "A").mkdir(parents=True)
    (repo / "Sources" / "A" / "A.swift").write_text("public struct A {}\n")
    (repo / "Package.swift").write_text('// swift-tools-version:5.9\nimport PackageDescription\n'
                                        'let package = Package(name: "R", targets: [.target(name: "A")])\n')
    out = analyze(tmp_path, repo)
    load(driver, out)
    assert driver.find_element("css selector", "h1").text == root
    assert driver.title.startswith(root)
    assert severe_logs(driver) == []


def test_a_c_module_page_says_what_its_headers_declare(tmp_path, driver):
    """A C target has no Swift files: its page says what its public headers declare, not
    that it declares nothing."""
    repo = tmp_path / "with-c"
    (repo / "Sources" / "CShim" / "include").mkdir(parents=True)
    (repo / "Sources" / "CShim" / "include" / "shim.h").write_text(
        "#pragma once\nint shim_add(int a, int b);\ntypedef struct { int x; } shim_point;\n#include <stdio.h>\n")
    (repo / "Sources" / "CShim" / "shim.c").write_text('#include "shim.h"\nint shim_add(int a, int b) { return a + b; }\n')
    (repo / "Sources" / "App").mkdir(parents=True)
    (repo / "Sources" / "App" / "App.swift").write_text("import CShim\nlet sum = shim_add(1, 2)\n")
    (repo / "Package.swift").write_text('// swift-tools-version:5.9\nimport PackageDescription\n'
                                        'let package = Package(name: "R", targets: [.target(name: "CShim"), '
                                        '.executableTarget(name: "App", dependencies: ["CShim"])])\n')
    out = analyze(tmp_path, repo)
    load(driver, out, "#module/CShim")
    surface = driver.find_element("css selector", "#module-surface").text
    assert "Its public headers declare 3 names a Swift file can use" in surface, surface  # shim_add, shim_point, its x
    facts = driver.find_element("css selector", ".facts").text
    assert "1 header read, 3 names a Swift file can use" in facts and "libc" in facts, facts
    assert severe_logs(driver) == []


def test_a_repository_without_production_modules(tmp_path, driver):
    """Empty lists and a graph of nothing still render, with what is missing said."""
    repo = tmp_path / "only-tests"
    (repo / "Tests" / "OnlyTests").mkdir(parents=True)
    (repo / "Tests" / "OnlyTests" / "T.swift").write_text("import XCTest\n")
    (repo / "Package.swift").write_text('// swift-tools-version:5.9\nimport PackageDescription\n'
                                        'let package = Package(name: "R", targets: [.testTarget(name: "OnlyTests")])\n')
    out = analyze(tmp_path, repo)
    load(driver, out)
    body = driver.find_element("css selector", "main").text
    for phrase in ("No cycles", "No implicit dependencies", "No unused dependencies", "No warnings", "No modules with metrics"):
        assert phrase in body
    assert driver.find_element("css selector", '#summary-cards [data-key="modules"] .value').text == "1"
    assert severe_logs(driver) == []


def test_csp_blocks_inline_script_even_if_escaping_failed(tmp_path, driver, report_dir):
    """Defence in depth: a script element in the page (as if escaping had failed) does not run."""
    out = tmp_path / "r"
    shutil.copytree(report_dir, out)
    page = (out / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(page.replace("<main>", "<main><script>window.__pwned=3</script>", 1), encoding="utf-8")
    load(driver, out)
    assert driver.execute_script("return typeof window.__pwned") == "undefined"
    assert any("Content Security Policy" in e["message"] for e in severe_logs(driver))


def test_narrow_layout_does_not_overflow(page):
    page.set_window_size(420, 900)
    overflow = page.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1


def test_access_control_section(page, report_dir):
    """Counts per module; each module's candidates load from its module script when opened."""
    modules = strata_result.load(report_dir / "strata.json")["accessControl"]["modules"]
    levels = ["open", "public", "package", "internal", "fileprivate", "private"]
    rows = [[c.get_attribute("textContent") for c in css(r, "th, td")] for r in css(page, "#access-table tbody tr")]
    expected = [[m["module"], *[f"{m['byLevel'].get(l, 0):,}" for l in levels], f"{m['publicSurface']:,}",
                 f"{len(m['unusedPublic']):,}", f"{len(m['openNotSubclassed']):,}"] for m in modules]
    assert rows == (expected or rows)
    blocks = css(page, "#unused-public-list details.access-module")
    assert len(blocks) == sum(1 for m in modules if m["unusedPublic"])
    if blocks:
        module = next(m for m in modules if m["unusedPublic"])
        blocks[0].find_element("css selector", "summary").click()
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(page, 10).until(lambda d: len(blocks[0].find_elements("css selector", "li:not(.empty)")) == len(module["unusedPublic"]))
        assert module["unusedPublic"][0]["evidence"] in blocks[0].get_attribute("textContent")
    card = page.find_element("css selector", '#summary-cards [data-key="unusedPublic"]')
    assert card.get_attribute("href").endswith("#access-control")


def test_injection_section_lists_every_registration_resolution_and_edge(page, data):
    injection = data.get("injection") or {}
    registrations = injection.get("registrations", [])
    rows = css(page, "#registrations-table tbody tr")
    assert len(rows) == max(1, len(registrations))
    for row, registration in zip(rows, registrations):
        text = row.get_attribute("textContent")
        assert registration["service"] in text and registration["evidence"] in text
        for service in registration.get("resolves", []):
            assert service in text
    resolutions = injection.get("resolutions", [])
    assert len(css(page, "#resolutions-table tbody tr")) == len(resolutions)
    edges = injection.get("edges", [])
    assert len(css(page, "#injection-edges tbody tr")) == max(1, len(edges))
    assert len(css(page, "#unregistered-list article")) == len(injection.get("unregistered", []))
    if "unregisteredResolutions" in data["summary"]:
        card = page.find_element("css selector", '#summary-cards [data-key="unregisteredResolutions"]')
        assert card.get_attribute("data-value") == str(data["summary"]["unregisteredResolutions"])
    # The DI graph, inflated after the first screen and drawn whole.
    drawing = embedded(page, "strata-injection-graph")
    if drawing:
        from selenium.webdriver.support.ui import WebDriverWait
        nodes = drawing.count('class="node')
        assert drawing.startswith("<svg") and nodes > 0
        WebDriverWait(page, 10).until(lambda d: len(css(d, "#injection-graph svg g.node")) == nodes)
    else:
        assert not registrations and not css(page, "#injection-graph svg")


def test_blast_radius_lists_as_many_dependents_as_it_counts(page, data):
    """strata.json stores counts only; the page index lists the dependents."""
    items = css(page, "#blast-radius li")
    radius = {r["module"]: r for r in data.get("linkage", {}).get("blastRadius", [])}
    for item in items:
        text = item.get_attribute("textContent")
        name = item.find_element("css selector", "code, .mod, span").get_attribute("textContent").strip()
        match = re.search(r"rebuilds ([\d,]+) modules? \(([\d,]+) lines\): (.*)$", text, re.S)
        assert match, text
        listed = [n for n in match.group(3).split(", ") if n]
        assert len(listed) == int(match.group(1).replace(",", "")), text
        if name in radius:
            assert radius[name]["count"] == len(listed)


def test_build_shape_shows_the_critical_path_and_the_costliest_rebuilds(page, data):
    """The Build section draws strata.json's buildShape: the path in build order, the
    widths per depth, and the rebuild costs, costliest first, at most 15."""
    shape = data["buildShape"]
    summary = text_of(page, "#build-shape-summary")
    assert "Critical path: " + " → ".join(shape["criticalPath"]) in summary
    assert " · ".join(f"{depth}: {width}" for depth, width in enumerate(shape["widths"])) in summary
    rows = css(page, "#rebuild-table tbody tr")
    assert 0 < len(rows) <= 15
    costs = [float(row.find_elements("css selector", "td")[1].get_attribute("textContent").split()[0].replace(",", "")) for row in rows]
    assert costs == sorted(costs, reverse=True)
    assert costs[0] == max(m["rebuildCost"] for m in shape["modules"])


def test_every_module_page_draws_its_neighbourhood_with_each_name_as_text(page, data):
    """Defect 1: a name with an entity, a control character or NUL broke the SVG ("No
    drawing.") of every drawing it was in. Each module page draws its neighbourhood, the
    module's name as its node's label; nothing runs."""
    from selenium.webdriver.support.ui import WebDriverWait
    names = embedded(page, "strata-page")["modules"]
    if len(names) > 40:
        pytest.skip("the small reports visit every module page")
    for index, name in enumerate(names):
        page.get(page.current_url.split("#")[0] + "#module/" + quote(name, safe=""))
        assert page.find_element("css selector", "#module-title").get_attribute("textContent") == name
        WebDriverWait(page, 10).until(lambda d: css(d, "#module-neighbourhood svg") or "No drawing" in d.find_element("css selector", "#module-neighbourhood").text)
        assert "No drawing" not in page.find_element("css selector", "#module-neighbourhood").text, name
        focus = page.find_element("css selector", f"#module-neighbourhood g.node.m{index}")
        assert focus.find_element("css selector", "text").get_attribute("textContent") == picture(name)
    assert page.execute_script("return typeof window.__pwned") == "undefined"
    assert page.execute_script("return document.querySelectorAll('main img, #module-page script').length") == 0


def test_paths_between_two_modules_are_listed_from_the_module_scripts(page, data):
    """The shortest paths both ways, as Strata lists them in the module scripts."""
    index = embedded(page, "strata-page")
    dependencies = index["graph"]["dependencies"]
    source = next((i for i, out in enumerate(dependencies) if any(dependencies[o] for o in out)), None)
    if source is None:
        pytest.skip("no module two hops above another")
    middle = next(o for o in dependencies[source] if dependencies[o])
    target = dependencies[middle][0]
    names = index["modules"]
    page.get(page.current_url.split("#")[0] + "#module/" + quote(names[source], safe=""))
    box = page.find_element("css selector", "#module-paths input")
    box.send_keys(names[target] + "\n")
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(page, 10).until(lambda d: css(d, "#module-paths .paths, #module-paths .empty"))
    parts = css(page, "#module-paths h3 + *")
    paths = [li.get_attribute("textContent") for li in parts[0].find_elements("css selector", "li.path")]
    assert paths and all(p.startswith(names[source]) and p.endswith(names[target]) for p in paths)
    assert "does not depend on" in parts[1].get_attribute("textContent")


def test_a_module_page_says_what_it_uses_of_each_dependency(page, data):
    """The symbols behind each edge (strata.json's edges[].symbols), on the page of the
    module that uses them: each name with its count, its kind and first site on hover."""
    from selenium.webdriver.support.ui import WebDriverWait
    edge = next((e for e in data["edges"] if e.get("symbols")), None)
    if edge is None:
        pytest.skip("no edge with symbols in this report")
    page.get(page.current_url.split("#")[0] + "#module/" + quote(edge["from"], safe=""))
    WebDriverWait(page, 10).until(lambda d: css(d, "#module-depends-on td.uses"))
    rows = css(page, "#module-depends-on tbody tr")
    row = next(r for r in rows if r.find_element("css selector", "th").get_attribute("textContent").startswith(edge["to"]))
    shown = row.find_elements("css selector", "td.uses .symbol")
    first = edge["symbols"][0]
    assert shown and shown[0].find_element("css selector", "code").get_attribute("textContent") == first["name"]
    assert f"×{first['count']:,}" in shown[0].get_attribute("textContent")
    assert shown[0].get_attribute("title") == f"{first['kind']}, first at {first['evidence']}"


def test_back_from_a_module_page_returns_to_the_same_place(page, data):
    """Defect 6: Back from a module page lost the scroll position."""
    rows = metric_rows(page)
    if not rows:
        pytest.skip("no metric rows")
    page.execute_script("document.getElementById('metrics-table').scrollIntoView()")
    before = page.execute_script("return window.scrollY")
    assert before > 200
    page.execute_script("arguments[0].click()", rows[-1].find_element("css selector", "th a"))
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(page, 10).until(lambda d: d.find_element("css selector", "#module-page").is_displayed())
    assert page.execute_script("return window.scrollY") == 0
    page.back()
    WebDriverWait(page, 10).until(lambda d: d.find_element("css selector", "#metrics").is_displayed())
    WebDriverWait(page, 5).until(lambda d: abs(d.execute_script("return window.scrollY") - before) <= 2)
    # The page's own link back does the same.
    page.execute_script("arguments[0].click()", rows[0].find_element("css selector", "th a"))
    WebDriverWait(page, 10).until(lambda d: d.find_element("css selector", "#module-page").is_displayed())
    page.find_element("css selector", "#module-page .crumbs a").click()
    WebDriverWait(page, 5).until(lambda d: abs(d.execute_script("return window.scrollY") - before) <= 2)


@pytest.mark.parametrize("width", [1280, 420])
def test_card_numbers_stay_on_one_line(page, width):
    """'20,000' wrapped onto two lines on the overview cards."""
    page.set_window_size(width, 900)
    for value in css(page, "#summary-cards .value"):
        height = page.execute_script("const r = arguments[0].getBoundingClientRect(), s = getComputedStyle(arguments[0]);"
                                     "return r.height / parseFloat(s.lineHeight === 'normal' ? parseFloat(s.fontSize) * 1.2 : s.lineHeight)", value)
        assert height < 1.5, value.text
