#!/usr/bin/env python3
"""Writes Sources/HarnessContractChecks/DocumentedOperation+All.swift: what the contracts' documents say
about each operation (method, path, query parameters, required headers, the members a 2xx answer may carry), and
the values each contract's documents give the X-Places-Api-Version header (an OpenAPI document's header default,
else its enum).

The replay checks compare the client with this data, never with the client's own registry or decoders.
Sources: the seed documents ../shared/spec/000-004 (their example answers and endpoint lists) and Foursquare's
OpenAPI document of each version found in ../shared/spec/current/ (openapi-<yyyymmdd>.json, e.g. 2025-06-17's).

Usage: python3 scripts/contract-data.py [--check]   (--check: exit 1 if the committed file differs)
       python3 scripts/contract-data.py --self-test   (the version rule on small schemas)
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


OVERRIDES = os.path.join(ROOT, "Sources", "OpenAPIConformance", "Overrides")


def kind_overrides(name):
    """The version's overrides that retype a member anywhere (`/paths/**/properties/a/properties/b` with `set`, or
    `.../type` with `drop`): (member names the path ends with, the kind they give). The document is wrong there."""
    path = os.path.join(OVERRIDES, name.replace("openapi-", "overrides-"))
    if not os.path.exists(path):
        return []
    result = []
    for override in json.load(open(path)).get("overrides", []):
        pointer = override.get("pointer", "")
        if not pointer.startswith("/paths/**/properties/"):
            continue
        parts = pointer[len("/paths/**/"):].split("/")
        if override.get("drop") and parts[-1] == "type":
            parts, given = parts[:-1], "any"
        elif "set" in override and "type" in override["set"]:
            given = override["set"]["type"]
        else:
            continue
        if len(parts) % 2 or any(p != "properties" for p in parts[0::2]):
            continue
        result.append((parts[1::2], given))
    return result


def document_versions(schema):
    """The version a document is for, from its X-Places-Api-Version schema: the `default`, which a new version's
    document moves to its own date while its `enum` may still list older ones (issue 60); without a default, the
    enum's values (its single value, for today's documents)."""
    if "default" in schema:
        return [schema["default"]]
    return list(schema.get("enum") or [])


def openapi_operations(contract, name):
    doc = json.load(open(os.path.join(SPEC, "current", name)))
    retyped = kind_overrides(name)

    def resolve(schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 20:
            parts = schema["$ref"].lstrip("#/").split("/")
            schema = doc
            for part in parts:
                schema = schema[part]
            seen += 1
        return schema or {}

    def kind(schema):
        schema = resolve(schema)
        for key in ("allOf", "oneOf", "anyOf"):
            for sub in schema.get(key, []):
                found = kind(sub)
                if found != "any":
                    return found
        if schema.get("type") == "array" or "items" in schema:
            items = kind(schema.get("items", {}))
            return "array" if items in ("object", "array", "any") else "array of " + items
        if schema.get("type") == "object" or "properties" in schema:
            return "object"
        found = schema.get("type", "any")
        if schema.get("enum"):
            found += " enum " + "|".join(str(v).lower() if isinstance(v, bool) else str(v) for v in schema["enum"])
        elif schema.get("format"):
            found += " " + schema["format"]
        return found

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
            if member not in out or out[member] == "any":
                out[member] = kind(sub)
            members(sub, member, depth + 1, out)

    operations, versions = [], set()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            params = [resolve(p) for p in op.get("parameters", [])]
            for p in params:
                if p.get("in") == "header" and p["name"].lower() == VERSION_HEADER:
                    versions.update(document_versions(resolve(p.get("schema", {}))))
            out = {}
            for status, response in op["responses"].items():
                if status.startswith("2"):
                    schema = (resolve(response).get("content", {}).get("application/json", {}) or {}).get("schema")
                    if schema:
                        members(schema, "$", 0, out)
            for member in out:
                names = [n for n in re.split(r"\.|\[\*\]", member[2:]) if n]
                for suffix, given in retyped:
                    if names[-len(suffix):] == suffix:
                        out[member] = given
            operations.append(dict(
                contract=contract, endpoint=op["operationId"], method=method.upper(), path=path,
                query=[p["name"] for p in params if p.get("in") == "query"],
                headers=[p["name"] for p in params if p.get("in") == "header" and p.get("required")],
                members=sorted(out), kinds=[out[m] for m in sorted(out)], source=name,
                statuses=sorted(int(s) for s in op["responses"] if s.isdigit()),
                defaults=[f"{p['name']}={json.dumps(resolve(p.get('schema', {}))['default'])}" for p in params
                          if p.get("in") == "query" and "default" in resolve(p.get("schema", {}))]))
    servers = [server["url"].rstrip("/") for server in doc.get("servers", [])]
    return operations, sorted(versions), servers


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


def json_kind(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        items = {json_kind(item) for item in value}
        return "array of " + items.pop() if len(items) == 1 and not items & {"object", "array"} else "array"
    if isinstance(value, dict):
        return "object"
    return "any"


def json_members(value, path, out):
    if isinstance(value, dict):
        for name, sub in value.items():
            if out.get(path + "." + name, "any") == "any":
                out[path + "." + name] = json_kind(sub)
            json_members(sub, path + "." + name, out)
    elif isinstance(value, list):
        for sub in value:
            json_members(sub, path + "[*]", out)


# Document 004 shows its answer as Swift structs with CodingKeys, not as an example: these are their keys. Its
# `place` is the shared-models.md `Place` that the seed documents never wrote, so its members are not listed.
SEED_004_MEMBERS = {"$.results": "array", "$.results[*].type": "string", "$.results[*].text": "object",
                    "$.results[*].text.primary": "string", "$.results[*].text.secondary": "string",
                    "$.results[*].text.highlight": "array", "$.results[*].text.highlight[*].start": "integer",
                    "$.results[*].text.highlight[*].length": "integer", "$.results[*].link": "string",
                    "$.results[*].place": "object"}
# The statuses the seed documents' error handling maps (every document's `switch httpResponse.statusCode`).
SEED_STATUS = re.compile(r"^\s*case (\d{3})(?:\.\.\.(\d{3}))?:", re.M)


def seed_operations():
    """The seed documents' operations, and the X-Places-Api-Version values their Mandatory Headers give."""
    operations, versions, servers = [], set(), set()
    for name in sorted(os.listdir(SPEC)):
        if not re.match(r"00\d_.*\.txt$", name):
            continue
        text = open(os.path.join(SPEC, name)).read()
        # The URL each section calls: its "Full URL" line, or (004) the URL its example request is made from.
        servers.update(re.findall(r"Full URL: `(https://[a-z0-9.-]+)/", text))
        servers.update(re.findall(r'(?:URLComponents\(string|urlString =)[: ]*"(https://[a-z0-9.-]+)/', text))
        statuses = {200}
        for low, high in SEED_STATUS.findall(text):
            # A range (`500...599`) is a class of statuses: its first stands for it.
            statuses.add(int(low))
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
                               query=query, headers=headers, members={}, source=name, statuses=sorted(statuses),
                               defaults=[])
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
        # A member whose examples hold only null takes the kind of a member of the same name the examples do fill
        # (categories' `parent`, null at the top level, 13000 one level down).
        named = {}
        for member, found in sorted(op["members"].items()):
            if found != "any":
                named.setdefault(re.split(r"\.|\[\*\]", member)[-1] or member, found)
        for member, found in op["members"].items():
            if found == "any":
                op["members"][member] = named.get(re.split(r"\.|\[\*\]", member)[-1], "any")
        op["kinds"] = [op["members"][m] for m in sorted(op["members"])]
        op["members"] = sorted(op["members"])
    return operations, sorted(versions), sorted(servers)


def swift_list(items):
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def render(operations, versions, documents, servers):
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
        lines.append(f"            members: {swift_list(op['members'])},")
        lines.append(f"            kinds: {swift_list(op['kinds'])},")
        lines.append(f"            statuses: {json.dumps(op['statuses'])}, defaults: {swift_list(op['defaults'])}),")
    lines += [
        "    ]",
        "",
        "    /// The values each contract's documents give `X-Places-Api-Version`: an OpenAPI document's header",
        "    /// parameter enum, the seed documents' Mandatory Headers.",
        "    static let apiVersions: [String: [String]] = [",
    ]
    lines += [f"        {json.dumps(contract)}: {swift_list(values)}," for contract, values in versions if values]
    lines += [
        "    ]",
        "",
        "    /// The base URLs each contract's documents give: an OpenAPI document's `servers`, the seed documents' URLs.",
        "    static let servers: [String: [String]] = [",
    ]
    lines += [f"        {json.dumps(contract)}: {swift_list(urls)}," for contract, urls in servers if urls]
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def self_test():
    """The version rule, on the header schemas a version's document may give."""
    cases = [
        ({"type": "string", "default": "2025-06-17", "enum": ["2025-06-17"]}, ["2025-06-17"]),  # today's document
        ({"type": "string", "default": "2026-01-15", "enum": ["2025-06-17"]}, ["2026-01-15"]),  # the default moved
        ({"default": "2026-01-15", "enum": ["2025-06-17", "2026-01-15"]}, ["2026-01-15"]),
        ({"type": "string", "enum": ["2025-06-17"]}, ["2025-06-17"]),  # no default: the enum's one value
        ({"type": "string"}, []),
    ]
    failed = [(schema, want, document_versions(schema)) for schema, want in cases if document_versions(schema) != want]
    for schema, want, got in failed:
        print(f"contract-data.py self-test: {schema} gave {got}, expected {want}", file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if "--self-test" in sys.argv:
        self_test()
    documents = openapi_documents()
    seed, seed_versions, seed_servers = seed_operations()
    operations, versions, servers = seed, [("seed", seed_versions)], [("seed", seed_servers)]
    for contract, name in documents:
        ops, values, urls = openapi_operations(contract, name)
        operations += ops
        versions.append((contract, values))
        servers.append((contract, urls))
    text = render(operations, versions, documents, servers)
    if "--check" in sys.argv:
        current = open(OUT).read() if os.path.exists(OUT) else ""
        if current != text:
            print(f"{OUT} is not what scripts/contract-data.py writes: run it again", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    open(OUT, "w").write(text)
    print(f"wrote {OUT}")
