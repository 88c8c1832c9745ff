#!/usr/bin/env bash
# Opens an HTML report of fsq-contract in headless Chromium (Debian's `chromium`) with JavaScript on and off, and
# asserts on the rendered DOM (scripts/browser_dom.py reads it over the DevTools protocol, as --dump-dom prints
# it), not on the file's bytes: the totals, the matrix and the failures render either way, the filter appears only
# with JavaScript, nothing reaches the console, and no request leaves the file.
# Without chromium it fails: a browser check that cannot run must never pass.
#
#   bash scripts/browser-check.sh REPORT.html [--expect-text TEXT]... [--screenshot OUT.png]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
report=""; shot=""; expect=()
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshot) shot="$2"; shift 2 ;;
    --expect-text) expect+=("$2"); shift 2 ;;
    *) report="$1"; shift ;;
  esac
done
if [ -z "$report" ] || [ ! -f "$report" ]; then
  echo "browser-check: give the HTML report to open (got '${report}')" >&2; exit 2
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "browser-check: chromium is not installed (apt-get install -y chromium); the report was NOT checked in a browser" >&2
  exit 1
fi

work=$(mktemp -d)
[ -z "$shot" ] || mkdir -p "$(dirname "$shot")"
trap 'rm -rf "$work"' EXIT
timeout 120 python3 "$here/browser_dom.py" "$browser" "$report" ${shot:+--screenshot "$shot"} >"$work/js-on.json"
timeout 120 python3 "$here/browser_dom.py" "$browser" "$report" --no-js >"$work/js-off.json"

python3 - "$work" "$report" "${expect[@]+"${expect[@]}"}" <<'PY'
import html, json, os, re, sys
work, report, expected = sys.argv[1], sys.argv[2], sys.argv[3:]
own = "file://" + os.path.realpath(report)
failed = False
def check(name, ok):
    global failed
    print(("browser-check: ok: " if ok else "browser-check: FAIL: ") + name, file=sys.stdout if ok else sys.stderr)
    failed |= not ok
runs = {mode: json.load(open(f"{work}/{mode}.json")) for mode in ("js-on", "js-off")}
for mode, run in runs.items():
    dom = run["dom"]
    check(f"{mode}: the DOM has the totals", 'id="totals"' in dom)
    check(f"{mode}: the DOM has a coverage matrix", '<table class="matrix"' in dom)
    check(f"{mode}: the DOM has the failures and timing sections", 'id="failures"' in dom and 'id="timing"' in dom)
    check(f"{mode}: nothing on the console {run['console'][:3]}", not run["console"])
    outside = [u for u in run["requests"] if u != own and not u.startswith(("data:", "about:"))]
    check(f"{mode}: no request outside the file {outside[:3]}", not outside)
    check(f"{mode}: no element points outside the file", not re.search(r'(src|href|action)="(https?:|//|ws)', dom))
    # The DOM serializer escapes text as the report did: text shown as text reads escaped here, never as markup.
    for text in expected:
        check(f"{mode}: the page shows {text!r} as text", html.escape(text, quote=False) in dom)
    check(f"{mode}: the only script element is the report's own", dom.count("<script") == 1)
on, off = runs["js-on"]["dom"], runs["js-off"]["dom"]
if 'class="failure"' in off:
    check("js-off: the filter stays hidden", re.search(r'id="filter" hidden', off) is not None)
    check("js-on: the script showed the filter", 'id="filter"' in on and re.search(r'id="filter" hidden', on) is None)
sys.exit(1 if failed else 0)
PY
if [ -n "$shot" ] && [ ! -s "$shot" ]; then echo "browser-check: FAIL: no screenshot at $shot" >&2; exit 1; fi
echo "browser-check: $report renders with JavaScript on and off, nothing on the console, no request outside the file"
