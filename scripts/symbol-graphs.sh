#!/usr/bin/env bash
# The app-facing libraries' symbol graphs (public symbols), one build for both readers: scripts/docs.sh (the DocC
# catalogs and the documentation-comment check) and scripts/api-check.sh (the committed public API). One scratch
# folder and one set of flags, so the second reader's build has nothing to do (CI built them twice, cold).
# No trait: the library targets only, so no harness dependency is built. Prints the graphs' folder.
# Usage: graphs=$(bash scripts/symbol-graphs.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-symbols
graphs="$PWD/$scratch/graphs"
# The graphs are kept: an up-to-date build does not emit them again.
mkdir -p "$graphs"
swift build --scratch-path "$scratch" --target FoursquarePlacesTesting -debug-info-format none \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2 \
  || { echo "symbol-graphs.sh: the library does not build (above)" >&2; exit 1; }
echo "$graphs"
