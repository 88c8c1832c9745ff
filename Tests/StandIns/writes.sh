#!/usr/bin/env bash
# Live write safety against the 2025-06-17 stand-in, which speaks all the document's operations and logs every
# request to stderr (`standin: POST /path?query -> 200 …`). No test here has seen its answers. Checks that
#   1. run --live, drift and record --mode all, with defaults, send suggestions only with dry_run=true and never
#      call geotagging/confirm or the offline-job writes;
#   2. with --allow-writes geotagging/confirm, that write is the only one without a dry run that is sent.
# Prints "ok"/"FAIL" per check; exit 1 on a failure, 2 on a setup error.
# Needs fsq-contract built with the Live trait: swift build --traits Live --product fsq-contract
# Usage: Tests/StandIns/writes.sh [path/to/fsq-contract]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cli="${1:-$root/.build/debug/fsq-contract}"
server="$here/places_20250617.py"
work="$(mktemp -d)"
export FSQ_API_KEY="writes0123456789abcdef0123456789"   # a 32-char sentinel the stand-in accepts
export CI=false
failures=0
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

if [ ! -x "$cli" ]; then
    echo "writes: $cli is not built; run: swift build --traits Live --product fsq-contract"
    exit 2
fi
. "$here/start.sh"

check() {  # check NAME LOG ALLOWED_NO_DRY_RUN_PATH_REGEX
    local name="$1" log="$2" allowed="$3"
    local suggestions applied forbidden
    suggestions=$(grep -cE 'standin: POST /places/([^/ ]+/)?suggest/' "$log")
    applied=$(grep -E 'standin: POST /places/([^/ ]+/)?suggest/' "$log" | grep -vcE '[?&]dry_run=true([& ]|$)')
    forbidden=$(grep -E 'standin: POST /(geotagging/confirm|offline-jobs/)' "$log" | grep -vcE "standin: POST ($allowed)[? ]")
    if [ "$suggestions" -gt 0 ] && [ "$applied" -eq 0 ] && [ "$forbidden" -eq 0 ]; then
        echo "ok   $name: $suggestions suggestions, all dry runs; no write without a dry run${allowed:+ but $allowed}"
    else
        failures=$((failures + 1))
        echo "FAIL $name: $suggestions suggestions, $applied without dry_run=true, $forbidden forbidden writes"
        grep -E 'standin: POST' "$log" | head -5
    fi
}

for verb in live drift record; do
    start "$verb"
    cp -r "$root/Fixtures" "$work/fx-$verb"
    case "$verb" in
        live) "$cli" run --live --contract 2025-06-17 --fixtures "$work/fx-$verb" --base-url "$url" --report "$work/live.xml" ;;
        drift) "$cli" drift --contract 2025-06-17 --fixtures "$work/fx-$verb" --base-url "$url" --report "$work/drift.xml" ;;
        record) "$cli" record --contract 2025-06-17 --fixtures "$work/fx-$verb" --base-url "$url" --mode all ;;
    esac >"$work/$verb.out" 2>&1
    check "$verb (defaults)" "$work/$verb.log" ""
done

start allowed
"$cli" run --live --contract 2025-06-17 --fixtures "$root/Fixtures" --base-url "$url" --report "$work/allowed.xml" \
    --allow-writes geotagging/confirm >"$work/allowed.out" 2>&1
check "live --allow-writes geotagging/confirm" "$work/allowed.log" "/geotagging/confirm"
if ! grep -qE 'standin: POST /geotagging/confirm' "$work/allowed.log"; then
    failures=$((failures + 1)); echo "FAIL live --allow-writes geotagging/confirm: the allowed write was never sent"
fi
[ "$failures" -eq 0 ] || exit 1
