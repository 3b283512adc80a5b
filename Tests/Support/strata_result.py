"""A strata.json result read as schema 2 spelled it: the migration docs/output.md describes.

Schema 3 writes every location as [file, line] (or [file]), the file an index into the
document's `files`, each file [directory, name] with the directory an index into
`directories` (the files of one folder that come one after another as one run,
[directory, name, name, ...]); schema 2 wrote "path:line" (or "path"). Schema 3 also writes three kinds of
repeated objects as rows, arrays of their values in the order the document's `columns` gives
(an absent value null, trailing ones left out): `modules[].imports` and `inactiveImports`
(`columns.import`), `accessControl.modules[].unusedPublic` and `openNotSubclassed`
(`columns.accessCandidate`), `edges[].symbols` (`columns.symbol`); schema 2 wrote objects.
The locations are the values docs/schema/strata.schema.json types as `$dynamicRef: #location`,
the rows those it types as a `$dynamicRef` to another of its `$dynamicAnchor`s; this walks
the document beside the schema and writes each one back as schema 2 did.

    from strata_result import load          # Tests/Support on sys.path
    result = load("strata-report/strata.json")
"""
import base64
import json
import re
import zlib
from pathlib import Path

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/schema/strata.schema.json").read_text(encoding="utf-8"))
# Each `$dynamicAnchor` of the schema: `location`, and the definition of each kind of row.
ANCHORS = {definition["$dynamicAnchor"]: definition for definition in SCHEMA["$defs"].values() if "$dynamicAnchor" in definition}
LOCATION = "location"
IMPORTED_MODULE = "importedModule"


def as_version_2(document):
    """The document with its locations as strings and its rows as objects (an import's module
    by name), without `files`, `directories`, `importedModules` and `columns`, schemaVersion 2. A schema 1 or 2 document is returned as it is."""
    if document.get("schemaVersion", 0) < 3:
        return document
    files, columns = paths(document), document["columns"]
    modules = document.get("importedModules", [])

    def location(value):
        assert isinstance(value, list) and 1 <= len(value) <= 2 and all(isinstance(v, int) for v in value), value
        return files[value[0]] + (f":{value[1]}" if len(value) == 2 else "")

    def row(value, kind):
        names, schemas = columns[kind], ANCHORS[kind]["prefixItems"]
        assert isinstance(value, list) and len(value) <= len(names) and (not value or value[-1] is not None), value
        return {name: walk(item, schema) for name, item, schema in zip(names, value, schemas) if item is not None}

    def walk(value, schema):
        if "$dynamicRef" in schema:
            kind = schema["$dynamicRef"].removeprefix("#")
            if kind == LOCATION:
                return location(value)
            if kind == IMPORTED_MODULE:
                # An index into `importedModules` (a name before the table was written).
                return modules[value] if isinstance(value, int) else value
            return row(value, kind)
        if isinstance(value, dict):
            properties, others = schema.get("properties", {}), schema.get("additionalProperties")
            return {key: walk(item, properties.get(key, others if isinstance(others, dict) else {})) for key, item in value.items()}
        if isinstance(value, list) and isinstance(schema.get("items"), dict):
            return [walk(item, schema["items"]) for item in value]
        return value

    migrated = walk({k: v for k, v in document.items() if k not in ("files", "directories", "columns", "importedModules")}, SCHEMA)
    migrated["schemaVersion"] = 2
    return migrated


def paths(document):
    """The paths of a schema 3 document's `files`, by index."""
    directories = document["directories"]
    return [f"{directories[d]}/{name}" if directories[d] else name for d, *names in document["files"] for name in names]


def load(path):
    return as_version_2(json.loads(Path(path).read_text(encoding="utf-8")))


PAGE_ELEMENT = re.compile(r'<script type="application/(zlib|json)" id="([a-z-]+)">(.*?)</script>', re.S)


def inflated(text):
    """The value of a report page's data element: JSON deflated (zlib) and in base64."""
    return json.loads(zlib.decompress(base64.b64decode(text, validate=True)))


def page_elements(html):
    """Each data element of a page by id: the report's are deflated, the one-file pages' JSON."""
    return {id: inflated(text) if kind == "zlib" else json.loads(text) for kind, id, text in PAGE_ELEMENT.findall(html)}
