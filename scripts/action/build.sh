#!/usr/bin/env bash
# Builds the harness from the Action's own checkout, in release: fsq-contract, plus fsq-live for the live modes.
# In: GITHUB_ACTION_PATH, INPUT_MODE. Out: bin-dir (the folder holding the binaries) in $GITHUB_OUTPUT.
set -euo pipefail
root="${GITHUB_ACTION_PATH:?the checkout of the Action}"
swift build -c release --traits Harness --package-path "$root" --product fsq-contract
if [ "${INPUT_MODE:-replay}" != replay ]; then
  swift build -c release --traits Harness --package-path "$root" --product fsq-live
fi
echo "bin-dir=$(swift build -c release --traits Harness --package-path "$root" --show-bin-path)" >> "$GITHUB_OUTPUT"
