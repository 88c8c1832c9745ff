#!/usr/bin/env python3
"""Checks one 200 answer of every operation of the OpenAPI document against that operation's 200 schema.

Usage: schema_check.py BASE_URL KEY OPENAPI.json. Bare `{"type": "object"}` schemas with no properties accept
any JSON value (the document's README: the generator wrote decimal and enum-like fields that way). A key the
schema does not list is reported as undocumented. Exits 1 on any mismatch, or when an operation was not called.
"""
import json
import sys
import urllib.request

PLACE = "5a187743ccad6b307315e6fe"
JOB = "0123456789abcdef0123456789abcdef"
CALLS = [
    ("get", "/places/search", "/places/search?query=coffee&ll=41.8781,-87.6298&limit=50"),
    ("get", "/places/search", "/places/search?near=Paris&limit=50&tel_format=E164"),
    ("get", "/places/{fsq_place_id}", "/places/" + PLACE),
    ("get", "/places/{fsq_place_id}/tips",
     "/places/%s/tips?fields=fsq_tip_id,created_at,text,lang,url,agree_count,disagree_count,photo&limit=50" % PLACE),
    ("get", "/places/{fsq_place_id}/photos", "/places/%s/photos?limit=50" % PLACE),
    ("get", "/autocomplete", "/autocomplete?query=pizza&limit=50"),
    ("get", "/geotagging/candidates", "/geotagging/candidates?limit=50"),
    ("get", "/places/suggest/status", "/places/suggest/status?limit=50"),
    ("get", "/places/suggest/review", "/places/suggest/review?near=London"),
    ("get", "/offline-jobs/status", "/offline-jobs/status?job_ids=" + JOB),
    ("post", "/places/{fsq_place_id}/suggest/merge", "/places/%s/suggest/merge?duplicate_fsq_place_ids=%s" % (PLACE, PLACE)),
    ("post", "/places/{fsq_place_id}/suggest/edit", "/places/%s/suggest/edit?name=x" % PLACE),
    ("post", "/places/{fsq_place_id}/suggest/remove", "/places/%s/suggest/remove?reason=OTHER" % PLACE),
    ("post", "/places/{fsq_place_id}/suggest/flag", "/places/%s/suggest/flag?fields=name" % PLACE),
    ("post", "/places/suggest/place", "/places/suggest/place?name=x&latitude=1&longitude=2"),
    ("post", "/geotagging/confirm", "/geotagging/confirm"),
    ("post", "/offline-jobs/initialize", "/offline-jobs/initialize"),
    ("post", "/offline-jobs/{fsq_job_id}/execute", "/offline-jobs/%s/execute" % JOB),
    ("post", "/offline-jobs/{fsq_job_id}/credentials/refresh", "/offline-jobs/%s/credentials/refresh" % JOB),
]


def check(value, schema, path, errors):
    if not schema:
        return
    kind = schema.get("type")
    props = schema.get("properties")
    extra = schema.get("additionalProperties")
    if kind == "object" and not props and not isinstance(extra, dict):
        return
    if kind == "object" or (kind is None and props):
        if not isinstance(value, dict):
            errors.append("%s: expected object, found %r" % (path, value))
            return
        for key, item in value.items():
            if props and key in props:
                check(item, props[key], path + "." + key, errors)
            elif isinstance(extra, dict):
                check(item, extra, path + "." + key, errors)
            else:
                errors.append("%s.%s: not in the document" % (path, key))
    elif kind == "array":
        if not isinstance(value, list):
            errors.append("%s: expected array, found %r" % (path, value))
            return
        for index, item in enumerate(value):
            check(item, schema.get("items", {}), "%s[%d]" % (path, index), errors)
    elif kind == "string" and not isinstance(value, str):
        errors.append("%s: expected string, found %r" % (path, value))
    elif kind == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
        errors.append("%s: expected integer, found %r" % (path, value))
    elif kind == "number" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        errors.append("%s: expected number, found %r" % (path, value))
    elif kind == "boolean" and not isinstance(value, bool):
        errors.append("%s: expected boolean, found %r" % (path, value))


def main():
    base, key, document = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(document) as handle:
        paths = json.load(handle)["paths"]
    headers = {"Authorization": "Bearer " + key, "X-Places-Api-Version": "2025-06-17"}
    failures = 0
    for method, template, target in CALLS:
        request = urllib.request.Request(base + target, headers=headers, method=method.upper())
        with urllib.request.urlopen(request, timeout=10) as response:
            body = json.load(response)
        errors = []
        schema = paths[template][method]["responses"]["200"]["content"]["application/json"]["schema"]
        check(body, schema, "$", errors)
        if errors:
            failures += 1
            print("FAIL: %s %s: %s" % (method.upper(), target, "; ".join(errors[:5])))
        else:
            print("ok   schema %s %s" % (method.upper(), template))
    missing = {(m, p) for p, ops in paths.items() for m in ops} - {(m, t) for m, t, _ in CALLS}
    for method, template in sorted(missing):
        failures += 1
        print("FAIL: %s %s: the document has it and this check does not call it" % (method.upper(), template))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
