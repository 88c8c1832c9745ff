#!/usr/bin/env bash
# The Action's steps when no archive is published for its version (binary: source, or auto with none): prepare.sh,
# build.sh (a release build from a fresh clone of this checkout, as the Action's own checkout is on a cache miss) and
# run.sh (replay of the shipped Fixtures) in the same kind of workspace release-action-check.sh uses, timed.
# Usage: scripts/action-source-time.sh [MODE]   (replay by default; live builds the Live and OpenAPI traits too).
# Exit 1 if a step fails, 2 if it cannot run.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-replay}"
command -v swift >/dev/null || { echo "action-source-time: no swift on PATH; this times the Action's build from source" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/action" || { echo "action-source-time: cannot clone $root" >&2; exit 2; }
mkdir -p "$work/app"
cp -R "$root/Fixtures" "$work/app/Fixtures"
export GITHUB_ACTION_PATH="$work/action" GITHUB_WORKSPACE="$work/app" GITHUB_OUTPUT="$work/output" GITHUB_STEP_SUMMARY="$work/summary"
export INPUT_MODE="$mode"
: > "$GITHUB_OUTPUT"
seconds() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}'; }
start=$(date +%s.%N)
bash "$work/action/scripts/action/prepare.sh" || { echo "action-source-time: prepare.sh failed" >&2; exit 1; }
prepared=$(seconds "$start")
bash "$work/action/scripts/action/build.sh" >"$work/build.log" 2>&1 || { echo "action-source-time: build.sh failed: $(tail -5 "$work/build.log")" >&2; exit 1; }
built=$(seconds "$start")
bin_dir=$(sed -n 's/^bin-dir=//p' "$GITHUB_OUTPUT" | tail -1)
(cd "$work/app" && FSQ_CONTRACT_BIN_DIR="$bin_dir" INPUT_MODE=replay bash "$work/action/scripts/action/run.sh" >"$work/run.log" 2>&1) \
  || { echo "action-source-time: run.sh failed: $(tail -5 "$work/run.log")" >&2; exit 1; }
echo "the Action from source ($mode traits, release): $(seconds "$start") s to the first report" \
  "(prepare $prepared s, build $(awk -v a="$prepared" -v b="$built" 'BEGIN {printf "%.1f", b - a}') s; $(sed -n 's/^tests=//p' "$GITHUB_OUTPUT" | tail -1) tests)"
