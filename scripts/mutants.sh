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
# FSQ_MUTANTS_JOBS=N (default 2): N copies judge the mutants at once.
# The copies and their builds are kept in .build-mutants/ (or $FSQ_MUTANTS_DIR), so a second run builds incrementally.
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

# FSQ_MUTANTS_JOBS copies (default 2) judge the mutants at once, each in its own folder: worker 1 in $work/src and
# $work/build, worker K in $work/src-K and $work/build-K. A mutant's rebuild (one module and the link) and its replay
# each keep about one core busy, so on 2 cores two copies judge about twice as many mutants a minute; each copy's
# cold build is paid once (docs/benchmarks.md). Every mutant is still built and replayed on its own.
jobs=${FSQ_MUTANTS_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "mutants.sh: FSQ_MUTANTS_JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
rows=()
while IFS= read -r row; do
  id=${row%%$'\t'*}
  if [ -n "$only" ] && [[ ",$only," != *",$id,"* ]]; then continue; fi
  rows+=("$row")
done < <(python3 "$helper" rows "$table")
[ "$jobs" -le "${#rows[@]}" ] || jobs=$(( ${#rows[@]} > 0 ? ${#rows[@]} : 1 ))

# worker K: its copy's folders, set in src, scratch and out (its logs and reports).
worker() {
  if [ "$1" -eq 1 ]; then src="$work/src" scratch="$work/build" out="$work"
  else src="$work/src-$1" scratch="$work/build-$1" out="$work/worker-$1"; fi
}
build() {
  swift build --package-path "$src" --scratch-path "$scratch" --traits Harness --product fsq-contract \
    --disable-index-store -debug-info-format none >"$out/build.log" 2>&1
}
replay() {
  (cd "$src" && timeout 120 "$scratch/debug/fsq-contract" run --report "$out/junit.xml" >"$out/replay.log" 2>&1)
}

# run_worker K: the copy set up, built and replayed unmutated, then every JOBS-th mutant from the K-th; one line a
# mutant in $out/results: its index, its category, its id and its printed line.
run_worker() {
  local k=$1 began index id file kind reason outcome category rc
  worker "$k"
  mkdir -p "$src" "$scratch" "$out"
  : >"$out/results"
  python3 "$helper" sync "$root" "$src"
  # The dependencies already resolved for the main job, so the copy builds without the network.
  for dep in checkouts repositories workspace-state.json; do
    if [ -e "$root/.build/$dep" ] && [ ! -e "$scratch/$dep" ]; then cp -R "$root/.build/$dep" "$scratch/"; fi
  done
  if [ -f "$root/Package.resolved" ]; then cp -p "$root/Package.resolved" "$src/"; fi
  began=$SECONDS
  build || { tail -30 "$out/build.log"; echo "mutants.sh: the unmutated copy does not build (above)" >&2; return 1; }
  replay || { tail -20 "$out/replay.log"; echo "mutants.sh: the unmutated copy does not replay green (above)" >&2; return 1; }
  echo "mutants: copy $k of $jobs builds and replays green unmutated ($((SECONDS - began)) s)"
  for ((index = k - 1; index < ${#rows[@]}; index += jobs)); do
    IFS=$'\t' read -r id file kind reason <<<"${rows[$index]}"
    began=$SECONDS
    python3 "$helper" apply "$src" "$table" "$id"
    if ! build; then
      outcome="STILLBORN (does not compile: $(grep -m1 'error:' "$out/build.log" | sed 's/^.*error: //'))"
      category=stillborn
    else
      set +e; replay; rc=$?; set -e
      case $rc in
        1) outcome="killed by $(python3 "$helper" first-failure "$out/junit.xml")"; category=killed
           [ "$reason" = "-" ] || category="killed-despite-reason" ;;
        0) if [ "$reason" != "-" ]; then outcome="survived, justified: $reason"; category=justified
           else outcome="SURVIVED"; category="survived:$kind"; fi ;;
        *) outcome="BROKEN (the replay exited $rc$([ $rc = 124 ] && echo ', after 120 s'))"; category=broken ;;
      esac
    fi
    python3 "$helper" restore "$root" "$src" "$file"
    printf '%s\t%s\t%s\t%-34s %3ss  %s\n' "$index" "$category" "$id" "$id" "$((SECONDS - began))" "$outcome" >>"$out/results"
  done
  # No build after the last restore: the next run syncs the copy and builds it unmutated first anyway (CI's minutes).
}

start=$SECONDS
worker_pids=()
for ((k = 1; k <= jobs; k++)); do
  run_worker "$k" &
  worker_pids+=($!)
done
# Workers already ended make kill fail: the trap must not turn a passing run's status into 1 (set -e).
trap 'kill "${worker_pids[@]}" 2>/dev/null || true' EXIT
failed=0
for pid in "${worker_pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" -eq 0 ] || exit 1

total=0 killed=0 survived=0 justified=0 stillborn=0 broken=0
unjustified=() notes=()
# Every worker's lines, in the table's order.
while IFS=$'\t' read -r _ category id line; do
  total=$((total + 1))
  case $category in
    killed) killed=$((killed + 1)) ;;
    killed-despite-reason) killed=$((killed + 1)); notes+=("$id is killed: its written reason no longer holds") ;;
    justified) justified=$((justified + 1)) ;;
    survived:*) survived=$((survived + 1)); unjustified+=("$id (survived: ${category#survived:})") ;;
    stillborn) stillborn=$((stillborn + 1)); unjustified+=("$id (stillborn)") ;;
    *) broken=$((broken + 1)); unjustified+=("$id (broken run)") ;;
  esac
  printf '%s\n' "$line"
done < <(for ((k = 1; k <= jobs; k++)); do worker "$k"; cat "$out/results"; done | sort -s -n -k1,1)
[ "$total" -eq "${#rows[@]}" ] || { echo "mutants.sh: ${#rows[@]} mutants to judge, $total judged" >&2; exit 1; }

judged=$((total - stillborn - broken - justified))
echo "mutants: $total run in $jobs copies; killed $killed of $judged judged ($survived survived), $justified justified in writing, $stillborn stillborn, $broken broken ($((SECONDS - start)) s)"
for note in "${notes[@]+"${notes[@]}"}"; do echo "note: $note"; done
if [ ${#unjustified[@]} -gt 0 ]; then
  echo "mutants.sh: not killed and not justified: ${unjustified[*]}" >&2
  exit 1
fi
