#!/usr/bin/env python3
"""The differential oracle: python's jsonschema (Draft202012Validator) on (schema, instance) pairs.

Usage: jsonschema_oracle.py SUITE_DIR REMOTES_DIR OPENAPI_DOCUMENT FIXTURES_DIR [MAX_PER_ANSWER]

Prints one JSON object: {"pairs": [...]}, each pair
  {"id", "source": "suite" | "openapi", "schema" (suite) or "pointer" (openapi: segments into the document),
   "instance", "valid": true | false | null, "error" (when jsonschema could not decide)}.
The instance is printed as jsonschema saw it, so the Swift side validates the same value.

Suite pairs: every test of the draft 2020-12 suite; formats are asserted in optional/format/ (as the suite's
optional files assume) and annotations elsewhere (the 2020-12 default). Remote references resolve to
REMOTES_DIR/remotes (http://localhost:1234/) and the meta-schema jsonschema ships.

OpenAPI pairs: mutations of the shipped 200 answers of the 2025-06-17 fixtures, each against its operation's
response schema, with the document converted from OpenAPI 3.0 to 2020-12 (`nullable`, boolean exclusive bounds,
`$ref` siblings ignored) and formats asserted as --openapi asserts them (int32/int64 as ranges).
"""
import copy
import json
import os
import re
import sys

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def suite_registry(remotes_dir):
    resources = []
    folder = os.path.join(remotes_dir, "remotes")
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                contents = json.load(handle)
            url = "http://localhost:1234/" + os.path.relpath(path, folder).replace(os.sep, "/")
            resources.append((url, Resource.from_contents(contents, default_specification=DRAFT202012)))
    return Registry().with_resources(resources)


def verdict(validator, instance):
    try:
        return validator.is_valid(instance), None
    except Exception as error:  # an unresolvable reference, a regex python cannot compile
        return None, f"{type(error).__name__}: {error}".splitlines()[0][:200]


def suite_pairs(suite_dir, registry):
    pairs = []
    files = []
    for root, _, names in os.walk(suite_dir):
        files += [os.path.relpath(os.path.join(root, n), suite_dir).replace(os.sep, "/") for n in names if n.endswith(".json")]
    for file in sorted(files):
        with open(os.path.join(suite_dir, file), encoding="utf-8") as handle:
            cases = json.load(handle)
        checker = Draft202012Validator.FORMAT_CHECKER if file.startswith("optional/format/") else None
        for case in cases:
            try:
                validator = Draft202012Validator(case["schema"], registry=registry, format_checker=checker)
            except Exception as error:
                validator = None
                failure = f"{type(error).__name__}: {error}".splitlines()[0][:200]
            for test in case["tests"]:
                valid, error = verdict(validator, test["data"]) if validator else (None, failure)
                pair = {"id": f"{file} / {case['description']} / {test['description']}", "source": "suite",
                        "schema": case["schema"], "instance": test["data"], "valid": valid}
                if error:
                    pair["error"] = error
                pairs.append(pair)
    return pairs


# MARK: OpenAPI 3.0 → 2020-12

DATA_KEYS = {"enum", "const", "default", "example", "examples"}


def convert(node):
    if isinstance(node, list):
        return [convert(element) for element in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$ref"), str):
        return {"$ref": node["$ref"]}  # OpenAPI 3.0: a Reference Object's siblings are ignored
    result = {key: (value if key in DATA_KEYS else convert(value)) for key, value in node.items()}
    if result.pop("nullable", False) is True and isinstance(result.get("type"), str):
        result["type"] = [result["type"], "null"]
        if isinstance(result.get("enum"), list) and None not in result["enum"]:
            result["enum"] = result["enum"] + [None]
    for bound, limit in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(result.get(bound), bool):
            if result.pop(bound) and limit in result:
                result[bound] = result.pop(limit)
    return result


def openapi_format_checker():
    checker = FormatChecker(formats=list(Draft202012Validator.FORMAT_CHECKER.checkers))

    def integer_range(bits):
        def check(value):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return True
            if isinstance(value, float) and not value.is_integer():
                return True
            return -(2 ** (bits - 1)) <= value < 2 ** (bits - 1)
        return check

    checker.checks("int32")(integer_range(32))
    checker.checks("int64")(integer_range(64))
    return checker


def escape(segment):
    return segment.replace("~", "~0").replace("/", "~1")


def response_pointer(document, method, path):
    """The pointer of the 200 JSON schema of the operation that serves `path`: a literal path before a template."""
    candidates = []
    for template, item in document.get("paths", {}).items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path) and method in item:
            candidates.append((template.count("{"), template))
    if not candidates:
        return None
    template = sorted(candidates)[0][1]
    response = document["paths"][template][method].get("responses", {}).get("200")
    if not isinstance(response, dict) or "$ref" in response:
        return None
    if "schema" not in response.get("content", {}).get("application/json", {}):
        return None
    return ["paths", template, method, "responses", "200", "content", "application/json", "schema"]


REPLACEMENTS = [None, "x", 5, 2.5, True, {}, []]


def mutations(body):
    """Deterministic, type-breaking and bound-breaking edits of every node of an answer."""
    found = []

    def walk(node, path):
        for replacement in REPLACEMENTS:
            if type(replacement) is not type(node) or replacement != node:
                found.append((path, "replace", replacement))
        if isinstance(node, str):
            for text in ["", "2021-02-14 10:00:00Z", "2021-02-30", "ünïcode"]:
                found.append((path, "replace", text))
        if isinstance(node, (int, float)) and not isinstance(node, bool):
            for number in [-1, 0, 2 ** 40, 9007199254740993, 1.0, node + 0.5]:
                found.append((path, "replace", number))
        if isinstance(node, dict):
            for key in node:
                found.append((path, "remove", key))
            found.append((path, "add", "zz_unknown_member"))
            for key, value in node.items():
                walk(value, path + [key])
        if isinstance(node, list):
            if node:
                found.append((path, "replace", node + [node[0]]))
            found.append((path, "replace", node + ["x"]))
            for offset, value in enumerate(node[:3]):
                walk(value, path + [offset])

    walk(body, [])
    results = []
    for path, action, argument in found:
        mutated = copy.deepcopy(body)
        if not path and action == "replace":
            results.append(argument)
            continue
        parent = mutated
        for segment in path[:-1] if action == "replace" else path:
            parent = parent[segment]
        if action == "replace":
            parent[path[-1]] = copy.deepcopy(argument)
        elif action == "remove":
            del parent[argument]
        else:
            parent[argument] = 1
        results.append(mutated)
    return results


def openapi_pairs(document_path, fixtures_dir, max_per_answer):
    with open(document_path, encoding="utf-8") as handle:
        document = json.load(handle)
    converted = convert(document)
    checker = openapi_format_checker()
    pairs = []
    answers = []
    for root, _, names in os.walk(fixtures_dir):
        if os.path.basename(root) != "2025-06-17":
            continue
        answers += [os.path.join(root, n) for n in names if n.startswith("200") and n.endswith(".json")]
    for answer in sorted(answers):
        with open(answer, encoding="utf-8") as handle:
            fixture = json.load(handle)
        request, response = fixture.get("request", {}), fixture.get("response", {})
        pointer = response_pointer(document, request.get("method", "GET").lower(), request.get("path", ""))
        if pointer is None or "body" not in response:
            continue
        schema = dict(converted)
        schema["$ref"] = "#/" + "/".join(escape(s) for s in pointer)
        validator = Draft202012Validator(schema, format_checker=checker)
        name = os.path.relpath(answer, fixtures_dir).replace(os.sep, "/")
        instances = [response["body"]] + mutations(response["body"])
        step = max(1, len(instances) // max_per_answer)
        for offset in range(0, len(instances), step)[:max_per_answer]:
            valid, error = verdict(validator, instances[offset])
            pair = {"id": f"{name} / mutation {offset}", "source": "openapi", "pointer": pointer,
                    "instance": instances[offset], "valid": valid}
            if error:
                pair["error"] = error
            pairs.append(pair)
    return pairs


def main():
    suite_dir, remotes_dir, document, fixtures_dir = sys.argv[1:5]
    max_per_answer = int(sys.argv[5]) if len(sys.argv) > 5 else 400
    pairs = suite_pairs(suite_dir, suite_registry(remotes_dir))
    pairs += openapi_pairs(document, fixtures_dir, max_per_answer)
    json.dump({"pairs": pairs}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
