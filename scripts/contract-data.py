#!/usr/bin/env python3
"""Writes Sources/HarnessContractChecks/DocumentedOperation+All.swift: what the contracts' documents say
about each operation (method, path, query parameters, required headers, the members a 2xx answer may carry), and
the values each contract's documents give the X-Places-Api-Version header.

The replay checks compare the client with this data, never with the client's own registry or decoders.
Sources: the seed documents ../shared/spec/000-004 (their example answers and endpoint lists) and Foursquare's
OpenAPI document of each version found in ../shared/spec/current/ (openapi-<yyyymmdd>.json, e.g. 2025-06-17's).

Usage: python3 scripts/contract-data.py [--check]   (--check: exit 1 if the committed file differs)
"""
import json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "..", "shared", "spec")
OUT = os.path.join(ROOT, "Sources", "HarnessContractChecks", "DocumentedOperation+All.swift")
VERSION_HEADER = "x-places-api-version"
MAX_DEPTH = 6  # the document's schemas nest photos in tips in photos…; answers go no deeper


def openapi_documents():
    """Each version's document in spec/current/, oldest first: (contract, file name)."""
    names = sorted(n for n in os.listdir(os.path.join(SPEC, "current")) if re.fullmatch(r"openapi-\d{8}\.json", n))
    return [(f"{n[8:12]}-{n[12:14]}-{n[14:16]}", n) for n in names]


def openapi_operations(contract, name):
    doc = json.load(open(os.path.join(SPEC, "current", name)))

    def resolve(schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 20:
            parts = schema["$ref"].lstrip("#/").split("/")
            schema = doc
            for part in parts:
                schema = schema[part]
            seen += 1
        return schema or {}

    def members(schema, path, depth, out):
        schema = resolve(schema)
        if depth > MAX_DEPTH:
            return
        for key in ("allOf", "oneOf", "anyOf"):
            for sub in schema.get(key, []):
                members(sub, path, depth, out)
        if schema.get("type") == "array" or "items" in schema:
            if "items" in schema:
                members(schema["items"], path + "[*]", depth + 1, out)
            return  # an array's stray "properties" are the generator's, not members (current/README.md)
        for name, sub in (schema.get("properties") or {}).items():
            member = path + "." + name
            out.add(member)
            members(sub, member, depth + 1, out)

    operations, versions = [], set()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            params = [resolve(p) for p in op.get("parameters", [])]
            for p in params:
                if p.get("in") == "header" and p["name"].lower() == VERSION_HEADER:
                    schema = resolve(p.get("schema", {}))
                    versions.update(schema.get("enum") or ([schema["default"]] if "default" in schema else []))
            out = set()
            for status, response in op["responses"].items():
                if status.startswith("2"):
                    schema = (resolve(response).get("content", {}).get("application/json", {}) or {}).get("schema")
                    if schema:
                        members(schema, "$", 0, out)
            operations.append(dict(
                contract=contract, endpoint=op["operationId"], method=method.upper(), path=path,
                query=[p["name"] for p in params if p.get("in") == "query"],
                headers=[p["name"] for p in params if p.get("in") == "header" and p.get("required")],
                members=sorted(out), source=name))
    return operations, sorted(versions)


# The seed documents name no operation ids: each section's path is the endpoint the registry calls by this id.
SEED_IDS = {
    ("GET", "/places/{fsq_id}"): "place-details",
    ("GET", "/places/{fsq_id}/tips"): "place-tips",
    ("GET", "/places/{fsq_id}/photos"): "place-photos",
    ("GET", "/places/autocomplete"): "places-autocomplete",
    ("GET", "/places/search"): "place-search",
    ("GET", "/places/geotagging"): "geotagging",
    ("GET", "/places/categories"): "categories",
    ("GET", "/places/chains"): "chains",
    ("GET", "/autocomplete"): "autocomplete",
}


def json_members(value, path, out):
    if isinstance(value, dict):
        for name, sub in value.items():
            out.add(path + "." + name)
            json_members(sub, path + "." + name, out)
    elif isinstance(value, list):
        for sub in value:
            json_members(sub, path + "[*]", out)


# Document 004 shows its answer as Swift structs with CodingKeys, not as an example: these are their keys. Its
# `place` is the shared-models.md `Place` that the seed documents never wrote, so its members are not listed.
SEED_004_MEMBERS = ["$.results", "$.results[*].type", "$.results[*].text", "$.results[*].text.primary",
                    "$.results[*].text.secondary", "$.results[*].text.highlight",
                    "$.results[*].text.highlight[*].start", "$.results[*].text.highlight[*].length",
                    "$.results[*].link", "$.results[*].place"]


def seed_operations():
    """The seed documents' operations, and the X-Places-Api-Version values their Mandatory Headers give."""
    operations, versions = [], set()
    for name in sorted(os.listdir(SPEC)):
        if not re.match(r"00\d_.*\.txt$", name):
            continue
        text = open(os.path.join(SPEC, name)).read()
        headers = []
        block = re.search(r"```http\n(.*?)```", text, re.S)
        if block:
            headers = [line.split(":", 1)[0].strip() for line in block.group(1).splitlines() if ":" in line]
        mandatory = text.split("## Mandatory Headers")[-1].split("\n## ")[0] if "## Mandatory Headers" in text else ""
        headers += re.findall(r"^\| `([^`]+)` \| Yes \|", mandatory, re.M)
        versions.update(v for h, v in re.findall(r"^\| `([^`]+)` \| Yes \| `([^`]+)` \|", mandatory, re.M)
                        if h.lower() == VERSION_HEADER)
        current = None
        # A section names an endpoint ("- Method:" and "- Path:", or a "`GET /path`" line); the example answers
        # after it, up to the next endpoint, are that endpoint's.
        for section in re.split(r"\n## ", text):
            method = re.search(r"- Method: `(\w+)`", section)
            path = re.search(r"- Path: `([^`]+)`", section)
            line = re.search(r"^`(GET|POST) (/[^`]*)`$", section, re.M)
            if method and path or line:
                key = (method.group(1), path.group(1)) if method and path else (line.group(1), line.group(2))
                query = []
                listed = re.search(r"- Query params:\n((?:  - .*\n)+)", section)
                if listed:
                    query = re.findall(r"  - `([^`]+)`", listed.group(1))
                query += re.findall(r"^\| `([^`]+)` \| `query` \|", text if line else "", re.M)
                current = dict(contract="seed", endpoint=SEED_IDS.get(key, "?"), method=key[0], path=key[1],
                               query=query, headers=headers, members=set(), source=name)
                operations.append(current)
            if current is None:
                continue
            for example in re.findall(r"```json\n(.*?)```", section, re.S):
                try:
                    json_members(json.loads(example), "$", current["members"])
                except ValueError:
                    pass
        for op in operations:
            if op["source"] == name and op["path"] == "/autocomplete":
                op["members"].update(SEED_004_MEMBERS)
    for op in operations:
        op["members"] = sorted(op["members"])
    return operations, sorted(versions)


def swift_list(items):
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def render(operations, versions, documents):
    read = ", ".join(f"../shared/spec/current/{name}" for _, name in documents)
    lines = [
        "// Generated by scripts/contract-data.py from the seed documents (../shared/spec/000-004) and",
        f"// {read}. Do not edit: run the script again.",
        "",
        "extension DocumentedOperation {",
        "    /// Every operation the contracts' documents describe.",
        "    static let all: [DocumentedOperation] = [",
    ]
    for op in operations:
        lines.append(f"        DocumentedOperation(contract: {json.dumps(op['contract'])}, endpoint: {json.dumps(op['endpoint'])}, "
                     f"method: {json.dumps(op['method'])}, path: {json.dumps(op['path'])}, source: {json.dumps(op['source'])},")
        lines.append(f"            query: {swift_list(op['query'])},")
        lines.append(f"            headers: {swift_list(op['headers'])},")
        lines.append(f"            members: {swift_list(op['members'])}),")
    lines += [
        "    ]",
        "",
        "    /// The values each contract's documents give `X-Places-Api-Version`: an OpenAPI document's header",
        "    /// parameter enum, the seed documents' Mandatory Headers.",
        "    static let apiVersions: [String: [String]] = [",
    ]
    lines += [f"        {json.dumps(contract)}: {swift_list(values)}," for contract, values in versions if values]
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    documents = openapi_documents()
    seed, seed_versions = seed_operations()
    operations, versions = seed, [("seed", seed_versions)]
    for contract, name in documents:
        ops, values = openapi_operations(contract, name)
        operations += ops
        versions.append((contract, values))
    text = render(operations, versions, documents)
    if "--check" in sys.argv:
        current = open(OUT).read() if os.path.exists(OUT) else ""
        if current != text:
            print(f"{OUT} is not what scripts/contract-data.py writes: run it again", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    open(OUT, "w").write(text)
    print(f"wrote {OUT}")
