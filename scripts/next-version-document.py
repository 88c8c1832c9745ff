#!/usr/bin/env python3
"""Writes a plausible next version's OpenAPI document from a dated one, for scripts/new-contract-check.sh: the
three kinds of change a version brings, so that the check proves each is written from the document.
- a new optional object on places (`menu_summary`: `item_count`, `currency`), wherever a place is described;
- a new optional object on every schema with a place id (`accessibility`), which several answers share: the writes'
  suggested edits and review venues too;
- a type change on tips: `agree_count` becomes a string, in every tip of a place;
- a new operation, `placeMenu` (camelCase, so the kebab-case rule is exercised): `GET /places/{fsq_place_id}/menu`
  with a bounded `limit` (1 to 20) and its own answer.
The X-Places-Api-Version header's default becomes TO everywhere.

With --changes, the kinds of change that take away or tighten, from any dated document:
- a member removed (`tel`) and one renamed (`website` to `website_url`), wherever a place is described;
- a new value on a query parameter's enum (`DUPLICATE`, a removal's `reason`);
- a larger bound (`limit` on `/places/suggest/status` up to 100) and a new required query parameter on that read
  (`months`, an integer from 1 to 12);
- a write removed (`POST /places/{fsq_place_id}/suggest/flag`);
- reads the line's contracts share whose parameters change (`/places/search`: `limit` up to 200, and `NEWEST` on
  `sort`; `/autocomplete`, whose request is declared once for the seed and the dated versions: `limit` up to 100).

Usage: python3 scripts/next-version-document.py [--changes] FROM_DOCUMENT TO OUT
"""
import copy, json, sys


def walk(node, keys=()):
    """Each object of the document with the keys that lead to it."""
    if isinstance(node, dict):
        yield node, keys
        for key, value in node.items():
            yield from walk(value, keys + (key,))
    elif isinstance(node, list):
        for value in node:
            yield from walk(value, keys)


def main(source, to, out):
    doc = json.load(open(source))
    for node, keys in list(walk(doc)):
        props = node.get("properties") if isinstance(node.get("properties"), dict) else None
        if props and "fsq_place_id" in props and "categories" in props:
            props["menu_summary"] = {"type": "object", "properties": {
                "item_count": {"type": "integer", "format": "int32"}, "currency": {"type": "string"}}}
        if props and "fsq_place_id" in props:  # every schema with a place id: places, and the venues writes answer with
            props["accessibility"] = {"type": "object", "properties": {"wheelchair": {"type": "boolean"}}}
        # Every tip's, wherever the document nests one (keyed fsq_tip_id or id), as a new version of a schema would;
        # not the tip the photo schema gives an icon or a logo, which is no tip of a place.
        if props and "agree_count" in props and ("fsq_tip_id" in props or "id" in props) \
                and not {"icon", "logo"} & set(keys):
            props["agree_count"] = {"type": "string"}
        if node.get("in") == "header" and str(node.get("name", "")).lower() == "x-places-api-version":
            node.setdefault("schema", {})["default"] = to
            node["schema"]["enum"] = [to]
    details = doc["paths"]["/places/{fsq_place_id}"]["get"]
    header = copy.deepcopy(next(p for p in details["parameters"] if p.get("in") == "header" and p["name"].lower() == "x-places-api-version"))
    doc["paths"]["/places/{fsq_place_id}/menu"] = {"get": {
        "operationId": "placeMenu", "summary": "The menu of a place",
        "parameters": [
            {"name": "fsq_place_id", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 20, "default": 10}},
            header],
        "responses": {"200": {"description": "success", "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "currency": {"type": "string"},
                "items": {"type": "array", "items": {"type": "object", "properties": {
                    "name": {"type": "string"}, "price": {"type": "number", "format": "double"}}}}}}}}},
            "400": {"description": "bad request"}, "401": {"description": "unauthorized"},
            "404": {"description": "not found"}}}}
    with open(out, "w") as f:
        json.dump(doc, f, indent=1)


def version_header(doc, to):
    for node, _ in list(walk(doc)):
        if node.get("in") == "header" and str(node.get("name", "")).lower() == "x-places-api-version":
            node.setdefault("schema", {})["default"] = to
            node["schema"]["enum"] = [to]


def changes(source, to, out):
    doc = json.load(open(source))
    for node, _ in list(walk(doc)):
        props = node.get("properties") if isinstance(node.get("properties"), dict) else None
        if props and "fsq_place_id" in props and "categories" in props:
            props.pop("tel", None)
            if "website" in props:
                props["website_url"] = props.pop("website")
            for key in ("required",):
                if isinstance(node.get(key), list):
                    node[key] = [("website_url" if n == "website" else n) for n in node[key] if n != "tel"]
    version_header(doc, to)
    remove = doc["paths"]["/places/{fsq_place_id}/suggest/remove"]["post"]
    reason = next(p for p in remove["parameters"] if p.get("name") == "reason")
    reason["schema"]["enum"] = reason["schema"]["enum"] + ["DUPLICATE"]
    status = doc["paths"]["/places/suggest/status"]["get"]
    next(p for p in status["parameters"] if p.get("name") == "limit")["schema"]["maximum"] = 100
    status["parameters"].insert(0, {"name": "months", "in": "query", "required": True,
                                    "schema": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 12}})
    del doc["paths"]["/places/{fsq_place_id}/suggest/flag"]
    search = doc["paths"]["/places/search"]["get"]
    next(p for p in search["parameters"] if p.get("name") == "limit")["schema"]["maximum"] = 200
    sort = next(p for p in search["parameters"] if p.get("name") == "sort")["schema"]
    sort["enum"] = sort["enum"] + ["NEWEST"]
    autocomplete = doc["paths"]["/autocomplete"]["get"]
    next(p for p in autocomplete["parameters"] if p.get("name") == "limit")["schema"]["maximum"] = 100
    with open(out, "w") as f:
        json.dump(doc, f, indent=1)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--changes"] and len(arguments) == 4:
        changes(*arguments[1:])
    elif len(arguments) == 3:
        main(*arguments)
    else:
        sys.exit(__doc__.strip().splitlines()[-1])
