#!/usr/bin/env bash
# Proof that simbench's intervals hold on a re-run (the manual's Methodology, "What an
# interval holds"). It makes K runs of one release binary (the default run, whose intervals
# claim a re-run of that binary) and K runs with `--layouts 4`, each with a --layout-seed of
# its own (whose intervals claim a run on other code layouts: every function in its own
# section, relinked with ld.lld's --shuffle-sections, as `simbench ab` does), interleaved,
# then asks `simbench coverage` of each group how often one run's intervals hold the median
# of the other runs' values, per row and figure, with the spread and the totals. It passes
# when, in both groups, every figure whose interval claims 95% of a re-run (the ratios, the
# ratio net of the floor, the ns added) covers 90-99% overall and no row holds fewer than 5
# of 8 runs. Absolute times, whose interval holds one run only, are reported, not judged.
# The coverage is computed by `simbench coverage`; this script only builds and runs.
#
# Usage: scripts/coverage-proof.sh [--small] [K]
#   K: runs per group, at least 8 (default 8).
#   --small: the CI suite's scenarios (vending, workday) at 2,000 machines, for .ci/run
#     (a few minutes); by default the README's command (the default suite, 10,000 machines).
# Environment: SIMBENCH_COVERAGE_FLAGS adds run flags to every run (e.g. "--processes 10");
#   SIMBENCH_COVERAGE_DIR keeps the runs' CSVs and binaries there (default: a temporary
#   directory, removed at the end).
# Exit status: 0 when both groups pass, 1 when either fails or a build or run fails, 64 on
# bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

small=0
runs=8
for argument in "$@"; do
    case "$argument" in
        --small) small=1 ;;
        *[!0-9]* | '')
            echo "coverage-proof: unknown argument '$argument' (accepted: --small, a number of runs >= 8)" >&2
            exit 64
            ;;
        *) runs=$argument ;;
    esac
done
if [ "$runs" -lt 8 ]; then
    echo "coverage-proof: $runs runs per group: the proof needs at least 8" >&2
    exit 64
fi
if [ "$small" = 1 ]; then
    suite=(--scenario "vending,workday" --machines 2000)
else
    suite=(--machines 10000)
fi
# shellcheck disable=SC2206 # the flags are words by design
extra=(${SIMBENCH_COVERAGE_FLAGS:-})

if [ -n "${SIMBENCH_COVERAGE_DIR:-}" ]; then
    out=$SIMBENCH_COVERAGE_DIR
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out/same" "$out/layouts" "$out/bin"

started=$SECONDS
echo "coverage-proof: building the release binary"
swift build -c release --product simbench > "$out/build.log" 2>&1 || {
    echo "coverage-proof: the release build failed; see $out/build.log" >&2
    exit 1
}
cp "$(swift build -c release --show-bin-path)/simbench" "$out/bin/simbench"

# The layout group: each run relinks 4 layouts of its own (`run --layouts`, from this
# checkout; only the link step runs again after the first) from a fixed --layout-seed, so a
# re-run of the proof measures the same layouts.
layouts=4
seeds=()
for index in $(seq 1 "$runs"); do
    seeds+=("$((7919 * index))")
done
# Two processes per layout (t over 4 layouts' means of 2 processes each covered another
# layout's run 86-91% in a simulation from 48 real runs); SIMBENCH_COVERAGE_FLAGS comes after
# and may say otherwise.
processes=$((2 * layouts))

# Interleaved: a run of the one binary, then a run over the next layouts, so that a drift of
# the host over the proof's minutes reaches both groups alike.
for index in $(seq 1 "$runs"); do
    seed=${seeds[$((index - 1))]}
    echo "coverage-proof: run $index of $runs ($((SECONDS - started)) s)"
    "$out/bin/simbench" run "${suite[@]}" "${extra[@]}" --quiet --csv "$out/same/run-$index.csv" > /dev/null
    "$out/bin/simbench" run "${suite[@]}" --processes "$processes" "${extra[@]}" \
        --layouts "$layouts" --layout-seed "$seed" --quiet \
        --csv "$out/layouts/run-$index.csv" > /dev/null
done

status=0
echo
"$out/bin/simbench" coverage --label "one binary, $runs re-runs" "$out"/same/run-*.csv || status=1
echo
"$out/bin/simbench" coverage --label "$runs runs over $layouts code layouts each (layout seeds ${seeds[*]})" "$out"/layouts/run-*.csv || status=1
echo
echo "coverage-proof: $([ $status = 0 ] && echo passed || echo FAILED) in $((SECONDS - started)) s (suite: ${suite[*]} ${extra[*]})"
exit $status
