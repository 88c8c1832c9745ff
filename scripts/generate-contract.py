#!/usr/bin/env python3
"""Writes a version's models and operations from its OpenAPI document and its overrides file:
Sources/FoursquarePlaces/Contracts/V<yyyymmdd>/Contract<yyyymmdd>+Models.swift and +Operations.swift (the requests,
their endpoint ids, the registry entries and the typed client methods; for a later version, those of the operations
it added).

The document is the source: every member an answer's schema documents is modelled (one it leaves untyped as
RawJSON, the library's JSON value; one a model holds through itself boxed in Indirect), and each member's Swift type and optionality follow the document as the overrides fix it (`set`, `drop`,
`add`, `require` in the file's "overrides" list, the same ones the harness applies). The file's "models" section
holds only what the document cannot say: type names, Swift names the naming rule does not give, DocC text, the
order of each initializer's parameters (source compatibility), and decoding choices. Conveniences (computed
properties, helper methods, conformances with code) stay hand-written in the folder's other files.

The file's "requests" section does the same for the operations: Swift names and types the document cannot give (a
comma list it types as text, a coordinate), DocC text, each initializer's order, the client's rules it leaves out
(`nonEmpty`, a missing bound, each with its reason), which reads are generic over the line's contracts, and the
checks across parameters its prose states (`checks`: written by hand, in Contract<yyyymmdd>+Validation.swift).
Parameters, where they go, required or not, enums, bounds and defaults are the document's; a parameter's DocC says
`{bounds}` where it names them, so the text follows the document.

The harness never reads this generator's output as its expectations: scripts/contract-data.py reads the document
on its own.

Usage: python3 scripts/generate-contract.py VERSION [--check]       (VERSION: 2025-06-17)
       python3 scripts/generate-contract.py --start FROM TO DOCUMENT  (scripts/new-contract.sh FROM TO --document FILE)
       python3 scripts/generate-contract.py --self-test
--check: exit 1, writing nothing, when the committed files differ from what the document and overrides give.
--start: TO's document goes to docs/openapi/, its overrides file starts as FROM's, the copied fixtures whose answers
the new document contradicts are removed (each named), each new operation gets a first fixture (its documented
request, answered 404) to synthesize from, and TO's files are generated. new-contract.sh undoes it all on failure.
"""
import difflib, json, os, re, shutil, sys, tempfile, textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from endpoint_id import endpoint_id  # noqa: E402
import importlib.util  # noqa: E402

_facts = importlib.util.spec_from_file_location("openapi_facts", os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi-facts.py"))
FACTS = importlib.util.module_from_spec(_facts)
_facts.loader.exec_module(FACTS)  # the one rule for what of a document the package keeps
_data = importlib.util.spec_from_file_location("contract_data", os.path.join(os.path.dirname(os.path.abspath(__file__)), "contract-data.py"))
DATA = importlib.util.module_from_spec(_data)
_data.loader.exec_module(DATA)  # the members an answer may carry, as the harness's data (and replay) count them

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The one place the package's documents live (each as facts: scripts/openapi-facts.py).
DOCUMENTS = os.path.join(ROOT, "docs", "openapi")
OVERRIDES = os.path.join(ROOT, "Sources", "OpenAPIConformance", "Overrides")
CONTRACTS = os.path.join(ROOT, "Sources", "FoursquarePlaces", "Contracts")
PRIMITIVES = {"string": "String", "integer": "Int", "number": "Double", "boolean": "Bool"}
RAW_JSON = "RawJSON"  # the library's own JSON value: what a member the document leaves untyped holds
ACRONYMS = {"id": "ID", "url": "URL", "uri": "URI"}


class InputError(Exception):
    """One line naming the file and what to do."""


# --- The document, as the overrides fix it -------------------------------------------------------------------


def unescape(segment):
    return segment.replace("~1", "/").replace("~0", "~")


def matches(tree, pattern):
    """Concrete pointers (lists of segments) in `tree` matching `pattern`: `*` is one segment, `**` any number."""
    out = []

    def walk(node, parts, at):
        if not parts:
            out.append(at)
            return
        head, rest = parts[0], parts[1:]
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        if head == "**":
            walk(node, rest, at)
            for key, child in children:
                walk(child, parts, at + [str(key)])
        elif head == "*":
            for key, child in children:
                walk(child, rest, at + [str(key)])
        elif isinstance(node, dict) and head in node:
            walk(node[head], rest, at + [head])
        elif isinstance(node, list) and head.isdigit() and int(head) < len(node):
            walk(node[int(head)], rest, at + [head])

    walk(tree, [unescape(p) for p in pattern.strip("/").split("/")] if pattern.strip("/") else [], [])
    return out


def at(tree, segments):
    for s in segments:
        tree = tree[int(s)] if isinstance(tree, list) else tree[s]
    return tree


def apply_overrides(doc, overrides, source):
    """Applies each override in file order, as the harness does; one that matches nothing is an error."""
    for index, override in enumerate(overrides):
        pointer = override.get("pointer")
        if not isinstance(pointer, str):
            raise InputError(f"{source}: overrides[{index}] has no \"pointer\" string; give one")
        if "warn" in override:
            continue
        places = matches(doc, pointer)
        if not places:
            raise InputError(f"{source}: overrides[{index}] {pointer} matches nothing in the document; fix or remove it")
        for place in sorted(places, key=len, reverse=True):
            if "require" in override:
                parent = at(doc, place[:-2])
                required = parent.setdefault("required", [])
                if place[-1] not in required:
                    required.append(place[-1])
            elif override.get("drop"):
                del at(doc, place[:-1])[place[-1]]
            elif "set" in override:
                at(doc, place).update(json.loads(json.dumps(override["set"])))
            elif "add" in override:
                node = at(doc, place)
                for key, value in override["add"].items():
                    node.setdefault(key, json.loads(json.dumps(value)))
    return doc


def resolve(doc, schema):
    for _ in range(20):
        if not (isinstance(schema, dict) and "$ref" in schema):
            break
        schema = at(doc, [unescape(p) for p in schema["$ref"].lstrip("#/").split("/")])
    return schema if isinstance(schema, dict) else {}


# The operationId rule is scripts/endpoint_id.py's, shared with contract-data.py (and checked against the harness's).
kebab = endpoint_id


def swift_name(json_name):
    """`date_created` → `dateCreated`, `store_id` → `storeID`, `placemaker_url` → `placemakerURL`."""
    words = [w for w in json_name.split("_") if w]
    return words[0] + "".join(ACRONYMS.get(w, w[:1].upper() + w[1:]) for w in words[1:])


# --- The models ----------------------------------------------------------------------------------------------


class Model:
    def __init__(self, spec, parent, source):
        where = f"{source}: models.{(parent.path + '.') if parent else ''}{spec.get('name', '?')}"
        if not isinstance(spec.get("name"), str):
            raise InputError(f"{where}: a type needs a \"name\"")
        self.name, self.parent, self.where = spec["name"], parent, where
        self.path = (parent.path + "." if parent else "") + self.name
        self.doc = spec.get("doc") or f"`{self.name}` as the document describes it."
        self.conforms = spec.get("conforms", [])
        self.mutable = spec.get("mutable", False)
        self.generic = spec.get("generic")
        self.init_doc = spec.get("initDoc") or "A value built in code (previews, tests); optionals default to nil."
        self.decode_doc = spec.get("decodeDoc") or "Reads each member as the document describes it."
        if spec.get("omit"):
            raise InputError(f"{where}: \"omit\" is gone: every documented member is modelled (an untyped one as {RAW_JSON}); "
                             "remove it, and give a member's name, type or doc instead")
        self.omit = {}
        self.members = spec.get("members", [])
        self.nested = [Model(n, self, source) for n in spec.get("nested", [])]
        self.init_order = spec.get("initOrder")
        self.auto = spec.get("auto", False)  # written from the document alone: no overrides name it
        self.schemas = []  # (pointer text, schema) where answers carry this type
        for member in self.members:
            if not isinstance(member.get("json"), str):
                raise InputError(f"{where}: every member needs its \"json\" name")


def all_models(models):
    for m in models:
        yield m
        yield from all_models(m.nested)


def element(type_name):
    """`[Category]?` → (`Category`, True); `C.Place` → (`Place`, False)."""
    name = type_name.rstrip("?")
    array = name.startswith("[") and name.endswith("]")
    name = name.strip("[]")
    return name.split(".")[-1] if name.startswith("C.") else name, array


def member_type(doc, model, member, schemas):
    given = member.get("type")
    # Another answer of the same type may leave the member out.
    kinds = {schema_kind(doc, s["properties"][member["json"]]) for _, s in schemas if member["json"] in s.get("properties", {})}
    if given is None:
        derived = {f"[{PRIMITIVES[k[1:-1]]}]" if k.startswith("[") and k[1:-1] in PRIMITIVES else PRIMITIVES.get(k) for k in kinds}
        if len(derived) != 1 or None in derived:
            raise InputError(
                f"{model.where}.{member['json']}: the document types it {' and '.join(sorted(kinds))}; give its Swift \"type\""
            )
        return derived.pop()
    name, array = element(given)
    documented = {k.strip("[]") for k in kinds}
    swift_documented = {PRIMITIVES.get(k, k) for k in documented}
    if name in PRIMITIVES.values() and swift_documented != {name} and not member.get("departure"):
        raise InputError(
            f"{model.where}.{member['json']}: \"type\" {given} departs from the document ({' and '.join(sorted(kinds))}); "
            "fix the type or give the \"departure\" its reason"
        )
    if any(k.startswith("[") for k in kinds) != array and not member.get("departure"):
        raise InputError(f"{model.where}.{member['json']}: \"type\" {given} and the document ({' and '.join(sorted(kinds))}) disagree on being a list")
    return given



def pascal(json_name):
    return "".join(ACRONYMS.get(w, w[:1].upper() + w[1:]) for w in re.split(r"[_\-\s]+", json_name) if w)


def schema_kind(doc, sub):
    sub = resolve(doc, sub)
    kind = sub.get("type") or ("object" if "properties" in sub else "any")
    if kind == "array":
        items = resolve(doc, sub.get("items", {}))
        return "[" + (items.get("type") or ("object" if "properties" in items else "any")) + "]"
    return kind


class Version:
    """One version's models and operations, read from its document as its overrides fix it."""

    def __init__(self, version, stale=None):
        """`stale`: a list that collects (model, member) for each member the overrides name and the document no
        longer gives, instead of stopping on the first (new-contract prunes a copied overrides file with it)."""
        self.version, self.compact = version, version.replace("-", "")
        self.namespace = "Contract" + self.compact
        self.document = document_path(version)
        self.overrides_path = os.path.join(OVERRIDES, f"overrides-{self.compact}.json")
        doc = load_json(self.document, "add the version's document")
        if not isinstance(doc, dict) or not isinstance(doc.get("paths"), dict):
            raise InputError(f"{self.document}: not an OpenAPI document (no \"paths\" object); give the version's OpenAPI JSON")
        overrides = load_json(self.overrides_path, f"write overrides-{self.compact}.json (scripts/new-contract.sh starts it)")
        self.source = os.path.relpath(self.overrides_path, ROOT)
        self.doc = apply_overrides(doc, overrides.get("overrides", []), self.source)
        self.spec = overrides.get("models") or {}
        self.names = self.spec.get("names", {})
        self.requests = overrides.get("requests") or {}
        self.operations = operations_of(self.doc, self.document)
        types = self.spec.get("types")
        if not isinstance(types, list) or not types:
            raise InputError(f"{self.source}: no \"models\": {{\"types\": [...]}} section; add one (AddingAVersion)")
        declared = {t.get("name"): t for t in types if isinstance(t, dict)}
        for index, spec in enumerate(types):  # `membersOf`: another type's members, bound where this one is read
            if isinstance(spec, dict) and "membersOf" in spec:
                if spec["membersOf"] not in declared or "membersOf" in declared[spec["membersOf"]]:
                    raise InputError(f"{self.source}: models.{spec.get('name')}: membersOf names {spec['membersOf']!r}, "
                                     "which is no type of models.types with members of its own; name one")
                members = json.loads(json.dumps(declared[spec["membersOf"]].get("members", [])))
                for member in members:  # `alternates`: where this type's schemas key a member another way
                    if member["json"] in spec.get("alternates", {}):
                        member["alternate"] = spec["alternates"][member["json"]]
                types[index] = dict(spec, members=members)
        self.models = [Model(t, None, self.source) for t in types]
        for model in all_models(self.models):
            if model.init_order and sorted(model.init_order) != sorted(m["json"] for m in model.members):
                raise InputError(f"{model.where}: initOrder must list every member's json name once")
        answers = dict(self.spec.get("answers", {}))
        for endpoint in self.operations:
            if endpoint not in answers:  # a new operation: its answer is a type of its own, named for it
                answers[endpoint] = self.auto_answer(endpoint)
        self.answers = answers
        bind(self.doc, self.models, answers, self.operations, self.source)
        for model in list(all_models(self.models)):
            self.expand(model)
        for model in all_models(self.models):
            check_members(model, stale)
        box_cycles(self.models)

    def auto_answer(self, endpoint):
        method, path, op = self.operations[endpoint]
        content = resolve(self.doc, op.get("responses", {}).get("200", {})).get("content", {}).get("application/json", {})
        schema = resolve(self.doc, content.get("schema", {}))
        name = pascal(endpoint) + "Response"
        if schema.get("type") == "array" or "items" in schema:
            name = pascal(endpoint) + "Item"
            self.models.append(Model({"name": name, "doc": f"One element of what `{method} {path}` answers.", "auto": True}, None, self.source))
            return f"[{name}]"
        self.models.append(Model({"name": name, "doc": f"What `{method} {path}` answers.", "auto": True}, None, self.source))
        return name

    def expand(self, model):
        """Models every documented member the overrides do not list, in the document's order: a member of a primitive
        type as the document types it, an object as a type nested in its owner, named for it, and one the document
        leaves untyped (no type, a bare object, a free-form map) as RawJSON."""
        listed = {m["json"] for m in model.members} | {m["alternate"] for m in model.members if m.get("alternate")}
        for name in documented_members(model):
            if name in listed:
                continue
            kinds = {schema_kind(self.doc, s["properties"][name]) for _, s in model.schemas if name in s.get("properties", {})}
            kind = kinds.pop() if len(kinds) == 1 else "any"
            member = {"json": name, "auto": True}
            if self.names.get(name):
                member["name"] = self.names[name]
            subs = [resolve(self.doc, s["properties"][name]) for _, s in model.schemas if name in s.get("properties", {})]
            if kind == "object" and not any(sub.get("properties") for sub in subs):
                kind = "any"  # a bare object, or a free-form map: any JSON value
            if kind in ("object", "[object]"):
                nested_name = pascal(name[:-1] if kind == "[object]" and name.endswith("s") else name)
                nested = Model({"name": nested_name, "doc": f"`{name}` of {model.name}, as the document describes it.", "auto": True},
                               model, self.source)
                for pointer, schema in model.schemas:
                    sub = resolve(self.doc, schema.get("properties", {}).get(name, {}))
                    if kind == "[object]":
                        sub = resolve(self.doc, sub.get("items", {}))
                    if sub:
                        nested.schemas.append((f"{pointer}/properties/{name}", sub))
                model.nested.append(nested)
                member["type"] = f"[{nested_name}]" if kind == "[object]" else nested_name
                self.expand(nested)
            elif kind == "any":
                member["type"] = RAW_JSON
            elif kind == "[any]":
                member["type"] = f"[{RAW_JSON}]"
            model.members.append(member)
            if model.init_order:
                model.init_order.append(name)

    def render_models(self, names=None):
        """Each top-level type's Swift text, its namespace written as `@NS@`, by name."""
        known = {m.name for m in self.models if m.generic is None}
        return {m.name: "\n".join(render_model(self.doc, m, "@NS@", known, "    " if m.generic is None else ""))
                for m in self.models if names is None or m.name in names}


def documented_members(model):
    names = []
    for _, schema in model.schemas:
        for name in schema.get("properties", {}):
            if name not in names:
                names.append(name)
    return names


def bind(doc, models, answers, operations, source):
    """Finds every schema each model is read from: the operations' answers, then each member's own schema."""
    by_name = {}
    for m in all_models(models):
        by_name.setdefault(m.name, m)
    for endpoint, type_name in answers.items():
        if endpoint not in operations:
            raise InputError(f"{source}: models.answers names {endpoint}, which the document has no operation for; use an operation of the document")
        method, path, op = operations[endpoint]
        pointer = f"/paths/{path.replace('~', '~0').replace('/', '~1')}/{method.lower()}/responses/200"
        content = resolve(doc, op.get("responses", {}).get("200", {})).get("content", {}).get("application/json", {})
        schema = resolve(doc, content.get("schema", {}))
        if ": " in type_name:  # `results: [AutocompleteResult]`, a member of an answer typed elsewhere
            member, type_name = type_name.split(": ", 1)
            schema, pointer = resolve(doc, schema.get("properties", {}).get(member, {})), f"{pointer}/properties/{member}"
            if not schema:
                raise InputError(f"{source}: models.answers.{endpoint}: the answer has no member `{member}`; name one it has")
        name, array = element(type_name)
        if name not in by_name:
            raise InputError(f"{source}: models.answers gives {endpoint} the type {type_name}, which models.types does not declare")
        if array:
            schema, pointer = resolve(doc, schema.get("items", {})), pointer + "/items"
        by_name[name].schemas.append((pointer, schema))
    changed = True
    while changed:  # members carry their types' schemas down until nothing new is found
        changed = False
        for model in all_models(models):
            for member in model.members:
                name, array = element(member.get("type") or "")
                target = by_name.get(name)
                if target is None:
                    continue
                for pointer, schema in list(model.schemas):
                    sub = resolve(doc, schema.get("properties", {}).get(member["json"], {}))
                    if array:
                        sub = resolve(doc, sub.get("items", {}))
                    entry = (f"{pointer}/properties/{member['json']}" + ("/items" if array else ""), sub)
                    if sub and entry[0] not in [p for p, _ in target.schemas]:
                        target.schemas.append(entry)
                        changed = True
    for model in all_models(models):
        if not model.schemas and not model.auto:
            raise InputError(f"{model.where}: no answer of the document reaches this type; name it in models.answers or as a member's \"type\"")


def check_members(model, stale=None):
    documented = documented_members(model)
    for name in [m["json"] for m in model.members] + [m["alternate"] for m in model.members if m.get("alternate")]:
        if name not in documented and model.schemas:
            if stale is None:
                raise InputError(f"{model.where}: `{name}` is not a member the document gives this type; remove it from the overrides")
            stale.append((model, name))


def box_cycles(models):
    """Marks each member through which a model would hold itself without an array between (a tip's photo's tip, a
    place's parent place): Swift cannot store such a value inline, so it is boxed (Indirect), and stays a value."""
    by_name = {m.name: m for m in all_models(models)}

    def inline_types(model):
        for member in model.members:
            name, array = element(member.get("type") or "")
            if not array and name in by_name:
                yield member, by_name[name]

    def reaches(start, goal):
        seen, todo = set(), [start]
        while todo:
            model = todo.pop()
            if model is goal:
                return True
            if model.path in seen:
                continue
            seen.add(model.path)
            todo += [target for _, target in inline_types(model)]
        return False

    for model in all_models(models):
        for member, target in inline_types(model):
            if reaches(target, model):
                member["boxed"] = True


def required(model, json_name):
    holders = [schema for _, schema in model.schemas if json_name in schema.get("properties", {})]
    return bool(holders) and all(json_name in schema.get("required", []) for schema in holders)


# --- Swift ---------------------------------------------------------------------------------------------------


def wrap_params(prefix, params, suffix, indent):
    one = f"{indent}{prefix}{', '.join(params)}{suffix}"
    if len(one) <= 120:
        return [one]
    lines, line = [f"{indent}{prefix}"], indent + "    "
    for i, p in enumerate(params):
        piece = p + ("," if i < len(params) - 1 else "")
        if len(line) + len(piece) + 1 > 120 and line.strip():
            lines.append(line.rstrip())
            line = indent + "    "
        line += piece + " "
    lines.append(line.rstrip())
    lines.append(f"{indent}{suffix.strip()}")
    return lines


def qualify(type_name, namespace, top_level, known):
    if not top_level:
        return type_name
    return re.sub(r"(?<![\w.])([A-Z]\w*)", lambda m: f"{namespace}.{m.group(1)}" if m.group(1) in known else m.group(1), type_name)


def render_model(doc, model, namespace, known, indent):
    top = model.parent is None and model.generic is not None
    keyword = "var" if model.mutable else "let"
    lines = [f"{indent}/// {line}" for line in model.doc.split("\n")]
    header = model.name + (f"<{model.generic}>" if model.generic else "")
    lines.append(f"{indent}public struct {header}: {', '.join(['Codable', 'Sendable', 'Hashable'] + model.conforms)} {{")
    inner = indent + "    "
    resolved = []
    for member in model.members:
        name = member.get("name") or swift_name(member["json"])
        base = qualify(member_type(doc, model, member, model.schemas), namespace, top, known)
        optional = not required(model, member["json"])
        # A boxed member is stored as `_name` (Indirect, so the model can hold itself) and read as `name`.
        stored = "_" + name if member.get("boxed") else name
        held = f"Indirect<{base}>" if member.get("boxed") else base
        resolved.append(dict(member, swift=name, base=base, optional=optional, full=base + ("?" if optional else ""),
                             stored=stored, held=held))
    for r in resolved:
        text = r.get("doc") or f"`{r['json']}` as the API sends it."
        lines.append(f"{inner}/// {text}")
        if not r.get("boxed"):
            lines.append(f"{inner}public {keyword} {r['swift']}: {r['full']}")
            continue
        read = f"{r['stored']}?.value" if r["optional"] else f"{r['stored']}.value"
        if model.mutable:
            write = f"newValue.map {{ Indirect($0) }}" if r["optional"] else "Indirect(newValue)"
            lines.append(f"{inner}public var {r['swift']}: {r['full']} {{")
            lines.append(f"{inner}    get {{ {read} }}")
            lines.append(f"{inner}    set {{ {r['stored']} = {write} }}")
            lines.append(f"{inner}}}")
        else:
            lines.append(f"{inner}public var {r['swift']}: {r['full']} {{ {read} }}")
        lines.append(f"{inner}private {keyword} {r['stored']}: {r['held']}" + ("?" if r["optional"] else ""))
    order = model.init_order or [m["json"] for m in model.members]
    ordered = sorted(resolved, key=lambda r: order.index(r["json"]))
    lines.append("")
    lines.append(f"{inner}/// {model.init_doc}")
    params = [f"{r['swift']}: {r['full']}" + (" = nil" if r["optional"] else "") for r in ordered]
    lines += wrap_params("public init(", params, ") {", inner)
    for r in resolved:
        value = r["swift"]
        if r.get("boxed"):
            value = f"{r['swift']}.map {{ Indirect($0) }}" if r["optional"] else f"Indirect({r['swift']})"
        lines.append(f"{inner}    self.{r['stored']} = {value}")
    lines.append(f"{inner}}}")
    alternates = [r for r in resolved if r.get("alternate")]
    if any(r.get("decode") for r in resolved) or alternates:
        lines.append("")
        lines.append(f"{inner}/// {model.decode_doc}")
        lines.append(f"{inner}public init(from decoder: any Decoder) throws {{")
        lines.append(f"{inner}    let container = try decoder.container(keyedBy: CodingKeys.self)")
        if alternates:
            lines.append(f"{inner}    let alternates = try decoder.container(keyedBy: AlternateKeys.self)")
        for r in resolved:
            if r.get("decode") == "results":
                call = f"container.decodeResults({r['held']}.self, forKey: .{r['stored']})"
            elif r.get("decode"):
                raise InputError(f"{model.where}.{r['json']}: unknown \"decode\" {r['decode']!r}; use results")
            elif r.get("alternate") and r["optional"]:
                call = (f"container.decodeIfPresent({r['held']}.self, forKey: .{r['stored']}) "
                        f"?? alternates.decodeIfPresent({r['held']}.self, forKey: .{r['stored']})")
            elif r.get("alternate"):  # the alternate only when it alone is there: a missing member is named by its own key
                call = (f"!container.contains(.{r['stored']}) && alternates.contains(.{r['stored']})\n{inner}        "
                        f"? alternates.decode({r['held']}.self, forKey: .{r['stored']}) : container.decode({r['held']}.self, forKey: .{r['stored']})")
            else:
                call = f"container.decode{'IfPresent' if r['optional'] else ''}({r['held']}.self, forKey: .{r['stored']})"
            lines.append(f"{inner}    {r['stored']} = try {call}")
        lines.append(f"{inner}}}")
    for nested in model.nested:
        lines.append("")
        lines += render_model(doc, nested, namespace, known, inner)
    if any(r["stored"] != r["json"] for r in resolved) or any(r.get("decode") for r in resolved) or alternates:
        lines.append("")
        lines.append(f"{inner}enum CodingKeys: String, CodingKey {{")
        for r in resolved:
            lines.append(f"{inner}    case {r['stored']}" + (f" = \"{r['json']}\"" if r["stored"] != r["json"] else ""))
        lines.append(f"{inner}}}")
    if alternates:
        lines.append("")
        lines.append(f"{inner}/// Where the document keys a member by another name in some of the places this type is read from.")
        lines.append(f"{inner}private enum AlternateKeys: String, CodingKey {{")
        for r in alternates:
            lines.append(f"{inner}    case {r['stored']} = \"{r['alternate']}\"")
        lines.append(f"{inner}}}")
    lines.append(f"{indent}}}")
    return lines


HEADER = """// Generated by scripts/generate-contract.py from {document} and {overrides}: do not edit.
// Change the overrides file's "models" or "requests" section and run `python3 scripts/generate-contract.py {version}`.
"""


def line_versions(adding):
    """The dated versions, oldest first: the folders of Contracts/ and the one being generated."""
    found = {n[1:] for n in os.listdir(CONTRACTS) if re.fullmatch(r"V\d{8}", n)} | {adding.replace("-", "")}
    return [f"{d[:4]}-{d[4:6]}-{d[6:]}" for d in sorted(found)]


def header(this):
    return HEADER.format(document=os.path.basename(this.document), overrides=os.path.basename(this.overrides_path), version=this.version)


def generate(version):
    """The files the version's document and overrides give: path → text."""
    line = line_versions(version)
    this = Version(version)
    folder = os.path.join(CONTRACTS, f"V{this.compact}")
    models_path = os.path.join(folder, f"Contract{this.compact}+Models.swift")
    mine = this.render_models()
    generic = [m.name for m in this.models if m.generic is not None]
    index = line.index(version)
    if index == 0:  # the line's first version declares every model, the reads' generic answers included
        body = [mine[m.name].replace("@NS@", this.namespace) for m in this.models if m.generic is None]
        out = header(this) + f"\nimport Foundation\n\nextension {this.namespace} {{\n" + "\n\n".join(body) + "\n}\n"
        for name in generic:
            out += "\n" + mine[name].replace("@NS@", this.namespace) + "\n"
        return {models_path: out, os.path.join(folder, f"Contract{this.compact}+Operations.swift"): render_root_operations(this)}
    prev = Version(line[index - 1])
    theirs = prev.render_models()
    for name in generic:
        if mine.get(name) != theirs.get(name):
            raise InputError(f"{this.document}: the answer of {name} (generic over the line's contracts) changed from {prev.version}; "
                             "generating a changed generic answer is not supported: declare it by hand (AddingAVersion)")
    declared = {m.name for m in this.models if m.generic is None and mine[m.name] != theirs.get(m.name)}
    grew = True
    while grew:  # a type that names a type this version declares is declared again, so it names the new one
        grew = False
        for model in this.models:
            if model.generic is None and model.name not in declared and any(
                    element(m.get("type") or "")[0] in declared for n in all_models([model]) for m in n.members):
                declared.add(model.name)
                grew = True
    kept = [m.name for m in prev.models if m.generic is None and m.name not in declared]
    lines = [header(this), "import Foundation", "", f"extension {this.namespace} {{"]
    for name in kept:
        lines += [f"    /// {prev.version}'s `{name}`, which {version}'s document leaves as it was.",
                  f"    public typealias {name} = {prev.namespace}.{name}"]
    for model in this.models:
        if model.name in declared:
            lines += ["", mine[model.name].replace("@NS@", this.namespace)]
    lines.append("}")
    files = {models_path: "\n".join(lines) + "\n"}
    owners = line_owners(this)
    changed = changed_operations(this, prev, declared)
    files[os.path.join(folder, f"Contract{this.compact}+Operations.swift")] = render_operations(this, prev, changed, owners)
    conveniences = render_conveniences(this, line[0], declared)
    if conveniences:
        files[os.path.join(folder, f"Contract{this.compact}+Conveniences.swift")] = conveniences
    checked = [Operation(this, e, redeclared=True) for e in changed if this.requests.get("operations", {}).get(e, {}).get("checks")]
    validation = render_copies(this, line[0], sorted(o.type for o in checked), "Validation",
                               targets={o.type: o.declared for o in checked if o.generic})
    if validation:
        files[os.path.join(folder, f"Contract{this.compact}+Validation.swift")] = validation
    return files


def convenience_blocks(root, kind="Conveniences"):
    """The hand-written code of the line's first version, by the type it extends: each top-level
    `extension Contract<root>.Name…{ … }` of its Conveniences (or Validation) file, with the comment lines just above it."""
    compact = root.replace("-", "")
    path = os.path.join(CONTRACTS, f"V{compact}", f"Contract{compact}+{kind}.swift")
    if not os.path.exists(path):
        return {}
    blocks, comment, current, name = {}, [], None, None
    for line in open(path).read().split("\n"):
        opening = re.match(rf"extension (?:Contract{compact}\.)?(\w+)\b", line)  # a generic read's has no namespace
        if current is None and opening:
            name, current = opening.group(1), comment + [line]
        elif current is not None:
            current.append(line)
            if line == "}":
                blocks.setdefault(name, []).append("\n".join(current))
                current = None
        comment = comment + [line] if line.startswith("//") and current is None else []
    return blocks


def property_names(model):
    """The Swift names of a model's stored properties."""
    return {m.get("name") or swift_name(m["json"]) for m in model.members}


def render_conveniences(this, root, declared):
    """The line's first version's conveniences for each model this version declares again, on the new type: a model
    written again from the document keeps what the hand-written code gave it (`Place.coordinate`), unless it reads a
    property the new model no longer has, or names one the new model stores (a note says which)."""
    before = {m.name: property_names(m) for m in Version(root).models}
    after = {m.name: property_names(m) for m in this.models}

    def fits(name, block):
        gone = sorted(p for p in before.get(name, set()) - after.get(name, set()) if re.search(rf"\b{re.escape(p)}\b", block))
        stored = sorted(set(re.findall(r"public (?:var|let|func) (\w+)", block)) & after.get(name, set()))
        if gone or stored:
            what = f"reads {', '.join(gone)}, which {this.version} removed" if gone else f"names {', '.join(stored)}, which {this.version} stores"
            print(f"generate-contract.py: note: {this.namespace}.{name} does not keep a convenience of {root}'s: it {what}", file=sys.stderr)
            return False
        return True
    return render_copies(this, root, declared, "Conveniences", fits)


def render_copies(this, root, names, kind, fits=lambda name, block: True, targets=None):
    """The line's first version's hand-written `kind` code for each type this version declares again, on the new
    type: a model keeps its conveniences (`Place.coordinate`), a request its checks across parameters."""
    blocks = convenience_blocks(root, kind)
    kept = [(name, block) for name in sorted(names) for block in blocks.get(name, []) if fits(name, block)]
    if not kept:
        return None
    root_namespace = "Contract" + root.replace("-", "")
    what = "models" if kind == "Conveniences" else "types"
    out = [f"// Generated by scripts/generate-contract.py from {root_namespace}+{kind}.swift, for the {what} "
           f"{this.version} declares again: do not edit.",
           f"// Change {root_namespace}+{kind}.swift and run `python3 scripts/generate-contract.py {this.version}`.",
           "", "import Foundation"]
    for name, block in kept:
        target = (targets or {}).get(name) or f"{this.namespace}.{name}"
        out += ["", re.sub(rf"^extension (?:{root_namespace}\.)?{name}\b", f"extension {target}", block, count=1, flags=re.M)]
    return "\n".join(out) + "\n"


def parameter_shape(version, endpoint):
    """An operation's path and query parameters with their schemas; headers left out (the version header moves
    with every version)."""
    _, path, operation = version.operations[endpoint]
    return sorted((p.get("name"), p.get("in"), bool(p.get("required")), json.dumps(resolve(version.doc, p.get("schema", {})), sort_keys=True))
                  for p in (resolve(version.doc, x) for x in operation.get("parameters", []) + version.doc["paths"][path].get("parameters", []))
                  if p.get("in") != "header")


def changed_operations(this, prev, declared):
    """The operations this version keeps but serves in a shape of its own, each with why: its parameters changed (a
    new enum value, a bound, a new required parameter), or its answer is a model this version declares again. Each
    gets a request of this version's, its registry entry, its protocol and its client method. A read still generic
    over the line's contracts answers in each contract's own models, so only its parameters make it change."""
    changed = {}
    for endpoint in this.operations:
        if endpoint not in prev.operations:
            continue
        spec = this.requests.get("operations", {}).get(endpoint, {})
        params = parameter_shape(prev, endpoint) != parameter_shape(this, endpoint)
        answer = element(this.answers.get(endpoint, ""))[0]
        if params:
            changed[endpoint] = "its parameters changed"
        elif spec.get("associated") or spec.get("shared"):
            continue
        elif answer in declared:
            changed[endpoint] = f"its answer, {answer}, changed"
    return changed


def line_owners(this):
    """For each operation of the earlier versions (by its method name), the version whose shape a later version
    keeping it serves: the newest that declares its registry entry (`placeFlagEntry20250617`)."""
    found = {}
    for folder in sorted((n for n in os.listdir(CONTRACTS) if re.fullmatch(r"V\d{8}", n) and n[1:] < this.compact), reverse=True):
        path = os.path.join(CONTRACTS, folder, f"Contract{folder[1:]}+Operations.swift")
        text = open(path).read() if os.path.exists(path) else ""
        for name, compact in re.findall(r"package static func (\w+)Entry(\d{8})\(", text):
            found.setdefault(name, compact)
    return found


def render_operations(this, prev, changed=None, owners=None):
    """A later version's operations: the requests, enums, protocols, registry entries and client methods of those it
    added or serves in its own shape, and the protocol of every operation it serves (removed ones have none)."""
    changed, owners = changed or {}, owners or {}
    new = [e for e in this.operations if e not in prev.operations]
    removed = [e for e in prev.operations if e not in this.operations]
    added = {e: Operation(this, e) for e in new}
    own = {e: Operation(this, e, redeclared=True) for e in changed}
    ns, protocol = this.namespace, f"{this.namespace}Operations"
    models_protocol = f"Contract{line_versions(this.version)[0].replace('-', '')}Models"
    client_methods = declared_elsewhere(r"public func (\w+)\(_ request: C\.", os.path.join(ROOT, "Sources", "FoursquarePlaces", "Client"))
    generic_models = {m.name for m in this.models if m.generic is not None}
    out = [header(this), "import Foundation", ""]
    if new:
        out.append("extension EndpointID {")
        for endpoint, o in added.items():
            out += [f"    /// `{o.method} {o.path}`: {o.summary}.",
                    f"    public static let {lower_camel(endpoint)} = EndpointID(\"{endpoint}\")"]
        out += ["}", ""]
    enums = {}
    for o in list(added.values()) + list(own.values()):
        for p in o.parameters:
            if p["enum"]:
                enums.setdefault(p["enum"], p["values"])
    if enums:  # the enums of the operations this version added or serves in its own shape are its own, as its document lists them
        out.append(f"extension {ns} {{")
        for i, (name, values) in enumerate(enums.items()):
            out += ([""] if i else []) + render_enum(this, name, "    ", values)
        out += ["}", ""] + [f"extension {ns}.{name}: QueryEnum {{}}" for name in enums] + [""]
    for operation in list(own.values()) + list(added.values()):
        if operation.generic:
            out += render_struct(this, operation, True) + [""] + conformances(this, operation, True) + [""]
        else:
            out += [f"extension {ns} {{"] + render_struct(this, operation, False) + ["}", ""] + conformances(this, operation, False) + [""]
    protocols, calls = [], []
    for endpoint in this.operations:
        o = own.get(endpoint) or added.get(endpoint)
        if o is not None:
            binds = [f"{o.bound} == FoursquarePlaces.{o.declared}<Self>"] if o.generic else []
            answer = envelope(o) if o.shared else element(this.answers[endpoint])[0]
            aliases = []  # the names the line's generic read (or the shared protocol) gave its request and answer
            if o.generic and o.bound != o.type:
                aliases.append((o.type, f"FoursquarePlaces.{o.declared}<Self>", f"`{o.method} {o.path}` in this contract (its `{o.bound}`)."))
            if o.generic and (o.shared or answer in generic_models):
                aliases.append((answer, f"FoursquarePlaces.{answer}<Self>", f"What `{o.method} {o.path}` answers in this contract."))
            method = lower_camel(endpoint) not in client_methods
            name, lines = render_served_operation(this, o, models_protocol, binds, aliases, method)
            out += lines[1:] + [""]
            protocols.append(name)
            calls.append(f"{entry_function(endpoint, this.compact)}(contract, spec: spec)")
            continue
        owner = owners.get(lower_camel(endpoint))
        if owner is None:
            raise InputError(f"{this.document}: no earlier version of the line declares {endpoint}'s registry entry; "
                             f"regenerate {prev.version} (python3 scripts/generate-contract.py {prev.version})")
        shared = this.requests.get("operations", {}).get(endpoint, {}).get("shared")
        protocols.append(shared or operation_protocol(f"Contract{owner}", endpoint))
        calls.append(f"{entry_function(endpoint, owner)}(contract, spec: spec)")
    bound = [f"{name} == FoursquarePlaces.{name}<Self>" for name in this.requests.get("protocolBinds", [])]
    out += render_protocol(protocol, [models_protocol] + protocols, bound,
                           f"A contract that serves every {this.version} operation in its {this.version} shape: {this.version} itself, "
                           "and a later version that keeps them all. Each operation's client method needs only the operation's "
                           f"own protocol, so an operation {this.version} removed has no method on its client.")
    out += ["", f"extension {protocol} {{",
            f"    /// {this.version}'s registry entries as this contract serves them: each operation in the shape of the version that",
            "    /// last declared it.",
            f"    package static func entries{this.compact}(_ contract: ContractID, spec: String) -> [Endpoint] {{"]
    dropped = removed + list(own)
    if dropped:  # what this version removed, and what it serves in its own shape
        said = f"Not {prev.version}'s: " + "; ".join(f"{e}, " + (f"removed in {this.version}" if e in removed else changed[e]) for e in dropped) + "."
        out += [f"        // {line}" for line in textwrap.wrap(said, 109, break_long_words=False, break_on_hyphens=False)]
    out += ["        ["] + [f"            {call}," for call in calls] + ["        ]", "    }", "}"]
    out += ["", f"extension {ns} {{",
            f"    /// The operations of {prev.version} that {this.version}'s document no longer has: its registry does not keep them.",
            f"    package static let removedOperations: [EndpointID] = [" + ", ".join(f".{lower_camel(e)}" for e in removed) + "]", "}"]
    return "\n".join(out) + "\n"


def lower_camel(endpoint):
    name = pascal(endpoint)
    return name[:1].lower() + name[1:]


def operation_protocol(namespace, endpoint):
    """The protocol of the contracts that serve one operation in one version's shape (`Contract20250617PlaceFlag`):
    a client method needs it, so a version that removed the operation has no such method."""
    return f"{namespace}{pascal(endpoint)}"


def entry_function(endpoint, compact):
    """The registry entry of one operation in the shape of version `compact` (`placeFlagEntry20250617`)."""
    return f"{lower_camel(endpoint)}Entry{compact}"


def render_entry_function(this, operation):
    """`render_entry` as a static function of the operation's protocol, so each later version that keeps the
    operation lists it."""
    body = render_entry(this, operation).split("\n")[1:]  # its `// METHOD path` line becomes the summary
    return docc(f"`{operation.method} {operation.path}`'s registry entry in its {this.version} shape, under `contract` and defined by `spec`.", "    ") + [
            f"    package static func {entry_function(operation.endpoint, this.compact)}(_ contract: ContractID, spec: String) -> Endpoint {{"] + [
            line[4:] for line in body] + ["    }"]


def render_served_operation(this, operation, models_protocol, binds, aliases, method):
    """One operation in `this` version's shape: its protocol (unless a hand-written one names it), the registry entry
    and type aliases on it, and its `PlacesClient` method where the contract conforms."""
    o, out = operation, []
    if o.shared and not o.generic:
        name, extended = o.shared, f"{o.shared} where Self: {models_protocol}"
    else:
        name = extended = operation_protocol(this.namespace, o.endpoint)
        out += [""] + render_protocol(name, [models_protocol, "PlacesContract"], binds,
            f"A contract that serves `{o.method} {o.path}` (`{o.endpoint}`) in its {this.version} shape: {this.version}, and a "
            "later version that keeps it" + (f". `PlacesClient.{lower_camel(o.endpoint)}(_:)` is available on each." if method else "."))
    out += ["", f"extension {extended} {{"]
    for alias, target, doc in aliases:
        out += [f"    /// {doc}", f"    public typealias {alias} = {target}", ""]
    out += render_entry_function(this, o) + ["}"]
    if method:
        out += ["", f"extension PlacesClient where C: {name} {{"] + render_method(this, o) + ["}"]
    return name, out


def render_protocol(name, inherits, binds, doc):
    """A protocol declaration, its inheritance list and `where` clause wrapped to the line length."""
    lines = docc(doc, "")
    head = f"public protocol {name}: {', '.join(inherits)}"
    if len(head) <= 120:
        lines.append(head)
    else:
        lines.append(f"public protocol {name}:")
        line = "   "
        for i, p in enumerate(inherits):
            piece = p + ("," if i < len(inherits) - 1 else "")
            if len(line) + len(piece) + 1 > 120:
                lines.append(line)
                line = "   "
            line += " " + piece
        lines.append(line)
    if not binds:
        return lines[:-1] + [lines[-1] + " {}"]
    if len(binds) == 1 and len(lines[-1]) + len(binds[0]) + 10 <= 120:
        return lines[:-1] + [lines[-1] + f" where {binds[0]} {{}}"]
    return lines + [("where " if i == 0 else "      ") + b + ("," if i < len(binds) - 1 else " {}") for i, b in enumerate(binds)]


def summary(op, endpoint, version):
    text = (op.get("summary") or op.get("description") or "").strip().split("\n")[0].rstrip(".")
    return (text + ".") if text else f"the `{op['operationId']}` operation of {version}'s document."


# --- The requests --------------------------------------------------------------------------------------------
# The overrides' "requests" section holds what the document cannot say of an operation's request: Swift names
# and types (a comma list the document types as text, a coordinate), DocC text, the initializer's order, the
# client's rules the document leaves out (each with its reason), and which reads are generic over the line's
# contracts. Everything else (parameters, where they go, required or not, enums, bounds, defaults) is the document's.

SWIFT_KINDS = {**PRIMITIVES, "[string]": "[String]", "[integer]": "[Int]"}
DRY_RUN = "dry_run"
# DocC for parameters many operations share, in the package's words (the document's prose is not carried).
PARAMETER_DOCS = {DRY_RUN: "Whether the API only checks the request and answers what it would do, changing nothing (`dry_run`).",
                  "fsq_place_id": "The place's Foursquare id (`fsq_place_id`).",
                  "fsq_job_id": "The offline job's id (`fsq_job_id`)."}
SWIFT_KEYWORDS = {"private", "public", "internal", "default", "case", "class", "struct", "enum", "func", "import", "in",
                  "is", "let", "var", "return", "static", "self", "Self", "protocol", "extension", "where", "while", "for",
                  "if", "else", "switch", "repeat", "do", "try", "throw", "true", "false", "nil", "as", "super", "init",
                  "operator", "subscript", "typealias", "inout", "fileprivate", "open", "break", "continue", "guard", "defer",
                  "catch", "throws", "rethrows", "deinit", "fallthrough", "associatedtype", "Type", "Protocol"}
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PARAMETER_KEYS = {"name", "type", "enum", "doc", "nonEmpty", "minimum", "maximum", "unit", "source", "keeping", "reason"}
OPERATION_KEYS = {"type", "associated", "shared", "summary", "doc", "init", "order", "parameters", "composites",
                  "secrets", "checks"}


def docc(text, indent):
    """DocC lines of at most 120 characters."""
    return [f"{indent}/// {line}".rstrip() for paragraph in text.split("\n")
            for line in textwrap.wrap(paragraph, 116 - len(indent), break_long_words=False, break_on_hyphens=False) or [""]]


def case_name(value):
    """`DOESNT_EXIST` → `doesntExist`, `E164` → `e164`, `CurrentLocation` → `currentLocation`, `PRIVATE` → `` `private` ``."""
    words = [w for w in re.split(r"[_\-\s]+", value) if w]
    words = [w.lower() if w.isupper() else w for w in words]  # `E164`, `DOESNT` are words; `CurrentLocation` keeps its humps
    name = words[0][:1].lower() + words[0][1:] + "".join(w[:1].upper() + w[1:] for w in words[1:]) if words else ""
    if not IDENTIFIER.fullmatch(name) or name in ("self", "init", "Type"):
        raise InputError(f"enum value {value!r} gives no Swift case name ({name!r}); rename it in the document or declare the enum by hand")
    return f"`{name}`" if name in SWIFT_KEYWORDS else name


class Operation:
    """One operation's request as the document and the "requests" section give it."""

    def __init__(self, this, endpoint, root=False, redeclared=False):
        """`redeclared`: a later version serves the line's generic read in a shape of its own (its own request type)."""
        self.endpoint = endpoint
        self.method, self.path, op = this.operations[endpoint]
        self.spec = this.requests.get("operations", {}).get(endpoint, {})
        where = f"{this.source}: requests.operations.{endpoint}"
        for key in self.spec:
            if key not in OPERATION_KEYS:
                raise InputError(f"{where}: unknown key \"{key}\"; use one of {', '.join(sorted(OPERATION_KEYS))}")
        self.summary = self.spec.get("summary") or summary(op, endpoint, this.version).rstrip(".")
        self.type = self.spec.get("type") or f"{pascal(endpoint)}Request"
        self.associated = self.spec.get("associated")  # a read generic over the contracts that keep its shape
        self.shared = self.spec.get("shared")  # declared by hand for several contracts; named by the protocol that brings it
        if (self.associated or self.shared) and not (root or redeclared):
            raise InputError(f"{where}: \"associated\" and \"shared\" are for the line's first version; a later version's new operation is its own")
        # A read generic over the line's contracts, answering in each one's models: the line's first version's generic
        # reads, and a later version's own shape of one (of a shared one too: `AutocompleteRequest` binds it).
        self.generic = bool(self.associated) or (bool(self.shared) and redeclared)
        self.bound = self.associated or (self.type if self.shared else None)  # the PlacesContract type it binds
        # A later version's shape of it is a generic type of its own beside the line's (`PlaceSearchRequest20990601<C>`):
        # nested in the version, the protocol that binds it would reach its own contract in a cycle.
        self.declared = self.type if root or not self.generic else f"{self.type}{this.compact}"
        params = [resolve(this.doc, p) for p in op.get("parameters", [])]
        params += [q for q in (resolve(this.doc, p) for p in this.doc["paths"][self.path].get("parameters", []))
                   if not any((q.get("name"), q.get("in")) == (p.get("name"), p.get("in")) for p in params)]  # the path item's
        if len([p for p in params if p.get("in") == "path"]) > 1 or len(re.findall(r"\{[^}]+\}", self.path)) > 1:
            raise InputError(f"{this.document}: {endpoint} ({self.path}) has more than one path parameter; the registry takes one: declare it by hand")
        given = self.spec.get("parameters", {})
        documented = {p.get("name") for p in params}
        for wire in given:
            if wire not in documented:
                raise InputError(f"{where}.parameters.{wire}: the document gives {endpoint} no such parameter; remove it")
        composites = self.spec.get("composites", {})
        absorbed = {w: name for name, c in composites.items() for w in c.get("members", [])}
        self.parameters, rules = [], {}
        for p in params:
            if p.get("in") not in ("path", "query"):
                continue  # headers: the contract sends its own
            wire = p["name"]
            spec = given.get(wire, {})
            for key in spec:
                if key not in PARAMETER_KEYS:
                    raise InputError(f"{where}.parameters.{wire}: unknown key \"{key}\"; use one of {', '.join(sorted(PARAMETER_KEYS))}")
            if any(k in spec for k in ("minimum", "maximum", "source")) and not spec.get("reason"):
                raise InputError(f"{where}.parameters.{wire}: a bound or source the document does not give needs its \"reason\"")
            schema = resolve(this.doc, p.get("schema", {}))
            kind = schema_kind(this.doc, schema)
            items = resolve(this.doc, schema.get("items", {})) if kind.startswith("[") else schema
            values = [str(v) for v in items.get("enum", [])]
            if spec.get("enum") and root:  # a later version declares the enum again, from its document's values
                declared = list(this.requests.get("enums", {}).get(spec["enum"], {}).get("cases", {}))
                if declared != values:
                    raise InputError(f"{where}.parameters.{wire}: enum {spec['enum']} lists {declared}, the document {values}; make them agree")
            enum_type = spec.get("enum") and (f"[{spec['enum']}]" if kind.startswith("[") else spec["enum"])
            swift = spec.get("type") or enum_type or SWIFT_KINDS.get(kind)
            if swift is None:
                raise InputError(f"{this.document}: {endpoint}'s parameter {wire} is typed {kind}; give its Swift \"type\" in {where}")
            low, high = spec.get("minimum", schema.get("minimum")), spec.get("maximum", schema.get("maximum"))
            if kind != "integer" and any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")) \
                    or any(k in schema for k in ("exclusiveMinimum", "exclusiveMaximum")):
                raise InputError(f"{this.document}: {endpoint}'s parameter {wire} has a bound the registry cannot state "
                                 f"(on a {kind}, or exclusive); declare the request by hand")
            rule = None
            if spec.get("nonEmpty"):
                rule = ".nonEmpty"
            elif kind == "integer" and swift == "Int" and (low is not None or high is not None):
                if low is None or high is None:
                    raise InputError(f"{where}.parameters.{wire}: the document bounds it on one side only; give the other (\"minimum\" or \"maximum\") with a reason")
                unit = f", unit: \"{spec['unit']}\"" if spec.get("unit") else ""
                rule = f".integer({int(low)}...{int(high)}{unit})"
            elif values and not spec.get("enum") and swift in ("String", "[String]"):
                rule = (".oneOf([" if swift == "String" else ".listOf([") + ", ".join(json.dumps(v) for v in values) + "])"
            default = None
            if wire == DRY_RUN and p.get("required"):
                raise InputError(f"{this.document}: {endpoint} requires {DRY_RUN}; a dry-runnable write leaves it optional: declare the request by hand")
            if not (p.get("in") == "path" or p.get("required")):
                default = "true" if wire == DRY_RUN else "nil"  # a write is a dry run unless the caller says otherwise
            snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", wire).lower().replace(".", "_").replace("-", "_")
            name = spec.get("name") or this.names.get(wire) or this.names.get(snake) or ("dryRun" if wire == DRY_RUN else swift_name(snake))
            if not IDENTIFIER.fullmatch(name) or name in SWIFT_KEYWORDS:
                raise InputError(f"{where}.parameters.{wire}: {name!r} is not a Swift property name; give its \"name\"")
            entry = dict(wire=wire, place=p["in"], name=name, type=swift, rule=rule, default=default,
                         required=p["in"] == "path" or bool(p.get("required")), keeping=spec.get("keeping"),
                         assumption=spec.get("source") == "assumption", values=values, enum=spec.get("enum"),
                         doc=spec.get("doc") or PARAMETER_DOCS.get(wire) or f"`{wire}`, in the {p['in']}.")
            if "{bounds}" in entry["doc"]:  # the document's bounds, not a copy of them that could go stale
                if low is None or high is None:
                    raise InputError(f"{where}.parameters.{wire}: the doc says {{bounds}}, but the parameter has none; write them out")
                entry["doc"] = entry["doc"].replace("{bounds}", f"{int(low)}...{int(high)}")
            rules[wire] = entry
            if wire in absorbed:
                continue
            self.parameters.append(entry)
        for name, c in composites.items():  # one Swift value for several parameters, in its first member's place
            members = c.get("members", [])
            missing = [w for w in members if w not in rules]
            if missing or c.get("registry") != "location":
                raise InputError(f"{where}.composites.{name}: members {missing} are not parameters of {endpoint}, or \"registry\" is not \"location\"; fix it")
            position = {p.get("name"): i for i, p in enumerate(params)}
            first = min(position[w] for w in members)
            radius = rules.get(c.get("radius"), {}).get("rule")
            entry = dict(wire=name, place="query", name=name, type=c["type"], rule=None, default="nil", required=False,
                         keeping=None, assumption=False, values=[], enum=None, doc=c.get("doc") or f"`{', '.join(members)}`.",
                         composite=radius or "nil")
            self.parameters.insert(sum(position[p["wire"]] < first for p in self.parameters), entry)
        order = self.spec.get("order")
        if order:
            if sorted(order) != sorted(p["wire"] for p in self.parameters):
                raise InputError(f"{where}.order: list each parameter once ({', '.join(p['wire'] for p in self.parameters)})")
            self.parameters.sort(key=lambda p: order.index(p["wire"]))
        self.path_parameter = next((p for p in self.parameters if p["place"] == "path"), None)
        self.dry_run = any(p["wire"] == DRY_RUN for p in self.parameters)
        self.paged = any(p["wire"] == "cursor" for p in self.parameters)



def answer_of(this, operation):
    """The answer's model and whether it is a list: `results: [AutocompleteResult]` is (`AutocompleteResult`, True)."""
    return element(this.answers[operation.endpoint].split(": ")[-1])


def response_text(this, operation, generic):
    """The request's answer type: in a generic read, the contract's own model (`C.Place`, `SearchResponse<C>`)."""
    if operation.shared:  # `results: [AutocompleteResult]`: the envelope declared once for the contracts that share it
        return f"{envelope(operation)}<C>"
    name, array = answer_of(this, operation)
    if not generic:
        return f"[{name}]" if array else name
    generic_models = {m.name for m in this.models if m.generic is not None}
    text = f"{name}<C>" if name in generic_models else f"C.{name}" if name in this.requests.get("associatedModels", []) else f"{this.namespace}.{name}"
    return f"[{text}]" if array else text


def envelope(operation):
    """The answer type of a read the contracts share (`AutocompleteResponse`), declared by hand beside its request."""
    return f"{pascal(operation.endpoint)}Response"


def render_enum(this, name, indent, values=None):
    """`values`: the document's, when a later version declares the enum again (a case for each value it lists,
    described as the overrides describe it, or by its value)."""
    spec = this.requests.get("enums", {}).get(name)
    if not spec:
        raise InputError(f"{this.source}: requests.enums has no {name}; declare it with its cases")
    lines = [f"{indent}/// {spec.get('doc') or f'`{name}`.'}",
             f"{indent}public enum {name}: String, Sendable, Hashable, CaseIterable, Codable {{"]
    cases = spec.get("cases", {}) if values is None else {v: spec.get("cases", {}).get(v) for v in values}
    for value, doc in cases.items():
        lines += [f"{indent}    /// {doc or f'`{value}`.'}", f"{indent}    case {case_name(value)} = {json.dumps(value)}"]
    return lines + [f"{indent}}}"]


def render_struct(this, operation, generic):
    indent = "" if generic else "    "
    i2, i3 = indent + "    ", indent + "        "
    kinds = ["PlaceScopedRequest"] if operation.path_parameter and operation.path_parameter["name"] == "placeID" else []
    if operation.dry_run or operation.method != "GET":
        kinds.append("DryRunnableRequest" if operation.dry_run else "WriteRequest")
    kinds = (kinds or ["EndpointRequest"]) + ["Hashable"]
    models = f"Contract{line_versions(this.version)[0].replace('-', '')}Models"  # the line's, which every version conforms to
    head = f"{operation.declared}<C: {models} & PlacesContract>" if generic else operation.type
    doc = operation.spec.get("doc") or f"`{operation.method} {operation.path}`: {operation.summary}."
    lines = docc(doc, indent)
    lines += [f"{indent}public struct {head}: {', '.join(kinds)} {{",
              f"{i2}public typealias Response = {response_text(this, operation, generic)}",
              f"{i2}public static var endpointID: EndpointID {{ .{lower_camel(operation.endpoint)} }}"]
    def swift_type(p):  # a generic read sits outside the namespace that declares its enums
        return f"{this.namespace}.{p['type']}" if generic and p["enum"] else p["type"]
    for p in operation.parameters:
        lines += docc(p["doc"], i2) + [f"{i2}public var {p['name']}: {swift_type(p)}{'' if p['default'] is None else '?'}"]
    init_doc = operation.spec.get("init") or "A request with the given parameters" + (
        "; a dry run unless `dryRun` is false." if operation.dry_run else ".")
    arguments = [f"{p['name']}: {swift_type(p)}" + ("" if p["default"] is None else f"? = {p['default']}") for p in operation.parameters]
    lines += [""] + docc(init_doc, i2) + wrap_params("public init(", arguments, ") {", i2)
    lines += [f"{i3}self.{p['name']} = {p['name']}" for p in operation.parameters] + [f"{i2}}}"]
    if operation.spec.get("checks"):  # rules across parameters, which the document states in prose: written by hand
        lines += [""] + docc(f"The rules of each parameter, then {operation.spec['checks']}", i2) + [
                  f"{i2}public func validate() throws(FoursquareError) {{",
                  f"{i3}try validateParameters()", f"{i3}try validateAcrossParameters()", f"{i2}}}"]
    if operation.path_parameter and operation.path_parameter["name"] != "placeID":
        lines += ["", f"{i2}/// The path with `{operation.path_parameter['wire']}`.",
                  f"{i2}public func path() throws(FoursquareError) -> String {{ try Self.endpoint.path(placeID: {operation.path_parameter['name']}) }}"]
    return lines + [f"{indent}}}"]


def conformances(this, operation, generic):
    name = operation.declared if generic else f"{this.namespace}.{operation.type}"
    lines = [f"extension {name}: ContractRequest {{ public typealias APIContract = {'C' if generic else this.namespace} }}"]
    if operation.paged:
        lines.append(f"extension {name}: PagedRequest {{}}")
    return lines


def blank_value(this, p):
    if p["enum"]:
        return f".{case_name(p['values'][0]).strip('`')}"
    blank = {"String": '""', "Int": "0", "Double": "0", "Bool": "false"}.get(p["type"]) or ("[]" if p["type"].startswith("[") else None)
    if blank is None:
        raise InputError(f"{this.source}: {p['wire']} is required and typed {p['type']}, which has no blank value to register; declare the request by hand")
    return blank


def render_entry(this, operation):
    fields = []
    for p in operation.parameters:
        if p["place"] == "path":
            continue
        if "composite" in p:
            fields.append(f".location(\\.{p['name']}, radius: {p['composite']})")
        elif p["wire"] == DRY_RUN:
            fields.append(".field(Endpoint.dryRunParameter, \\.dryRun)")
        elif p["keeping"]:
            fields.append(f".projection(\"{p['wire']}\", \\.{p['name']}, keeping: \"{p['keeping']}\")")
        else:
            kind = "required" if p["required"] else "field"
            fields.append(f".{kind}(\"{p['wire']}\", \\.{p['name']}" + (f", {p['rule']}" if p["rule"] else "")
                          + (", source: .assumption" if p["assumption"] else "") + ")")
    arguments = [f"{p['name']}: " + ("$0" if p is operation.path_parameter else blank_value(this, p)) for p in operation.parameters
                 if p["place"] == "path" or (p["default"] is None and p["wire"] != DRY_RUN)]
    if operation.dry_run:
        arguments.append("dryRun: nil")  # the harness decides whether a call is a dry run
    if operation.generic:
        type_name = f"FoursquarePlaces.{operation.declared}<Self>"
    elif operation.shared:
        type_name = operation.type
    else:
        type_name = f"{this.namespace}.{operation.type}"
    closure = f"{{ {'_ in ' if operation.path_parameter is None else ''}{type_name}({', '.join(arguments)}) }}"
    method = "" if operation.method == "GET" else f"method: \"{operation.method}\", "
    secrets = [f"                secrets: {this.namespace}.{answer_of(this, operation)[0]}.secretFields,"] if operation.spec.get("secrets") else []
    lines = [f"            // `{operation.method} {operation.path}`", "            Endpoint("]
    head = f"                .{lower_camel(operation.endpoint)}, contract: contract, {method}\"{operation.path}\", spec: spec,"
    lines += [head, f"                request: {closure},"] + secrets
    lines += wrap_params("[", fields, "])", "                ") if fields else ["                [])"]
    return "\n".join(lines)


def render_method(this, operation):
    generic = operation.generic
    request = f"C.{operation.type}" if generic else f"{this.namespace}.{operation.type}"
    name, array = answer_of(this, operation)
    answer = f"{'C' if generic else this.namespace}.{name}"
    answer = f"[{answer}]" if array else answer
    head = f"    public func {lower_camel(operation.endpoint)}(_ request: {request}) async throws(FoursquareError) -> {answer} {{"
    if len(head) > 120:
        head = f"    public func {lower_camel(operation.endpoint)}(\n        _ request: {request}\n    ) async throws(FoursquareError) -> {answer} {{"
    return [f"    /// `{operation.method} {operation.path}`: {operation.summary}.", head, "        try await client.send(request)", "    }"]


def declared_elsewhere(pattern, folder):
    """Names a hand-written folder already declares (the seed's endpoint ids, PlacesClient's own methods)."""
    found = set()
    for base, _, files in os.walk(folder):
        for file in files:
            if file.endswith(".swift"):
                found |= set(re.findall(pattern, open(os.path.join(base, file)).read()))
    return found


def render_root_operations(this):
    """The line's first version's operations: enums, requests, the protocol that binds its generic reads, the
    registry entries and the client methods."""
    unknown = [e for e in this.requests.get("operations", {}) if e not in this.operations]
    if unknown:
        raise InputError(f"{this.source}: requests.operations names {', '.join(unknown)}, which the document has no operation for; remove it")
    operations = [Operation(this, e, root=True) for e in this.requests.get("operations", {})]
    missing = [e for e in this.operations if e not in this.requests.get("operations", {})]
    if missing:
        raise InputError(f"{this.source}: requests.operations leaves out {', '.join(missing)}; list every operation of the document")
    checked = declared_elsewhere(r"extension (?:\w+\.)?(\w+) \{\n    func validateAcrossParameters", os.path.join(CONTRACTS, f"V{this.compact}"))
    said = {o.type for o in operations if o.spec.get("checks")}
    if checked != said:
        raise InputError(f"{this.source}: requests.operations' \"checks\" name {sorted(said)}, Contract{this.compact}+Validation.swift "
                         f"checks {sorted(checked)}; give each hand-written check its \"checks\" text, or remove the check")
    seed_ids = declared_elsewhere(r'EndpointID\("([^"]+)"\)', os.path.join(CONTRACTS, "Seed"))
    client_methods = declared_elsewhere(r"public func (\w+)\(_ request: C\.", os.path.join(ROOT, "Sources", "FoursquarePlaces", "Client"))
    ns, protocol = this.namespace, f"{this.namespace}Operations"
    out = [header(this), "import Foundation", ""]
    new_ids = [o for o in operations if o.endpoint not in seed_ids]
    if new_ids:
        out.append("extension EndpointID {")
        for o in new_ids:
            out += [f"    /// `{o.method} {o.path}`: {o.summary}.",
                    f"    public static let {lower_camel(o.endpoint)} = EndpointID(\"{o.endpoint}\")"]
        out += ["}", ""]
    used_enums = []
    for o in operations:
        for p in o.parameters:
            if p["enum"] and p["enum"] not in used_enums:
                used_enums.append(p["enum"])
    nested = [o for o in operations if not o.associated and not o.shared]
    out.append(f"extension {ns} {{")
    blocks = [render_enum(this, name, "    ") for name in used_enums] + [render_struct(this, o, False) for o in nested]
    for i, block in enumerate(blocks):
        out += ([""] if i else []) + block
    out += ["}", ""]
    out += [f"extension {ns}.{name}: QueryEnum {{}}" for name in used_enums] + [""]
    for o in operations:
        if o.associated:
            out += render_struct(this, o, True) + [""]
    for o in operations:
        if not o.shared:
            out += conformances(this, o, bool(o.associated))
    models_protocol = f"{ns}Models"
    generic_models = {m.name for m in this.models if m.generic is not None}
    bound = this.requests.get("protocolBinds", [])
    protocols = []
    for o in operations:
        aliases = []
        if o.associated and o.type != o.associated:
            aliases.append((o.type, f"FoursquarePlaces.{o.type}<Self>", f"`{o.method} {o.path}` in this contract (its `{o.associated}`)."))
        answer = element(this.answers[o.endpoint])[0]
        if o.associated and answer in generic_models and answer not in bound:
            aliases.append((answer, f"FoursquarePlaces.{answer}<Self>", f"What `{o.method} {o.path}` answers in this contract."))
        binds = [f"{o.associated} == FoursquarePlaces.{o.type}<Self>"] if o.associated else []
        method = not o.shared and lower_camel(o.endpoint) not in client_methods
        name, lines = render_served_operation(this, o, models_protocol, binds, aliases, method)
        protocols.append(name)
        out += lines
    out += [""] + render_protocol(protocol, [models_protocol] + protocols, [f"{name} == FoursquarePlaces.{name}<Self>" for name in bound],
        f"A contract that serves every {this.version} operation in its {this.version} shape: {this.version} itself, and a later "
        f"version that keeps them all. Its registry entries come from `entries{this.compact}(_:spec:)`. The reads answer in the "
        f"contract's own models (`{ns}Models`); each operation's client method needs only the operation's own protocol.")
    out += ["", f"extension {protocol} {{",
            f"    /// {this.version}'s registry entries as this contract serves them, under `contract` and defined by `spec`: the",
            "    /// generic reads build this contract's own requests (so they answer in its models), the other operations "
            f"{this.version}'s.",
            f"    package static func entries{this.compact}(_ contract: ContractID, spec: String) -> [Endpoint] {{", "        ["]
    out += [f"            {entry_function(o.endpoint, this.compact)}(contract, spec: spec)," for o in operations]
    out += ["        ]", "    }", "}"]
    return "\n".join(out) + "\n"


# --- Files ---------------------------------------------------------------------------------------------------


def load_json(path, what):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file; {what}")
    except json.JSONDecodeError as error:
        raise InputError(f"{path}: not JSON ({error.msg} at line {error.lineno}); fix the file")


def document_path(version):
    name = f"openapi-{version.replace('-', '')}.json"
    path = os.path.join(DOCUMENTS, name)
    if not os.path.exists(path):
        raise InputError(f"docs/openapi/{name}: no document for {version}; add it with scripts/new-contract.sh (AddingAVersion)")
    return path


def write_atomically(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".generating-")
    with os.fdopen(handle, "w") as f:
        f.write(text)
    os.replace(temporary, path)


def self_test():
    body = {"name": "Café", "tel": "+1", "photos": [{"id": "a", "w": 1}, {"w": 2}], "related": {"tel": "+2"}}
    assert without(body, "$", {"$.tel", "$.photos[*].id"}) == {"$.tel", "$.photos[*].id"}
    assert body == {"name": "Café", "photos": [{"w": 1}, {"w": 2}], "related": {"tel": "+2"}}
    types = [{"name": "ReviewVenues", "nested": [{"name": "Venue", "members": []}]}]
    assert spec_of(types, "ReviewVenues.Venue") is types[0]["nested"][0] and spec_of(types, "ReviewVenues.Woe") is None
    assert kebab("placeMenu") == "place-menu" and kebab("place-search") == "place-search"
    assert kebab("PlaceMenuV2") == "place-menu-v2" and kebab("place_menu") == "place-menu"
    assert kebab("URLPrefix") == "url-prefix" and kebab("getHTTPStatus") == "get-http-status"
    assert swift_name("store_id") == "storeID" and swift_name("placemaker_url") == "placemakerURL"
    assert swift_name("date_created") == "dateCreated" and swift_name("name") == "name"
    tree = {"a": {"properties": {"x": {"type": "object"}, "y": {"type": "string"}}}}
    apply_overrides(tree, [{"pointer": "/**/properties/x", "set": {"type": "number"}, "reason": "r"},
                           {"pointer": "/a/properties/y", "require": True, "reason": "r"}], "t")
    assert tree["a"]["properties"]["x"]["type"] == "number" and tree["a"]["required"] == ["y"]
    try:
        apply_overrides(tree, [{"pointer": "/nothing/here", "drop": True, "reason": "r"}], "t.json")
        raise AssertionError("an override matching nothing must fail")
    except InputError as error:
        assert "t.json" in str(error) and "/nothing/here" in str(error)
    doc = {"type": "object", "properties": {"n": {"type": "string"}, "a": {"type": "array", "items": {"type": "object",
           "properties": {"c": {"type": "integer"}}}}}}
    assert contradictions(doc, doc, {"n": "x", "a": [{"c": 1}]}) == []
    assert contradictions(doc, doc, {"n": 3, "a": [{"c": "1"}]}) == [("$.n", "number", "string"), ("$.a[*].c", "string", "integer")]
    header = {"paths": {"/x": {"get": {"parameters": [{"in": "header", "name": "X-Places-Api-Version",
              "schema": {"type": "string", "enum": ["2025-06-17", "2026-01-15"], "default": "2026-01-15"}}]}}}}
    assert header_versions(header) == {"2026-01-15"}
    assert pascal("menu_summary") == "MenuSummary" and pascal("place-menu") == "PlaceMenu" and lower_camel("place-menu") == "placeMenu"
    assert case_name("DOESNT_EXIST") == "doesntExist" and case_name("E164") == "e164"
    assert case_name("CurrentLocation") == "currentLocation" and case_name("PRIVATE") == "`private`"
    from types import SimpleNamespace
    op = {"operationId": "placeMenu", "parameters": [
        {"name": "fsq_place_id", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 20}},
        {"name": "size", "in": "query", "schema": {"type": "integer", "maximum": 9}},
        {"name": "dry_run", "in": "query", "schema": {"type": "boolean", "default": True}}]}
    def fake(spec):
        return SimpleNamespace(operations={"place-menu": ("POST", "/places/{fsq_place_id}/menu", op)}, doc={"paths": {"/places/{fsq_place_id}/menu": {}}},
                               requests={"operations": {"place-menu": spec}}, source="o.json", document="d.json", version="2099-01-01",
                               names={"fsq_place_id": "placeID"}, namespace="Contract20990101")
    def refused(spec, words):
        try:
            Operation(fake(spec), "place-menu")
        except InputError as error:
            assert words in str(error), str(error)
            return
        raise AssertionError(f"{spec} must be refused")
    menu = Operation(fake({"parameters": {"size": {"maximum": 9, "minimum": 0, "reason": "r"}}}), "place-menu")
    assert [(p["name"], p["rule"], p["default"]) for p in menu.parameters] == [
        ("placeID", None, None), ("limit", ".integer(1...20)", "nil"), ("size", ".integer(0...9)", "nil"), ("dryRun", None, "true")]
    assert menu.dry_run and menu.path_parameter["wire"] == "fsq_place_id"
    refused({}, "one side only")
    bounded = Operation(fake({"parameters": {"size": {"minimum": 0, "reason": "r"}, "limit": {"doc": "Up to ({bounds})."}}}), "place-menu")
    assert bounded.parameters[1]["doc"] == "Up to (1...20)."
    refused({"parameters": {"size": {"minimum": 0, "reason": "r"}, "dry_run": {"doc": "{bounds}"}}}, "has none")
    refused({"parameters": {"size": {"minimum": 0}}}, "needs its \"reason\"")
    refused({"parameters": {"nope": {}}}, "no such parameter")
    refused({"order": ["limit"], "parameters": {"size": {"minimum": 0, "reason": "r"}}}, "list each parameter once")
    refused({"colour": 1, "parameters": {"size": {"minimum": 0, "reason": "r"}}}, "unknown key")
    # A model that holds itself without an array between is boxed on every member of the cycle, and only there.
    tip = Model({"name": "Tip", "members": [{"json": "photo", "type": "Photo"}, {"json": "text"}]}, None, "o.json")
    photo = Model({"name": "Photo", "members": [{"json": "tip", "type": "Tip"}, {"json": "tips", "type": "[Tip]"}]}, None, "o.json")
    box_cycles([tip, photo])
    assert [m.get("boxed", False) for m in tip.members + photo.members] == [True, False, True, False]
    try:
        Model({"name": "Place", "omit": {"x": "r"}}, None, "o.json")
        raise AssertionError("omit must be refused")
    except InputError as error:
        assert "omit" in str(error) and "RawJSON" in str(error)
    print("generate-contract.py: self-test passed")


def header_versions(doc):
    """The X-Places-Api-Version values the document names: each header's default, else its enum."""
    found = set()
    for item in doc.get("paths", {}).values():
        for op in item.values() if isinstance(item, dict) else []:
            for p in op.get("parameters", []) if isinstance(op, dict) else []:
                p = resolve(doc, p)
                if p.get("in") == "header" and str(p.get("name", "")).lower() == "x-places-api-version":
                    schema = resolve(doc, p.get("schema", {}))
                    found.update([schema["default"]] if "default" in schema else schema.get("enum", []))
    return {str(v) for v in found}


def contradictions(doc, schema, value, at="$"):
    """Where `value` has a JSON kind other than the one `schema` documents: (member, sent, documented)."""
    schema = resolve(doc, schema)
    kind = schema.get("type")
    sent = ("boolean" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else "string"
            if isinstance(value, str) else "object" if isinstance(value, dict) else "array" if isinstance(value, list) else None)
    if value is None or sent is None:
        return []
    if kind in ("string", "boolean", "object", "array") and sent != kind or kind in ("integer", "number") and sent != "number":
        return [(at, sent, kind)]
    if isinstance(value, dict):
        return [c for k, v in value.items() if k in schema.get("properties", {})
                for c in contradictions(doc, schema["properties"][k], v, f"{at}.{k}")]
    if isinstance(value, list) and "items" in schema:
        return [c for v in value for c in contradictions(doc, schema["items"], v, f"{at}[*]")][:1]
    return []


def sample(doc, p):
    schema = resolve(doc, p.get("schema", {}))
    for key in ("example", "default"):
        if key in schema:
            return str(schema[key]).lower() if isinstance(schema[key], bool) else str(schema[key])
    if schema.get("enum"):
        return str(schema["enum"][0])
    return {"integer": str(int(schema.get("minimum", 1))), "number": "1.5", "boolean": "true"}.get(schema.get("type"), "coffee")


def operations_of(doc, document="the document"):
    """A document's operations by endpoint id: (method, path, operation)."""
    found = {}
    for path, item in doc.get("paths", {}).items():
        for method, op in (item.items() if isinstance(item, dict) else []):
            if isinstance(op, dict) and "operationId" in op:
                endpoint = kebab(op["operationId"])
                if endpoint in found:
                    raise InputError(f"{document}: two operations are {endpoint} by the kebab-case rule; rename one operationId")
                found[endpoint] = (method.upper(), path, op)
    return found


def parameter_names(doc, path, op):
    """The path and query parameters an operation takes, the path item's included."""
    return {p.get("name") for p in (resolve(doc, x) for x in op.get("parameters", []) + doc["paths"][path].get("parameters", []))
            if p.get("in") in ("path", "query")}


def spec_of(types, model_path):
    """The overrides' entry for a model path (`ReviewVenues.Venue`): a type of models.types, or one nested in it."""
    entries = types
    found = None
    for name in model_path.split("."):
        found = next((t for t in entries if isinstance(t, dict) and t.get("name") == name), None)
        if found is None:
            return None
        entries = found.get("nested", [])
    return found


def prune_copied_overrides(path, doc, to_version):
    """The overrides copied from FROM, less what TO's document no longer has: an operation's answer and request, a
    request's parameter, a model's member. One line names each pruned entry; the file is rewritten once."""
    data = load_json(path, "fix the overrides file")
    name = os.path.relpath(path, ROOT)
    doc = apply_overrides(json.loads(json.dumps(doc)), data.get("overrides", []), name)  # as the version reads it
    operations = operations_of(doc)
    models, requests = data.get("models") or {}, data.get("requests") or {}
    pruned = []
    for endpoint in list(models.get("answers", {})):
        if endpoint not in operations:
            del models["answers"][endpoint]
            pruned.append(f"models.answers.{endpoint}: {to_version}'s document has no such operation")
    for endpoint, spec in list(requests.get("operations", {}).items()):
        if endpoint not in operations:
            del requests["operations"][endpoint]
            pruned.append(f"requests.operations.{endpoint}: {to_version}'s document has no such operation")
            continue
        method, op_path, op = operations[endpoint]
        documented = parameter_names(doc, op_path, op)
        for wire in list(spec.get("parameters", {})):
            if wire not in documented:
                del spec["parameters"][wire]
                if wire in spec.get("order", []):
                    spec["order"].remove(wire)
                pruned.append(f"requests.operations.{endpoint}.parameters.{wire}: {to_version}'s document has no such parameter")
    write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    for _ in range(8):  # a pruned member can leave a nested type unreached: go again until nothing is stale
        stale = []
        Version(to_version, stale)
        if not stale:
            break
        types = models.get("types", [])
        for model, member in stale:
            spec = spec_of(types, model.path)
            if spec is None or "membersOf" in spec:
                continue  # another type's members: the strict reading below names it
            kept = [m for m in spec.get("members", []) if m.get("json") != member]
            changed = len(kept) < len(spec.get("members", []))
            for m in kept:
                if m.get("alternate") == member:
                    del m["alternate"]
                    changed = True
            spec["members"] = kept
            if member in spec.get("initOrder", []):
                spec["initOrder"].remove(member)
            if changed:
                pruned.append(f"models.{model.path}: `{member}`: {to_version}'s document no longer gives this type the member")
        write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    for line in pruned:
        print(f"new-contract: pruned from {name}: {line}")
    return pruned


def answer_members(version):
    """Each operation's documented answer members (`$.results[*].tel`), as contract-data.py reads them."""
    operations, _, _ = DATA.openapi_operations(version.version, version.document, load_json(version.document, "fix the document"))
    return {o["endpoint"]: set(o["members"]) for o in operations}


def without(value, path, gone):
    """`value` (an answer's JSON at `path`) less the members in `gone`; the paths taken out, once each."""
    taken = set()
    if isinstance(value, dict):
        for key in list(value):
            member = f"{path}.{key}"
            if member in gone:
                del value[key]
                taken.add(member)
            else:
                taken |= without(value[key], member, gone)
    elif isinstance(value, list):
        for element in value:
            taken |= without(element, path + "[*]", gone)
    return taken


def rewrite_copied_fixtures(prev, this, fixtures):
    """TO's fixtures, as new-contract.sh copied them from FROM, made TO's: an operation TO removed loses its fixtures,
    an answer loses the members TO's document removed, and a request
    gains each parameter TO made required, with a value of its documented type. One line says what changed."""
    to, gone_ops = this.version, [e for e in prev.operations if e not in this.operations]
    before, after = answer_members(prev), answer_members(this)
    required, moved, moved_from = {}, {}, {}
    for endpoint, (method, path, op) in this.operations.items():
        if endpoint in prev.operations:
            old_params = {p.get("name"): resolve(prev.doc, p.get("schema", {})) for p in (resolve(prev.doc, x) for x in prev.operations[endpoint][2].get("parameters", []))}
            for p in (resolve(this.doc, x) for x in op.get("parameters", [])):
                schema, before_schema = resolve(this.doc, p.get("schema", {})), old_params.get(p.get("name"), {})
                bounds = tuple(None if b is None else int(b) for b in (schema.get("minimum"), schema.get("maximum")))
                if p.get("name") in old_params and bounds != (before_schema.get("minimum"), before_schema.get("maximum")):
                    moved.setdefault(endpoint, []).append((p["name"], *bounds))
                    moved_from[(endpoint, p["name"])] = (before_schema.get("minimum"), before_schema.get("maximum"))
            was = {p.get("name") for p in (resolve(prev.doc, x) for x in prev.operations[endpoint][2].get("parameters", [])) if p.get("required")}
            for p in (resolve(this.doc, x) for x in op.get("parameters", [])):
                if p.get("in") == "query" and p.get("required") and p.get("name") not in was:
                    required.setdefault(endpoint, []).append(p)
    counts = {}
    for folder, _, names in sorted(os.walk(fixtures)):
        if f"/{to}/" not in folder + "/":
            continue
        for name in sorted(n for n in names if n.endswith(".json")):
            path = os.path.join(folder, name)
            fixture = load_json(path, "fix or remove the fixture")
            endpoint = fixture.get("endpoint")
            if endpoint in gone_ops:  # a scenario that calls it stopped the command before (refuse_unwritable_changes)
                os.remove(path)
                counts[f"not copied: {endpoint}'s fixtures ({to}'s document removes the operation)"] = \
                    counts.get(f"not copied: {endpoint}'s fixtures ({to}'s document removes the operation)", 0) + 1
                continue
            changed = False
            body = fixture.get("response", {}).get("body")
            gone = before.get(endpoint, set()) - after.get(endpoint, set())
            if gone and isinstance(body, (dict, list)) and 200 <= fixture.get("response", {}).get("status", 0) < 300:
                for member in sorted(without(body, "$", gone)):
                    key = f"rewritten without {member} of {endpoint} ({to}'s document removes it)"
                    counts[key] = counts.get(key, 0) + 1
                    changed = True
            for p, low, high in moved.get(endpoint, []):
                query = fixture.get("request", {}).get("query")
                sent = query.get(p) if isinstance(query, dict) else None
                expect = fixture.get("expect") or {}
                refused = expect.get("invalidInput") == p or expect.get("error") == "invalidInput"
                if not refused or sent is None or not str(sent).lstrip("-").isdigit():
                    continue
                value = int(sent)
                if (low is None or value >= low) and (high is None or value <= high):  # inside TO's bounds: one step past the side it left
                    was_low, was_high = moved_from[(endpoint, p)]
                    query[p] = str(high + 1) if was_high is not None and value > was_high and high is not None else str(low - 1)
                    key = f"rewritten with {p}={query[p]} on {endpoint}'s request (was {sent}: {to}'s bounds are {low}...{high})"
                    counts[key] = counts.get(key, 0) + 1
                    changed = True
            for p in required.get(endpoint, []):
                request = fixture.setdefault("request", {})
                query = request.setdefault("query", {})
                if isinstance(query, dict) and p["name"] not in query:
                    query[p["name"]] = sample(this.doc, p)
                    key = f"rewritten with {p['name']}={query[p['name']]} on {endpoint}'s request ({to} requires it)"
                    counts[key] = counts.get(key, 0) + 1
                    changed = True
            if changed:
                write_atomically(path, json.dumps(fixture, indent=2, ensure_ascii=False) + "\n")
    for line, count in counts.items():
        print(f"new-contract: copied fixtures {line}: {count} file(s)")
    for endpoint in gone_ops:
        for folder in (os.path.join(fixtures, endpoint, to),):
            if os.path.isdir(folder) and not os.listdir(folder):
                os.rmdir(folder)


def refuse_unwritable_changes(from_version, to_version, document_file, doc):
    """Stops, before anything is written, on what no generated version can follow: an operation whose path parameter
    the document renames (the registry and every fixture name it), and an operation the document removes that a
    scenario of FROM calls (a scenario is one flow, not to be cut short silently)."""
    before = operations_of(load_json(document_path(from_version), "fix the document"))
    after = operations_of(doc)
    for endpoint, (method, path, _) in after.items():
        if endpoint in before:
            old_path = before[endpoint][1]
            shape = lambda p: re.sub(r"\{[^}]+\}", "{}", p)
            if old_path != path and shape(old_path) == shape(path):
                raise InputError(f"{document_file}: {endpoint}'s path parameter is renamed ({old_path} → {path}); the registry, its "
                                 f"requests and every fixture name it: declare {to_version} by hand (AddingAVersion), or fix the document")
    gone = {e for e in before if e not in after}
    scenarios = os.path.join(ROOT, "Fixtures", "scenarios", from_version)
    for folder, _, names in sorted(os.walk(scenarios)):
        for name in sorted(n for n in names if n.endswith(".json")):
            path = os.path.join(folder, name)
            endpoint = load_json(path, "fix or remove the fixture").get("endpoint")
            if endpoint in gone:
                raise InputError(f"{os.path.relpath(path, ROOT)}: its scenario calls {endpoint}, which {document_file} removes; "
                                 f"give {to_version} a document that keeps it, or take {endpoint} out of the scenario first")


def start(from_version, to_version, document_file):
    """TO's document, overrides, fixtures and generated files, from FROM's and the new document."""
    doc = load_json(document_file, "give the new version's OpenAPI document (JSON)")
    if not isinstance(doc, dict) or not isinstance(doc.get("paths"), dict) or "openapi" not in doc:
        raise InputError(f"{document_file}: not an OpenAPI document (no \"openapi\" and \"paths\"); give the version's OpenAPI JSON")
    named = header_versions(doc)
    if named and to_version not in named:
        raise InputError(f"{document_file}: its X-Places-Api-Version is {', '.join(sorted(named))}, not {to_version}; "
                         "give that version as TO, or the right document")
    refuse_unwritable_changes(from_version, to_version, document_file, doc)
    compact = to_version.replace("-", "")
    target = os.path.join(DOCUMENTS, f"openapi-{compact}.json")
    if os.path.exists(target):
        raise InputError(f"{os.path.relpath(target, ROOT)} already exists: {to_version} has a document")
    own = os.path.join(OVERRIDES, f"overrides-{compact}.json")
    base = os.path.join(OVERRIDES, f"overrides-{from_version.replace('-', '')}.json")
    written_overrides = not os.path.exists(own)  # one written by hand beforehand is used as it is
    if written_overrides and not os.path.exists(base):
        raise InputError(f"{base}: {from_version} has no overrides file to start {to_version}'s from")
    os.makedirs(DOCUMENTS, exist_ok=True)
    write_atomically(target, FACTS.text_of(FACTS.facts(doc)))  # the package keeps the document's facts, not its prose
    if written_overrides:
        shutil.copyfile(base, own)
        prune_copied_overrides(own, doc, to_version)
    try:
        this = Version(to_version)
    except InputError as error:
        if not written_overrides:
            raise
        raise InputError(f"{error} (copied from {os.path.basename(base)}: write this file without it first, then run again)")
    prev = Version(from_version)
    removed = 0
    fixtures = os.path.join(ROOT, "Fixtures")
    rewrite_copied_fixtures(prev, this, fixtures)
    for folder, _, names in sorted(os.walk(fixtures)):
        if os.path.basename(folder) != to_version and f"/{to_version}/" not in folder + "/":
            continue
        for name in sorted(n for n in names if n.endswith(".json")):
            path = os.path.join(folder, name)
            fixture = load_json(path, "fix or remove the fixture")
            endpoint, response = fixture.get("endpoint"), fixture.get("response", {})
            if endpoint not in this.operations or not 200 <= response.get("status", 0) < 300:
                continue
            op = this.operations[endpoint][2]
            content = resolve(this.doc, op.get("responses", {}).get("200", {})).get("content", {}).get("application/json", {})
            found = contradictions(this.doc, content["schema"], response.get("body")) if "schema" in content else []
            if found and name.startswith("synthetic-"):  # fixtures synthesize writes TO's own
                os.remove(path)
            elif found:
                member, sent, documented = found[0]
                os.remove(path)
                removed += 1
                print(f"new-contract: not copied: {os.path.relpath(path, ROOT)}: {member} is a {sent}, "
                      f"{to_version}'s document says {documented} (re-record it)")
    for endpoint in [e for e in this.operations if e not in prev.operations]:
        method, path, op = this.operations[endpoint]
        params = [resolve(this.doc, p) for p in op.get("parameters", [])]
        request = {"method": method, "path": re.sub(r"\{[^}]+\}", "5f0000000000000000000000", path)}
        query = {p["name"]: sample(this.doc, p) for p in params if p.get("in") == "query" and p.get("required")}
        if query:
            request["query"] = query
        request["headers"] = {"accept": "application/json", "authorization": "<redacted>", "x-places-api-version": to_version}
        fixture = {"endpoint": endpoint, "contract": to_version,
                   "description": f"Written by new-contract.sh from {to_version}'s document: the request it documents, answered 404",
                   "request": request,
                   "response": {"status": 404, "headers": {"content-type": "application/json"}, "body": {"message": "not found"}},
                   "expect": {"error": "notFound"}, "recorded": {"source": "authored"}}
        path = os.path.join(fixtures, endpoint, to_version, "404-not-found.json")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(json.dumps(fixture, indent=2) + "\n")
        print(f"new-contract: new operation {endpoint}: Fixtures/{endpoint}/{to_version}/404-not-found.json, its request as documented")
    files = generate(to_version)
    for path in files:
        write_atomically(path, files[path])
    print(f"new-contract: generated {', '.join(os.path.relpath(p, ROOT) for p in files)}"
          + (f"; {removed} copied fixture(s) not kept" if removed else ""))


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if argv[:1] == ["--start"]:
        if len(argv) != 4:
            print("generate-contract.py: --start FROM TO DOCUMENT", file=sys.stderr)
            return 2
        try:
            start(*argv[1:])
        except InputError as error:
            print(f"new-contract: {error}", file=sys.stderr)
            return 1
        return 0
    check = "--check" in argv
    versions = [a for a in argv if a != "--check"]
    if len(versions) != 1 or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", versions[0]):
        print("generate-contract.py: give one version, e.g. `python3 scripts/generate-contract.py 2025-06-17 [--check]`", file=sys.stderr)
        return 2
    try:
        files = generate(versions[0])
    except InputError as error:
        print(f"generate-contract.py: {error}", file=sys.stderr)
        return 1
    stale = []
    for path, text in files.items():
        current = open(path).read() if os.path.exists(path) else ""
        if current != text:
            stale.append(path)
            if check:
                relative = os.path.relpath(path, ROOT)
                diff = difflib.unified_diff(current.splitlines(), text.splitlines(), relative, "generated", lineterm="", n=1)
                print("\n".join(list(diff)[:40]))
    names = ", ".join(os.path.relpath(p, ROOT) for p in (stale if stale else files))
    if check:
        if stale:
            print(f"generate-contract.py: {names} differ from what the document and overrides give; "
                  f"run `python3 scripts/generate-contract.py {versions[0]}` (do not edit generated files)", file=sys.stderr)
            return 1
        print(f"generate-contract.py: {versions[0]} is up to date ({names})")
        return 0
    for path in files:  # every file was made before any is written: a failure leaves nothing half-written
        write_atomically(path, files[path])
    print(f"generate-contract.py: {versions[0]}: wrote {names}")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) or 0)
