#!/usr/bin/env bash
# Smoke test of the 2025-06-17 stand-in: starts it on a free loopback port, checks each operation of the
# OpenAPI document and each error rule, then the --rename / --break-openapi / --status-for modes, and stops it.
# Exits 1 on any mismatch. Usage: Tests/StandIns/smoke.sh
set -u
here="$(cd "$(dirname "$0")" && pwd)"
server="$here/places_20250617.py"
work="$(mktemp -d)"
key="smoke0123456789abcdef0123456789a"   # 32 chars: a sentinel, never a real key
version="X-Places-Api-Version: 2025-06-17"
place="5a187743ccad6b307315e6fe"
job="0123456789abcdef0123456789abcdef"
failures=0
checks=0
pid=""

stop() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        wait "$pid" 2>/dev/null
    fi
    pid=""
}
trap 'stop; rm -rf "$work"' EXIT

start() {  # start [FLAGS...]: launches the server and waits (at most 30 s) for its port file
    rm -f "$work/port"
    python3 "$server" --port 0 --port-file "$work/port" --max-seconds 600 "$@" 2>>"$work/server.log" &
    pid=$!
    for _ in $(seq 1 300); do
        [ -s "$work/port" ] && break
        sleep 0.1
    done
    if [ ! -s "$work/port" ]; then
        echo "FAIL: the stand-in wrote no port file within 30 s; its log:"; cat "$work/server.log"
        exit 1
    fi
    base="http://127.0.0.1:$(cat "$work/port")"
}

# expect STATUS METHOD PATH [curl args...]: checks the status, the content type and that the body is JSON.
expect() {
    local want="$1" method="$2" path="$3"; shift 3
    checks=$((checks + 1))
    local got
    got="$(curl -s -o "$work/body" -D "$work/head" -w '%{http_code}' -X "$method" "$@" "$base$path")"
    local problem=""
    if [ "$got" != "$want" ]; then
        problem="status $got, expected $want"
    elif ! grep -qi '^content-type: application/json; charset=utf-8' "$work/head"; then
        problem="content type $(grep -i '^content-type' "$work/head" | tr -d '\r')"
    elif ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/body" 2>/dev/null; then
        problem="body is not JSON: $(head -c 200 "$work/body")"
    elif [ "$want" != 200 ] && ! python3 -c 'import json,sys; b=json.load(open(sys.argv[1])); assert isinstance(b.get("message"), str)' "$work/body" 2>/dev/null; then
        problem="error body has no message: $(head -c 200 "$work/body")"
    fi
    if [ -n "$problem" ]; then
        failures=$((failures + 1))
        echo "FAIL: $method $path: $problem"
    else
        echo "ok   $want $method $path"
    fi
}

# body_check PYTHON-EXPRESSION DESCRIPTION: evaluates an expression over the last body (`b`).
body_check() {
    checks=$((checks + 1))
    if python3 -c "import json,sys; b=json.load(open(sys.argv[1])); assert ($1)" "$work/body" 2>/dev/null; then
        echo "ok   $2"
    else
        failures=$((failures + 1))
        echo "FAIL: $2: $(head -c 300 "$work/body")"
    fi
}

good=(-H "Authorization: Bearer $key" -H "$version")

start
echo "== every operation of the document, good key"
expect 200 GET "/places/search?query=coffee&ll=41.8781,-87.6298&limit=3" "${good[@]}"
body_check 'len(b["results"]) == 3 and isinstance(b["results"][0]["unresolved_flags"], list) and "circle" in b["context"]["geo_bounds"]' "search: 3 results, unresolved_flags an array, context"
expect 200 GET "/places/$place" "${good[@]}"
body_check 'b["fsq_place_id"] == "'$place'" and isinstance(b["latitude"], float) and isinstance(b["related_places"], dict) and all(isinstance(a["action"], str) for a in b["place_actions"])' "details: id, numeric latitude, related_places, place_actions"
expect 200 GET "/places/$place?fields=fsq_place_id,name" "${good[@]}"
body_check 'sorted(b) == ["fsq_place_id", "name"]' "details: fields selects the fields"
expect 200 GET "/places/$place/tips?limit=3&sort=NEWEST" "${good[@]}"
body_check 'isinstance(b, list) and len(b) <= 3 and all("fsq_tip_id" in t for t in b)' "tips: top-level array keyed fsq_tip_id"
expect 200 GET "/places/$place/photos?limit=4&classifications=outdoor,food_or_drink" "${good[@]}"
body_check 'isinstance(b, list) and all("id" in x and "prefix" in x for x in b)' "photos: top-level array keyed id"
expect 200 GET "/autocomplete?query=coffee&limit=5" "${good[@]}"
body_check 'len(b["results"]) == 5 and all(r["type"] in ("place", "search", "geo") for r in b["results"])' "autocomplete: 5 typed results"
expect 200 GET "/geotagging/candidates?ll=40.7233,-73.9981&hacc=20&limit=2" "${good[@]}"
body_check 'len(b["candidates"]) == 2 and "unresolved_flags" not in b["candidates"][0]' "geotagging: candidates without the fields its schema lacks"
expect 200 GET "/places/suggest/status?limit=2" "${good[@]}"
expect 200 GET "/places/suggest/review?near=Chicago" "${good[@]}"
expect 200 GET "/offline-jobs/status?job_ids=$job" "${good[@]}"
expect 200 POST "/places/$place/suggest/merge?duplicate_fsq_place_ids=4b0588a4f964a520a5d022e3" "${good[@]}"
expect 200 POST "/places/$place/suggest/edit?name=New%20Name&latitude=40.7" "${good[@]}"
expect 200 POST "/places/$place/suggest/remove?reason=CLOSED" "${good[@]}"
expect 200 POST "/places/$place/suggest/flag?fields=name,tel" "${good[@]}"
expect 200 POST "/places/suggest/place?name=Corner%20Cafe&latitude=40.7&longitude=-74.0" "${good[@]}"
expect 200 POST "/geotagging/confirm?fsq_place_id=$place&confirm_context=Nearby" "${good[@]}"
expect 200 POST "/offline-jobs/initialize?durationSeconds=900" "${good[@]}"
expect 200 POST "/offline-jobs/$job/execute" "${good[@]}"
expect 200 POST "/offline-jobs/$job/credentials/refresh" "${good[@]}"

echo "== every 200 answer against the document's 200 schema"
openapi="${FSQ_OPENAPI_DOCUMENT:-$here/../../docs/openapi/openapi-20250617.json}"  # the package's copy of its facts
checks=$((checks + 1))
if [ ! -r "$openapi" ]; then
    failures=$((failures + 1))
    echo "FAIL: cannot read the OpenAPI document $openapi (set FSQ_OPENAPI_DOCUMENT to its path)"
elif python3 "$here/schema_check.py" "$base" "$key" "$openapi"; then
    echo "ok   every operation's answer matches its schema"
else
    failures=$((failures + 1))
fi

echo "== auth and version"
expect 401 GET "/places/$place" -H "Authorization: $key" -H "$version"
body_check 'b == {"message": "Invalid request token."}' "raw key: the API's 401 body"
expect 401 GET "/places/$place" -H "$version"
expect 401 GET "/places/$place" -H "Authorization: Bearer short" -H "$version"
expect 401 GET "/places/$place" -H "Authorization: Bearer this-key-is-invalid-000000" -H "$version"
expect 400 GET "/places/$place" -H "Authorization: Bearer $key"
body_check 'b == {"message": "Missing or invalid X-Places-Api-Version header."}' "no version header: the API's 400 body"
expect 400 GET "/autocomplete?query=coffee" -H "Authorization: Bearer $key" -H "X-Places-Api-Version: 2023-01-01"

echo "== parameters"
for path in "/places/search?limit=51" "/places/search?limit=0" "/places/search?limit=ten" \
            "/places/$place/tips?limit=100" "/places/$place/photos?limit=51" "/autocomplete?query=coffee&limit=0" \
            "/geotagging/candidates?limit=51"; do
    expect 400 GET "$path" "${good[@]}"
    body_check '"limit" in b["message"]' "the message names limit"
done
expect 400 GET "/places/search?sort=NEAREST" "${good[@]}"
body_check '"sort" in b["message"]' "the message names sort"
expect 400 GET "/places/search?radius=100001" "${good[@]}"
expect 400 GET "/places/search?open_now=yes" "${good[@]}"
expect 400 GET "/places/search?ll=91,0" "${good[@]}"
expect 400 GET "/places/search?ne=41,-87" "${good[@]}"
expect 400 GET "/places/search?tel_format=LOCAL" "${good[@]}"
expect 400 GET "/autocomplete" "${good[@]}"
body_check '"query" in b["message"]' "a missing required parameter is named"
expect 400 GET "/autocomplete?query=ab" "${good[@]}"
expect 400 GET "/geotagging/candidates?hacc=wide" "${good[@]}"
expect 400 GET "/places/$place/tips?sort=popular" "${good[@]}"
expect 400 GET "/places/$place?fields=fsq_id" "${good[@]}"
expect 400 POST "/places/$place/suggest/remove?reason=GONE" "${good[@]}"
expect 400 POST "/offline-jobs/initialize?durationSeconds=60" "${good[@]}"

echo "== unknown ids and paths"
expect 404 GET "/places/not-a-place-id" "${good[@]}"
body_check 'b == {"message": "invalid venue specified"}' "unknown place: the API's 404 body"
expect 404 GET "/places/not-a-place-id/photos" "${good[@]}"
expect 404 GET "/places/not-a-place-id/tips" "${good[@]}"
expect 404 POST "/offline-jobs/nope/execute" "${good[@]}"
expect 404 GET "/places/categories/extra/segment" "${good[@]}"
expect 404 GET "/v3/places/search" "${good[@]}"
expect 405 POST "/places/search" "${good[@]}"
stop

echo "== modes"
start --rename fsq_place_id=place_id --break-openapi --status-for '/places/*/photos=429'
expect 200 GET "/places/$place" "${good[@]}"
body_check '"place_id" in b and "fsq_place_id" not in b' "--rename renames the field"
body_check 'b["plugins"]["partner"] == "closed"' "--break-openapi: a plugins entry of the wrong type"
expect 200 GET "/places/search?ll=40.7,-74&limit=2" "${good[@]}"
body_check 'all(r["plugins"]["partner"] == "closed" for r in b["results"])' "--break-openapi applies to every place"
expect 429 GET "/places/$place/photos" "${good[@]}"
checks=$((checks + 1))
if grep -qi '^retry-after: 1' "$work/head"; then echo "ok   429 carries Retry-After"; else failures=$((failures + 1)); echo "FAIL: 429 without Retry-After"; fi
stop

checks=$((checks + 1))
if grep -q "$key" "$work/server.log"; then
    failures=$((failures + 1)); echo "FAIL: the key appears in the server log"
else
    echo "ok   the key never appears in the server log ($(grep -c ' -> ' "$work/server.log") request lines)"
fi
checks=$((checks + 1))
if grep -q 'standin: SIGTERM, exiting' "$work/server.log"; then echo "ok   SIGTERM stops the server"; else failures=$((failures + 1)); echo "FAIL: no clean SIGTERM exit in the log"; fi

echo "== lifetime"
checks=$((checks + 1))
python3 "$server" --port 0 --port-file "$work/port2" --max-seconds 1 2>>"$work/server.log" &
lifetime_pid=$!
for _ in $(seq 1 300); do kill -0 "$lifetime_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$lifetime_pid" 2>/dev/null; then
    failures=$((failures + 1)); echo "FAIL: --max-seconds 1 still running after 30 s"; kill -TERM "$lifetime_pid"
else
    wait "$lifetime_pid"; status=$?
    if [ "$status" -eq 124 ]; then echo "ok   --max-seconds 1 exits 124 on its own"; else failures=$((failures + 1)); echo "FAIL: --max-seconds exit status $status, expected 124"; fi
fi

echo "smoke: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
