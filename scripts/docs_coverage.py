"""Fails when a public symbol of the named modules has no documentation comment.

Reads the symbol graphs swiftc emitted (-emit-symbol-graph). A member that only witnesses a protocol
requirement (Codable's init(from:), Hashable's ==, CustomStringConvertible's description, a requirement of one
of the module's own documented protocols) shows that protocol's documentation, so it is not counted.
Usage: docs_coverage.py GRAPH_DIR MODULE...
"""
import json
import pathlib
import sys

# Requirements of standard-library and Foundation protocols that public types here witness.
STANDARD_WITNESSES = {
    "description", "debugDescription", "hash(into:)", "hashValue", "==(_:_:)", "<(_:_:)", "init(from:)",
    "encode(to:)", "init(rawValue:)", "rawValue", "RawValue", "id", "ID", "allCases", "AllCases",
    "makeIterator()", "makeAsyncIterator()", "next()", "next(isolation:)", "Element", "Failure", "Iterator",
    "AsyncIterator", "errorDescription", "localizedDescription", "customMirror", "init(dictionaryLiteral:)",
    "init(stringLiteral:)", "init(integerLiteral:)", "Key", "Value", "CodingKeys", "init(stringValue:)",
    "init(intValue:)", "stringValue", "intValue",
}

graph_dir = pathlib.Path(sys.argv[1])
missing, total = [], 0
for module in sys.argv[2:]:
    path = graph_dir / f"{module}.symbols.json"
    if not path.exists():
        sys.exit(f"docs: no symbol graph {path}: did the build emit it?")
    graph = json.loads(path.read_text())
    symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
    parent = {r["source"]: r["target"] for r in graph["relationships"] if r["kind"] == "memberOf"}
    conforms = {}
    for r in graph["relationships"]:
        if r["kind"] == "conformsTo":
            conforms.setdefault(r["source"], set()).add(r["target"])
    # A type that conforms to a refining protocol (PlaceScopedRequest: EndpointRequest) witnesses the
    # requirements of every protocol up the chain.
    def all_conformances(owner, seen=None):
        seen = set() if seen is None else seen
        for p in conforms.get(owner, ()):
            if p not in seen:
                seen.add(p)
                all_conformances(p, seen)
        return seen
    requirements = {}
    for r in graph["relationships"]:
        if r["kind"] in ("requirementOf", "optionalRequirementOf") and r["source"] in symbols:
            requirements.setdefault(r["target"], set()).add(symbols[r["source"]]["names"]["title"])
    inherited = {r["source"] for r in graph["relationships"] if r["kind"] in ("defaultImplementationOf", "overrides")}
    # A member synthesized from a protocol extension (Sequence.filter on HTTPHeaders, LocalizedError's defaults,
    # EndpointRequest.endpointID on each request) carries the extension's comment; the origin, when it is this
    # module's, is checked where it is written.
    inherited |= {r["source"] for r in graph["relationships"] if r["kind"] == "memberOf" and "sourceOrigin" in r}
    for precise, symbol in symbols.items():
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        name = symbol["names"]["title"]
        owner = parent.get(precise)
        if precise in inherited or "sourceOrigin" in symbol:
            continue
        if owner and name in STANDARD_WITNESSES:
            continue
        if owner and any(name in requirements.get(p, ()) for p in all_conformances(owner)):
            continue
        total += 1
        if not symbol.get("docComment"):
            loc = symbol.get("location", {})
            where = loc.get("uri", "?").split("/Sources/")[-1]
            line = loc.get("position", {}).get("line", 0) + 1
            missing.append(f"Sources/{where}:{line}: {module}.{'.'.join(symbol['pathComponents'])} has no /// summary")
if missing:
    print("\n".join(sorted(missing)))
    sys.exit(f"docs: {len(missing)} of {total} public symbols have no documentation comment")
print(f"docs: {total} public symbols, each documented")
