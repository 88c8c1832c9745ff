#!/usr/bin/env bash
# Compares `fsq-contract serve` with a bare Hummingbird handler serving the same fixture bytes, with wrk.
# Usage: [ROUNDS=3] [SKIP_BUILD=1] scripts/bench-emulator.sh [DURATION (default 10s)] [CONNECTIONS (default 50)]
# Needs wrk (Debian: apt-get install -y wrk). Release builds go to .build-emu-rel.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10s}"
CONNECTIONS="${2:-50}"
SCRATCH="${SCRATCH:-.build-emu-rel}"
FIXTURE="place-search/200-typical.json"
TARGET="/places/search?categories=13034,13035&limit=5&ll=40.7484,-73.9857&query=coffee&radius=1000&sort=DISTANCE"

command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }

if [ -z "${SKIP_BUILD:-}" ]; then
  swift build -c release --traits Emulator --scratch-path "$SCRATCH" --product fsq-contract
  swift build -c release --traits Emulator --scratch-path "$SCRATCH" --product fsq-emulator
  swift build -c release --traits Emulator --scratch-path "$SCRATCH" --product fsq-bench-server
fi
BIN="$(swift build -c release --traits Emulator --scratch-path "$SCRATCH" --show-bin-path)"

WORK="$(mktemp -d)"
PID=""
cleanup() { if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT

# Starts "$@" in the background, waits for its "listening on URL" line, sets PID and URL.
start() {
  : >"$WORK/out"
  "$@" >"$WORK/out" 2>/dev/null &
  PID=$!
  for _ in $(seq 1 100); do
    URL="$(sed -n 's/^listening on //p' "$WORK/out" | head -n1)"
    [ -n "$URL" ] && return 0
    sleep 0.1
  done
  echo "server did not start: $*" >&2
  exit 1
}

stop() { kill -INT "$PID"; wait "$PID" || true; PID=""; }

# Runs a warm-up and a measured wrk; prints requests/s.
measure() {
  curl -fsS -o /dev/null -H 'Authorization: bench-key' "$URL$TARGET"   # fails loudly on a non-2xx
  wrk -t2 -c"$CONNECTIONS" -d2s -H 'Authorization: bench-key' "$URL$TARGET" >/dev/null
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -H 'Authorization: bench-key' "$URL$TARGET" | tee "$WORK/wrk-$1.txt" >&2
  awk '/^Requests\/sec:/ { print $2 }' "$WORK/wrk-$1.txt"
}

# Alternate the two servers ROUNDS times so that load from other processes hits both alike; report medians.
ROUNDS="${ROUNDS:-3}"
EMULATOR_RUNS=()
BARE_RUNS=()
for round in $(seq 1 "$ROUNDS"); do
  start "$BIN/fsq-contract" serve --fixtures Fixtures --port 0
  EMULATOR_RUNS+=("$(measure "emulator-$round")")
  stop
  start "$BIN/fsq-bench-server" --fixtures Fixtures --fixture "$FIXTURE" --port 0
  BARE_RUNS+=("$(measure "bare-$round")")
  stop
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
EMULATOR="$(median "${EMULATOR_RUNS[@]}")"
BARE="$(median "${BARE_RUNS[@]}")"
RATIO="$(awk -v e="$EMULATOR" -v b="$BARE" 'BEGIN { printf "%.2f", e / b }')"
echo "emulator: $EMULATOR requests/s (runs: ${EMULATOR_RUNS[*]})"
echo "bare:     $BARE requests/s (runs: ${BARE_RUNS[*]})"
echo "ratio:    ${RATIO}x (goal >= 0.8x)"
