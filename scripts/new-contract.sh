#!/usr/bin/env bash
# Starts the next API version from a dated one: `scripts/new-contract.sh 2025-06-17 2026-03-01 [--document FILE]`.
# With --document (the version's OpenAPI document), the version is written from it: the document goes to
# docs/openapi/, overrides-<TO>.json starts as FROM's (the one file to edit by hand afterwards), the models and new
# operations are generated (scripts/generate-contract.py), the harness's data is rewritten (scripts/contract-data.py),
# fsq-contract is built and synthesizes TO's fixtures, and docs/api/FoursquarePlaces.txt is rewritten. On any
# failure every file it wrote is removed and every file it changed restored.
# Without --document:
# Writes Sources/FoursquarePlaces/Contracts/V<TO>/Contract<TO>.swift (a contract that serves FROM's operations in
# their FROM shape, its reads answering in FROM's models, next after the latest version in the line) and copies
# FROM's fixtures (Fixtures/*/<FROM>/ -> <TO>/, their contract and version header rewritten). It changes no other
# file: the line of contracts, the operations and the shipped OpenAPI overrides (FROM's, until TO has its own) are
# found from the new folder. What to edit next: FoursquarePlaces.docc/AddingAVersion.md.
# Run from anywhere inside the repository; it changes no file until every check below has passed.
set -euo pipefail
usage() { echo "new-contract.sh: $1 (usage: scripts/new-contract.sh FROM TO [--document FILE], dates such as 2025-06-17 2026-03-01)" >&2; exit 2; }
document=""
if [ $# -eq 4 ] && [ "$3" = --document ]; then document=$4; set -- "$1" "$2"; fi
[ $# -eq 2 ] || usage "expected FROM TO [--document FILE]"
from=$1 to=$2
if [ -n "$document" ]; then
  [ -f "$document" ] || usage "--document $document: no such file; give the new version's OpenAPI document (JSON)"
  document=$(cd "$(dirname "$document")" && pwd)/$(basename "$document")
fi
for v in "$from" "$to"; do
  [[ $v =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || usage "'$v' is not an API version (YYYY-MM-DD; the seed contract cannot be copied)"
done
[ "$from" != "$to" ] || usage "FROM and TO are the same version"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fid=${from//-/} tid=${to//-/}
contracts=Sources/FoursquarePlaces/Contracts
src=$contracts/V$fid dst=$contracts/V$tid
[ -d "$src" ] || usage "$src does not exist: $from is not a version this package has a folder for"
[ ! -e "$dst" ] || usage "$dst already exists: $to is already scaffolded"
# The line of versions is the folders (ContractLineage): TO comes after the latest one.
latest=$(find "$contracts" -mindepth 1 -maxdepth 1 -type d -name 'V[0-9]*' -printf '%f\n' | sort | tail -1)
lid=${latest#V}
[ "$tid" \> "$lid" ] || usage "$to is not later than ${lid:0:4}-${lid:4:2}-${lid:6:2}, the latest version in $contracts"
ls Fixtures/*/"$to" >/dev/null 2>&1 && usage "Fixtures/*/$to/ already exists"
# FROM's conformances (the operations protocol of its line), which TO keeps.
conformances=$(sed -n "s/^public enum Contract$fid: \(.*\) {\$/\1/p" "$src"/*.swift | head -1)
[ -n "$conformances" ] || usage "found no 'public enum Contract$fid: … {' in $src"
# The registry entries of FROM's line, built for TO's own types: the function FROM's contract value is made from.
entries=$(grep -ho 'entries[0-9]\{8\}(' "$src"/*.swift | head -1)
[ -n "$entries" ] || usage "found no entries<yyyymmdd>( … ) in $src: FROM's contract value is not made from its line's entries"
entries=${entries%(}
# The models FROM declares for its line (a version after the line's first that changed a model): TO answers in them too.
models=""
line_models=$(grep -l "^public protocol Contract${entries#entries}Models" "$contracts"/*/*.swift 2>/dev/null | head -1 || true)
if [ -n "$line_models" ] && [ "$(dirname "$line_models")" != "$src" ]; then
  for name in $(sed -n 's/^ *associatedtype \([A-Za-z]*\).*/\1/p' "$line_models"); do
    if grep -qE "^    public (struct|enum|typealias) $name\b" "$src"/*.swift; then
      models+="    /// $from's \`$name\`, which $to keeps."$'\n'"    public typealias $name = Contract$fid.$name"$'\n'
    fi
  done
fi

removed=""
if [ -n "$document" ]; then
  # The generator declares Contract<TO>Operations (FROM's operations and TO's new ones), entries<TO>, the operations
  # TO's document removes (removedOperations) and the models.
  conformances=Contract${tid}Operations entries=entries$tid models="" removed=", removed: Contract$tid.removedOperations"
fi

# From here on, a failure removes what was written and restores what was changed.
restore=$(mktemp -d "${TMPDIR:-/tmp}/new-contract.XXXXXX")
generated_elsewhere=(Sources/HarnessContractChecks/DocumentedOperation+All.swift Sources/HarnessCore/Checks/DocumentedBound+All.swift docs/api/FoursquarePlaces.txt)
for f in "${generated_elsewhere[@]}"; do [ -f "$f" ] && mkdir -p "$restore/files/$(dirname "$f")" && cp "$f" "$restore/files/$f"; done
overrides=Sources/OpenAPIConformance/Overrides/overrides-$tid.json
[ -e "$overrides" ] && cp "$overrides" "$restore/overrides.json"  # written by hand beforehand: kept as it was
undo() {
  echo "new-contract: failed; removing what it wrote for $to" >&2
  rm -rf "$dst" Fixtures/*/"$to" "docs/openapi/openapi-$tid.json" "$overrides"
  find Fixtures docs/openapi -mindepth 0 -maxdepth 1 -type d -empty -delete 2>/dev/null || true
  [ -e "$restore/overrides.json" ] && cp "$restore/overrides.json" "$overrides"
  (cd "$restore/files" 2>/dev/null && find . -type f) | while read -r f; do cp "$restore/files/$f" "$f"; done
}
finish() { local status=$?; [ "$status" -eq 0 ] || undo; rm -rf "$restore"; }
trap finish EXIT

mkdir -p "$dst"
cat >"$dst/Contract$tid.swift" <<SWIFT
import Foundation

// Version $to, started from $from by scripts/new-contract.sh: it serves $from's operations in their $from
// shape and answers in $from's models. Declare here what $to changed (FoursquarePlaces.docc/AddingAVersion.md).

extension ContractID {
    /// Foursquare's Places API version $to.
    public static let v$tid: ContractID = "$to"
}

/// Foursquare's Places API version $to.
public enum Contract$tid: $conformances {
${models}    public static var contract: Contract { .v$tid }
}

extension Contract {
    /// Version $to: $from's base URL, auth styles and operations, with \`X-Places-Api-Version: $to\`.
    public static let v$tid = Contract.v$fid.successor(
        .v$tid, spec: "openapi $tid", endpoints: Contract$tid.$entries(.v$tid, spec: "openapi $tid")$removed)
}

// $to follows ${lid:0:4}-${lid:4:2}-${lid:6:2} in the line of versions (\`Contract.all\`).
extension Contract$lid { package typealias Successor = Contract$tid }
extension Contract$tid: ContractLineage {}
SWIFT

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

echo "new-contract: $to from $from: $dst/Contract$tid.swift, $copied fixtures; it follows ${lid:0:4}-${lid:4:2}-${lid:6:2} in the line"
if [ -z "$document" ]; then
  echo "next: declare what $to changed in $dst, edit its fixtures, and add its OpenAPI document (FoursquarePlaces.docc/AddingAVersion.md)"
  exit 0
fi
python3 scripts/generate-contract.py --start "$from" "$to" "$document"
python3 scripts/contract-data.py >/dev/null
echo "new-contract: building fsq-contract with $to, to synthesize its fixtures from its document"
swift build --product fsq-contract --traits Harness --disable-index-store >"$restore/build.log" 2>&1 \
  || { { grep -E ': error: ' "$restore/build.log" | sort -u | head -20 || tail -30 "$restore/build.log"; } >&2
       echo "new-contract: $to does not build (above)" >&2; exit 1; }
.build/debug/fsq-contract fixtures synthesize --contract "$to" | tail -1
bash scripts/api-check.sh --write
echo "new-contract: $to is written from $(basename "$document"); replay it: swift run --traits Harness fsq-contract run --contract $to"
echo "next: name, describe or leave out members and parameters in Sources/OpenAPIConformance/Overrides/overrides-$tid.json (\"models\", \"requests\"), then python3 scripts/generate-contract.py $to"
