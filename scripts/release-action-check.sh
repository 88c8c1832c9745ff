#!/usr/bin/env bash
# The Action's steps on a release archive, timed: binary-plan.sh, binary-fetch.sh (download from a loopback HTTP
# server, checksum, unpack) and run.sh (replay of the shipped Fixtures) reach a first report, with a `swift` on
# PATH that fails the check if anything calls it; then the same with the archive in the cache (a second job).
# Usage: scripts/release-action-check.sh DIST_DIR   (release.sh's output folder). Exit 1 on a mismatch, 2 if it cannot run.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="${1:-}"
[ -d "$dist" ] || { echo "release-action-check: '$dist' is not a folder; usage: scripts/release-action-check.sh DIST_DIR" >&2; exit 2; }
dist=$(cd "$dist" && pwd)
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
unset https_proxy HTTPS_PROXY http_proxy HTTP_PROXY all_proxy ALL_PROXY FSQ_API_KEY GITHUB_ACTION_REPOSITORY

python3 -c 'import functools, http.server, os, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
open(sys.argv[2] + ".tmp", "w").write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
server.serve_forever()' "$dist" "$work/port" 2>/dev/null &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "release-action-check: the loopback HTTP server did not start" >&2; exit 2; }

mkdir -p "$work/fake-bin" "$work/app" "$work/tool-cache"
printf '#!/bin/sh\necho "swift $*" >> "%s"\nexit 97\n' "$work/swift-calls" > "$work/fake-bin/swift"
chmod +x "$work/fake-bin/swift"
cp -R "$root/Fixtures" "$work/app/Fixtures"
export PATH="$work/fake-bin:$PATH" GITHUB_ACTION_PATH="$root" GITHUB_WORKSPACE="$work/app" RUNNER_TOOL_CACHE="$work/tool-cache"
export GITHUB_OUTPUT="$work/output" GITHUB_STEP_SUMMARY="$work/summary" INPUT_BINARY=prebuilt
port=$(cat "$work/port")
export INPUT_RELEASE_URL="http://127.0.0.1:$port"
output() { sed -n "s/^$1=//p" "$GITHUB_OUTPUT" | tail -1; }

job() { # LABEL: plan, fetch and run as one job of the Action would; prints its seconds
  : > "$GITHUB_OUTPUT"
  local start end
  start=$(date +%s.%N)
  bash "$root/scripts/action/binary-plan.sh" || return 2
  BINARY_URL=$(output url) BINARY_DIR=$(output dir) BINARY_VERSION=$(output version) \
    bash "$root/scripts/action/binary-fetch.sh" || return 2
  local bin_dir; bin_dir=$(output bin-dir)
  [ -n "$bin_dir" ] || { echo "release-action-check: binary-fetch.sh gave no bin-dir"; return 2; }
  (cd "$work/app" && FSQ_CONTRACT_BIN_DIR="$bin_dir" INPUT_MODE=replay bash "$root/scripts/action/run.sh" >"$work/run.log" 2>&1) \
    || { echo "release-action-check: run.sh failed: $(tail -5 "$work/run.log")"; return 1; }
  end=$(date +%s.%N)
  echo "$1: $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}') s to the first report ($(output tests) tests, $(output passed) passed)"
}
job "the Action, prebuilt (download, checksum, unpack, replay)" || exit $?
job "the Action, prebuilt from the cache (replay)" || exit $?
if [ -e "$work/swift-calls" ]; then
  echo "release-action-check: swift was called: $(cat "$work/swift-calls")"; exit 1
fi
echo "release-action-check: no swift call"
