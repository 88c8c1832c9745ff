#!/usr/bin/env python3
"""Prints a module's public API, one sorted line per symbol, from the symbol graphs the compiler wrote
(`-emit-symbol-graph`): its path, kind and declaration, with the constraints it is declared under. Two listings
that are equal are the same public API, whatever the files, order or documentation comments.

Usage: python3 scripts/public-api.py GRAPH_DIR MODULE
"""
import glob, json, os, sys


def spelled(fragments):
    """The declaration as written, each type named by its precise identifier: `[Category]?` and
    `[Contract20250617.Category]?` are the same API."""
    parts = []
    for f in fragments or []:
        typed = f.get("kind") == "typeIdentifier" and f.get("preciseIdentifier")
        parts.append(f"{f['spelling']}<{f['preciseIdentifier']}>" if typed else f["spelling"])
    return "".join(parts).replace("\n", " ")


def listing(graph_dir, module):
    files = [os.path.join(graph_dir, f"{module}.symbols.json")] + sorted(glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json")))
    if not os.path.exists(files[0]):
        sys.exit(f"public-api.py: {files[0]} does not exist; build {module} with -emit-symbol-graph first")
    lines = set()
    for path in files:
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            where = ".".join(symbol["pathComponents"])
            constraints = ", ".join(
                f"{c['lhs']} {c['kind']} {c['rhs']}" for c in symbol.get("swiftGenerics", {}).get("constraints", [])
            )
            ext = symbol.get("swiftExtension", {}).get("constraints", [])
            where_ext = ", ".join(f"{c['lhs']} {c['kind']} {c['rhs']}" for c in ext)
            deprecated = " deprecated" if any("isUnconditionallyDeprecated" in a or a.get("deprecated") for a in symbol.get("availability", [])) else ""
            lines.add(f"{where} [{symbol['kind']['identifier']}{deprecated}] {spelled(symbol.get('declarationFragments'))}"
                      + (f" where {where_ext}" if where_ext else "") + (f" <{constraints}>" if constraints else ""))
        for rel in graph.get("relationships", []):
            # Copyable and Escapable are implied; the graph lists them only where a conformance is declared apart.
            if rel["kind"] == "conformsTo" and rel.get("targetFallback") not in ("Swift.Copyable", "Swift.Escapable"):
                lines.add(f"conformance {rel['source'].split('::')[0]} -> {rel.get('targetFallback') or rel['target']}")
    return sorted(lines)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    print("\n".join(listing(sys.argv[1], sys.argv[2])))
