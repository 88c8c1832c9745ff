#!/usr/bin/env python3
"""Writes two tables of what the contracts' documents say, for every document, never from the client:

- Sources/HarnessContractChecks/DocumentedOperation+All.swift: each operation (method, path, query parameters,
  required headers, the members a 2xx answer may carry), the values each contract's documents give the
  X-Places-Api-Version header (an OpenAPI document's header default, else its enum), and the OpenAPI versions
  oldest first (the line a value table's entry is inherited along);
- Sources/HarnessCore/Checks/DocumentedBound+All.swift: every integer bound a query parameter's schema states
  (`minimum`/`maximum`).

The replay checks compare the client with this data, never with the client's own registry or decoders.
Sources: the package's own documents, so a clone with nothing beside it writes and checks both files:
docs/openapi/openapi-<yyyymmdd>.json, Foursquare's OpenAPI document of each version (`openapi_documents`), and
docs/openapi/openapi-seed.json, the seed contract (the prose seed documents 000-004 as an OpenAPI document of
facts, which scripts/seed-openapi.py writes; contract "seed"), read by the same readers. An operationId becomes an
endpoint id by one rule (`endpoint_id`, from scripts/endpoint_id.py, which the generator shares: `placeMenu` is
`place-menu`; the seed's operationIds are their endpoint ids).

Usage: python3 scripts/contract-data.py [--check]   (--check: exit 1 if a committed file differs)
       python3 scripts/contract-data.py --self-test   (the version and endpoint-id rules, discovery, bad input)
"""
import json, os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from endpoint_id import endpoint_id  # noqa: E402  (the one rule, shared with generate-contract.py)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "HarnessContractChecks", "DocumentedOperation+All.swift")
BOUNDS_OUT = os.path.join(ROOT, "Sources", "HarnessCore", "Checks", "DocumentedBound+All.swift")
# Where a version the package adds itself keeps its document (the folder may not exist).
REPO_DOCUMENTS = os.path.join(ROOT, "docs", "openapi")
# The seed contract's document (scripts/seed-openapi.py writes it from the seed documents 000-004).
SEED_DOCUMENT = os.path.join(REPO_DOCUMENTS, "openapi-seed.json")
VERSION_HEADER = "x-places-api-version"
MAX_DEPTH = 16  # past the document's deepest member (14): its schemas end each recursion with {} (a tip's photo's tip's photo)


class InputError(Exception):
    """Bad input: one line naming the file and what to do. Nothing is written."""


DOCUMENT_NAME = re.compile(r"openapi-(\d{4})(\d{2})(\d{2})\.json")


def openapi_documents(folders=None):
    """Each version's OpenAPI document, oldest first: (contract, path). The one place documents are found: the
    repository's docs/openapi/ (the self-test passes two folders; one may be missing). A date in two is an error
    naming both files. The seed's document (openapi-seed.json) is not a version's: `generate` reads it apart."""
    found = {}
    for folder in folders or [REPO_DOCUMENTS]:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            match = DOCUMENT_NAME.fullmatch(name)
            if not match:
                continue
            contract, path = "-".join(match.groups()), os.path.join(folder, name)
            if contract in found:
                raise InputError(f"{shown(found[contract])} and {shown(path)} are both {contract}'s document: keep one "
                                 "(a version the package adds keeps its document in docs/openapi/)")
            found[contract] = path
    return sorted(found.items())


def shown(path):
    """A path as messages and the generated files name it: relative to the repository."""
    return os.path.relpath(path, ROOT)


OVERRIDES = os.path.join(ROOT, "Sources", "OpenAPIConformance", "Overrides")


def overrides_file(name):
    """The overrides a document takes: its version's `overrides-<yyyymmdd>.json`, else the latest earlier
    version's, as `ShippedOverrides` picks them (a new version uses FROM's until it has its own); None without."""
    date = DOCUMENT_NAME.fullmatch(name)
    if not date or not os.path.isdir(OVERRIDES):
        return None
    shipped = sorted(n for n in os.listdir(OVERRIDES) if re.fullmatch(r"overrides-\d{8}\.json", n)
                     and n[10:18] <= "".join(date.groups()))
    return os.path.join(OVERRIDES, shipped[-1]) if shipped else None


def anywhere_overrides(name):
    """The version's overrides whose pointer names a member anywhere (`/paths/**/properties/a/properties/b`, with
    a trailing `/type` kept apart): (the override, the member names the path ends with, whether it ends in `type`)."""
    path = overrides_file(name)
    if path is None:
        return []
    result = []
    for override in json.load(open(path)).get("overrides", []):
        pointer = override.get("pointer", "")
        if not pointer.startswith("/paths/**/properties/"):
            continue
        parts = pointer[len("/paths/**/"):].split("/")
        typed = parts[-1] == "type"
        if typed:
            parts = parts[:-1]
        if len(parts) % 2 or any(p != "properties" for p in parts[0::2]):
            continue
        result.append((override, parts[1::2], typed))
    return result


def kind_overrides(name):
    """The overrides that retype a member anywhere (`set` a type, or `drop` its `type`): (member names the path
    ends with, the kind they give). The document is wrong there."""
    result = []
    for override, names, typed in anywhere_overrides(name):
        if typed and override.get("drop"):
            result.append((names, "any"))
        elif not typed and "set" in override and "type" in override["set"]:
            result.append((names, override["set"]["type"]))
    return result


def shape_overrides(name):
    """The overrides that give a member anywhere a form where the document gives less (`/paths/**/properties/photo`
    with `add`, where the document cuts a recursion with `{}`): (member names the path ends with, the keys added).
    As in the generator and the harness, the document's own keys win."""
    return [(names, override["add"]) for override, names, typed in anywhere_overrides(name)
            if not typed and isinstance(override.get("add"), dict)]


def document_versions(schema):
    """The version a document is for, from its X-Places-Api-Version schema: the `default`, which a new version's
    document moves to its own date while its `enum` may still list older ones (issue 60); without a default, the
    enum's values (its single value, for today's documents)."""
    if "default" in schema:
        return [schema["default"]]
    return list(schema.get("enum") or [])


def load_document(path):
    """The parsed document, or one line naming the file and what to do."""
    try:
        with open(path) as handle:
            doc = json.load(handle)
    except ValueError as error:
        raise InputError(f"{shown(path)} is not valid JSON ({error}): replace it with the version's OpenAPI document "
                         "as published (JSON)")
    if not isinstance(doc, dict) or not isinstance(doc.get("paths"), dict):
        raise InputError(f"{shown(path)} is not an OpenAPI document with paths: replace it with the version's OpenAPI "
                         "document as published (JSON)")
    return doc


def resolver(doc):
    def resolve(schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 20:
            parts = schema["$ref"].lstrip("#/").split("/")
            schema = doc
            for part in parts:
                schema = schema[part]
            seen += 1
        return schema or {}
    return resolve


def operation_ids(doc, path):
    """Each operation's endpoint id, by (path, method); two operationIds the rule maps to one id are an error."""
    ids, taken = {}, {}
    for template, item in doc["paths"].items():
        for method, op in (item or {}).items():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            found = endpoint_id(str(op["operationId"]))
            if found in taken:
                raise InputError(f"{shown(path)}: operationIds '{taken[found]}' and '{op['operationId']}' both become the "
                                 f"endpoint id '{found}': rename one of them in the document")
            taken[found] = op["operationId"]
            ids[(template, method)] = found
    return ids


def query_enum(resolve, parameter):
    """The values a query parameter's document lists (an enum, or a list's items' enum); empty when it lists none."""
    schema = resolve(parameter.get("schema", {}))
    return schema.get("enum") or resolve(schema.get("items", {})).get("enum") or []


def openapi_operations(contract, document, doc):
    name = os.path.basename(document)
    retyped = kind_overrides(name)
    shapes = shape_overrides(name)
    ids = operation_ids(doc, document)
    resolve = resolver(doc)

    def kind(schema):
        schema = resolve(schema)
        for key in ("allOf", "oneOf", "anyOf"):
            for sub in schema.get(key, []):
                found = kind(sub)
                if found != "any":
                    return found
        if schema.get("type") == "array" or "items" in schema:
            items = kind(schema.get("items", {}))
            return "array" if items.startswith("object") or items in ("array", "any") else "array of " + items
        if schema.get("type") == "object" or "properties" in schema:
            # A free-form map (`additionalProperties` a schema): its entries' names are the API's, not the document's.
            return "object map" if isinstance(schema.get("additionalProperties"), dict) else "object"
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
            sub = shaped(resolve(sub), member)
            if member not in out or out[member] == "any":
                out[member] = kind(sub)
            members(sub, member, depth + 1, out)

    def shaped(schema, member):
        names = [n for n in re.split(r"\.|\[\*\]", member[2:]) if n]
        for suffix, added in shapes:
            if names[-len(suffix):] == suffix:
                schema = {**json.loads(json.dumps(added)), **schema}
        return schema

    operations, versions = [], set()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            endpoint = ids.get((path, method))
            if endpoint is None:
                raise InputError(f"{shown(document)}: {method.upper()} {path} has no operationId: give it one in the "
                                 "document (it names the endpoint)")
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
                contract=contract, endpoint=endpoint, method=method.upper(), path=path,
                query=[p["name"] for p in params if p.get("in") == "query"],
                headers=[p["name"] for p in params if p.get("in") == "header" and p.get("required")],
                members=sorted(out), kinds=[out[m] for m in sorted(out)], source=name,
                statuses=sorted(int(s) for s in op["responses"] if s.isdigit()),
                defaults=[f"{p['name']}={json.dumps(resolve(p.get('schema', {}))['default'])}" for p in params
                          if p.get("in") == "query" and "default" in resolve(p.get("schema", {}))],
                enums=[f"{p['name']}=" + "|".join(str(v) for v in query_enum(resolve, p)) for p in params
                       if p.get("in") == "query" and query_enum(resolve, p)],
                required=[p["name"] for p in params if p.get("in") == "query" and p.get("required")]))
    servers = [server["url"].rstrip("/") for server in doc.get("servers", [])]
    return operations, sorted(versions), servers


# Parameters a bounded one applies only with, and a valid value for each: `radius` counts only beside `ll`
# (2025-06-17's `/places/search`, in its publisher's words, which the package's copy leaves out).
BOUND_COMPANIONS = [("radius", "ll", "40.7484,-73.9857")]


def bound_sample(schema):
    """A valid sample of a required parameter, by its schema: the first of an enumeration, the minimum of an
    integer, else a word (long enough for `/autocomplete`'s "at least 3 characters")."""
    values = schema.get("enum")
    if isinstance(values, list) and values:
        first = values[0]
        return str(first).lower() if isinstance(first, bool) else str(first)
    if schema.get("type") == "integer":
        minimum = schema.get("minimum")
        return str(minimum if isinstance(minimum, int) and not isinstance(minimum, bool) else 1)
    return "coffee"


def integer(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def openapi_bounds(contract, document, doc):
    """Every integer bound of every operation of an OpenAPI document (`minimum`/`maximum` of a query parameter's
    schema): paths sorted, then get, post, put, patch, delete."""
    resolve, ids, bounds = resolver(doc), operation_ids(doc, document), []
    for path in sorted(doc["paths"]):
        item = resolve(doc["paths"][path])
        for method in ("get", "post", "put", "patch", "delete"):
            op = item.get(method)
            if not isinstance(op, dict) or (path, method) not in ids:
                continue
            parameters = [resolve(p) for p in (item.get("parameters") or []) + (op.get("parameters") or [])]
            parameters = [p for p in parameters if p.get("in") == "query"]
            required = {p["name"]: bound_sample(resolve(p.get("schema"))) for p in parameters
                        if p.get("required") is True and isinstance(p.get("name"), str)}
            for p in parameters:
                schema = resolve(p.get("schema"))
                if not isinstance(p.get("name"), str) or schema.get("type") != "integer":
                    continue
                minimum, maximum = integer(schema.get("minimum")), integer(schema.get("maximum"))
                if minimum is None and maximum is None:
                    continue
                name = p["name"]
                with_ = {k: v for k, v in required.items() if k != name}
                for parameter, companion, value in BOUND_COMPANIONS:
                    if parameter == name and companion in {q.get("name") for q in parameters}:
                        with_[companion] = value
                bounds.append(dict(contract=contract, endpoint=ids[(path, method)], path=path, parameter=name,
                                   minimum=minimum, maximum=maximum, with_=with_, source=os.path.basename(document)))
    return bounds


def generated_header(documents):
    """The first lines of both files: generated, from what, and the command that writes them again."""
    read = ", ".join(shown(path) for _, path in documents)
    return [f"// Generated by scripts/contract-data.py from {shown(SEED_DOCUMENT)} and",
            f"// {read or 'no OpenAPI document'}. Do not edit: run `python3 scripts/contract-data.py` again."]


def render_bounds(bounds, documents):
    def literal(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    lines = generated_header(documents) + [
        "import FoursquarePlaces",
        "",
        "extension DocumentedBound {",
        "    /// Every integer bound the contracts' documents state, one line each: each OpenAPI document's, oldest",
        "    /// first, then the seed documents'.",
        "    package static let all: [DocumentedBound] = [",
    ]
    for bound in bounds:
        with_ = "[" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in sorted(bound["with_"].items())) + "]" \
            if bound["with_"] else "[:]"
        number = lambda value: "nil" if value is None else str(value)
        lines.append(f"        DocumentedBound(contract: {literal(bound['contract'])}, endpoint: EndpointID({literal(bound['endpoint'])}), "
                     f"path: {literal(bound['path'])}, parameter: {literal(bound['parameter'])}, minimum: {number(bound['minimum'])}, "
                     f"maximum: {number(bound['maximum'])}, with: {with_}, source: {literal(bound['source'])}),")
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def swift_list(items):
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def render(operations, versions, documents, servers):
    lines = generated_header(documents) + [
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
        enums = f", enums: {swift_list(op['enums'])}" if op.get("enums") else ""
        enums += f", required: {swift_list(op['required'])}" if op.get("required") else ""
        lines.append(f"            statuses: {json.dumps(op['statuses'])}, defaults: {swift_list(op['defaults'])}{enums}),")
    lines += [
        "    ]",
        "",
        "    /// The versions whose OpenAPI documents were read, oldest first: the line along which a later version",
        "    /// inherits a value table's entries (`DocumentLine`).",
        f"    static let openAPIVersions: [String] = {swift_list([contract for contract, _ in documents])}",
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


def generate(folders=None, seed=SEED_DOCUMENT):
    """Both files' text, by path: nothing is written here, so bad input leaves every file as it was. The seed's
    document is read as a version's is; its entries keep their places: its operations, header values and servers
    first, its bounds last."""
    documents = openapi_documents(folders)
    if not os.path.exists(seed):
        raise InputError(f"{shown(seed)}: no such file; restore it from git, or write it with python3 "
                         "scripts/seed-openapi.py --originals DIR (DIR: the seed documents 000-004)")
    seed_doc = load_document(seed)
    seed_ops, seed_versions, seed_servers = openapi_operations("seed", seed, seed_doc)
    operations, versions, servers = seed_ops, [("seed", seed_versions)], [("seed", seed_servers)]
    bounds = []
    for contract, path in documents:
        doc = load_document(path)
        ops, values, urls = openapi_operations(contract, path, doc)
        operations += ops
        versions.append((contract, values))
        servers.append((contract, urls))
        bounds += openapi_bounds(contract, path, doc)
    bounds += openapi_bounds("seed", seed, seed_doc)
    return {OUT: render(operations, versions, documents, servers), BOUNDS_OUT: render_bounds(bounds, documents)}


def write(outputs):
    """Each file through a temporary file beside it, renamed only once every one is written."""
    written = []
    try:
        for path, text in outputs.items():
            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".contract-data.", suffix=".tmp")
            written.append((temporary, path))
            with os.fdopen(handle, "w") as out:
                out.write(text)
            os.chmod(temporary, 0o644)
    except BaseException:
        for temporary, _ in written:
            if os.path.exists(temporary):
                os.remove(temporary)
        raise
    for temporary, path in written:
        os.replace(temporary, path)


def main(argv, folders=None, outputs=None, seed=SEED_DOCUMENT):
    """0 when written (or, with --check, when both committed files are what the script writes), 1 otherwise."""
    try:
        texts = generate(folders, seed)
    except InputError as error:
        print(f"contract-data.py: {error}", file=sys.stderr)
        return 1
    if outputs:
        texts = {outputs[path]: text for path, text in texts.items()}
    if "--check" in argv:
        stale = [path for path, text in texts.items()
                 if (open(path).read() if os.path.exists(path) else "") != text]
        for path in stale:
            print(f"{shown(path)} is not what scripts/contract-data.py writes: run it again", file=sys.stderr)
        return 1 if stale else 0
    write(texts)
    for path in texts:
        print(f"wrote {shown(path)}")
    return 0


def self_test():
    """The version rule, the endpoint-id rule, discovery in both folders, the seed read from its document, and bad
    input writing nothing."""
    failed = []
    version_cases = [
        ({"type": "string", "default": "2025-06-17", "enum": ["2025-06-17"]}, ["2025-06-17"]),  # today's document
        ({"type": "string", "default": "2026-01-15", "enum": ["2025-06-17"]}, ["2026-01-15"]),  # the default moved
        ({"default": "2026-01-15", "enum": ["2025-06-17", "2026-01-15"]}, ["2026-01-15"]),
        ({"type": "string", "enum": ["2025-06-17"]}, ["2025-06-17"]),  # no default: the enum's one value
        ({"type": "string"}, []),
    ]
    failed += [f"version rule: {schema} gave {document_versions(schema)}, expected {want}"
               for schema, want in version_cases if document_versions(schema) != want]
    # The same cases as DocumentedBoundsTests' endpoint-id test (HarnessCore): the two readers agree.
    id_cases = [("placeMenu", "place-menu"), ("PlaceMenu", "place-menu"), ("place_menu", "place-menu"),
                ("place-search", "place-search"), ("places-suggest-place", "places-suggest-place"),
                ("autocomplete", "autocomplete"), ("offline-jobs-credentials-refresh", "offline-jobs-credentials-refresh"),
                ("placeID", "place-id"), ("URLPrefix", "url-prefix"), ("getPlaceV2Details", "get-place-v2-details"),
                ("place__top_VenueWoes", "place-top-venue-woes")]
    failed += [f"endpoint id: {given} gave {endpoint_id(given)}, expected {want}"
               for given, want in id_cases if endpoint_id(given) != want]

    picks = [("openapi-20250617.json", "overrides-20250617.json"), ("openapi-20990101.json", "overrides-20250617.json"),
             ("openapi-20240101.json", None)]
    for name, want in picks:
        got = overrides_file(name)
        if (os.path.basename(got) if got else None) != want:
            failed.append(f"overrides for {name}: {got}, expected {want}")

    def document(*operation_ids):
        return json.dumps({"openapi": "3.1.0", "paths": {f"/p{i}": {"get": {"operationId": o, "responses": {"200": {}}}}
                                                          for i, o in enumerate(operation_ids)}})

    with tempfile.TemporaryDirectory() as scratch:
        current, repo, out = (os.path.join(scratch, n) for n in ("current", "openapi", "out"))
        for folder in (current, out):
            os.makedirs(folder)
        outputs = {OUT: os.path.join(out, "operations.swift"), BOUNDS_OUT: os.path.join(out, "bounds.swift")}

        def put(folder, name, text):
            os.makedirs(folder, exist_ok=True)
            open(os.path.join(folder, name), "w").write(text)

        def run(expect_failure, what, seed=SEED_DOCUMENT):
            import contextlib, io
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
                status = main([], folders=[current, repo], outputs=outputs, seed=seed)
            lines = errors.getvalue().splitlines()
            if expect_failure and (status == 0 or len(lines) != 1 or os.listdir(out)):
                failed.append(f"{what}: status {status}, {len(lines)} lines {lines}, wrote {os.listdir(out)}")
            if not expect_failure and status != 0:
                failed.append(f"{what}: status {status}: {lines}")
            return lines[0] if lines else ""

        # The docs/openapi folder missing, then a document there: found with the shared ones, oldest first.
        put(current, "openapi-20250617.json", document("place-search"))
        if openapi_documents([current, repo]) != [("2025-06-17", os.path.join(current, "openapi-20250617.json"))]:
            failed.append(f"discovery without docs/openapi/: {openapi_documents([current, repo])}")
        put(repo, "openapi-20260115.json", document("place-search", "placeMenu"))
        put(repo, "notes.json", "{}")
        if [c for c, _ in openapi_documents([current, repo])] != ["2025-06-17", "2026-01-15"]:
            failed.append(f"discovery in both folders: {openapi_documents([current, repo])}")
        run(False, "two good documents")
        written = open(outputs[OUT]).read() if os.path.exists(outputs[OUT]) else ""
        if 'endpoint: "place-menu"' not in written or '"2025-06-17", "2026-01-15"' not in written:
            failed.append("two good documents: place-menu or the line of versions missing from the written file")
        if 'contract: "seed", endpoint: "autocomplete"' not in written or 'source: "openapi-seed.json"' not in written:
            failed.append("two good documents: the seed's operations not read from docs/openapi/openapi-seed.json")
        for name in os.listdir(out):
            os.remove(os.path.join(out, name))
        # Bad input: one line naming the file and what to do, and nothing written.
        put(repo, "openapi-20250617.json", document("place-search"))
        line = run(True, "a date in both folders")
        if "openapi/openapi-20250617.json" not in line or "current/openapi-20250617.json" not in line:
            failed.append(f"a date in both folders names both files: {line}")
        os.remove(os.path.join(repo, "openapi-20250617.json"))
        put(repo, "openapi-20260115.json", '{"paths": {')
        line = run(True, "a document that does not parse")
        if "openapi-20260115.json" not in line:
            failed.append(f"a document that does not parse names it: {line}")
        put(repo, "openapi-20260115.json", document("placeMenu", "place-menu"))
        line = run(True, "two operationIds that become one id")
        if "openapi-20260115.json" not in line or "'place-menu'" not in line:
            failed.append(f"two operationIds that become one id: {line}")
        put(repo, "openapi-20260115.json", document("placeMenu"))
        line = run(True, "no seed document", seed=os.path.join(scratch, "openapi-seed.json"))
        if "openapi-seed.json" not in line or "seed-openapi.py" not in line:
            failed.append(f"no seed document names it and what writes it: {line}")
    for line in failed:
        print(f"contract-data.py self-test: {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(self_test() if "--self-test" in sys.argv else main(sys.argv))
