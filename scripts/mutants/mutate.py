#!/usr/bin/env python3
"""Helpers for scripts/mutants.sh: copy the package, check the mutants' tokens, apply one mutant.

A mutant is one line of mutants.tsv (tab-separated; `#` starts a comment line):
  id  file  token  replacement  kind  justification
The token is found by its text, not by a line number: runs of whitespace in it match any run of whitespace
(a line break included), so reformatting does not lose it; it must occur exactly once in the file.
"""
import os
import re
import shutil
import subprocess
import sys

FIELDS = ["id", "file", "token", "replacement", "kind", "justification"]


def load(path):
    mutants, problems = [], []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) < 5 or len(parts) > 6:
                problems.append(f"{path}:{number}: expected 5 or 6 tab-separated fields (id, file, token, replacement, "
                                f"kind, justification), found {len(parts)}")
                continue
            mutant = dict(zip(FIELDS, parts + [""] * (6 - len(parts))))
            mutant["line"] = number
            if any(m["id"] == mutant["id"] for m in mutants):
                problems.append(f"{path}:{number}: mutant id '{mutant['id']}' is declared twice")
            if mutant["token"] == mutant["replacement"]:
                problems.append(f"{path}:{number}: mutant '{mutant['id']}' replaces its token with itself")
            mutants.append(mutant)
    return mutants, problems


def pattern(token):
    return re.compile(r"\s+".join(re.escape(part) for part in token.split()))


def locate(root, mutant):
    """The one match of the mutant's token, or a one-line problem."""
    path = os.path.join(root, mutant["file"])
    where = f"mutants.tsv:{mutant['line']}: mutant '{mutant['id']}'"
    if not os.path.isfile(path):
        return None, f"{where}: file {mutant['file']} does not exist"
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    matches = list(pattern(mutant["token"]).finditer(text))
    if len(matches) != 1:
        return None, (f"{where}: token {mutant['token']!r} occurs {len(matches)} times in {mutant['file']} "
                      f"(it must occur exactly once: make the token longer, or update it to the code)")
    return (path, text, matches[0]), None


def check(root, table):
    mutants, problems = load(table)
    for mutant in mutants:
        _, problem = locate(root, mutant)
        if problem:
            problems.append(problem)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def apply(root, table, mutant_id):
    mutants, problems = load(table)
    chosen = [m for m in mutants if m["id"] == mutant_id]
    if problems or not chosen:
        print(problems[0] if problems else f"no mutant '{mutant_id}' in {table}", file=sys.stderr)
        return 1
    found, problem = locate(root, chosen[0])
    if problem:
        print(problem, file=sys.stderr)
        return 1
    path, text, match = found
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text[:match.start()] + chosen[0]["replacement"] + text[match.end():])
    return 0


def rows(table):
    """id, file, kind and justification of each mutant, tab-separated, for the shell."""
    mutants, problems = load(table)
    for problem in problems:
        print(problem, file=sys.stderr)
    for m in mutants:
        print("\t".join([m["id"], m["file"], m["kind"], m["justification"] or "-"]))
    return 1 if problems else 0


def sync(source, target):
    """Makes `target` hold the package's files (tracked and new, not ignored) as they are in `source`, copying only
    what changed, so the copy's incremental build stays incremental."""
    listing = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             check=True, capture_output=True).stdout.decode().split("\0")
    wanted = {f for f in listing if f and os.path.isfile(os.path.join(source, f))}
    for name in sorted(wanted):
        src, dst = os.path.join(source, name), os.path.join(target, name)
        if os.path.isfile(dst):
            a, b = os.stat(src), os.stat(dst)
            if a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime):
                continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
    for folder, _, files in os.walk(target):
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), target)
            if relative not in wanted:
                os.remove(os.path.join(folder, name))
    return 0


def restore(source, target, name):
    shutil.copy2(os.path.join(source, name), os.path.join(target, name))
    return 0


def first_failure(report):
    """`testcase: message` of the report's first failure or error, for the kill line."""
    import xml.etree.ElementTree as tree
    try:
        root = tree.parse(report).getroot()
    except (OSError, tree.ParseError) as error:
        print(f"(no report: {error})")
        return 0
    for case in root.iter("testcase"):
        for kind in ("failure", "error"):
            element = case.find(kind)
            if element is not None:
                print(f"{case.get('name')}: {element.get('message', '')}"[:240])
                return 0
    print("(the report holds no failure)")
    return 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    handlers = {"check": check, "apply": apply, "rows": rows, "sync": sync, "restore": restore,
                "first-failure": first_failure}
    if command not in handlers:
        print(f"mutate.py: unknown command '{command}'", file=sys.stderr)
        sys.exit(2)
    sys.exit(handlers[command](*args))
