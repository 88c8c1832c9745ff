#!/usr/bin/env bash
# Times README command 1 from a clean clone, phase by phase: setup, resolution, build, run (issue 39).
# Usage: bash scripts/bench-clean-clone.sh [REPO] [TRAITS]   (default: this repository's HEAD, Harness)
# A plain `swift` in a fresh clone with nothing beside it, as a newcomer has (README command 1 reads nothing from
# beside the clone); KEEP=DIR keeps the clone there, REV=COMMIT measures that commit instead of HEAD.
# Each phase's log is in the clone's folder; the figures go to stdout.
set -euo pipefail
repo=${1:-$(cd "$(dirname "$0")/.." && pwd)}
traits=${2:-Harness}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/main"
[ -z "${REV:-}" ] || git -C "$work/main" checkout -q "$REV"
cd "$work/main"
now() { date +%s.%N; }
phase() { local name=$1; shift; local t0; t0=$(now); "$@" >"$work/$name.log" 2>&1 || { tail -20 "$work/$name.log"; exit 1; }; elapsed "$name" "$t0"; }
elapsed() { awk -v name="$1" -v t0="$2" -v t1="$(now)" 'BEGIN { printf "%-8s %6.1f s\n", name, t1 - t0 }'; }
t_all=$(now)
phase setup bash scripts/setup.sh
phase resolve swift package --traits "$traits" resolve
phase build swift build --traits "$traits" --disable-index-store -debug-info-format none --toolset scripts/whole-module.json --product fsq-contract
phase run swift run --traits "$traits" --disable-index-store -debug-info-format none --toolset scripts/whole-module.json fsq-contract run
elapsed total "$t_all"
echo "modules: $(find .build/debug/Modules -maxdepth 1 -name '*.swiftmodule' -exec basename {} .swiftmodule \; | sort | tr '\n' ' ')"
