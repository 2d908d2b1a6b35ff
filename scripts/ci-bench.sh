#!/usr/bin/env bash
# What a CI job runs to catch performance regressions: builds release, runs the CI suite
# (the run arguments in Benchmarks/ci.conf), compares it with the committed baseline
# results/baselines/ci.csv, writes a Markdown summary, and exits with compare's status:
# 0 no regression, 2 regression, 4 improvements (with --fail-on-improvement in
# SIMBENCH_COMPARE_FLAGS), 1 a results file is unusable.
#
# With --against REF it measures the working tree against the commit REF on this host, in
# the same minutes (`simbench ab`), instead of comparing with the committed baseline: the mode
# for shared CI runners, where absolute times drift between hours. The baseline mode stays for
# fixed machines.
#
# Usage: scripts/ci-bench.sh [--against REF [--pairs K]] [--report-only] [--summary PATH]
#                            [--update-baseline]
#   --against REF      simbench ab --base REF: both builds' CI suite in alternating processes;
#                      CSVs and report.md in results/ci-bench/ab/.
#   --pairs K          with --against: pairs of runs (simbench ab's default otherwise).
#   --history PATH     run the suite, append its rows to the history CSV PATH (created if
#                      missing), and export that run for github-action-benchmark into
#                      results/ci-bench/github-benchmark.json (export --run latest); no compare.
#                      Where valgrind is installed, the rows carry counts too (--instructions
#                      callgrind, after the timed rounds): the history's figures that do not
#                      drift.
#   --shard I/N        run the I-th of N parts of the suite into results/ci-bench/part-I.csv,
#                      for a CI matrix (simbench merge joins the parts); no compare.
#   --report-only      report everything, but exit 0 on regressions and improvements: CI
#                      machines are not the machine the baseline was measured on. A broken
#                      baseline (1) or a wrong outcome (3) still fails. Also
#                      SIMBENCH_REPORT_ONLY=1.
#   --summary PATH     write the Markdown summary there; by default it is appended to
#                      $GITHUB_STEP_SUMMARY when set, else written to
#                      results/ci-bench/summary.md.
#   --update-baseline  run the suite and store it as the baseline (then commit
#                      results/baselines/ci.csv); run it on the reference machine.
#   --counted          the counted leg: the suite with `--instructions callgrind` (one timed
#                      round; scripts/ci-suite.sh), compared with the counted baseline
#                      results/baselines/ci-counted.csv (with --update-baseline: stored there).
#                      Counts do not drift with the machine, so this leg gates: any change of
#                      instructions or estimated cycles per event beyond 1% fails it. Its
#                      summary: results/ci-bench/counted-summary.md (or as --summary says).
# Environment: SIMBENCH_COMPARE_FLAGS adds compare flags (e.g. "--threshold 10%").
#   SIMBENCH_PLANTED_FAILURE=1, with --counted only: the counted leg's planted failure, which
#   .ci/run requires to fail: the suite is compared with a copy of the counted baseline whose
#   first pattern row counts 5% fewer instructions per event, so that the run holds a +5%
#   regression of instructions, which the leg must flag (exit status 2); its files go to
#   results/ci-bench/planted/, the baseline is not touched.
#
# It measures the Swift package in the working directory (run it from the package's root),
# whose executable product SIMBENCH_PRODUCT names: `simbench` here; a package of one's own
# sets its tool's name (its `main` over its own catalog), runs this script from its
# simbench dependency, and keeps its CI suite in its own Benchmarks/ci.conf and its baselines
# in its own results/baselines/ (the manual's CI article, "A package of your own").
set -euo pipefail

# The tool's executable product: the one thing a package of one's own changes.
SIMBENCH_PRODUCT=${SIMBENCH_PRODUCT:-simbench}

# This script's helpers are beside it; the package measured is the working directory's.
scripts=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/exit-status.sh
source "$scripts/exit-status.sh"
if [ ! -f Package.swift ]; then
    echo "ci-bench: no Package.swift in $PWD; run it from the root of the package whose product $SIMBENCH_PRODUCT it measures" >&2
    exit "$exit_usage"
fi

report_only=${SIMBENCH_REPORT_ONLY:-0}
summary=""
update=0
against=""
pairs=()
history=""
shard=""
counted=0
while [ $# -gt 0 ]; do
    case "$1" in
        --against) against=${2:?--against needs a git commit, branch or tag}; shift ;;
        --pairs) pairs=(--pairs "${2:?--pairs needs a number}"); shift ;;
        --history) history=${2:?--history needs a path}; shift ;;
        --shard) shard=${2:?--shard needs I/N}; shift ;;
        --report-only) report_only=1 ;;
        --summary) summary=${2:?--summary needs a path}; shift ;;
        --update-baseline) update=1 ;;
        --counted) counted=1 ;;
        *) echo "ci-bench: unknown argument '$1'; see the top of $0" >&2; exit "$exit_usage" ;;
    esac
    shift
done

started=$SECONDS
baseline_name=ci
out=results/ci-bench
mkdir -p "$out"
current=$out/current.csv
# shellcheck source=scripts/ci-suite.sh
source "$scripts/ci-suite.sh"
if [ ! -f "$ci_suite_file" ]; then
    echo "ci-bench: no $ci_suite_file in $PWD: the CI suite's run arguments ($SIMBENCH_PRODUCT run --suite $ci_suite_file), one or more a line" >&2
    exit "$exit_usage"
fi
run_args=("${ci_suite_args[@]}")
if [ "$counted" = 1 ]; then
    if [ -n "$against$history$shard" ]; then
        echo "ci-bench: --counted goes with the baseline mode only (not --against, --history, --shard)" >&2
        exit "$exit_usage"
    fi
    needs_valgrind ci-bench
    baseline_name=ci-counted
    current=$out/counted.csv
    run_args+=("${counted_args[@]}")
fi
baseline=results/baselines/$baseline_name.csv
if [ "${SIMBENCH_PLANTED_FAILURE:-}" = 1 ]; then
    if [ "$counted" != 1 ] || [ "$update" = 1 ]; then
        echo "ci-bench: SIMBENCH_PLANTED_FAILURE=1 goes with --counted alone (a comparison with the counted baseline)" >&2
        exit "$exit_usage"
    fi
    out=results/ci-bench/planted
    mkdir -p "$out"
    current=$out/counted.csv
    planted_baseline=$out/ci-counted-planted.csv
    python3 - "$baseline" "$planted_baseline" <<'PY'
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8") as handle:
    reader = csv.DictReader(handle)
    header, rows = reader.fieldnames, list(reader)
row = next(row for row in rows if row["role"] == "pattern")
row["instructions_per_event"] = repr(float(row["instructions_per_event"]) * 0.95)
with open(sys.argv[2], "w", newline="", encoding="utf-8") as handle:
    writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
print(f"ci-bench: planted failure: {row['scenario']}.{row['variant']} counts 5% fewer instructions in the baseline's copy {sys.argv[2]}")
PY
    baseline=$planted_baseline
fi

echo "== ci-bench: release build of $SIMBENCH_PRODUCT"
swift build -c release --product "$SIMBENCH_PRODUCT"
binary=$(swift build -c release --show-bin-path)/$SIMBENCH_PRODUCT

echo "== ci-bench: $SIMBENCH_PRODUCT run ${run_args[*]}"

# shellcheck disable=SC2206 # the flags are words by design
compare_flags=(${SIMBENCH_COMPARE_FLAGS:-})

publish() { # the Markdown report: to the job summary, or to a file
    if [ -z "$summary" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        cat "$1" >> "$GITHUB_STEP_SUMMARY"
        echo "ci-bench: summary appended to \$GITHUB_STEP_SUMMARY"
    else
        summary=${summary:-$1}
        if [ "$summary" != "$1" ]; then cp "$1" "$summary"; fi
        echo "ci-bench: summary in $summary"
    fi
}

if [ -n "$history" ]; then
    if command -v valgrind > /dev/null; then
        run_args+=(--instructions callgrind)
    else
        echo "ci-bench: valgrind not found: the history gets no counts (apt-get install valgrind)" >&2
    fi
    "$binary" run "${run_args[@]}" --csv "$current" --append "$history"
    "$binary" export "$history" --run latest --format github --out "$out/github-benchmark.json"
    echo "ci-bench: appended to $history; $((SECONDS - started)) s"
    exit "$exit_success"
fi

if [ -n "$shard" ]; then
    "$binary" run "${run_args[@]}" --shard "$shard" --csv "$out/part-${shard%/*}.csv"
    echo "ci-bench: shard $shard in $out/part-${shard%/*}.csv; $((SECONDS - started)) s"
    exit "$exit_success"
fi

if [ -n "$against" ]; then
    if [ "$update" = 1 ]; then
        echo "ci-bench: --against and --update-baseline exclude each other" >&2
        exit "$exit_usage"
    fi
    echo "== ci-bench: $SIMBENCH_PRODUCT ab --base $against ${pairs[*]} ${compare_flags[*]}"
    set +e
    # No run arguments: ab's default is the CI suite, read from Benchmarks/ci.conf by simbench
    # and handed to both builds as words (the base's simbench may predate `run --suite`).
    "$binary" ab --base "$against" "${pairs[@]}" "${compare_flags[@]}" --output "$out/ab"
    status=$?
    set -e
    if [ -f "$out/ab/report.md" ]; then
        cp "$out/ab/report.md" "$out/summary.md"
        publish "$out/summary.md"
    fi
    echo "ci-bench: ab exit status $status; $((SECONDS - started)) s"
    if [ "$report_only" = 1 ] && { [ "$status" -eq "$exit_regression" ] || [ "$status" -eq "$exit_improvement" ]; }; then
        echo "ci-bench: report only: not failing the build for status $status"
        exit "$exit_success"
    fi
    exit "$status"
fi

if [ "$update" = 1 ]; then
    "$binary" run "${run_args[@]}" --csv "$current" --save-baseline "$baseline_name"
    echo "ci-bench: baseline updated: $baseline (commit it); $((SECONDS - started)) s"
    exit "$exit_success"
fi

set +e
"$binary" run "${run_args[@]}" --csv "$current" > "$out/run.txt"
run_status=$?
set -e
cat "$out/run.txt"
if [ "$run_status" -ne "$exit_success" ]; then
    echo "ci-bench: $SIMBENCH_PRODUCT run failed with status $run_status" >&2
    exit "$run_status"
fi

echo "== ci-bench: $SIMBENCH_PRODUCT compare $baseline $current ${compare_flags[*]}"
set +e
"$binary" compare "$baseline" "$current" "${compare_flags[@]}"
status=$?
markdown=$out/summary.md
if [ "$counted" = 1 ]; then markdown=$out/counted-summary.md; fi
"$binary" compare "$baseline" "$current" "${compare_flags[@]}" --format markdown > "$markdown" 2>&1
set -e

publish "$markdown"

elapsed=$((SECONDS - started))
echo "ci-bench: compare exit status $status; $elapsed s"
if [ "$elapsed" -gt 180 ]; then
    echo "ci-bench: warning: took $elapsed s, more than the 3-minute budget; shorten Benchmarks/ci.conf" >&2
fi
if [ "$report_only" = 1 ] && { [ "$status" -eq "$exit_regression" ] || [ "$status" -eq "$exit_improvement" ]; }; then
    echo "ci-bench: report only: not failing the build for status $status (this host is not the baseline's)"
    exit "$exit_success"
fi
exit "$status"
