#!/usr/bin/env bash
# Proves a release archive runs with no Swift toolchain: in a private mount namespace (unshare -m) with an empty
# folder bound over the toolchain's, `ldd` lists no Swift library; the shipped Fixtures replay to the same report
# as the debug build's (times apart); `serve` runs the emulator over HTTPS with a certificate from a test CA made
# here; and `run --live` against it, trusting that CA, passes.
# Usage: scripts/release-check.sh ARCHIVE [DEBUG_BIN_DIR]   (default .build/debug, for the reference report).
# Needs root (or user namespaces) for unshare, and openssl. Exit 1 on a mismatch, 2 if it cannot run.
set -uo pipefail
archive="${1:-}"
debug="${2:-.build/debug}"
[ -f "$archive" ] || { echo "release-check: '$archive' is not a file; usage: scripts/release-check.sh ARCHIVE [DEBUG_BIN_DIR]" >&2; exit 2; }
[ -x "$debug/fsq-contract" ] || { echo "release-check: $debug/fsq-contract is not built (the reference replay); run 'swift build --traits Harness' first" >&2; exit 2; }
command -v openssl >/dev/null || { echo "release-check: openssl is needed to make the test CA" >&2; exit 2; }
swift_bin=$(command -v swift) || { echo "release-check: no swift on PATH, so no toolchain folder to hide" >&2; exit 2; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swift_bin")")")
debug=$(cd "$debug" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$archive" || { echo "release-check: cannot unpack $archive" >&2; exit 2; }
top=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'fsq-contract-*' | head -1)
[ -n "$top" ] && [ -x "$top/bin/fsq-contract" ] || { echo "release-check: $archive holds no fsq-contract-*/bin/fsq-contract" >&2; exit 2; }
[ -d "$top/Fixtures" ] || { echo "release-check: $archive ships no Fixtures/" >&2; exit 2; }

# The reference: the debug build replays the same fixtures from the same folder, with the toolchain visible.
(cd "$top" && "$debug/fsq-contract" run --no-project --fixtures Fixtures --report "$work/debug.xml" >"$work/debug.log" 2>&1) \
  || { echo "release-check: the debug build's replay failed: $(tail -3 "$work/debug.log")" >&2; exit 2; }

# A throwaway CA and a certificate for 127.0.0.1 it signed.
pki="$work/pki"; mkdir -p "$pki"
ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${ec[@]}" -keyout "$pki/ca.key" -out "$pki/ca.pem" -days 2 -subj "/CN=Release Check Test CA" \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req "${ec[@]}" -keyout "$pki/server.key" -out "$pki/server.csr" -subj "/CN=127.0.0.1" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$pki/server.ext"
openssl x509 -req -in "$pki/server.csr" -CA "$pki/ca.pem" -CAkey "$pki/ca.key" -set_serial 7 -days 2 \
  -extfile "$pki/server.ext" -out "$pki/server.pem" 2>/dev/null
[ -s "$pki/server.pem" ] || { echo "release-check: openssl could not make the test certificates" >&2; exit 2; }

# The checks, run with the toolchain hidden. Their own exit status is this script's.
cat > "$work/hidden.sh" <<'HIDDEN'
set -uo pipefail
toolchain=$1 top=$2 work=$3
mkdir -p "$work/empty"
mount --bind "$work/empty" "$toolchain" || { echo "release-check: cannot bind an empty folder over $toolchain"; exit 2; }
[ -z "$(ls -A "$toolchain")" ] && ! command -v swift >/dev/null 2>&1 \
  || { echo "release-check: the toolchain at $toolchain is still visible"; exit 2; }
echo "ok   the toolchain at $toolchain is hidden (swift: not found)"
failures=0
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
cd "$top" || exit 2

# 1. No Swift library, and nothing missing.
ldd bin/* >"$work/ldd.txt" 2>&1
if grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU|not found' "$work/ldd.txt"; then
  fail "ldd lists a Swift library or a missing one (above)"
else
  echo "ok   ldd: no Swift library; links $(awk '/=>/ {print $1}' "$work/ldd.txt" | sort -u | tr '\n' ' ')"
fi

# 2. The shipped fixtures replay to the debug build's report, apart from times.
bin/fsq-contract run --no-project --fixtures Fixtures --report "$work/release.xml" >"$work/replay.log" 2>&1
status=$?
untimed() { sed -E 's/ (time|timestamp)="[^"]*"//g; s/ hostname="[^"]*"//g' "$1"; }
if [ "$status" -ne 0 ]; then
  fail "replay exited $status: $(tail -3 "$work/replay.log")"
elif ! diff <(untimed "$work/debug.xml") <(untimed "$work/release.xml") >"$work/report.diff"; then
  fail "the replay's report differs from the debug build's:"; head -20 "$work/report.diff"
else
  echo "ok   replay: exit 0, $(grep -c '<testcase ' "$work/release.xml") test cases, the debug build's report apart from times"
fi

# 3. serve (the emulator) over HTTPS, and 4. run --live against it trusting the test CA.
bin/fsq-contract serve --fixtures Fixtures --port 0 --tls-cert "$work/pki/server.pem" --tls-key "$work/pki/server.key" \
  >"$work/serve.log" 2>&1 &
serve=$!
url=""
for _ in $(seq 1 200); do
  url=$(sed -n 's/^listening on \(https:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$work/serve.log" | head -1)
  [ -n "$url" ] && break
  kill -0 "$serve" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  fail "serve printed no 'listening on https://127.0.0.1:PORT': $(tail -3 "$work/serve.log")"
else
  echo "ok   serve: the emulator is $url"
  FSQ_API_KEY=fsq-release-check-sentinel-0123456789 bin/fsq-contract run --live --no-project --fixtures Fixtures \
    --base-url "$url" --ca-file "$work/pki/ca.pem" --report "$work/live.xml" >"$work/live.log" 2>&1
  status=$?
  if [ "$status" -ne 0 ]; then
    fail "run --live against serve exited $status: $(tail -5 "$work/live.log")"
  elif grep -rqF fsq-release-check-sentinel "$work/live.log" "$work/live.xml"; then
    fail "run --live printed or reported the key"
  else
    echo "ok   run --live over HTTPS with the test CA: exit 0, $(grep -c '<testcase ' "$work/live.xml") test cases"
  fi
fi
kill "$serve" 2>/dev/null; wait "$serve" 2>/dev/null
[ "$failures" -eq 0 ] || exit 1
HIDDEN
unshare -m --propagation private bash "$work/hidden.sh" "$toolchain" "$top" "$work"
status=$?
case $status in
  0) echo "release-check: $(basename "$archive") runs with no Swift toolchain" ;;
  1) echo "release-check: $(basename "$archive") failed a check (above)" ;;
  *) echo "release-check: could not run the checks (exit $status)" ;;
esac
exit "$status"
