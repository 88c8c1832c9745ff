#!/usr/bin/env bash
# CI proof of scripts/new-contract.sh --document: in a temporary copy of the repository, a next version's document
# goes in (scripts/next-version-document.py writes 2099-01-01's from 2025-06-17's: a new optional object on places, a
# type change on tips, a new camelCase operation with a bounded parameter), one command runs, and:
#   - it wrote the new folder, Fixtures/*/2099-01-01/, the document's copy and the version's overrides file, and every
#     other file it changed says in its first lines that it is generated;
#   - the version's changes are modelled: Contract20990101.Place.menuSummary (with 2025-06-17's Place.coordinate kept),
#     Tip.agreeCount as a String, and PlacesClient<Contract20990101>.placeMenu(_:) with its kebab-case endpoint
#     place-menu (an app's calls compile);
#   - replay under 2099-01-01 is green, judges the new members' values, runs the new operation's cases and its own
#     bound case, with full coverage;
#   - a bad document, a TO not later than the latest version, an unknown override pointer, a renamed path parameter, a
#     removed operation a scenario calls and a hand-written override naming a member the document lacks each stop
#     the command with one line, leaving no file written or changed;
#   - a version written after it (2099-06-01, from 2099-01-01, next-version-document.py --changes: a member removed and
#     one renamed, a new enum value, a larger bound, a new required parameter, a write removed) prunes the copied
#     overrides and rewrites the copied fixtures with a line each, keeps the new operation's typed method, serves the
#     search and autocomplete (their bounds and an enum changed) with requests of its own, does not compile the removed write called through
#     its client, and replays green, judged against its document.
# Usage: bash scripts/new-contract-check.sh   (from the repository, after a build: it reuses .build's checkouts)
# Its builds take new-contract.sh's flags, so each is incremental on the one new-contract.sh made (with
# -debug-info-format none here alone, each was a cold build: the step took 246 s in .ci/run here, against 166 s before, 7 Dec).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
from=2025-06-17 to=2099-01-01 tid=20990101
work=$(mktemp -d "${TMPDIR:-/tmp}/new-contract-check.XXXXXX")
files=$(mktemp "${TMPDIR:-/tmp}/new-contract-check-files.XXXXXX")
trap 'rm -rf "$work" "$files"' EXIT
cd "$root"
# The sources as they stand (tracked and new files, not ignored ones), and the resolved dependencies, so the
# copy builds without the network. Nothing is beside the copy: the package carries its documents (docs/openapi/).
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
  | tar --null -T - -cf - | tar -xf - -C "$work"
mkdir -p "$work/.build"
for dep in checkouts repositories workspace-state.json; do
  [ -e ".build/$dep" ] && cp -R ".build/$dep" "$work/.build/"
done
[ -f Package.resolved ] && cp Package.resolved "$work/"
repo="$work/repo"; mkdir "$repo"; (cd "$work" && find . -mindepth 1 -maxdepth 1 ! -name repo -exec mv {} repo/ \;)
cd "$repo"
document="$work/openapi-$tid.json"
python3 scripts/next-version-document.py "docs/openapi/openapi-${from//-/}.json" "$to" "$document"

# Every file but the build's, with its checksum.
snapshot() { find . \( -path ./.build -o -path './.build-*' \) -prune -o -type f -print0 | sort -z | xargs -0 md5sum; }
snapshot >"$files"

# Bad input first: each is one line, and leaves the tree as it was.
refused() { # EXPECTED-TEXT COMMAND…
  local expected=$1; shift
  set +e; "$@" >"$work/refused.out" 2>&1; local status=$?; set -e
  [ "$status" -ne 0 ] || { cat "$work/refused.out"; echo "new-contract-check: '$*' succeeded"; exit 1; }
  grep -q -- "$expected" "$work/refused.out" || { cat "$work/refused.out"; echo "new-contract-check: '$*' did not say '$expected'"; exit 1; }
  snapshot | diff "$files" - >/dev/null || { snapshot | diff "$files" - | head; echo "new-contract-check: '$*' left files behind"; exit 1; }
  echo "new-contract-check: refused as it should: $(grep -m1 -- "$expected" "$work/refused.out")"
}
echo '{"openapi": "3.0.0", "paths": ' >"$work/broken.json"
refused "broken.json" bash scripts/new-contract.sh "$from" "$to" --document "$work/broken.json"
refused "not later than" bash scripts/new-contract.sh "$from" 2024-01-01 --document "$document"
python3 - "$document" "$work/moved.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["paths"]["/places/{fsq_place_id}/details"] = doc["paths"].pop("/places/{fsq_place_id}")  # a pinned override's path is gone
json.dump(doc, open(sys.argv[2], "w"))
PY
refused "matches nothing in the document" bash scripts/new-contract.sh "$from" "$to" --document "$work/moved.json"
python3 - "$document" "$work/renamed-path.json" "$work/no-search.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
item = doc["paths"].pop("/places/{fsq_place_id}")  # the same operation, its path parameter renamed
for parameter in item["get"]["parameters"]:
    if parameter.get("in") == "path":
        parameter["name"] = "place_id"
doc["paths"]["/places/{place_id}"] = item
json.dump(doc, open(sys.argv[2], "w"))
doc = json.load(open(sys.argv[1]))
del doc["paths"]["/places/search"]  # a scenario of 2025-06-17 calls it
json.dump(doc, open(sys.argv[3], "w"))
PY
refused "place-details's path parameter is renamed" bash scripts/new-contract.sh "$from" "$to" --document "$work/renamed-path.json"
refused "its scenario calls place-search" bash scripts/new-contract.sh "$from" "$to" --document "$work/no-search.json"
# An overrides file written by hand beforehand that names a member the document lacks: one line, the file kept as it was.
python3 - "Sources/OpenAPIConformance/Overrides/overrides-${from//-/}.json" "Sources/OpenAPIConformance/Overrides/overrides-$tid.json" <<'PY'
import json, sys
overrides = json.load(open(sys.argv[1]))
place = next(t for t in overrides["models"]["types"] if t["name"] == "Place")
place["members"].append({"json": "no_such_member"})
place.get("initOrder", []).append("no_such_member")
json.dump(overrides, open(sys.argv[2], "w"), indent=2)
PY
snapshot >"$files"
refused "models.Place: \`no_such_member\` is not a member the document gives this type" \
  bash scripts/new-contract.sh "$from" "$to" --document "$document"
rm "Sources/OpenAPIConformance/Overrides/overrides-$tid.json"
# Its changes, modelled: an app's calls compile. Written before the command, beside the version folders, so the
# command's own build compiles them (a build of its own cost CI about 20 s a version).
cat >"Sources/FoursquarePlaces/Contracts/ScaffoldCheck$tid.swift" <<'SWIFT'
// Written by new-contract-check.sh: the new version's changes, as an app uses them.
func scaffoldCheck(_ client: PlacesClient<Contract20990101>) async throws {
    let place: Contract20990101.Place = try await client.placeDetails(Contract20990101.PlaceDetailsRequest(placeID: "p"))
    let _: Int? = place.menuSummary?.itemCount
    let _: Coordinate? = place.coordinate  // the conveniences of 2025-06-17's Place, kept on the new one
    let tips = try await client.placeTips(Contract20990101.PlaceTipsRequest(placeID: "p"))
    let _: String? = tips.first?.agreeCount
    let menu = try await client.placeMenu(Contract20990101.PlaceMenuRequest(placeID: "p", limit: 5))
    let _: Double? = menu.items?.first?.price
    // A member added to a schema several answers share: the writes answer in the new models too.
    let woes: Contract20990101.ReviewVenues = try await client.placeTopVenueWoes(Contract20990101.PlaceTopVenueWoesRequest())
    let _: Bool? = woes.venues?.first?.accessibility?.wheelchair
    _ = client.searchPages(Contract20990101.PlaceSearchRequest())
    _ = EndpointID.placeMenu == EndpointID("place-menu")
}
SWIFT
snapshot >"$files"

# The command.
# new-contract.sh's build names a file's errors; an app's calls that do not build name the scaffold.
built() { # VERSION LOG: the command failed; say whether an app's calls were what did not build
  if grep -q "ScaffoldCheck" "$2"; then echo "new-contract-check: an app's calls on $1 do not build (above)"; fi
  echo "new-contract-check: new-contract.sh for $1 failed (above)"; exit 1
}
bash scripts/new-contract.sh "$from" "$to" --document "$document" 2>&1 | tee "$work/new-contract.out" || built "$to" "$work/new-contract.out"

# What it wrote: the folder, the fixtures, the document and the overrides file; every other change is generated.
snapshot | diff "$files" - | sed -n 's/^> [0-9a-f]*  \.\///p' >"$work/changed" || true
while read -r f; do
  case "$f" in
    Sources/FoursquarePlaces/Contracts/V"$tid"/*|Fixtures/*/"$to"/*|docs/openapi/openapi-"$tid".json|Sources/OpenAPIConformance/Overrides/overrides-"$tid".json) ;;
    *) head -3 "$f" | grep -q "Generated" || { echo "new-contract-check: $f changed and does not say it is generated"; exit 1; } ;;
  esac
done <"$work/changed"
echo "new-contract-check: files written or changed: $(wc -l <"$work/changed"), each in the new folder, its fixtures, its document and overrides, or generated"

set +e
FSQ_COVERAGE_MINIMUM=100 .build/debug/fsq-contract run --contract "$to" --report "$work/new.xml" >"$work/new.out" 2>&1; new=$?
set -e
tail -4 "$work/new.out"
[ "$new" -eq 0 ] || { tail -30 "$work/new.out"; echo "new-contract-check: replay under $to exited $new"; exit 1; }
grep -qE '^coverage: members ([0-9]+) of \1, statuses ([0-9]+) of \2, header forms ([0-9]+) of \3' "$work/new.out" \
  || { grep coverage "$work/new.out"; echo "new-contract-check: $to's coverage is not full"; exit 1; }
cases() { grep -c "<testcase [^>]*$1" "$work/new.xml" || true; }
[ "$(cases "place-menu/$to/")" -gt 5 ] || { echo "new-contract-check: the new operation place-menu has $(cases "place-menu/$to/") cases"; exit 1; }
grep -q "<testcase name=\"$to/place-menu limit=20 bound\"" "$work/new.xml" \
  || { grep '<testcase [^>]* bound"' "$work/new.xml" | head -3; echo "new-contract-check: no bound case for place-menu's limit (1 to 20) under $to"; exit 1; }
grep -q '"menu_summary"' Fixtures/place-details/$to/synthetic-200-every-member-a.json \
  || { echo "new-contract-check: $to's synthetic answers do not carry menu_summary"; exit 1; }
echo "new-contract-check: $to written from its document: $(grep -c '<testcase ' "$work/new.xml") cases green, place-menu's included, coverage full"

# A later version that takes away and tightens (next-version-document.py --changes): a member removed and one renamed
# on places, a new enum value, a larger bound and a new required parameter on a read, a write removed. One run of the
# command, no hand edit; it keeps what 2099-01-01 added (its typed method through Contract20990601Operations).
later=2099-06-01 lid=20990601
python3 scripts/next-version-document.py --changes "docs/openapi/openapi-$tid.json" "$later" "$work/openapi-later.json"
# The app's calls on it, written before the command, so the command's build compiles them.
cat >"Sources/FoursquarePlaces/Contracts/ScaffoldCheck$lid.swift" <<'SWIFT'
// Written by new-contract-check.sh: a version after 2099-01-01, as an app uses it.
func laterCheck(_ client: PlacesClient<Contract20990601>, _ older: PlacesClient<Contract20990101>) async throws {
    let menu: Contract20990101.PlaceMenuResponse = try await client.placeMenu(Contract20990101.PlaceMenuRequest(placeID: "p"))
    let _: String? = menu.currency
    let place: Contract20990601.Place = try await client.placeDetails(Contract20990601.PlaceDetailsRequest(placeID: "p"))
    let _: String? = place.websiteURL  // website, renamed website_url
    let _: Contract20990601.SuggestedEdits = try await client.placeSuggestRemove(
        Contract20990601.PlaceSuggestRemoveRequest(placeID: "p", reason: .duplicate))  // the new enum value
    let _: Contract20990601.SuggestedEdits = try await client.placeSuggestStatus(
        Contract20990601.PlaceSuggestStatusRequest(months: 3, limit: 100))  // the new required parameter, the larger bound
    _ = try await older.placeFlag(Contract20990101.PlaceFlagRequest(placeID: "p", fields: ["name"]))  // the older version keeps it
    // A read the line's contracts share, its parameters changed: the version's own request, its own enum.
    let found: Contract20990601.SearchResponse = try await client.placeSearch(Contract20990601.PlaceSearchRequest(sort: .newest, limit: 200))
    let _: String? = found.results.first?.websiteURL
    _ = client.searchPages(Contract20990601.PlaceSearchRequest(limit: 200))
    _ = try await older.placeSearch(Contract20990101.PlaceSearchRequest(sort: .rating, limit: 50))
    // The read whose request is declared once for the seed and the dated versions, its bound changed.
    let suggestions: Contract20990601.AutocompleteResponse = try await client.autocomplete(Contract20990601.AutocompleteRequest(query: "co", limit: 100))
    let _: Contract20990601.Place? = suggestions.results.first?.place
}
SWIFT
bash scripts/new-contract.sh "$to" "$later" --document "$work/openapi-later.json" >"$work/later.out" 2>&1 \
  || { tail -20 "$work/later.out"; built "$later" "$work/later.out"; }
for said in "pruned from Sources/OpenAPIConformance/Overrides/overrides-$lid.json: models.Place: \`tel\`" \
            "pruned from Sources/OpenAPIConformance/Overrides/overrides-$lid.json: requests.operations.place-flag" \
            "not copied: place-flag's fixtures" "rewritten without \$.tel of place-details" \
            "rewritten with months=1 on place-suggest-status's request" "rewritten with limit=101 on place-suggest-status's request"; do
  grep -qF -- "$said" "$work/later.out" || { cat "$work/later.out"; echo "new-contract-check: $later's run did not say '$said'"; exit 1; }
done
[ ! -e "Fixtures/place-flag/$later" ] || { echo "new-contract-check: Fixtures/place-flag/$later was copied; $later removes place-flag"; exit 1; }
# The removed write, called through the later version's client, does not compile: its method needs the operation's
# protocol, which 2099-06-01 does not conform to.
cat >"Sources/FoursquarePlaces/Contracts/V$lid/RemovedCheck$lid.swift" <<'SWIFT'
func removedCheck(_ client: PlacesClient<Contract20990601>) async throws {
    _ = try await client.placeFlag(Contract20990101.PlaceFlagRequest(placeID: "p", fields: ["name"]))
}
SWIFT
if swift build --product fsq-contract --traits Harness --disable-index-store >"$work/removed.log" 2>&1; then
  echo "new-contract-check: placeFlag(_:) on PlacesClient<Contract$lid> compiles; $later removed place-flag"; exit 1
fi
grep -q "RemovedCheck$lid.swift:.*error: .*requires that .Contract$lid. conform to .Contract[0-9]*PlaceFlag." "$work/removed.log" \
  || { grep "error:" "$work/removed.log" | head; echo "new-contract-check: placeFlag(_:) on PlacesClient<Contract$lid> fails, but not for want of place-flag's protocol"; exit 1; }
echo "new-contract-check: placeFlag(_:) on PlacesClient<Contract$lid> does not compile: $(grep -m1 -o "error: .*" "$work/removed.log")"
rm "Sources/FoursquarePlaces/Contracts/V$lid/RemovedCheck$lid.swift"
set +e
FSQ_COVERAGE_MINIMUM=100 .build/debug/fsq-contract run --contract "$later" --report "$work/later.xml" >"$work/later-run.out" 2>&1; status=$?
set -e
[ "$status" -eq 0 ] || { tail -20 "$work/later-run.out"; echo "new-contract-check: replay under $later exited $status"; exit 1; }
[ "$(grep -c "<testcase [^>]*place-menu/$later/" "$work/later.xml")" -gt 5 ] \
  || { echo "new-contract-check: $later runs no place-menu case"; exit 1; }
! grep -q "<testcase [^>]*place-flag/$later/" "$work/later.xml" || { echo "new-contract-check: $later still runs place-flag cases"; exit 1; }
for case in "$later/registry request" "$later/enum values request" "$later/place-details members decoding" "$later/place-suggest-status limit=100 bound" \
            "$later/place-search limit=200 bound" "$later/autocomplete limit=100 bound"; do
  grep -q "<testcase name=\"$case\"" "$work/later.xml" || { echo "new-contract-check: no '$case' case under $later"; exit 1; }
done
echo "new-contract-check: $later written after $to, with a removed member, a rename, a new enum value, a larger bound, a new required parameter and a removed write: $(grep -c '<testcase ' "$work/later.xml") cases green"
