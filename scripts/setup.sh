#!/usr/bin/env bash
# Installs the system packages fsq-contract needs on Debian/Ubuntu: libxml2 headers (the CLibXML2
# target) and xmllint (optional, for checking reports by hand). Safe to run again.
# --tests: also what only `swift test` needs (python's jsonschema and the JSON Schema Test Suite's remote
# documents, from PyPI), so the main job spends no network time on them.
set -euo pipefail
tests=no
case "${1:-}" in
  "") ;;
  --tests) tests=yes ;;
  *) echo "setup.sh: unknown argument '$1' (use no argument for the main job, --tests before swift test)" >&2; exit 2 ;;
esac
need=()
dpkg -s libxml2-dev >/dev/null 2>&1 || need+=(libxml2-dev)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if [ ${#need[@]} -eq 0 ]; then
  echo "setup: system packages already present"
else
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
# For the JSON Schema Test Suite and the differential oracles in `swift test`: python's jsonschema and the
# suite's remote documents (PyPI).
if [ "$tests" = yes ]; then bash "$(dirname "$0")/fetch-json-schema-remotes.sh"; fi
