#!/usr/bin/env bash
# Fuzzes the fixture loader and its JSON scanner with libFuzzer (Sources/fsq-fuzz).
#   scripts/fuzz.sh [seconds] [extra libFuzzer flags...]
# Builds into .build/fuzz (its own build folder: the sanitizers would otherwise rebuild the normal one), seeds the
# corpus from Fixtures/ and the mutation test's corpus of inputs that once failed, and runs for `seconds`
# (default 600). A finding is saved as .build/fuzz/crash-*; rerun it with `swift run fsq-fuzz FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
swift build -c release --build-path .build/fuzz --product fsq-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
corpus=.build/fuzz/corpus
mkdir -p "$corpus"
find Fixtures Tests/FuzzCorpus -name '*.json' -exec cp {} "$corpus/" \; 2>/dev/null || true
exec .build/fuzz/release/fsq-fuzz "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix=.build/fuzz/ -print_final_stats=1 "$@"
