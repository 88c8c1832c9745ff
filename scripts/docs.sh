#!/usr/bin/env bash
# Builds the DocC documentation with warnings as errors, using the toolchain's docc (no plugin, so an app that
# depends on the library resolves no extra package):
#   - FoursquarePlaces and FoursquarePlacesTesting: their symbol graphs plus their catalogs;
#   - the harness guide (Sources/ContractCLI/ContractCLI.docc): articles only.
# It also fails when a public symbol of the two app-facing modules has no documentation comment.
# Output: .build-docs/archives/<Name>.doccarchive (static-hosting layout). Usage: bash scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docs
rm -rf "$scratch/archives"
mkdir -p "$scratch/archives"
# FoursquarePlaces' and FoursquarePlacesTesting's, built once for this and scripts/api-check.sh.
graphs=$(bash scripts/symbol-graphs.sh 2>"$scratch/symbol-graphs.log") || { cat "$scratch/symbol-graphs.log"; exit 1; }

coverage=0
python3 scripts/docs_coverage.py "$graphs" FoursquarePlaces FoursquarePlacesTesting > "$scratch/coverage.log" || coverage=1

convert() { # NAME CATALOG [MODULE]
  local name=$1 catalog=$2 module=${3:-} dir=""
  if [ -n "$module" ]; then
    dir="$scratch/graphs-$module"; rm -rf "$dir"; mkdir -p "$dir"
    cp "$graphs/$module".symbols.json "$dir"/
    cp "$graphs/$module"@*.symbols.json "$dir"/ 2>/dev/null || true
  fi
  docc convert "$catalog" ${dir:+--additional-symbol-graph-dir "$dir"} \
    --fallback-display-name "$name" --fallback-bundle-identifier "io.github.fsq-contract.$name" \
    --output-dir "$scratch/archives/$name.doccarchive" --transform-for-static-hosting \
    --warnings-as-errors >"$scratch/$name.log" 2>&1 || { cat "$scratch/$name.log"; echo "docs: $name has warnings (above)"; exit 1; }
  echo "docs: $name built ($scratch/archives/$name.doccarchive)"
}
convert FoursquarePlaces Sources/FoursquarePlaces/FoursquarePlaces.docc FoursquarePlaces
convert FoursquarePlacesTesting Sources/FoursquarePlacesTesting/FoursquarePlacesTesting.docc FoursquarePlacesTesting
convert fsq-contract Sources/ContractCLI/ContractCLI.docc
if [ "$coverage" = 1 ]; then head -40 "$scratch/coverage.log"; tail -1 "$scratch/coverage.log"; exit 1; fi
tail -1 "$scratch/coverage.log"
