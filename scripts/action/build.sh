#!/usr/bin/env bash
# Builds fsq-contract from the Action's own checkout, in release: the Harness trait for replay and merge, plus the
# Live and OpenAPI traits (the live stack, a project file's "openapi" documents) for the live modes.
# In: GITHUB_ACTION_PATH, INPUT_MODE. Out: bin-dir (the folder holding the binaries) in $GITHUB_OUTPUT.
set -euo pipefail
root="${GITHUB_ACTION_PATH:?the checkout of the Action}"
traits=Harness
if [ "${INPUT_MODE:-replay}" != replay ] && [ "${INPUT_MODE:-replay}" != merge ]; then
  traits=Live,OpenAPI
fi
swift build -c release --traits "$traits" --package-path "$root" --product fsq-contract
echo "bin-dir=$(swift build -c release --traits "$traits" --package-path "$root" --show-bin-path)" >> "$GITHUB_OUTPUT"
