"""The report's contract: every report folder in STRATA_SCHEMA_REPORTS (comma-separated;
written by `strata analyze --format html,json`) is checked against the JSON Schemas in
docs/schema/: strata.json against strata.schema.json, and what the page embeds (the
summary, the page index, the rule catalog) and the data scripts it loads (data/*.js)
against page-data.schema.json.

    STRATA_SCHEMA_REPORTS=a,b python3 -m pytest -q Tests/Schema
"""
import base64
import copy
import json
import os
import re
import zlib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT_ = Path(__file__).resolve().parents[2]
import sys
sys.path.insert(0, str(ROOT_ / "Tests/Support"))
import strata_result  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"
STRATA = json.loads((SCHEMAS / "strata.schema.json").read_text(encoding="utf-8"))
PAGE = json.loads((SCHEMAS / "page-data.schema.json").read_text(encoding="utf-8"))
REGISTRY = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in (STRATA, PAGE)])
REPORTS = [Path(p) for p in os.environ.get("STRATA_SCHEMA_REPORTS", "").split(",") if p]
DATA_CALL = re.compile(r'^(strataGroups|strataModule|strataFindings)\((.*?), "([A-Za-z0-9+/=]*)"\);$')


def validator(definition=None):
    """The validator of one schema, or of one `$defs` entry of the page-data schema."""
    schema = PAGE if definition else STRATA
    if definition:
        schema = {"$schema": PAGE["$schema"], "$ref": PAGE["$id"] + "#/$defs/" + definition}
    return Draft202012Validator(schema, registry=REGISTRY)


def errors(definition, value):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(definition).iter_errors(value)][:5]


def page_parts(report):
    """What index.html embeds, by script id (deflated, as the browser inflates it), and every value of the data scripts as
    (file, callback, key, value), a line each: its value is JSON deflated (zlib) and in base64."""
    html = (report / "index.html").read_text(encoding="utf-8")
    embedded = strata_result.page_elements(html)
    scripts = []
    for path in sorted((report / "data").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n"), f"{path}: not a data script"
        for line in text[:-1].split("\n"):
            match = DATA_CALL.match(line)
            assert match, f"{path}: not a data script"
            value = json.loads(zlib.decompress(base64.b64decode(match.group(3), validate=True)))
            scripts.append((path.name, match.group(1), json.loads(match.group(2)), value))
    return embedded, scripts


def test_the_schemas_are_valid_and_versioned():
    for schema in (STRATA, PAGE):
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert re.search(r"/v\d+/", schema["$id"]), schema["$id"]


@pytest.mark.parametrize("report", REPORTS, ids=[p.name for p in REPORTS])
def test_strata_json_follows_its_schema(report):
    result = json.loads((report / "strata.json").read_text(encoding="utf-8"))
    assert errors(None, result) == []
    # strata.json writes every location as [file, line] into its `files` and its rows as arrays
    # of `columns` (as_version_2 asserts both); the documents that reuse its definitions write
    # strings and objects, which their schemas' `$dynamicAnchor`s allow.
    assert result["schemaVersion"] == 3 and strata_result.as_version_2(result)["schemaVersion"] == 2


@pytest.mark.parametrize("report", REPORTS, ids=[p.name for p in REPORTS])
def test_page_data_follows_its_schema(report):
    embedded, scripts = page_parts(report)
    assert set(embedded) == {"strata-data", "strata-page", "strata-rules", "strata-injection-graph"}
    drawing = embedded["strata-injection-graph"]
    assert drawing == "" or (drawing.startswith("<svg") and drawing.rstrip().endswith("</svg>"))
    assert errors("summary", embedded["strata-data"]) == []
    assert errors("pageIndex", embedded["strata-page"]) == []
    assert errors("rules", embedded["strata-rules"]) == []
    modules, per = embedded["strata-page"]["modules"], embedded["strata-page"]["modulesPerScript"]
    assert sorted(key for _, callback, key, _ in scripts if callback == "strataModule") == list(range(len(modules)))
    for name, callback, key, value in scripts:
        if callback == "strataModule":
            assert name == f"modules-{key // per}.js"
            assert errors("moduleScript", value) == [], name
        elif callback == "strataFindings":
            assert name == f"findings-{key}.js"
            assert errors("findingScript", value) == [], name
        else:
            assert name == f"{key}.js"
            assert errors("groupScript", value) == [], name


@pytest.mark.parametrize("report", REPORTS[:1], ids=[p.name for p in REPORTS[:1]])
def test_a_renamed_or_missing_field_fails(report):
    """The schemas are strict: each of these changes to a real report is caught."""
    result = json.loads((report / "strata.json").read_text(encoding="utf-8"))
    embedded, scripts = page_parts(report)

    def renamed(value, path, new):
        value = copy.deepcopy(value)
        holder = value
        for step in path[:-1]:
            holder = holder[step]
        holder[new] = holder.pop(path[-1])
        return value

    def dropped(value, path):
        value = copy.deepcopy(value)
        holder = value
        for step in path[:-1]:
            holder = holder[step]
        del holder[path[-1]]
        return value

    assert errors(None, renamed(result, ["modules", 0, "name"], "title"))
    assert errors(None, dropped(result, ["summary", "modules"]))
    assert errors(None, renamed(result, ["schemaVersion"], "version"))
    assert errors(None, {**result, "schemaVersion": 99})
    # strata.json's locations are arrays only, its rows arrays of `columns`, not objects.
    module = next(m for m in result["modules"] if m["imports"])
    site = module["imports"][0]
    as_object = copy.deepcopy(result)
    as_object["modules"][result["modules"].index(module)]["imports"][0] = dict(zip(result["columns"]["import"], site))
    assert errors(None, as_object)
    as_string = copy.deepcopy(result)
    as_string["modules"][result["modules"].index(module)]["imports"][0] = [site[0], "Sources/A.swift:1"]
    assert errors(None, as_string)
    assert errors("pageIndex", dropped(embedded["strata-page"], ["graph", "order"]))
    assert errors("pageIndex", renamed(embedded["strata-page"], ["modules"], "names"))
    assert errors("rules", [{**embedded["strata-rules"][0], "severity": "fatal"}])
    module = next(value for _, callback, _, value in scripts if callback == "strataModule")
    assert errors("moduleScript", renamed(module, ["paths"], "routes"))
