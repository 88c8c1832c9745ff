#!/usr/bin/env bash
# Installs the system packages fsq-contract needs on Debian/Ubuntu: libxml2 headers (the CLibXML2
# target) and xmllint (optional, for checking reports by hand). Safe to run again.
set -euo pipefail
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
# For the JSON Schema Test Suite in `swift test`: its remote documents and python's jsonschema (PyPI).
bash "$(dirname "$0")/fetch-json-schema-remotes.sh"
