#!/usr/bin/env bash
# The Action's first step: does the runner's Swift do, or must swift-actions/setup-swift install one?
# In: INPUT_SETUP_SWIFT (auto, true, false), INPUT_SWIFT_VERSION. Out: setup=true|false in $GITHUB_OUTPUT.
set -euo pipefail
setup=false
case "${INPUT_SETUP_SWIFT:-auto}" in
  true) setup=true ;;
  false) ;;
  auto)
    # Package traits need Swift 6.1 or later.
    version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -1 || true)
    major=${version%%.*}; minor=${version#*.}
    if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 1 ]; }; then
      echo "fsq-contract: the runner has ${version:+Swift $version, older than 6.1}${version:-no Swift}; installing Swift ${INPUT_SWIFT_VERSION:-6.1}"
      setup=true
    else
      echo "fsq-contract: using the runner's Swift $version"
    fi ;;
  *) echo "::error title=fsq-contract::setup-swift '${INPUT_SETUP_SWIFT}' is not auto, true or false"; exit 2 ;;
esac
echo "setup=$setup" >> "$GITHUB_OUTPUT"
