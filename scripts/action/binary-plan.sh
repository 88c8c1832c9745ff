#!/usr/bin/env bash
# Which harness the Action runs: the prebuilt Linux archive published for this version (binary: auto or prebuilt),
# or a build from source (binary: source, or auto with no archive for this platform). Only names things here;
# binary-fetch.sh downloads, after actions/cache had its chance to restore the folder.
# In: GITHUB_ACTION_PATH, INPUT_BINARY (auto, prebuilt, source), INPUT_RELEASE_URL (the folder of the archives;
# default this Action's GitHub release, https://github.com/OWNER/REPO/releases/download/vVERSION),
# GITHUB_ACTION_REPOSITORY, RUNNER_TOOL_CACHE.
# Out in $GITHUB_OUTPUT: url (the archive's; empty: build from source), dir (where it is unpacked), version, cache-key.
set -euo pipefail
root="${GITHUB_ACTION_PATH:?the checkout of the Action}"
out="${GITHUB_OUTPUT:-/dev/null}"
choice="${INPUT_BINARY:-auto}"
case "$choice" in
  auto|prebuilt) ;;
  source) echo "fsq-contract: binary: source, building the harness from the Action's checkout"; exit 0 ;;
  *) echo "::error title=fsq-contract::binary '$choice' is not auto, prebuilt or source"; exit 2 ;;
esac
# No archive for this runner: prebuilt is an error, auto builds from source.
unavailable() {
  if [ "$choice" = prebuilt ]; then echo "::error title=fsq-contract::binary: prebuilt, but $1"; exit 2; fi
  echo "fsq-contract: $1; building from source"
  exit 0
}
[ "$(uname -s)" = Linux ] || unavailable "the prebuilt archives are for Linux only (this runner is $(uname -s))"
version=$(sed -n 's/.*current = "\([^"]*\)".*/\1/p' "$root/Sources/HarnessCore/ToolVersion.swift")
[ -n "$version" ] || { echo "::error title=fsq-contract::no tool version in $root/Sources/HarnessCore/ToolVersion.swift"; exit 2; }
arch=$(uname -m)
base="${INPUT_RELEASE_URL:-}"
if [ -z "$base" ]; then
  [ -n "${GITHUB_ACTION_REPOSITORY:-}" ] || unavailable "the Action's repository is unknown (a local 'uses: ./'), so set release-url"
  base="https://github.com/$GITHUB_ACTION_REPOSITORY/releases/download/v$version"
fi
name="fsq-contract-$version-linux-$arch"
{
  echo "url=${base%/}/$name.tar.gz"
  echo "dir=${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/fsq-contract/$version-$arch"
  echo "version=$version"
  echo "cache-key=fsq-contract-bin-$version-linux-$arch"
} >> "$out"
