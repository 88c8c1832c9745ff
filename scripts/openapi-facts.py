#!/usr/bin/env python3
"""Writes a version's OpenAPI document into the package as facts: its paths, operations, parameters, schemas,
types, enums, bounds, security and servers, with the publisher's prose left out (every `description` and
`summary` a keyword holds, and `info.description`). A response keeps an empty `description`, which OpenAPI
requires. Member names are never touched: a property called `description` stays.

docs/openapi/ is the one place the package's documents live; the generator, contract-data.py, the tests, the
stand-ins and .ci/run read them there.

Usage: python3 scripts/openapi-facts.py ORIGINAL OUT     write OUT from ORIGINAL (new-contract.sh uses this)
       python3 scripts/openapi-facts.py --original FILE   write docs/openapi/openapi-20250617.json from
                                                         Foursquare's original (.ci/run gives it)
       python3 scripts/openapi-facts.py --check --original FILE   exit 1 if the committed copy differs from the
                                                         original's facts; exit 2, saying so, without the original
       python3 scripts/openapi-facts.py --self-test
"""
import hashlib, json, os, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTS = os.path.join(ROOT, "docs", "openapi")
# The copy of the one original the package was given: Foursquare's 2025-06-17 document (its source is in
# docs/openapi/README.md). The original lives outside the package; whoever has it names it with --original.
COPY = os.path.join(DOCUMENTS, "openapi-20250617.json")

PROSE = {"description", "summary"}
# Keys whose values map names (paths, members, statuses, media types, components) to objects: their keys are names,
# never keywords, so nothing in them is prose by its key.
NAME_MAPS = {"paths", "properties", "patternProperties", "$defs", "definitions", "responses", "content", "headers",
             "schemas", "parameters", "securitySchemes", "requestBodies", "examples", "encoding", "links", "callbacks",
             "variables", "mapping", "scopes", "dependentSchemas", "pathItems"}


class InputError(Exception):
    """Bad input: one line naming the file and what to do. Nothing is written."""


def facts(node, role="keywords"):
    """`node` without prose. `role` says what the node's keys are: keywords, or names (a NAME_MAPS value)."""
    if isinstance(node, list):
        return [facts(item) for item in node]
    if not isinstance(node, dict):
        return node
    if role == "names":
        return {name: facts(value) for name, value in node.items()}
    out = {}
    for key, value in node.items():
        if key in PROSE:
            continue
        if key in NAME_MAPS and isinstance(value, dict):
            if key == "responses":
                out[key] = {status: response_facts(response) for status, response in value.items()}
            else:
                out[key] = facts(value, "names")
        elif key == "components" and isinstance(value, dict):
            out[key] = {kind: ({name: (response_facts if kind == "responses" else facts)(item) for name, item in group.items()}
                              if isinstance(group, dict) else group) for kind, group in value.items()}
        else:
            out[key] = facts(value)
    return out


def response_facts(response):
    if not isinstance(response, dict):
        return response
    kept = facts(response)
    if "$ref" not in response:
        kept = {"description": "", **kept}  # OpenAPI requires it; ours says nothing
    return kept


def text_of(doc):
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def load(path):
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        doc = json.loads(raw)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file; give the version's OpenAPI document (JSON) as published")
    except ValueError as error:
        raise InputError(f"{path}: not JSON ({error}); give the version's OpenAPI document (JSON) as published")
    if not isinstance(doc, dict) or not isinstance(doc.get("paths"), dict):
        raise InputError(f"{path}: not an OpenAPI document with paths; give the version's OpenAPI document (JSON)")
    return doc, hashlib.sha256(raw).hexdigest()


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".writing-")
    with os.fdopen(handle, "w") as out:
        out.write(text)
    os.chmod(temporary, 0o644)
    os.replace(temporary, path)


def self_test():
    doc = {"openapi": "3.1.0", "info": {"title": "T", "version": "1", "description": "Their words."},
           "paths": {"/a": {"get": {"summary": "S", "description": "D", "operationId": "a",
                                    "parameters": [{"name": "description", "in": "query", "description": "x",
                                                    "schema": {"type": "integer", "maximum": 5, "description": "y"}}],
                                    "responses": {"200": {"description": "OK", "content": {"application/json": {
                                        "schema": {"type": "object", "properties": {
                                            "description": {"type": "string", "description": "z"},
                                            "summary": {"type": "object", "properties": {"title": {"type": "string"}}}}}}}},
                                                  "404": {"$ref": "#/components/responses/NotFound"}}}}},
           "components": {"schemas": {"description": {"type": "string", "description": "w"}},
                          "responses": {"NotFound": {"description": "Gone"}},
                          "securitySchemes": {"key": {"type": "http", "scheme": "bearer", "description": "v"}}}}
    out = facts(doc)
    text = json.dumps(out)
    for prose in ("Their words", '"S"', '"D"', '"x"', '"y"', '"z"', '"w"', '"v"', "OK", "Gone"):
        assert prose not in text, prose
    op = out["paths"]["/a"]["get"]
    assert op["parameters"][0]["name"] == "description" and op["parameters"][0]["schema"] == {"type": "integer", "maximum": 5}
    members = op["responses"]["200"]["content"]["application/json"]["schema"]["properties"]
    assert list(members) == ["description", "summary"] and "title" in members["summary"]["properties"]
    assert op["responses"]["200"]["description"] == "" and op["responses"]["404"] == {"$ref": "#/components/responses/NotFound"}
    assert out["components"]["schemas"] == {"description": {"type": "string"}}
    assert out["components"]["responses"]["NotFound"] == {"description": ""}
    assert out["components"]["securitySchemes"]["key"] == {"type": "http", "scheme": "bearer"}
    assert out["info"] == {"title": "T", "version": "1"}
    try:
        load(os.path.join(ROOT, "no-such-document.json"))
        raise AssertionError("a missing file was read")
    except InputError as error:
        assert "no such file" in str(error)
    print("openapi-facts.py self-test: ok")


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) == 2 and not argv[0].startswith("-"):
        doc, _ = load(argv[0])
        write(argv[1], text_of(facts(doc)))
        return 0
    original = None
    if len(argv) >= 2 and argv[-2] == "--original":
        original, argv = argv[-1], argv[:-2]
    if argv not in ([], ["--check"]):
        print("openapi-facts.py: usage: openapi-facts.py [ORIGINAL OUT | [--check] --original FILE | --self-test]",
              file=sys.stderr)
        return 2
    if original is None or not os.path.exists(original):
        given = "no --original was given" if original is None else f"{original} is not there"
        if argv == ["--check"]:
            print(f"openapi-facts.py: cannot check {os.path.relpath(COPY, ROOT)}: {given}; give Foursquare's original "
                  "2025-06-17 document with --original FILE (.ci/run does); nothing was checked", file=sys.stderr)
            return 2
        raise InputError(f"{given}: give Foursquare's original 2025-06-17 document with --original FILE to write the package's copy")
    doc, _ = load(original)
    text = text_of(facts(doc))
    if argv == ["--check"]:
        current = open(COPY).read() if os.path.exists(COPY) else None
        if current != text:
            print(f"openapi-facts.py: {os.path.relpath(COPY, ROOT)} differs from the facts of "
                  f"{os.path.relpath(original, ROOT)}: run python3 scripts/openapi-facts.py", file=sys.stderr)
            return 1
        print(f"openapi-facts.py: {os.path.relpath(COPY, ROOT)} is the original's facts")
        return 0
    write(COPY, text)
    print(f"wrote {os.path.relpath(COPY, ROOT)}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]) or 0)
    except InputError as error:
        print(f"openapi-facts.py: {error}", file=sys.stderr)
        sys.exit(1)
