#!/usr/bin/env bash
# Before a release: build the release archive (a static build of its own, about 18 minutes on a 2-core machine)
# and check it as a user without Swift would run it. Needs the tests' build (.build/debug) for the Action's checks,
# and the optional consumer schemas beside the checkout, as .ci/run has them.
set -euo pipefail
cd "$(dirname "$0")/.."
# The release archive: built with the Swift runtime linked statically, then checked with the
# toolchain hidden (ldd, replay, serve over HTTPS, run --live), and the Action's steps on it from a loopback server.
echo "== release archive: scripts/release.sh, then scripts/release-check.sh with the toolchain hidden"
start=$SECONDS
bash scripts/release.sh --output .build-release/dist
echo "release build: $((SECONDS - start)) s"
start=$SECONDS
bash scripts/release-check.sh ".build-release/dist/fsq-contract-$(sed -n 's/.*current = "\([^"]*\)".*/\1/p' Sources/HarnessCore/ToolVersion.swift)-linux-$(uname -m).tar.gz"
echo "release check: $((SECONDS - start)) s"
bash scripts/release-action-check.sh .build-release/dist
bash scripts/release-bundle-check.sh .build-release/dist
