#!/usr/bin/env bash
# CI proof of scripts/new-contract.sh: in a temporary copy of the repository, scaffold a throwaway 2099-01-01 from
# 2025-06-17, check that it wrote only the new folder and Fixtures/*/2099-01-01/, build fsq-contract, and replay the
# copied fixtures green under the new contract, as many cases as 2025-06-17's own. Also compiles an app's calls on
# PlacesClient<Contract20990101>: every operation is there, the reads as the new contract's own requests.
# Usage: bash scripts/new-contract-check.sh   (from the repository, after a build: it reuses .build's checkouts)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
from=2025-06-17 to=2099-01-01
work=$(mktemp -d "${TMPDIR:-/tmp}/new-contract-check.XXXXXX")
files=$(mktemp "${TMPDIR:-/tmp}/new-contract-check-files.XXXXXX")
trap 'rm -rf "$work" "$files"' EXIT
cd "$root"
# The sources as they stand (tracked and new files, not ignored ones), and the resolved dependencies, so the
# copy builds without the network.
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
  | tar --null -T - -cf - | tar -xf - -C "$work"
mkdir -p "$work/.build"
for dep in checkouts repositories workspace-state.json; do
  [ -e ".build/$dep" ] && cp -R ".build/$dep" "$work/.build/"
done
[ -f Package.resolved ] && cp Package.resolved "$work/"

cd "$work"
# Every file but the build's, with its checksum: the scaffold may add files, and change none of these.
snapshot() { find . -path ./.build -prune -o -type f -print0 | sort -z | xargs -0 md5sum; }
snapshot >"$files"
bash scripts/new-contract.sh "$from" "$to"
snapshot | grep -v -e " \./Sources/FoursquarePlaces/Contracts/V${to//-/}/" -e " \./Fixtures/[^/]*/$to/" | diff "$files" - \
  || { echo "new-contract-check: the scaffold changed files outside its folder and fixtures (above)"; exit 1; }
cat >"Sources/FoursquarePlaces/Contracts/V${to//-/}/ScaffoldCheck.swift" <<'SWIFT'
// Written by new-contract-check.sh: the scaffolded contract's typed client takes the reused operations.
func scaffoldCheck(_ client: PlacesClient<Contract20990101>) async throws {
    _ = try await client.placeSearch(Contract20990101.PlaceSearchRequest(query: "coffee"))
    _ = try await client.placeDetails(Contract20990101.PlaceDetailsRequest(placeID: "p"))
    let _: Contract20250617.Place = try await client.send(Contract20990101.PlaceDetailsRequest(placeID: "p"))
    _ = try await client.placeTopVenueWoes(Contract20250617.PlaceTopVenueWoesRequest())
    _ = client.searchPages(Contract20990101.PlaceSearchRequest())
}
SWIFT
echo "new-contract-check: building fsq-contract with $to"
swift build --product fsq-contract --traits Harness --disable-index-store >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log"; echo "new-contract-check: the scaffolded $to does not build (above)"; exit 1; }

count() { find Fixtures -path "*/$1/*" -name '*.json' | wc -l; }
[ "$(count "$to")" -eq "$(count "$from")" ] && [ "$(count "$to")" -gt 0 ] \
  || { echo "new-contract-check: copied $(count "$to") fixtures of $from's $(count "$from")"; exit 1; }
set +e
.build/debug/fsq-contract run --contract "$to" --report "$work/new.xml" >"$work/new.out" 2>&1; new=$?
.build/debug/fsq-contract run --contract "$from" --report "$work/old.xml" >"$work/old.out" 2>&1; old=$?
set -e
tail -3 "$work/new.out"
[ "$new" -eq 0 ] && [ "$old" -eq 0 ] || { tail -20 "$work/new.out" "$work/old.out"; echo "new-contract-check: replay under $to exited $new ($from: $old)"; exit 1; }
# The fixtures' cases: the documented bounds (suite `bounds`), the coverage of the documented operations (suite
# `coverage`) and the client's defaults against the documents (suite `client-defaults`) are the documents' own, and
# TO has no document.
fixture_cases() { grep '<testcase ' "$1" | grep -v -e ' bound" classname=' -e ' coverage" classname=' -e 'classname="client-defaults"'; }
cases() { fixture_cases "$1" | wc -l; }
[ "$(cases "$work/new.xml")" -eq "$(cases "$work/old.xml")" ] && [ "$(cases "$work/new.xml")" -gt 0 ] \
  || { echo "new-contract-check: $(cases "$work/new.xml") cases under $to, $(cases "$work/old.xml") under $from"; exit 1; }
# Every case is a copied fixture's (its name is <endpoint>/<TO>/<file>), none 2025-06-17's.
[ "$(fixture_cases "$work/new.xml" | grep -c "/$to/")" -eq "$(cases "$work/new.xml")" ] \
  || { fixture_cases "$work/new.xml" | grep -v "/$to/" | head -5; echo "new-contract-check: cases above are not $to's"; exit 1; }
echo "new-contract-check: $to scaffolded from $from: $(count "$to") fixtures, $(cases "$work/new.xml") cases green"
