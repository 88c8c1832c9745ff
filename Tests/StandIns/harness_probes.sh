#!/usr/bin/env bash
# Reproduces, against the 2025-06-17 stand-in, the harness bugs it found (see README.md, "Harness bugs it found").
# Each probe records its own fixtures from the stand-in into a temp folder (never the project's Fixtures) and
# prints "BUG" while the bug is there, "ok" once it is fixed. Exit 1 while any bug remains, 2 on a setup error.
# Needs fsq-contract built with the Live trait: swift build --traits Live --product fsq-contract
# Usage: Tests/StandIns/harness_probes.sh [path/to/fsq-contract]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cli="${1:-$root/.build/debug/fsq-contract}"
server="$here/places_20250617.py"
work="$(mktemp -d)"
export FSQ_API_KEY="probe0123456789abcdef0123456789a"   # a 32-char sentinel the stand-in accepts
bugs=0
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

if [ ! -x "$cli" ]; then
    echo "harness_probes: $cli is not built; run: swift build --traits Live --product fsq-contract"
    exit 2
fi

. "$here/start.sh"

verdict() {  # verdict IS_BUG NAME DETAIL
    if [ "$1" = yes ]; then bugs=$((bugs + 1)); echo "BUG  $2"; echo "     $3"; else echo "ok   $2"; fi
}

start plain
base="$url"
cat >"$work/plan.json" <<'EOF'
[{"endpoint": "place-details", "case": "200-photos", "fsq_id": "5a187743ccad6b307315e6fe", "contract": "2025-06-17",
  "parameters": {"fields": "fsq_place_id,name,categories,photos"}}]
EOF
"$cli" record --fixtures "$work/fx" --plan "$work/plan.json" --contract 2025-06-17 --base-url "$base" --mode missing \
    >"$work/record1.out" 2>&1
photos="$(find "$work/fx" -name '200-photos.json' | head -1)"
if [ -z "$photos" ]; then
    echo "harness_probes: record wrote no fixture from the plan:"; cat "$work/record1.out"; exit 2
fi

# 0. A plan case named for an error status (404-...) that the server answers with that status must be recorded.
cat >"$work/plan404.json" <<'EOF'
[{"endpoint": "place-details", "case": "404-unknown-id", "fsq_id": "not-a-place-id", "contract": "2025-06-17"}]
EOF
"$cli" record --fixtures "$work/fx404" --plan "$work/plan404.json" --contract 2025-06-17 --base-url "$base" \
    --mode missing --accept-status-change >"$work/record404.out" 2>&1
if [ -n "$(find "$work/fx404" -name '404-unknown-id.json' 2>/dev/null)" ]; then bug=no; else bug=yes; fi
verdict $bug "record --plan writes a new 404 fixture that the server answers with 404" \
    "$(grep -A1 '404-unknown-id' "$work/record404.out" | tr -s ' ' | tr '\n' ' ')"

# 1. Re-recording an answer that only differs in X-Fsq-Request-Id (the API's request id, named in the
#    document) must leave the file byte-identical.
cp "$photos" "$work/photos.before"
sleep 1
"$cli" record --fixtures "$work/fx" --contract 2025-06-17 --base-url "$base" --mode all >"$work/record2.out" 2>&1
if cmp -s "$photos" "$work/photos.before"; then bug=no; else bug=yes; fi
verdict $bug "record --mode all keeps a fixture whose answer did not change" \
    "$(grep '^record (all)' "$work/record2.out"); the only difference is the x-fsq-request-id header value"
cp "$work/photos.before" "$photos"

# 2. A recorded array longer than the live one: the change must not count "-1 of 1" / "0 of N" elements, and
#    categories (which the model reads) must not be called unread.
python3 - "$photos" <<'EOF'
import json, sys
path = sys.argv[1]
fixture = json.load(open(path))
body = fixture["response"]["body"]
body["photos"] = body["photos"] + [dict(body["photos"][0])]
body["categories"] = body["categories"] + [dict(body["categories"][0])]
json.dump(fixture, open(path, "w"), indent=2)
EOF
"$cli" drift --fixtures "$work/fx" --contract 2025-06-17 --base-url "$base" --report "$work/drift2.xml" \
    >"$work/drift2.out" 2>&1
line="$(grep -E 'removed from -?[0-9]+ of|\$\.categories\[\*\]: removed.*does not read' "$work/drift2.out" | head -2 | tr '\n' ' ')"
if grep -qE 'removed from (-[0-9]+|0) of|\$\.categories\[\*\]: removed.*does not read' "$work/drift2.out"; then bug=yes; else bug=no; fi
verdict $bug "drift describes a recorded array that is longer than the live one" "$line"
cp "$work/photos.before" "$photos"

# 3. A case cut by the run's --deadline must say so, not blame the server or the transport.
start slow --delay '/places/*=5'
"$cli" run --live --fixtures "$work/fx" --contract 2025-06-17 --filter '*/200-photos.json' --base-url "$url" \
    --report "$work/deadline.xml" --deadline 2 --timeout 10 >"$work/deadline.out" 2>&1
message="$(grep -m1 -E 'transport failed|deadline' "$work/deadline.out" | sed 's/^ *//')"
if grep -v '^report:' "$work/deadline.out" | grep -qi 'deadline'; then bug=no; else bug=yes; fi
verdict $bug "run --live --deadline 2 --timeout 10: a case cut by the deadline names the deadline" "$message"

# An authored 404 fixture for probe 4, made from the recorded one (the format of Fixtures/README.md).
missing="$(dirname "$photos")/404-unknown-id.json"
python3 - "$photos" "$missing" <<'EOF'
import json, sys
fixture = json.load(open(sys.argv[1]))
fixture["request"]["path"] = "/places/not-a-place-id"
fixture["request"].pop("query", None)
fixture["response"] = {"status": 404, "headers": {"content-type": "application/json; charset=utf-8"},
                       "body": {"message": "invalid venue specified"}}
fixture["recorded"] = {"source": "authored"}
fixture["description"] = "unknown place id (authored by harness_probes.sh)"
json.dump(fixture, open(sys.argv[2], "w"), indent=2)
EOF

# 4. With a key the server refuses (401 on every call), drift must not pass an error fixture.
FSQ_API_KEY="probe-bad-key-0123456789abcdef01" "$cli" drift --fixtures "$work/fx" --contract 2025-06-17 \
    --base-url "$base" --report "$work/refused.xml" >"$work/refused.out" 2>&1
passed="$(python3 - "$work/refused.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if "404-unknown-id" in case.get("name") and not [c for c in case if c.tag in ("failure", "error", "skipped")]:
        print(case.get("name"))
EOF
)"
if [ -n "$passed" ]; then bug=yes; else bug=no; fi
verdict $bug "drift with a refused key (401 on every call) does not pass an error fixture" \
    "passed: $passed; the run also says: $(grep -m1 'which contract\|speaks' "$work/refused.out")"

echo "harness_probes: $bugs bug(s) reproduced"
[ "$bugs" -eq 0 ]
