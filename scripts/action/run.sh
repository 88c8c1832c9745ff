#!/usr/bin/env bash
# The Action's run step, in the app's workspace: runs the harness for the mode, then writes the counts
# (from the JUnit report, by `fsq-contract counts`), the report paths and the artifact name to $GITHUB_OUTPUT.
# The harness itself appends the step summary ($GITHUB_STEP_SUMMARY) and the ::error annotations; drift's
# markdown summary is appended here. Exits with the harness's status, after the outputs are written.
#
# In: FSQ_CONTRACT_BIN_DIR (from build.sh), INPUT_MODE (replay, live, drift, nightly, merge), INPUT_FIXTURES, INPUT_BASE_URL,
# INPUT_CONTRACT, INPUT_REPORT, INPUT_REPORT_DIR, INPUT_SHARD, INPUT_REPORTS (merge), INPUT_PROJECT,
# INPUT_ARTIFACT_NAME, and FSQ_API_KEY for the live modes (from the environment, never an argument).
set -uo pipefail
bin="${FSQ_CONTRACT_BIN_DIR:?the folder holding fsq-contract (the bin-dir output of build.sh)}/fsq-contract"
mode="${INPUT_MODE:-replay}"
out="${GITHUB_OUTPUT:-/dev/null}"
fail() { echo "::error title=fsq-contract::$1"; exit 2; }
only() { [ -z "$2" ] || fail "$1 is not an input of mode $mode"; }

fixture_flags=()
[ -n "${INPUT_PROJECT:-}" ] && fixture_flags+=(--project "$INPUT_PROJECT")
[ -n "${INPUT_FIXTURES:-}" ] && fixture_flags+=(--fixtures "$INPUT_FIXTURES")
[ -n "${INPUT_CONTRACT:-}" ] && fixture_flags+=(--contract "$INPUT_CONTRACT")
live_flags=()
[ -n "${INPUT_BASE_URL:-}" ] && live_flags+=(--base-url "$INPUT_BASE_URL")
suite_flags=()
[ -n "${INPUT_REPORT_DIR:-}" ] && suite_flags+=(--report-dir "$INPUT_REPORT_DIR")
[ -n "${INPUT_SHARD:-}" ] && suite_flags+=(--shard "$INPUT_SHARD")
summary=""
drift_report=""

case "$mode" in
  replay)
    only base-url "${INPUT_BASE_URL:-}"; only reports "${INPUT_REPORTS:-}"
    report="${INPUT_REPORT:-Reports/junit.xml}"
    args=(run --report "$report" "${fixture_flags[@]}" "${suite_flags[@]}") ;;
  live)
    only reports "${INPUT_REPORTS:-}"
    report="${INPUT_REPORT:-Reports/junit.xml}"
    args=(run --live --report "$report" "${fixture_flags[@]}" "${live_flags[@]}" "${suite_flags[@]}") ;;
  drift)
    only shard "${INPUT_SHARD:-}"; only report-dir "${INPUT_REPORT_DIR:-}"; only reports "${INPUT_REPORTS:-}"
    report="${INPUT_REPORT:-Reports/drift.xml}"
    summary="${report%.xml}.md"
    args=(drift --report "$report" --summary "$summary" "${fixture_flags[@]}" "${live_flags[@]}") ;;
  nightly)
    # drift and the live checks on the same answers: one call per distinct request, one budget.
    only shard "${INPUT_SHARD:-}"; only report-dir "${INPUT_REPORT_DIR:-}"; only reports "${INPUT_REPORTS:-}"
    report="${INPUT_REPORT:-Reports/junit.xml}"
    drift_report="$(dirname "$report")/drift.xml"
    summary="${drift_report%.xml}.md"
    args=(nightly --report "$report" --drift-report "$drift_report" --summary "$summary" "${fixture_flags[@]}" "${live_flags[@]}") ;;
  merge)
    only shard "${INPUT_SHARD:-}"; only base-url "${INPUT_BASE_URL:-}"
    [ -n "${INPUT_REPORTS:-}" ] || fail "merge needs reports: the shards' JUnit reports (a glob)"
    shopt -s globstar nullglob
    # shellcheck disable=SC2206 # the input is a glob: split and expanded on purpose
    inputs=(${INPUT_REPORTS})
    [ "${#inputs[@]}" -gt 0 ] || fail "reports '${INPUT_REPORTS}' matches no file"
    report="${INPUT_REPORT:-Reports/junit.xml}"
    args=(merge --output "$report" "${suite_flags[@]}" "${inputs[@]}") ;;
  *) fail "mode '$mode' is not replay, live, drift, nightly or merge" ;;
esac
# The reports a person reads (not for merge): the HTML file, CTRF JSON and a pull-request comment body beside the report.
html="" ctrf="" comment=""
if [ "$mode" != merge ]; then
  html="${report%.xml}.html" ctrf="${report%.xml}.ctrf.json" comment="${report%.xml}.pr-comment.md"
  args+=(--html "$html" --ctrf "$ctrf" --pr-comment "$comment")
fi

echo "fsq-contract ${args[*]}"
started=$(mktemp)
"$bin" "${args[@]}"
status=$?

if [ -n "$summary" ] && [ -f "$summary" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$summary" >> "$GITHUB_STEP_SUMMARY"
fi
# Counts only from a report this run wrote: an old one must not pass for this run's.
if [ -f "$report" ] && [ "$report" -nt "$started" ] && counts=$("$bin" counts "$report"); then
  echo "$counts" >> "$out"
  # merge exits 0 once the report is written; the merged run's verdict is whether any case failed or erred.
  if [ "$mode" = merge ] && [ "$status" -eq 0 ] && ! grep -qx 'failed=0' <<<"$counts"; then status=1; fi
  if [ "$mode" = merge ] && [ "$status" -eq 0 ] && ! grep -qx 'errors=0' <<<"$counts"; then status=1; fi
else
  echo "::warning title=fsq-contract::no report at $report, so no counts (the run stopped before writing it)"
  [ "$status" -eq 0 ] && status=2
fi
# What the status means, so a workflow can tell a night that could not judge (exit 3: nothing answered, a rejected
# key, an operation answering only 5xx, a budget too short) from a contract change (exit 1).
case "$status" in
  0) verdict=green ;;
  1) verdict=contract-changed ;;
  3) verdict=could-not-judge
     echo "::warning title=fsq-contract::the run could not judge the contract (exit 3); the log's last line names the cause" ;;
  *) verdict=usage-error ;;
esac
name="${INPUT_ARTIFACT_NAME:-fsq-contract-reports}"
[ -n "${INPUT_SHARD:-}" ] && name="$name-${INPUT_SHARD//\//-of-}"
{
  echo "report=$report"
  echo "report-dir=${INPUT_REPORT_DIR:-}"
  echo "artifact-name=$name"
  echo "exit-code=$status"
  echo "verdict=$verdict"
  echo "html=$html"
  echo "ctrf=$ctrf"
  echo "pr-comment-file=$comment"
} >> "$out"
# What the upload step keeps: the files and folders this run wrote, as absolute paths, one per line. Only those:
# an empty path would name the whole workspace.
upload=""
for path in "$report" "$drift_report" "$summary" "${INPUT_REPORT_DIR:-}" "$html" "$ctrf"; do
  [ -n "$path" ] && [ -e "$path" ] && [ "$path" -nt "$started" ] || continue
  case "$path" in /*) ;; *) path="$PWD/$path" ;; esac
  upload+="$path"$'\n'
done
if [ -n "$upload" ]; then
  delimiter="fsq_contract_upload_$RANDOM$RANDOM"
  { echo "upload<<$delimiter"; printf '%s' "$upload"; echo "$delimiter"; } >> "$out"
fi
# The comment's body as a multi-line output (GitHub's delimiter form), at most 65,536 characters by construction.
if [ -n "$comment" ] && [ -f "$comment" ] && [ "$comment" -nt "$started" ]; then
  delimiter="fsq_contract_comment_$RANDOM$RANDOM"
  { echo "pr-comment<<$delimiter"; cat "$comment"; echo "$delimiter"; } >> "$out"
fi
rm -f "$started"
exit "$status"
