#!/usr/bin/env bash
# The mutation suite: plausible one-line bugs in the client (Sources/FoursquarePlaces), declared as data in
# scripts/mutants/mutants.tsv and found by a token, not a line number. Each is applied in a copy of the package
# (never the working tree), built with --traits Harness, and the shipped fixtures replayed:
#   killed     the replay exits 1 (a check went red)
#   survived   the replay exits 0; allowed only with the written reason, in the table, that no replay check can see it
#   stillborn  the mutant does not compile: not a kill (the table must declare bugs that build)
#   broken     the replay ended otherwise (another exit code, a crash, 120 s without an answer): not a kill
# Exits 1 when a token is not found exactly once, or a mutant survives unjustified, is stillborn or broken.
#
# Usage: bash scripts/mutants.sh [--only ID[,ID…]] [--list]
# The copy and its build are kept in .build-mutants/ (or $FSQ_MUTANTS_DIR), so a second run builds incrementally.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
table="$root/scripts/mutants/mutants.tsv"
helper="$root/scripts/mutants/mutate.py"
work=${FSQ_MUTANTS_DIR:-$root/.build-mutants}
only="" list=no
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=${2:?--only needs mutant ids, comma-separated}; shift 2 ;;
    --list) list=yes; shift ;;
    *) echo "mutants.sh: unknown argument '$1' (use --only ID[,ID…] or --list)" >&2; exit 2 ;;
  esac
done

python3 "$helper" check "$root" "$table" || { echo "mutants.sh: $table does not match the code (above)" >&2; exit 1; }
if [ "$list" = yes ]; then python3 "$helper" rows "$table"; exit 0; fi

src="$work/src" scratch="$work/build"
mkdir -p "$src" "$scratch"
python3 "$helper" sync "$root" "$src"
# The dependencies already resolved for the main job, so the copy builds without the network.
for dep in checkouts repositories workspace-state.json; do
  [ -e "$root/.build/$dep" ] && [ ! -e "$scratch/$dep" ] && cp -R "$root/.build/$dep" "$scratch/"
done
[ -f "$root/Package.resolved" ] && cp -p "$root/Package.resolved" "$src/"

build() {
  swift build --package-path "$src" --scratch-path "$scratch" --traits Harness --product fsq-contract \
    --disable-index-store -debug-info-format none >"$work/build.log" 2>&1
}
replay() {
  (cd "$src" && timeout 120 "$scratch/debug/fsq-contract" run --report "$work/junit.xml" >"$work/replay.log" 2>&1)
}

start=$SECONDS
build || { tail -30 "$work/build.log"; echo "mutants.sh: the unmutated copy does not build (above)" >&2; exit 1; }
replay || { tail -20 "$work/replay.log"; echo "mutants.sh: the unmutated copy does not replay green (above)" >&2; exit 1; }
echo "mutants: the unmutated copy builds and replays green ($((SECONDS - start)) s)"

total=0 killed=0 survived=0 justified=0 stillborn=0 broken=0
unjustified=() notes=()
while IFS=$'\t' read -r -u 3 id file kind reason; do
  if [ -n "$only" ] && [[ ",$only," != *",$id,"* ]]; then continue; fi
  total=$((total + 1))
  began=$SECONDS
  python3 "$helper" apply "$src" "$table" "$id"
  if ! build; then
    outcome="STILLBORN (does not compile: $(grep -m1 'error:' "$work/build.log" | sed 's/^.*error: //'))"
    stillborn=$((stillborn + 1)); unjustified+=("$id (stillborn)")
  else
    set +e; replay; rc=$?; set -e
    case $rc in
      1) outcome="killed by $(python3 "$helper" first-failure "$work/junit.xml")"; killed=$((killed + 1))
         [ "$reason" != "-" ] && notes+=("$id is killed: its written reason no longer holds") ;;
      0) if [ "$reason" != "-" ]; then outcome="survived, justified: $reason"; justified=$((justified + 1))
         else outcome="SURVIVED"; survived=$((survived + 1)); unjustified+=("$id (survived: $kind)"); fi ;;
      *) outcome="BROKEN (the replay exited $rc$([ $rc = 124 ] && echo ', after 120 s'))"
         broken=$((broken + 1)); unjustified+=("$id (broken run)") ;;
    esac
  fi
  python3 "$helper" restore "$root" "$src" "$file"
  printf '%-34s %3ss  %s\n' "$id" "$((SECONDS - began))" "$outcome"
done 3< <(python3 "$helper" rows "$table")
# The copy left as the package is, so the next run starts from a clean build.
build || true

judged=$((total - stillborn - broken - justified))
echo "mutants: $total run; killed $killed of $judged judged ($survived survived), $justified justified in writing, $stillborn stillborn, $broken broken ($((SECONDS - start)) s)"
for note in "${notes[@]+"${notes[@]}"}"; do echo "note: $note"; done
if [ ${#unjustified[@]} -gt 0 ]; then
  echo "mutants.sh: not killed and not justified: ${unjustified[*]}" >&2
  exit 1
fi
