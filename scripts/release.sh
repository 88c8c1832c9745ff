#!/usr/bin/env bash
# Builds the release archive: fsq-contract-<version>-linux-<arch>.tar.gz, its .sha256 (sha256sum's format), and
# fsq-contract-<version>.artifactbundle.zip with its .sha256 (for a SwiftPM binaryTarget). The Swift runtime and
# Foundation are linked statically, so the binaries run with no Swift toolchain; what they still need from the
# system (glibc, libstdc++, libcurl, libxml2, zlib…) is what `ldd` lists, written into the archive's README.
# The build has its own scratch path (not .build: the debug build and its cache stay untouched).
# Usage: scripts/release.sh [--output DIR]   (default .build-release/dist). Exit 2 on a usage or build error.
set -euo pipefail

# What is packed, and the build's traits: the one-binary layout changes each of these lines only.
EXECUTABLES=(fsq-contract)
TRAITS=Live,OpenAPI,Emulator

root="$(cd "$(dirname "$0")/.." && pwd)"
output="$root/.build-release/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || { echo "release: --output needs a folder" >&2; exit 2; }; output="$2"; shift 2 ;;
    --output=*) output="${1#--output=}"; shift ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release: unknown argument '$1'; usage: scripts/release.sh [--output DIR]" >&2; exit 2 ;;
  esac
done
scratch="${FSQ_RELEASE_SCRATCH:-$root/.build-release}"

# The version's one place is ToolVersion.swift; `fsq-contract --version` prints it too (checked below).
version=$(sed -n 's/.*current = "\([^"]*\)".*/\1/p' "$root/Sources/HarnessCore/ToolVersion.swift")
[ -n "$version" ] || { echo "release: no version in $root/Sources/HarnessCore/ToolVersion.swift" >&2; exit 2; }
[ "$(uname -s)" = Linux ] || { echo "release: builds the Linux archive only (this is $(uname -s))" >&2; exit 2; }
arch=$(uname -m)
name="fsq-contract-$version-linux-$arch"

# FoundationNetworking (URLSession) calls libcurl: the static Foundation asks the linker for -lcurl, which finds
# only a development package's libcurl.so ("cannot find -lcurl", or "undefined reference to 'curl_version'").
# A link folder holding libcurl.so -> the runtime's libcurl.so.4 lets it link against the runtime package alone
# (libcurl4, no libcurl*-dev); the binaries then need libcurl.so.4, as the README says.
curl_lib=$(/sbin/ldconfig -p 2>/dev/null | sed -n 's/^[[:space:]]*libcurl\.so\.4 (.*=> \(.*\)$/\1/p' | head -1)
[ -n "$curl_lib" ] || { echo "release: libcurl.so.4 is not installed; apt-get install libcurl4" >&2; exit 2; }
mkdir -p "$scratch/link"
ln -sfn "$curl_lib" "$scratch/link/libcurl.so"
flags=(-c release --static-swift-stdlib --traits "$TRAITS" --disable-index-store --package-path "$root"
       --scratch-path "$scratch" -Xlinker -L"$scratch/link" -Xlinker -lcurl)

for product in "${EXECUTABLES[@]}"; do
  echo "release: building $product (-c release --static-swift-stdlib --traits $TRAITS)"
  swift build "${flags[@]}" --product "$product"
done
bin=$(swift build "${flags[@]}" --show-bin-path)

# ---- the archive's tree
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
top="$stage/fsq-contract-$version"
mkdir -p "$top/bin"
for product in "${EXECUTABLES[@]}"; do
  cp "$bin/$product" "$top/bin/"
  # The DWARF goes (most of the size); the symbol table stays, so a crash backtrace still names functions.
  strip --strip-debug "$top/bin/$product"
done
printed=$("$top/bin/fsq-contract" --version)
[ "$printed" = "$version" ] || { echo "release: fsq-contract --version prints '$printed', not $version (ToolVersion.swift)" >&2; exit 2; }
if ldd "$top"/bin/* | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|not found'; then
  echo "release: a binary still needs the Swift toolchain or a missing library (listed above)" >&2; exit 2
fi
# The shipped fixtures: `serve` and a first replay work from the unpacked folder, and the CI check replays them.
cp -R "$root/Fixtures" "$top/Fixtures"
# What the system must provide: the binaries' own NEEDED entries (ldd adds what those libraries need in turn),
# and the newest glibc symbol version they use.
needs=$(readelf -d "$top"/bin/* | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u | tr '\n' ' ' | sed 's/ $//')
glibc=$(objdump -T "$top"/bin/* | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
# The contracts the fixtures are recorded under, from the folders: seed files sit beside the dated folders.
contracts=$( { find "$root/Fixtures" -mindepth 2 -maxdepth 2 -name '*.json' -print -quit | grep -q . && echo seed
  find "$root/Fixtures" -mindepth 2 -maxdepth 2 -type d -printf '%f\n' | sort -u; } | paste -sd, | sed 's/,/, /g')
cat > "$top/README" <<EOF
fsq-contract $version for Linux $arch (glibc), built $(date -u +%Y-%m-%d) with $(swift --version 2>/dev/null | head -1)

Contract tests for a Foursquare Places client: replay recorded fixtures, call live, record, grade drift, serve
an emulator. No Swift toolchain is needed: the Swift runtime and Foundation are linked in statically.

  bin/           ${EXECUTABLES[*]} (every verb: replay, live, record, drift,
                 nightly, serve, --openapi, spec-diff, fuzz)
  Fixtures/      the project's recorded fixtures (contracts: $contracts)

Try it:   bin/fsq-contract run                  (replays Fixtures/, writes Reports/junit.xml)
          bin/fsq-contract serve --port 8080    (the emulator on 127.0.0.1:8080)
          bin/fsq-contract --help

System libraries it links: $needs (glibc $glibc or later)
On Debian or Ubuntu: apt-get install libcurl4 libxml2 ca-certificates
(libcurl4t64 on Ubuntu 24.04 and later; libstdc++6, libgcc-s1, zlib1g and libc6 are always there).

Check the download: sha256sum -c $name.tar.gz.sha256
'bin/fsq-contract --version' prints $version, the version in this archive's name.
EOF

# ---- the tar.gz and its checksum
mkdir -p "$output"
output="$(cd "$output" && pwd)"
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$output/$name.tar.gz" "fsq-contract-$version"
(cd "$output" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

# ---- the SwiftPM artifact bundle: every executable an artifact, all in one bin/ so the hand-off finds its siblings
bundle="fsq-contract-$version.artifactbundle"
mkdir -p "$stage/$bundle/$name"
cp -R "$top/bin" "$stage/$bundle/$name/bin"
triple="$arch-unknown-linux-gnu"
{
  printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n'
  for i in "${!EXECUTABLES[@]}"; do
    product=${EXECUTABLES[$i]}
    separator=","; [ "$i" -eq $((${#EXECUTABLES[@]} - 1)) ] && separator=""
    printf '    "%s": {\n      "type": "executable",\n      "version": "%s",\n' "$product" "$version"
    printf '      "variants": [{ "path": "%s/bin/%s", "supportedTriples": ["%s"] }]\n    }%s\n' "$name" "$product" "$triple" "$separator"
  done
  printf '  }\n}\n'
} > "$stage/$bundle/info.json"
rm -f "$output/$bundle.zip"
(cd "$stage" && zip -q -r -X "$output/$bundle.zip" "$bundle")
(cd "$output" && sha256sum "$bundle.zip" > "$bundle.zip.sha256")

echo "release: $output/$name.tar.gz ($(du -k "$output/$name.tar.gz" | cut -f1) KiB)"
echo "release: $output/$name.tar.gz.sha256 $(cut -d' ' -f1 "$output/$name.tar.gz.sha256")"
echo "release: $output/$bundle.zip ($(du -k "$output/$bundle.zip" | cut -f1) KiB), checksum $(cut -d' ' -f1 "$output/$bundle.zip.sha256")"
echo "release: links $needs (glibc $glibc or later)"
