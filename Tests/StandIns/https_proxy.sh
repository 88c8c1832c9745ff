#!/usr/bin/env bash
# Live calls over a real network's pieces that this project did not write: the independent 2025-06-17 stand-in
# behind TLS (Python's ssl module) with a certificate from a CA made here, and a real proxy from Debian
# (tinyproxy, on 127.0.0.1 only, demanding credentials). Untrusted, each live verb fails with its one-line cause;
# with SSL_CERT_FILE or --ca-file it is green; through the proxy too, and the proxy logged the tunnels; the
# proxy's credentials appear in no output, report, summary or fixture.
# Usage: Tests/StandIns/https_proxy.sh [BIN_DIR]  (default .build/debug). Exit 1 on a mismatch, 2 if it cannot run.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bin="${1:-.build/debug}"
cli="$bin/fsq-contract"
[ -x "$cli" ] || { echo "https_proxy: $cli is missing; run 'swift build --traits Live --product fsq-contract' first"; exit 2; }
command -v openssl >/dev/null || { echo "https_proxy: openssl is needed to make the test CA"; exit 2; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
export FSQ_API_KEY=fsq-https-sentinel-0123456789abcdef
# The runner's own proxy must not carry these loopback calls away; each check sets what it needs.
unset https_proxy HTTPS_PROXY http_proxy HTTP_PROXY all_proxy ALL_PROXY no_proxy NO_PROXY
proxy_user=sentinel-proxy-user-7d2e
proxy_pass=sentinel-proxy-pass-4f9a
failures=0

# ---- a throwaway CA and a certificate for 127.0.0.1 it signed
pki="$work/pki"; mkdir -p "$pki"
ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${ec[@]}" -keyout "$pki/ca.key" -out "$pki/ca.pem" -days 2 -subj "/CN=Stand-in Test CA" \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req "${ec[@]}" -keyout "$pki/server.key" -out "$pki/server.csr" -subj "/CN=127.0.0.1" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$pki/server.ext"
openssl x509 -req -in "$pki/server.csr" -CA "$pki/ca.pem" -CAkey "$pki/ca.key" -set_serial 7 -days 2 \
  -extfile "$pki/server.ext" -out "$pki/server.pem" 2>/dev/null
[ -s "$pki/server.pem" ] || { echo "https_proxy: openssl could not make the test certificates"; exit 2; }

# ---- the stand-in behind TLS
python3 Tests/StandIns/tls_standin.py --cert "$pki/server.pem" --key "$pki/server.key" --port 0 \
  --port-file "$work/standin.port" --max-seconds 600 >>"$work/standin.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do [ -s "$work/standin.port" ] && break; sleep 0.1; done
[ -s "$work/standin.port" ] || { echo "https_proxy: the TLS stand-in did not start: $(cat "$work/standin.log")"; exit 2; }
url="https://127.0.0.1:$(cat "$work/standin.port")"

secrets=("$proxy_user" "$proxy_pass" "$(printf '%s:%s' "$proxy_user" "$proxy_pass" | base64)")
expect() { # expect WANT_EXIT|any LABEL MUST_CONTAIN -- command...
  local want=$1 label=$2 needle=$3; shift 4
  "$@" >"$work/out" 2>&1; local got=$?
  if { [ "$want" = any ] || [ "$got" -eq "$want" ]; } && grep -qF -- "$needle" "$work/out"; then
    echo "ok   $label (exit $got)"
  else
    echo "FAIL $label: exit $got (wanted $want), looking for: $needle"; tail -25 "$work/out"; failures=$((failures + 1))
  fi
  for secret in "$FSQ_API_KEY" "${secrets[@]}"; do
    if grep -rqF -- "$secret" "$work/out" "$work/reports" "$work/fixtures" 2>/dev/null; then
      echo "FAIL $label: a secret appears in the output, a report, the summary or a fixture"; failures=$((failures + 1))
    fi
  done
}
mkdir -p "$work/reports"
cp -R Fixtures "$work/fixtures"
fixtures=(--fixtures "$work/fixtures" --contract 2025-06-17)
untrusted="TLS: the certificate of 127.0.0.1:$(cat "$work/standin.port") is not trusted (issuer \"Stand-in Test CA\")"

# No call gets an answer: run --live and drift could not judge the contract (exit 3); record's fixtures were not
# recorded, its failure (exit 1).
expect 3 "run --live, untrusted" "$untrusted" -- \
  "$cli" run --live --base-url "$url" "${fixtures[@]}" --retries 0 --report "$work/reports/live0.xml"
expect 3 "drift, untrusted" "$untrusted" -- \
  "$cli" drift --base-url "$url" "${fixtures[@]}" --retries 0 --report "$work/reports/drift0.xml" --summary "$work/reports/drift0.md"
expect 1 "record, untrusted" "$untrusted" -- \
  "$cli" record --mode failed --base-url "$url" "${fixtures[@]}" --retries 0
expect 0 "run --live with SSL_CERT_FILE naming the CA" "0 failed" -- \
  env SSL_CERT_FILE="$pki/ca.pem" "$cli" run --live --base-url "$url" "${fixtures[@]}" --report "$work/reports/live1.xml"
expect 0 "drift with --ca-file" "0 breaking" -- \
  "$cli" drift --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" --report "$work/reports/drift1.xml" --summary "$work/reports/drift1.md"

# ---- a real proxy: tinyproxy from Debian, on 127.0.0.1 only, with credentials
if ! command -v tinyproxy >/dev/null; then
  as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tinyproxy-bin >/dev/null 2>&1 \
    || { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1
         as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tinyproxy-bin >/dev/null 2>&1; }
fi
command -v tinyproxy >/dev/null || { echo "https_proxy: tinyproxy could not be installed (apt-get install tinyproxy-bin)"; exit 2; }
proxy_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/tinyproxy.conf" <<CONF
Port $proxy_port
Listen 127.0.0.1
Timeout 60
LogFile "$work/tinyproxy.log"
LogLevel Connect
MaxClients 50
Allow 127.0.0.1
BasicAuth $proxy_user $proxy_pass
CONF
tinyproxy -d -c "$work/tinyproxy.conf" >>"$work/tinyproxy.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$proxy_port") 2>/dev/null && break; sleep 0.1; done
proxy="http://$proxy_user:$proxy_pass@127.0.0.1:$proxy_port"

expect 0 "run --live through tinyproxy (HTTPS_PROXY with credentials)" "0 failed" -- \
  env HTTPS_PROXY="$proxy" "$cli" run --live --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" --report "$work/reports/live2.xml"
expect 0 "drift through tinyproxy" "0 breaking" -- \
  env https_proxy="$proxy" "$cli" drift --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" \
  --report "$work/reports/drift2.xml" --summary "$work/reports/drift2.md"
# record exits 1 when it wrote fixtures (the stand-in's values differ from the shipped ones): "0 failed" is the check.
expect any "record through tinyproxy" ", 0 failed" -- \
  env HTTPS_PROXY="$proxy" "$cli" record --mode failed --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem"
tunnels=$(grep -c "CONNECT 127.0.0.1:$(cat "$work/standin.port") " "$work/tinyproxy.log" 2>/dev/null)
if [ "${tunnels:-0}" -gt 0 ]; then
  echo "ok   tinyproxy logged $tunnels CONNECT tunnels to the stand-in"
else
  echo "FAIL tinyproxy logged no tunnel: $(tail -5 "$work/tinyproxy.log" 2>/dev/null)"; failures=$((failures + 1))
fi
expect 3 "no proxy credentials is one line saying where to put them" "asks for credentials (407); put them in HTTPS_PROXY" -- \
  env HTTPS_PROXY="http://127.0.0.1:$proxy_port" \
  "$cli" run --live --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" --retries 0 --report "$work/reports/live5.xml"
# tinyproxy answers a wrong password with 401, not 407.
expect 3 "a wrong proxy password is one line naming the proxy" "check the credentials in HTTPS_PROXY" -- \
  env HTTPS_PROXY="http://$proxy_user:wrong-$proxy_pass@127.0.0.1:$proxy_port" \
  "$cli" run --live --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" --retries 0 --report "$work/reports/live3.xml"
expect 0 "NO_PROXY=127.0.0.1 goes direct (no credentials needed)" "0 failed" -- \
  env HTTPS_PROXY="http://127.0.0.1:$proxy_port" NO_PROXY=127.0.0.1 \
  "$cli" run --live --base-url "$url" "${fixtures[@]}" --ca-file "$pki/ca.pem" --report "$work/reports/live4.xml"

echo "https_proxy: $failures failure(s)"
[ "$failures" -eq 0 ]
