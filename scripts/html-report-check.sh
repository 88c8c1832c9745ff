#!/usr/bin/env bash
# The reports a person reads (issue 38), from the built binaries: the shipped replay's HTML and CTRF, a fixture
# whose place name is <script>alert(1)</script>, and drift against the independent 2025-06-17 stand-in (one that
# renamed a field, so the changelog has a breaking change). Each HTML file opens in headless Chromium with JavaScript
# on and off (scripts/browser-check.sh, which fails without chromium); each CTRF document validates against the
# CTRF's own schema (a third-party file the package does not ship: .ci/run passes it from the shared folder as
# CTRF_SCHEMA) with a test count equal to the JUnit report's; the key is in no file.
#   CTRF_SCHEMA=FILE bash scripts/html-report-check.sh [BIN_DIR] [SCREENSHOT.png]   (default .build/debug; no screenshot)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-.build/debug}"
shot="${2:-}"
cli="$bin/fsq-contract"
[ -x "$cli" ] || { echo "html-report-check: $cli is missing; build it with --traits Live first"; exit 2; }
schema=${CTRF_SCHEMA:-}
[ -f "$schema" ] || { echo "html-report-check: CTRF_SCHEMA='$schema' is no file; give CTRF's JSON Schema (ctrf.schema.json)"; exit 2; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
export FSQ_API_KEY=fsq-html-sentinel-5e0c2b9a71d4

# The CTRF document validates and holds as many tests as the JUnit report has testcases.
ctrf_check() { # ctrf_check CTRF JUNIT
  python3 - "$schema" "$1" "$2" <<'PY'
import json, re, sys
import jsonschema
schema, doc = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
errors = [e.message[:200] for e in jsonschema.Draft7Validator(schema).iter_errors(doc)]
junit = len(re.findall(r"<testcase[ >/]", open(sys.argv[3]).read()))
tests = len(doc["results"]["tests"])
print(f"ctrf: {sys.argv[2]}: {tests} tests (JUnit: {junit}), {len(errors)} schema errors")
for e in errors[:5]: print("  ", e)
sys.exit(0 if not errors and tests == junit == doc["results"]["summary"]["tests"] else 1)
PY
}

echo "-- the shipped replay"
"$cli" run --report "$work/junit.xml" --html "$work/replay.html" --ctrf "$work/replay.ctrf.json" --pr-comment "$work/comment.md" | tail -3
ctrf_check "$work/replay.ctrf.json" "$work/junit.xml"
bash scripts/browser-check.sh "$work/replay.html" ${shot:+--screenshot "$shot"} | tail -1

echo "-- a fixture whose place name is <script>alert(1)</script>"
mkdir -p "$work/hostile/place-details"
python3 - Fixtures/place-details/200-typical.json "$work/hostile/place-details/200-typical.json" <<'PY'
import json, sys
fixture = json.load(open(sys.argv[1]))
fixture["response"]["body"]["name"] = "<script>alert(1)</script>"
fixture["expect"] = {"error": "notFound"}  # so its case fails and the body is shown beside the failure
json.dump(fixture, open(sys.argv[2], "w"), indent=2)
PY
status=0
"$cli" run --fixtures "$work/hostile" --report "$work/hostile.xml" --html "$work/hostile.html" >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "html-report-check: the hostile fixture's run exited $status, wanted 1"; exit 1; }
bash scripts/browser-check.sh "$work/hostile.html" --expect-text '"name" : "<script>alert(1)</script>"' | tail -1

echo "-- drift against the independent 2025-06-17 stand-in that renamed fsq_place_id"
server=Tests/StandIns/places_20250617.py
. Tests/StandIns/start.sh
start renamed --rename fsq_place_id=place_id
status=0
"$cli" drift --base-url "$url" --report "$work/drift.xml" --html "$work/drift.html" --ctrf "$work/drift.ctrf.json" \
  --pr-comment "$work/drift.md" --retries 0 >"$work/drift.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || { echo "html-report-check: drift exited $status, wanted 1 (a breaking change)"; tail -20 "$work/drift.out"; exit 1; }
grep -q 'breaking (' "$work/drift.html" || { echo "html-report-check: the drift report has no changelog"; exit 1; }
ctrf_check "$work/drift.ctrf.json" "$work/drift.xml"
bash scripts/browser-check.sh "$work/drift.html" | tail -1

if grep -rqF "$FSQ_API_KEY" "$work"; then echo "html-report-check: the key appears in a report"; exit 1; fi
echo "html-report-check: replay, hostile and drift reports render, validate and hold no key"
