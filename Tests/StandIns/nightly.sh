#!/usr/bin/env bash
# The nightly job as an app runs it (`fsq-contract nightly`, the project file at the package root, no contract flags) against the
# independent 2025-06-17 stand-in: green while the server speaks what was recorded, red with the cause named once
# it renames a field. Usage: Tests/StandIns/nightly.sh [BIN_DIR]  (default .build/debug). Exit 1 on a mismatch.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-.build/debug}"
cli="$bin/fsq-contract"
[ -x "$cli" ] || { echo "nightly: $cli is missing; run 'swift build --traits Live --product fsq-contract' first"; exit 2; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
export FSQ_API_KEY=fsq-nightly-sentinel-0123456789abcdef
failures=0

server=Tests/StandIns/places_20250617.py
STANDIN_MAX_SECONDS=600
. Tests/StandIns/start.sh

expect() { # expect WANT_EXIT LABEL MUST_CONTAIN -- command...
  local want=$1 label=$2 needle=$3; shift 4
  "$@" >"$work/out" 2>&1; local got=$?
  if [ "$got" -eq "$want" ] && grep -qF -- "$needle" "$work/out"; then
    echo "ok   $label (exit $got)"
  else
    echo "FAIL $label: exit $got (wanted $want), looking for: $needle"; tail -25 "$work/out"; failures=$((failures + 1))
  fi
  if grep -qF "$FSQ_API_KEY" "$work/out" "$work"/*.xml "$work"/*.md 2>/dev/null; then
    echo "FAIL $label: the key appears in the output or a report"; failures=$((failures + 1))
  fi
}

start plain
expect 0 "nightly against a server that speaks 2025-06-17" "2025-06-17: 0 breaking" -- \
  "$cli" nightly --base-url "$url" --report "$work/live.xml" --drift-report "$work/drift.xml" --summary "$work/drift.md"
grep -qF "0 failed" "$work/out" || { echo "FAIL the live checks of that nightly did not all pass"; failures=$((failures + 1)); }

start renamed --rename fsq_place_id=place_id
expect 1 "nightly against a server that renamed fsq_place_id" 'renamed `fsq_place_id` → `place_id`' -- \
  "$cli" nightly --base-url "$url" --report "$work/live2.xml" --drift-report "$work/drift2.xml" --summary "$work/drift2.md"
grep -q 'fsq_place_id' "$work/live2.xml" || { echo "FAIL the live checks do not name fsq_place_id"; failures=$((failures + 1)); }

start broken --break-openapi
expect 0 "nightly against a server that breaks its document in a field the model reads as any JSON value" "0 failed" -- \
  "$cli" nightly --base-url "$url" --report "$work/live3.xml" --drift-report "$work/drift3.xml"
expect 1 "the same with --openapi fails the live-openapi checks" "live-openapi" -- \
  "$cli" nightly --base-url "$url" --report "$work/live4.xml" --drift-report "$work/drift4.xml" --openapi docs/openapi/openapi-20250617.json

echo "nightly: $failures failure(s)"
[ "$failures" -eq 0 ]
