#!/usr/bin/env bash
# Puts the prebuilt harness in BINARY_DIR: kept as actions/cache restored it, else downloaded from BINARY_URL, its
# SHA-256 checked against BINARY_URL.sha256 (sha256sum's format), and unpacked. A checksum that does not match is
# an error (never a fallback); an archive that is not published, or that cannot run here, falls back to a build
# from source under binary: auto.
# In: INPUT_BINARY (auto, prebuilt), BINARY_URL, BINARY_DIR, BINARY_VERSION (binary-plan.sh's outputs).
# Out: bin-dir in $GITHUB_OUTPUT (empty: build from source).
set -euo pipefail
url="${BINARY_URL:?the URL of the archive (binary-plan.sh)}"
dir="${BINARY_DIR:?the folder to unpack into (binary-plan.sh)}"
version="${BINARY_VERSION:?the version of the tool (binary-plan.sh)}"
choice="${INPUT_BINARY:-auto}"
out="${GITHUB_OUTPUT:-/dev/null}"
unavailable() {
  if [ "$choice" = prebuilt ]; then echo "::error title=fsq-contract::binary: prebuilt, but $1"; exit 2; fi
  echo "fsq-contract: $1; building from source"
  exit 0
}
runs() { [ -x "$dir/bin/fsq-contract" ] && [ "$("$dir/bin/fsq-contract" --version 2>/dev/null)" = "$version" ]; }

if runs; then
  echo "fsq-contract: the prebuilt $version from the cache ($dir)"
else
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  fetch() { curl -fsSL --retry 2 --connect-timeout 20 -o "$2" "$1" 2>"$scratch/curl.log"; }
  fetch "$url.sha256" "$scratch/sha256" || unavailable "no checksum at $url.sha256 ($(tail -1 "$scratch/curl.log"))"
  fetch "$url" "$scratch/archive.tar.gz" || unavailable "no archive at $url ($(tail -1 "$scratch/curl.log"))"
  expected=$(awk 'NR == 1 {print $1}' "$scratch/sha256")
  actual=$(sha256sum "$scratch/archive.tar.gz" | cut -d' ' -f1)
  if [ "$expected" != "$actual" ]; then
    echo "::error title=fsq-contract::the checksum of $url is $actual, not the $expected of $url.sha256; not using it"
    exit 2
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$scratch/archive.tar.gz" -C "$dir" --strip-components=1 \
    || { echo "::error title=fsq-contract::cannot unpack $url"; exit 2; }
  if ! runs; then
    missing=$(ldd "$dir/bin/fsq-contract" 2>&1 | grep 'not found' | awk '{print $1}' | tr '\n' ' ' || true)
    rm -rf "$dir"
    unavailable "the prebuilt $version from $url does not run here${missing:+ (missing: $missing)}"
  fi
  echo "fsq-contract: the prebuilt $version from $url (sha256 $actual)"
fi
echo "bin-dir=$dir/bin" >> "$out"
