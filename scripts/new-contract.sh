#!/usr/bin/env bash
# Starts the next API version as a copy of a dated one: `scripts/new-contract.sh 2025-06-17 2026-03-01`.
# Writes Sources/FoursquarePlaces/Contracts/V<TO>/ (a contract whose every operation and registry entry reuses
# FROM's request and model types), copies FROM's fixtures (Fixtures/*/<FROM>/ -> <TO>/, their contract and
# version header rewritten) and its shipped OpenAPI overrides, and registers TO in Contracts/AllContracts.swift,
# Package.swift's embedded resources and ShippedOverrides. What to edit next: FoursquarePlaces.docc/AddingAVersion.md.
# Run from anywhere inside the repository; it changes no file until every check below has passed.
set -euo pipefail
usage() { echo "new-contract.sh: $1 (usage: scripts/new-contract.sh FROM TO, dates such as 2025-06-17 2026-03-01)" >&2; exit 2; }
[ $# -eq 2 ] || usage "expected two arguments, got $#"
from=$1 to=$2
for v in "$from" "$to"; do
  [[ $v =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || usage "'$v' is not an API version (YYYY-MM-DD; the seed contract cannot be copied)"
done
[ "$from" != "$to" ] || usage "FROM and TO are the same version"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fid=${from//-/} tid=${to//-/}
contracts=Sources/FoursquarePlaces/Contracts
src=$contracts/V$fid dst=$contracts/V$tid
list=$contracts/AllContracts.swift
overrides=Sources/OpenAPIConformance/Overrides
shipped=Sources/OpenAPIConformance/ShippedOverrides.swift
[ -d "$src" ] || usage "$src does not exist: $from is not a version this package has a folder for"
[ ! -e "$dst" ] || usage "$dst already exists: $to is already scaffolded"
grep -q "\.v$fid\b" "$list" || usage "$list does not list .v$fid"
! grep -q "\.v$tid\b" "$list" || usage "$list already lists .v$tid"
ls Fixtures/*/"$to" >/dev/null 2>&1 && usage "Fixtures/*/$to/ already exists"
# FROM's conformances (PlacesContract and the operation protocols it serves), which TO keeps.
conformances=$(sed -n "s/^public enum Contract$fid: \(.*\) {\$/\1/p" "$src"/*.swift | head -1)
[ -n "$conformances" ] || usage "found no 'public enum Contract$fid: … {' in $src"

mkdir -p "$dst"
{
cat <<SWIFT
import Foundation

// Version $to, started from $from by scripts/new-contract.sh: every operation reuses $from's
// request and model types and registry entries. Edit here what $to changed (AddingAVersion.md).

extension ContractID {
    /// Foursquare's Places API version $to.
    public static let v$tid: ContractID = "$to"
}

/// Foursquare's Places API version $to; until an operation changes, it reuses $from's.
public enum Contract$tid: $conformances {
SWIFT
for role in PlaceDetailsRequest PlaceTipsRequest PlacePhotosRequest PlaceSearchRequest AutocompleteRequest GeotaggingRequest; do
  printf '    /// %s'"'"'s `%s`, unchanged.\n    public typealias %s = Contract%s.%s\n' "$from" "$role" "$role" "$fid" "$role"
done
cat <<SWIFT
    public static var contract: Contract { .v$tid }
}

extension Contract {
    /// Version $to: $from's base URL, auth styles and endpoints, with \`X-Places-Api-Version: $to\`.
    public static let v$tid = Contract.v$fid.successor(.v$tid, spec: "openapi $tid")
}
SWIFT
} >"$dst/Contract$tid.swift"

# The one list of contracts.
sed -i -E "s/(public static let all: \[Contract\] = \[.*)\]/\1, .v$tid]/" "$list"
grep -q "\.v$tid\]" "$list" || { echo "new-contract.sh: could not add .v$tid to $list" >&2; exit 1; }

# Fixtures: every <endpoint>/<FROM>/ (and scenarios/<FROM>/), under TO's name and version header.
copied=0
for dir in Fixtures/*/"$from"; do
  [ -d "$dir" ] || continue
  target=${dir%/"$from"}/$to
  cp -R "$dir" "$target"
  find "$target" -name '*.json' -print0 | xargs -0 sed -i -E \
    -e "s/(\"contract\": *)\"$from\"/\1\"$to\"/" -e "s/(\"x-places-api-version\": *)\"$from\"/\1\"$to\"/"
  copied=$((copied + $(find "$target" -name '*.json' | wc -l)))
done

# The shipped overrides of FROM's document, if any.
if [ -f "$overrides/overrides-$fid.json" ]; then
  cp "$overrides/overrides-$fid.json" "$overrides/overrides-$tid.json"
  sed -i -E "s|(\.embedInCode\(\"Overrides/overrides-$fid\.json\"\))|\1, .embedInCode(\"Overrides/overrides-$tid.json\")|" Package.swift
  sed -i -E "s|^( *)\"$from\": \(PackageResources\.overrides_${fid}_json, \"overrides-$fid\.json\"\),|&\n\1\"$to\": (PackageResources.overrides_${tid}_json, \"overrides-$tid.json\"),|" "$shipped"
  grep -q "overrides-$tid.json" Package.swift && grep -q "overrides_${tid}_json" "$shipped" \
    || { echo "new-contract.sh: could not register overrides-$tid.json in Package.swift and $shipped" >&2; exit 1; }
fi

echo "new-contract: $to from $from: $dst/Contract$tid.swift, $copied fixtures, listed in $list"
echo "next: edit the operations $to changed, their fixtures, and add $to's OpenAPI document (FoursquarePlaces.docc/AddingAVersion.md)"
