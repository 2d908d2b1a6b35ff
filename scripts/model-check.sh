#!/usr/bin/env bash
# The cost model judged on this host: simbench host's prices (every mechanism variant timed
# and counted: each cost's latency and throughput price), then a counted run of vending,
# workday, validation (scan), marks and optional-views from the same binary with --prices,
# and the table of each pattern's measured CPU ns added and 95% interval beside its
# predicted point and interval (scripts/model_table.py). The model is never tuned per
# pattern: its prices come from the mechanism variants alone.
#
# It judges three criteria (model_table.py): the predicted point inside the measured
# interval for at least 80% of the patterns; the two intervals overlapping for at least 95%;
# the predicted intervals' median width at most 2.5 times the measured ones'.
#
# Usage: scripts/model-check.sh [--small] [--tries N] [--keep DIR] [--record N] [OUT.md]
#   --small      the size .ci/run checks: 200 machines a run (the default is 1,000)
#   --tries N    at most N checks, each its own prices and run, until one meets every
#                criterion (default 1): the check is a judgement on timings, and one that
#                meets every criterion most of the time on a host (the Methodology's count)
#                fails N in a row far more rarely; a price list the patterns do not follow
#                fails every one. Each check's line is printed; the last one's table.
#   --keep DIR   keep the prices and the run as DIR/prices.csv and DIR/run.csv
#   --record N   keep them in the gallery as results/hosts/model/HOST-run-N.csv and
#                HOST-prices-N.csv (HOST: scripts/figures.py host-name), whatever the verdict;
#                scripts/figures.py write then puts them in the README and the Methodology
#   OUT.md       the table also goes to OUT.md
# Run it on a quiet host, from a release build: its figures are timings. SIMBENCH names the
# binary (default .build/release/simbench); SIMBENCH_HOST_FLAGS adds flags to `host` and
# SIMBENCH_RUN_FLAGS to `run`. SIMBENCH_PLANTED_FAILURE=1 plants a fault for the gates'
# self-test (scripts/gates-selftest.sh), at a small size (host at 2,000 lists over 3
# processes, then vending alone at 200 machines): every mechanism variant's ns added tripled in
# the prices file before the run reads it, a price list the patterns do not follow, which the
# criteria must refuse.
#
# Exit status: 0 every criterion met ("model-check: passed"); 1 one not met ("model-check:
# FAILED", the criteria's line above it); 2 a step could not run (its own message on
# stderr); 64 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/model-check.sh [--small] [--tries N] [--keep DIR] [--record N] [OUT.md]"
machines=1000
tries=1
keep=""
record=""
out=""
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --small) machines=200 ;;
        --tries)
            case ${2:-} in
                '' | *[!0-9]* | 0) echo "model-check: --tries needs a number of checks (1, 2, …); $usage" >&2; exit 64 ;;
            esac
            tries=$2
            shift
            ;;
        --keep)
            [ $# -ge 2 ] || { echo "model-check: --keep needs a directory; $usage" >&2; exit 64; }
            keep=$2
            shift
            ;;
        --record)
            case ${2:-} in
                '' | *[!0-9]*) echo "model-check: --record needs a run number (1, 2, …); $usage" >&2; exit 64 ;;
            esac
            record=$2
            shift
            ;;
        -*) echo "model-check: unknown option '$1'; $usage" >&2; exit 64 ;;
        *)
            [ -z "$out" ] || { echo "model-check: one OUT.md at most; $usage" >&2; exit 64; }
            out=$1
            ;;
    esac
    shift
done
if [ -n "$record" ] && [ "$tries" -gt 1 ]; then
    echo "model-check: --record keeps one check, whatever its verdict: not with --tries; $usage" >&2
    exit 64
fi
binary=${SIMBENCH:-.build/release/simbench}
read -r -a host_flags <<< "${SIMBENCH_HOST_FLAGS:-}"
read -r -a run_flags <<< "${SIMBENCH_RUN_FLAGS:-}"
scenarios=vending,workday,validation,marks,optional-views
planted=${SIMBENCH_PLANTED_FAILURE:-}
if [ "$planted" = 1 ]; then
    host_flags+=(--machines 2000 --processes 3)
    run_flags+=(--processes 3)
    scenarios=vending
    machines=200
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "model-check: FAILED: $1"
    exit 1
}
# A step that could not run is not a verdict on the model: its own status, and no FAILED line
# (so that the gates' self-test cannot take it for the planted failure).
broken() {
    echo "model-check: error: $1" >&2
    exit 2
}

# One check: its prices, its run, its table in $work/table.md and its verdict (0 met, 1 not,
# or the step that could not run ends the script with 2).
check() {
    echo "model-check: the host's prices (simbench host --instructions callgrind)" >&2
    "$binary" host --instructions callgrind ${host_flags[@]+"${host_flags[@]}"} \
        --csv "$work/prices.csv" > "$work/host.txt" \
        || broken "simbench host exited with status $? (its message above)"
    if [ "$planted" = 1 ]; then
        echo "model-check: planted fault: every mechanism variant's ns added tripled" >&2
        python3 - "$work/prices.csv" <<'PYTHON' \
            || broken "the planted fault could not be planted"
import csv, sys
path = sys.argv[1]
with open(path, newline="", encoding="utf-8") as handle:
    reader = csv.DictReader(handle)
    header, rows = reader.fieldnames, list(reader)
for row in rows:
    for column in ("overhead_ns_per_event", "overhead_ci_low", "overhead_ci_high"):
        if row[column]:
            row[column] = str(3 * float(row[column]))
with open(path, "w", newline="", encoding="utf-8") as handle:
    writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
PYTHON
    fi
    echo "model-check: a counted run of the patterns at $machines machines, predicted at those prices" >&2
    matcher=()
    case ,$scenarios, in *,validation,*) matcher=(--param validation.matcher=scan) ;; esac
    "$binary" run --scenarios "$scenarios" \
        ${matcher[@]+"${matcher[@]}"} --machines "$machines" --instructions callgrind \
        --prices "$work/prices.csv" ${run_flags[@]+"${run_flags[@]}"} --quiet \
        --csv "$work/run.csv" > /dev/null \
        || broken "simbench run exited with status $? (its message above)"
    if [ -n "$keep" ]; then
        mkdir -p "$keep"
        cp "$work/prices.csv" "$work/run.csv" "$keep/"
    fi
    if [ -n "$record" ]; then
        host=$(python3 scripts/figures.py host-name "$work/run.csv") \
            || broken "the run's host could not be named"
        mkdir -p results/hosts/model
        cp "$work/run.csv" "results/hosts/model/$host-run-$record.csv"
        cp "$work/prices.csv" "results/hosts/model/$host-prices-$record.csv"
        echo "model-check: kept as results/hosts/model/$host-run-$record.csv and -prices-$record.csv" >&2
    fi
    local status=0
    python3 scripts/model_table.py "$work/run.csv" > "$work/table.md" || status=$?
    case $status in
        0 | 1) return $status ;;
        *) broken "the run's CSV could not be judged (scripts/model_table.py exited with $status)" ;;
    esac
}
verdict=1
for try in $(seq 1 "$tries"); do
    [ "$tries" -eq 1 ] || echo "model-check: check $try of at most $tries" >&2
    verdict=0
    check || verdict=$?
    if [ "$tries" -gt 1 ]; then
        echo "model-check: check $try: $(tail -n 1 "$work/table.md")"
    fi
    [ "$verdict" -ne 0 ] || break
done
cat "$work/table.md"
if [ -n "$out" ]; then cp "$work/table.md" "$out"; fi
case $verdict in
    0) echo "model-check: passed" ;;
    *)
        if [ "$tries" -gt 1 ]; then
            fail "a criterion is not met in any of $tries checks (the lines above)"
        fi
        fail "a criterion is not met (the line under the table)"
        ;;
esac
