#!/usr/bin/env python3
"""Time to a Strata report's first complete screen in headless Chromium.

    Benchmarks/first-screen.py REPORT_DIR [--runs 3]

Opens file://REPORT_DIR/index.html with Debian's chromium through selenium, set up as
Tests/Browser/test_report.py does (headless, 1280x900), a fresh browser for each run, and
waits for the `strata-first-screen` performance mark that report.js sets once the first
screen is rendered. Prints, per run and as the median of the runs, the mark's startTime
and the navigation's domContentLoadedEventEnd and loadEventEnd, in ms from navigation
start. A report without the mark (one from before it) is timed at domContentLoadedEventEnd
instead, and the output says so.
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

MARK = "strata-first-screen"
# The mark may come after `load` (the overview is drawn by script); past this it is absent.
WAIT_AFTER_LOAD = 5.0
TIMEOUT = 300.0


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # never let selenium-manager go online
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(arg)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_window_size(1280, 900)
    driver.set_page_load_timeout(TIMEOUT)
    return driver


def measure(url):
    """(first screen ms or None, domContentLoadedEventEnd ms, loadEventEnd ms) of one cold load."""
    driver = browser()
    try:
        driver.get(url)  # returns once the page has loaded
        loaded = time.monotonic()
        while True:
            mark = driver.execute_script(
                "const m = performance.getEntriesByName(arguments[0]); return m.length ? m[0].startTime : null;", MARK)
            nav = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                " return n ? [n.domContentLoadedEventEnd, n.loadEventEnd] : null;")
            done = nav and nav[1] > 0
            if mark is not None and done:
                return mark, nav[0], nav[1]
            if done and time.monotonic() - loaded > WAIT_AFTER_LOAD:
                return None, nav[0], nav[1]
            if time.monotonic() - loaded > TIMEOUT:
                sys.exit(f"first-screen: {url} did not finish loading in {TIMEOUT:.0f} s")
            time.sleep(0.05)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="a folder with index.html, as `strata analyze -o` writes it")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    index = Path(args.report).resolve() / "index.html"
    if not index.is_file():
        sys.exit(f"first-screen: no {index}")
    try:
        import selenium  # noqa: F401
    except ImportError:
        sys.exit("first-screen: selenium is missing (scripts/setup --test installs it and chromium)")

    runs = [measure(index.as_uri()) for _ in range(args.runs)]
    marked = all(r[0] is not None for r in runs)
    for n, (first, dcl, load) in enumerate(runs, 1):
        shown = f"{first:.0f} ms" if first is not None else "no mark"
        print(f"  run {n}: first screen {shown}, DOMContentLoaded {dcl:.0f} ms, load {load:.0f} ms")
    first = statistics.median(r[0] if marked else r[1] for r in runs)
    how = f"performance mark '{MARK}'" if marked else f"no '{MARK}' mark: domContentLoadedEventEnd instead"
    print(f"first screen: {first:.0f} ms (median of {len(runs)}; {how}), "
          f"DOMContentLoaded {statistics.median(r[1] for r in runs):.0f} ms, "
          f"load {statistics.median(r[2] for r in runs):.0f} ms")


if __name__ == "__main__":
    main()
