#!/usr/bin/env bash
# What a CI job runs to catch performance regressions: builds release, runs the CI suite
# (the run arguments in Benchmarks/ci.conf), compares it with the committed baseline
# results/baselines/ci.csv, writes a Markdown summary, and exits with compare's status:
# 0 no regression, 2 regression, 4 improvements (with --fail-on-improvement in
# SIMBENCH_COMPARE_FLAGS), 1 a results file is unusable.
#
# Usage: scripts/ci-bench.sh [--report-only] [--summary PATH] [--update-baseline]
#   --report-only      report everything, but exit 0 on regressions and improvements: CI
#                      machines are not the machine the baseline was measured on. A broken
#                      baseline (1) or a wrong outcome (3) still fails. Also
#                      SIMBENCH_REPORT_ONLY=1.
#   --summary PATH     write the Markdown summary there; by default it is appended to
#                      $GITHUB_STEP_SUMMARY when set, else written to
#                      results/ci-bench/summary.md.
#   --update-baseline  run the suite and store it as the baseline (then commit
#                      results/baselines/ci.csv); run it on the reference machine.
# Environment: SIMBENCH_COMPARE_FLAGS adds compare flags (e.g. "--threshold 10%").
set -euo pipefail
cd "$(dirname "$0")/.."

report_only=${SIMBENCH_REPORT_ONLY:-0}
summary=""
update=0
while [ $# -gt 0 ]; do
    case "$1" in
        --report-only) report_only=1 ;;
        --summary) summary=${2:?--summary needs a path}; shift ;;
        --update-baseline) update=1 ;;
        *) echo "ci-bench: unknown argument '$1'; see the top of $0" >&2; exit 64 ;;
    esac
    shift
done

started=$SECONDS
baseline=results/baselines/ci.csv
out=results/ci-bench
mkdir -p "$out"
current=$out/current.csv

echo "== ci-bench: release build"
swift build -c release --product simbench
binary=.build/release/simbench

# One argument per whitespace-separated word, comments and blank lines dropped.
mapfile -t run_args < <(sed -e 's/#.*//' Benchmarks/ci.conf | tr -s ' \t' '\n\n' | sed '/^$/d')
echo "== ci-bench: simbench run ${run_args[*]}"

if [ "$update" = 1 ]; then
    "$binary" run "${run_args[@]}" --quiet --csv "$current" --save-baseline ci
    echo "ci-bench: baseline updated: $baseline (commit it); $((SECONDS - started)) s"
    exit 0
fi

set +e
"$binary" run "${run_args[@]}" --quiet --csv "$current" > "$out/run.txt"
run_status=$?
set -e
cat "$out/run.txt"
if [ "$run_status" -ne 0 ]; then
    echo "ci-bench: simbench run failed with status $run_status" >&2
    exit "$run_status"
fi

# shellcheck disable=SC2206 # the flags are words by design
compare_flags=(${SIMBENCH_COMPARE_FLAGS:-})
echo "== ci-bench: simbench compare $baseline $current ${compare_flags[*]}"
set +e
"$binary" compare "$baseline" "$current" "${compare_flags[@]}"
status=$?
"$binary" compare "$baseline" "$current" "${compare_flags[@]}" --format markdown > "$out/summary.md" 2>&1
set -e

if [ -z "$summary" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$out/summary.md" >> "$GITHUB_STEP_SUMMARY"
    echo "ci-bench: summary appended to \$GITHUB_STEP_SUMMARY"
else
    summary=${summary:-$out/summary.md}
    if [ "$summary" != "$out/summary.md" ]; then cp "$out/summary.md" "$summary"; fi
    echo "ci-bench: summary in $summary"
fi

elapsed=$((SECONDS - started))
echo "ci-bench: compare exit status $status; $elapsed s"
if [ "$elapsed" -gt 180 ]; then
    echo "ci-bench: warning: took $elapsed s, more than the 3-minute budget; shorten Benchmarks/ci.conf" >&2
fi
if [ "$report_only" = 1 ] && { [ "$status" -eq 2 ] || [ "$status" -eq 4 ]; }; then
    echo "ci-bench: report only: not failing the build for status $status (this machine is not the baseline's)"
    exit 0
fi
exit "$status"
