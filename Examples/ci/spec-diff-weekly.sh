#!/usr/bin/env bash
# The weekly job's step: fetch the provider's current OpenAPI document from a URL, compare it with the document
# the app's client was built against (fsq-contract spec-diff), and leave a markdown changelog for an issue or a
# pull request, with JUnit and JSON beside it.
#
#   FSQ_BIN=.build/release bash spec-diff-weekly.sh URL SHIPPED_DOCUMENT OUT_FOLDER
#
# Writes OUT_FOLDER/{vendor-openapi.json,changelog.md,spec-diff.xml,spec-diff.json}; with $GITHUB_OUTPUT set, adds
# `status=` (0, 1 or 2) and `changed=` (true when there is anything to tell). Exit status: spec-diff's (1: a
# breaking change for the client, 0: none), or 2 when the document cannot be fetched or read.
# Tested as a runner runs it, against a loopback server playing the vendor: Tests/EndToEndTests/spec-diff/SpecDiffTests.swift.
set -u

if [ $# -ne 3 ]; then
  echo "usage: spec-diff-weekly.sh URL SHIPPED_DOCUMENT OUT_FOLDER" >&2
  exit 2
fi
url=$1 shipped=$2 out=$3
bin=${FSQ_BIN:-.build/release}
output=${GITHUB_OUTPUT:-/dev/null}

if [ ! -x "$bin/fsq-contract" ]; then
  echo "spec-diff-weekly: $bin/fsq-contract is not built; build fsq-contract and fsq-openapi, or set FSQ_BIN" >&2
  exit 2
fi
mkdir -p "$out" || exit 2
fetched="$out/vendor-openapi.json"   # JSON or YAML: spec-diff reads either, whatever the name says
if ! curl --fail --silent --show-error --location --max-time 120 --retry 2 --output "$fetched" "$url"; then
  echo "spec-diff-weekly: cannot fetch the provider's document from $url; check the URL (the job's FSQ_OPENAPI_URL)" >&2
  echo "status=2" >> "$output"
  exit 2
fi

"$bin/fsq-contract" spec-diff "$shipped" "$fetched" \
  --markdown "$out/changelog.md" --report "$out/spec-diff.xml" --json "$out/spec-diff.json"
status=$?
echo "status=$status" >> "$output"
if [ "$status" -le 1 ] && ! grep -q '^No changes\.$' "$out/changelog.md"; then
  echo "changed=true" >> "$output"
else
  echo "changed=false" >> "$output"
fi
exit "$status"
