#!/usr/bin/env bash
# Fetches what the JSON Schema Test Suite's remote references name, for the suite test in `swift test`:
# the suite's remotes/ (http://localhost:1234/...) from the jsonschema sdist on PyPI, and the 2020-12
# meta-schema with its vocabularies from jsonschema-specifications. Also installs python's jsonschema,
# the differential oracle. Into .build-suite/ (gitignored); safe to run again; needs pip and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.build-suite
version=4.26.0
pip_quiet=(pip install -q --disable-pip-version-check)

# The format checkers (rfc3339-validator, rfc3986-validator, fqdn, isoduration, …) come with the extra.
python3 -c 'import jsonschema, jsonschema_specifications, rfc3339_validator, rfc3986_validator, fqdn, isoduration' 2>/dev/null \
  || PIP_ROOT_USER_ACTION=ignore "${pip_quiet[@]}" "jsonschema[format-nongpl]==$version" jsonschema-specifications

if [ ! -f "$dest/remotes/integer.json" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  pip download -q --disable-pip-version-check --no-deps --no-binary :all: "jsonschema==$version" -d "$work"
  tar -xzf "$work/jsonschema-$version.tar.gz" -C "$work" "jsonschema-$version/json/remotes"
  rm -rf "$dest/remotes" && mkdir -p "$dest"
  mv "$work/jsonschema-$version/json/remotes" "$dest/remotes"
fi

if [ ! -f "$dest/metaschema/schema" ]; then
  specs=$(python3 -c 'import jsonschema_specifications, os; print(os.path.dirname(jsonschema_specifications.__file__))')
  rm -rf "$dest/metaschema" && mkdir -p "$dest/metaschema/meta"
  # Named as their URLs are: https://json-schema.org/draft/2020-12/schema and .../meta/<vocabulary>.
  cp "$specs/schemas/draft202012/metaschema.json" "$dest/metaschema/schema"
  cp "$specs/schemas/draft202012/vocabularies/"* "$dest/metaschema/meta/"
fi
echo "setup: JSON Schema Test Suite remotes and the 2020-12 meta-schema in $dest/"
