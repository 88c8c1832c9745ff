#!/usr/bin/env python3
"""Writes docs/openapi/openapi-seed.json: the seed contract, which Foursquare gave only as prose (the seed documents
000-004, which live outside the package), as an OpenAPI 3.1 document of facts. The package carries it so that a clone with nothing
beside it reads the seed as it reads every version: contract-data.py, the tests and the harness read this document,
never the prose.

Facts only, as the documents give them: per operation its method, path, query parameters (`required` where a
document says so, an integer's "up to 50" as `maximum: 50`), required headers (X-Places-Api-Version's values as its
schema's `enum`), the members its example answers carry with their kinds (as a 2xx schema), the statuses its error
handling maps, and the servers. No sentence of the documents is copied: a response's `description` is empty
(OpenAPI requires one). Each operationId is the endpoint id itself (`place-details`), which scripts/endpoint_id.py
leaves unchanged.

Usage: python3 scripts/seed-openapi.py --originals DIR           write docs/openapi/openapi-seed.json
       python3 scripts/seed-openapi.py --check --originals DIR   exit 1 if the committed document differs from
                                                     what the seed documents give; exit 2, saying so, when they are
                                                     not at hand
       DIR holds the seed documents 000-004 (.ci/run gives it).
       python3 scripts/seed-openapi.py --self-test
"""
import json, os, re, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "openapi", "openapi-seed.json")
VERSION_HEADER = "x-places-api-version"
INFO = {"title": "Foursquare Places API (seed contract)", "version": "seed"}


class InputError(Exception):
    """Bad input: one line naming the file and what to do. Nothing is written."""


def shown(path):
    return os.path.relpath(path, ROOT)


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


def seed_files(spec):
    """The seed documents, by name (000_*.txt ... 004_*.txt); none is an error naming the folder."""
    names = sorted(n for n in os.listdir(spec) if re.match(r"00\d_.*\.txt$", n))
    if not names:
        raise InputError(f"{shown(spec)} holds no seed document (00N_*.txt): put the seed documents 000-004 there")
    return names


def seed_operations(spec):
    """The seed documents' operations, and the X-Places-Api-Version values their Mandatory Headers give."""
    operations, versions, servers = [], set(), set()
    for name in seed_files(spec):
        text = open(os.path.join(spec, name)).read()
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
        values = sorted(v for h, v in re.findall(r"^\| `([^`]+)` \| Yes \| `([^`]+)` \|", mandatory, re.M)
                        if h.lower() == VERSION_HEADER)
        versions.update(values)
        current = None
        # A section names an endpoint ("- Method:" and "- Path:", or a "`GET /path`" line); the example answers
        # after it, up to the next endpoint, are that endpoint's.
        for section in re.split(r"\n## ", text):
            method = re.search(r"- Method: `(\w+)`", section)
            path = re.search(r"- Path: `([^`]+)`", section)
            line = re.search(r"^`(GET|POST) (/[^`]*)`$", section, re.M)
            if method and path or line:
                key = (method.group(1), path.group(1)) if method and path else (line.group(1), line.group(2))
                if key not in SEED_IDS:
                    raise InputError(f"{shown(os.path.join(spec, name))}: {key[0]} {key[1]} has no endpoint id: add it to "
                                     "SEED_IDS in scripts/seed-openapi.py")
                query, required = [], set()
                listed = re.search(r"- Query params:\n((?:  - .*\n)+)", section)
                if listed:
                    query = re.findall(r"  - `([^`]+)`", listed.group(1))
                    required.update(re.findall(r"  - `([^`]+)` \(required\)", listed.group(1)))
                query += re.findall(r"^\| `([^`]+)` \| `query` \|", text if line else "", re.M)
                current = dict(contract="seed", endpoint=SEED_IDS[key], method=key[0], path=key[1],
                               query=query, required=required, headers=headers, versions=values, members={},
                               source=name, statuses=sorted(statuses), defaults=[])
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


def seed_parameter_tables(spec):
    """What a seed document's query-parameter table says of each parameter, for the operation its `` `GET /path` ``
    line names: {path: {parameter: (type, required, maximum)}}; the maximum is an integer's "up to 50", else None."""
    tables = {}
    for name in seed_files(spec):
        path = None
        for line in open(os.path.join(spec, name)).read().split("\n"):
            trimmed = line.strip()
            if trimmed.startswith("`GET /") and trimmed.endswith("`"):
                path = trimmed[5:-1]
                continue
            # | `limit` | `query` | No | `integer` | The number of results to return, up to 50. Defaults to 10. |
            cells = [cell.strip() for cell in trimmed.split("|")]
            if path is None or len(cells) < 7 or cells[2] != "`query`":
                continue
            maximum = None
            if cells[4] == "`integer`" and "up to " in cells[5]:
                digits = re.match(r"[0-9,]*", cells[5].split("up to ", 1)[1]).group(0).replace(",", "")
                maximum = int(digits) if digits else None
            tables.setdefault(path, {})[cells[1].strip("`")] = (cells[4].strip("`"), cells[3] == "Yes", maximum)
    return tables


def kind_schema(kind, node):
    """The schema of one member: its kind (json_kind's words) and, for an object or an array of objects, the
    members below it (`node`: {".name" or "[*]": (kind, node)})."""
    if kind is None:  # a step no example gave a kind of its own: its members say what it is
        return item_schema(node)
    if kind.startswith("array of "):
        return {"type": "array", "items": kind_schema(kind[len("array of "):], {})}
    if kind == "array":
        return {"type": "array", "items": item_schema(node.get("[*]", (None, {}))[1])}
    if kind == "object":
        return object_schema(node)
    if kind == "any":
        return {}
    return {"type": kind}


def item_schema(node):
    """An array's items, from the members below `[*]` alone (an example's items have no kind of their own): an
    object when they have names, an array when they are arrays, else any value."""
    if any(step != "[*]" for step in node):
        return object_schema(node)
    if "[*]" in node:
        return {"type": "array", "items": item_schema(node["[*]"][1])}
    return {}


def object_schema(node):
    properties = {step[1:]: kind_schema(kind, below) for step, (kind, below) in node.items() if step != "[*]"}
    return {"type": "object", "properties": properties} if properties else {"type": "object"}


def answer_schema(members, kinds):
    """The 2xx schema whose members are `members` (`$.results[*].id`) with `kinds`, as contract-data.py reads one."""
    root = {}
    for member, kind in zip(members, kinds):
        node = root
        steps = re.findall(r"\.[^.\[]+|\[\*\]", member[1:])
        for step in steps[:-1]:
            node = node.setdefault(step, [None, {}])[1]
        node.setdefault(steps[-1], [None, {}])[0] = kind
    return object_schema(root)


def unique(items):
    return list(dict.fromkeys(items))


def seed_document(spec):
    """The seed contract as an OpenAPI 3.1 document, operations in the documents' order."""
    if not os.path.isdir(spec):
        raise InputError(f"{shown(spec)}: no such folder; put the seed documents (000-004) there, beside the clone, "
                         f"to write {shown(OUT)}")
    operations, _, servers = seed_operations(spec)
    tables = seed_parameter_tables(spec)
    paths = {}
    for op in operations:
        item = paths.setdefault(op["path"], {})
        if op["method"].lower() in item:
            raise InputError(f"{shown(os.path.join(spec, op['source']))}: {op['method']} {op['path']} is described twice: "
                             "keep one section for it")
        parameters = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                      for name in re.findall(r"\{([^}]+)\}", op["path"])]
        table = tables.get(op["path"], {})
        for name in unique(op["query"]):
            kind, required, maximum = table.get(name, (None, name in op["required"], None))
            schema = {"type": kind} if kind else {}
            if maximum is not None:
                schema["maximum"] = maximum
            parameters.append({"name": name, "in": "query", "required": required, "schema": schema})
        for name in unique(op["headers"]):
            schema = {"type": "string"}
            if name.lower() == VERSION_HEADER and op["versions"]:
                schema["enum"] = op["versions"]
            parameters.append({"name": name, "in": "header", "required": True, "schema": schema})
        responses = {}
        for status in op["statuses"]:
            response = {"description": ""}
            if str(status).startswith("2") and op["members"]:
                response["content"] = {"application/json": {"schema": answer_schema(op["members"], op["kinds"])}}
            responses[str(status)] = response
        item[op["method"].lower()] = {"operationId": op["endpoint"], "parameters": parameters, "responses": responses}
    return {"openapi": "3.1.0", "info": INFO, "servers": [{"url": url} for url in servers], "paths": paths}


def text_of(doc):
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def write(path, text):
    """Through a temporary file beside it, renamed once written."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".seed-openapi.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def main(argv, spec=None, out=OUT):
    """0 when written (or, with --check, when the committed document is what the seed documents give); 1 on bad
    input or a stale document; 2 when --check has no seed documents to check against."""
    if len(argv) >= 2 and argv[-2] == "--originals":
        spec, argv = argv[-1], argv[:-2]
    if argv not in ([], ["--check"]):
        print("seed-openapi.py: usage: seed-openapi.py [--check] --originals DIR | [--originals DIR] --self-test", file=sys.stderr)
        return 2
    if spec is None:
        print(f"seed-openapi.py: {'cannot check' if argv else 'cannot write'} {shown(out)}: no --originals was given; give the "
              "folder of the seed documents 000-004 with --originals DIR (.ci/run does)" + ("; nothing was checked" if argv else ""),
              file=sys.stderr)
        return 2 if argv else 1
    if argv == ["--check"] and not os.path.isdir(spec):
        print(f"seed-openapi.py: cannot check {shown(out)}: its originals, the seed documents {shown(spec)}/000-004, "
              "are not there (give the folder that holds them with --originals DIR); nothing was checked", file=sys.stderr)
        return 2
    try:
        text = text_of(seed_document(spec))
    except InputError as error:
        print(f"seed-openapi.py: {error}", file=sys.stderr)
        return 1
    if argv == ["--check"]:
        if (open(out).read() if os.path.exists(out) else None) != text:
            print(f"seed-openapi.py: {shown(out)} differs from what the seed documents {shown(spec)}/000-004 give: run "
                  "python3 scripts/seed-openapi.py", file=sys.stderr)
            return 1
        print(f"seed-openapi.py: {shown(out)} is what the seed documents give")
        return 0
    write(out, text)
    print(f"wrote {shown(out)}")
    return 0


def self_test(originals=None):
    """The member tree round-trips through contract-data.py's reader, a bound and a header survive, and a missing
    folder is one line with nothing written."""
    import contextlib, importlib.util, io
    loader = importlib.util.spec_from_file_location("contract_data", os.path.join(ROOT, "scripts", "contract-data.py"))
    contract_data = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(contract_data)

    def read_back(doc):
        ops, versions, servers = contract_data.openapi_operations("seed", OUT, doc)
        return ops, versions, servers, contract_data.openapi_bounds("seed", OUT, doc)

    members = {"$.results": "array", "$.results[*].tags": "array of string", "$.results[*].grid": "array of array of integer",
               "$.results[*].place": "object", "$.results[*].empty": "array", "$.results[*].parent": "any",
               "$.results[*].text": "object", "$.results[*].text.highlight": "array",
               "$.results[*].text.highlight[*].start": "integer", "$.results[*].nested": "array",
               "$.results[*].nested[*][*].x": "number", "$.count": "integer"}
    schema = answer_schema(sorted(members), [members[m] for m in sorted(members)])
    assert schema["properties"]["results"]["items"]["properties"]["tags"] == {"type": "array", "items": {"type": "string"}}
    doc = {"openapi": "3.1.0", "info": INFO, "servers": [{"url": "https://example.test"}], "paths": {"/things/{id}": {"get": {
        "operationId": "place-details", "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "query", "in": "query", "required": True, "schema": {"type": "string"}},
            {"name": "limit", "in": "query", "required": False, "schema": {"type": "integer", "maximum": 50}},
            {"name": "X-Places-Api-Version", "in": "header", "required": True,
             "schema": {"type": "string", "enum": ["2025-06-17"]}}],
        "responses": {"200": {"description": "", "content": {"application/json": {"schema": schema}}},
                      "404": {"description": ""}}}}}}
    ops, versions, servers, bounds = read_back(doc)
    assert dict(zip(ops[0]["members"], ops[0]["kinds"])) == members, ops[0]
    assert ops[0]["endpoint"] == "place-details" and ops[0]["query"] == ["query", "limit"]
    assert ops[0]["headers"] == ["X-Places-Api-Version"] and versions == ["2025-06-17"] and ops[0]["statuses"] == [200, 404]
    assert servers == ["https://example.test"]
    assert [(b["parameter"], b["minimum"], b["maximum"], b["with_"]) for b in bounds] == [("limit", None, 50, {"query": "coffee"})]
    assert all(contract_data.endpoint_id(i) == i for i in SEED_IDS.values())

    with tempfile.TemporaryDirectory() as scratch:
        spec, out = os.path.join(scratch, "spec"), os.path.join(scratch, "openapi-seed.json")
        os.makedirs(spec)
        open(os.path.join(spec, "004_x.txt"), "w").write(
            "# T\n\n`GET /autocomplete`\n\n## Mandatory Headers\n\n| Header | Required | Value | Notes |\n| --- | --- | --- | --- |\n"
            "| `X-Places-Api-Version` | Yes | `2025-06-17` | words |\n\n## Query Parameters\n\n"
            "| Name | In | Required | Type | Description |\n| --- | --- | --- | --- | --- |\n"
            "| `query` | `query` | Yes | `string` | words |\n| `limit` | `query` | No | `integer` | words, up to 50. |\n")
        with contextlib.redirect_stdout(io.StringIO()):
            assert main([], spec, out) == 0 and oct(os.stat(out).st_mode & 0o777) == "0o644"
            assert main(["--check"], spec, out) == 0
        written = json.load(open(out))
        op = written["paths"]["/autocomplete"]["get"]
        assert op["parameters"][1]["schema"] == {"type": "integer", "maximum": 50}
        assert op["parameters"][2]["schema"]["enum"] == ["2025-06-17"] and list(op["responses"]) == ["200"]
        answer = op["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["results"]["items"]
        assert answer["properties"]["place"] == {"type": "object"}  # 004's members: its structs' keys
        assert "words" not in open(out).read()
        missing = os.path.join(scratch, "no-spec")
        for argv, status in (([], 1), (["--check"], 2)):
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
                assert main(argv, missing, os.path.join(scratch, "never.json")) == status, argv
            assert len(errors.getvalue().splitlines()) == 1 and "no-spec" in errors.getvalue(), errors.getvalue()
        assert not os.path.exists(os.path.join(scratch, "never.json"))

    # The committed document, read by contract-data.py, says what the seed documents say (when they are given).
    if originals and os.path.isdir(originals):
        want, want_versions, want_servers = seed_operations(originals)
        ops, versions, servers, _ = read_back(seed_document(originals))
        keys = ("endpoint", "method", "path", "query", "headers", "members", "kinds", "statuses", "defaults")
        assert [{k: o[k] for k in keys} for o in ops] == [{k: o[k] for k in keys} for o in want]
        assert (versions, servers) == (want_versions, want_servers)
    print("seed-openapi.py self-test: ok")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--self-test" in args:  # with --originals DIR, it also holds the committed document to the seed documents
        rest = [a for a in args if a != "--self-test"]
        if rest and (len(rest) != 2 or rest[0] != "--originals"):
            print("seed-openapi.py: usage: seed-openapi.py [--originals DIR] --self-test", file=sys.stderr)
            sys.exit(2)
        sys.exit(self_test(rest[1] if rest else None))
    sys.exit(main(args))
