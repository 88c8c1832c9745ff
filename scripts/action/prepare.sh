#!/usr/bin/env bash
# Installs what the harness links (libxml2's headers, pkg-config) and prints the build cache key: the tool's own
# version (Sources/HarnessCore/ToolVersion.swift of the Action's checkout), the OS, the CPU and the Swift version.
# In: GITHUB_ACTION_PATH, RUNNER_OS, RUNNER_ARCH. Out: cache-key in $GITHUB_OUTPUT.
set -euo pipefail
root="${GITHUB_ACTION_PATH:?the checkout of the Action}"
if [ "$(uname -s)" = Linux ] && ! pkg-config --exists libxml-2.0 2>/dev/null; then
  as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-dev pkg-config >/dev/null
fi
tool=$(sed -n 's/.*current = "\([^"]*\)".*/\1/p' "$root/Sources/HarnessCore/ToolVersion.swift")
[ -n "$tool" ] || { echo "::error title=fsq-contract::no tool version in $root/Sources/HarnessCore/ToolVersion.swift"; exit 2; }
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)
echo "cache-key=fsq-contract-$tool-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-swift$swift_version" >> "$GITHUB_OUTPUT"
