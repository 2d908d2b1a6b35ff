#!/usr/bin/env bash
# A/A proof of the CI suite, on this host: runs the suite (the arguments in
# Benchmarks/ci.conf) N times with the same binary, compares every pair of runs with the
# default `simbench compare`, and measures how far each pattern variant's ratio to its
# baseline spreads from run to run. Unchanged code must look unchanged:
#   - at most one pair in twenty, rounded down (2 of 45 for N=10), flags a regression or an
#     improvement;
#   - every pattern variant's ratio spreads by at most 3% ((max − min) / median).
# Prints `A/A pairs flagged: X/Y` and one `ratio spread: <variant> Z%` line per pattern
# variant, and exits 1 when either target is missed. Then one `baseline drift:` line per
# baseline variant shows how far each run's baseline moved, which says whether a failed run
# was the host (every baseline moved together) or one variant.
#
# With --counted, the proof is about counts (`simbench run --instructions callgrind`, one
# timed round: scripts/ci-suite.sh): no pair may flag anything (0 of 45 for N=10), and every
# synchronous variant's instructions and estimated cycles per event must spread by at most
# 0.1% (`count spread:` lines; a variant without a count fails). Counts do not drift, so this
# mode gates CI where the timed one cannot.
#
# Usage: scripts/aa-proof.sh [--counted] [N]   (default 10; each run of the suite takes about
#        14 s, counted about 3 s)
# Environment: SIMBENCH_PROOF_KEEP=DIR keeps the runs' CSVs and raw samples.
set -euo pipefail
cd "$(dirname "$0")/.."

counted=0
if [ "${1:-}" = "--counted" ]; then
    counted=1
    shift
fi
runs=${1:-10}
if ! [[ "$runs" =~ ^[0-9]+$ ]] || [ "$runs" -lt 2 ]; then
    echo "aa-proof: N must be a whole number of at least 2, not '$runs'" >&2
    exit 64
fi
spread_limit=3

# shellcheck source=scripts/ci-suite.sh
source scripts/ci-suite.sh
run_args=("${ci_suite_args[@]}")
if [ "$counted" = 1 ]; then
    needs_valgrind aa-proof
    run_args+=("${counted_args[@]}")
    spread_limit=0.1
fi
swift build -c release --product simbench > /dev/null
binary=.build/release/simbench
out=$(mktemp -d)
# SIMBENCH_PROOF_KEEP=DIR keeps every run's CSV (and, here, its --raw samples) in DIR, to see
# afterwards what moved in a run that failed the targets.
keep=${SIMBENCH_PROOF_KEEP:-}
trap 'if [ -n "$keep" ]; then mkdir -p "$keep" && cp -r "$out"/. "$keep"/; fi; rm -rf "$out"' EXIT

started=$SECONDS
for i in $(seq 1 "$runs"); do
    "$binary" run "${run_args[@]}" --quiet --csv "$out/run$i.csv" --raw "$out/raw$i.csv" > /dev/null
done

pairs=0
flagged=0
for i in $(seq 1 "$runs"); do
    for j in $(seq $((i + 1)) "$runs"); do
        pairs=$((pairs + 1))
        set +e
        "$binary" compare "$out/run$i.csv" "$out/run$j.csv" > "$out/compare.txt"
        status=$?
        set -e
        case $status in
            0 | 2) ;;
            *) echo "aa-proof: compare failed with status $status:" >&2; cat "$out/compare.txt" >&2; exit 1 ;;
        esac
        if grep -Eq '^  (REGRESSION|improvement) ' "$out/compare.txt"; then
            flagged=$((flagged + 1))
            echo "pair $i-$j flagged:"
            grep -E '^  (REGRESSION|improvement) ' "$out/compare.txt"
        fi
    done
done
# 2 of 45 for ten runs (the issue's target): one pair in twenty, rounded down. Counts allow
# none.
allowed=$((pairs / 20))
if [ "$counted" = 1 ]; then allowed=0; fi

echo
echo "A/A proof on $(hostname): $runs runs of simbench run ${run_args[*]}; took $((SECONDS - started)) s"
echo "A/A pairs flagged: $flagged/$pairs"
failed=0
[ "$flagged" -le "$allowed" ] || failed=1
if [ "$counted" = 1 ]; then
    # Every synchronous variant's counts, run against run: (max − min) / min.
    spreads=$(python3 - "$out" "$spread_limit" <<'PY'
import csv, glob, sys
out, limit = sys.argv[1], float(sys.argv[2])
counts, missing = {}, set()
for path in sorted(glob.glob(out + "/run*.csv")):
    for row in csv.DictReader(open(path, newline="")):
        name = f'{row["scenario"]}[{row["params"]}].{row["variant"]}'
        if not row["instructions_per_event"] or not row["estimated_cycles_per_event"]:
            missing.add(name)
            continue
        for figure in ("instructions_per_event", "estimated_cycles_per_event"):
            counts.setdefault((name, figure), []).append(float(row[figure]))
worst = 0.0
for (name, figure), values in counts.items():
    spread = 100 * (max(values) - min(values)) / min(values)
    worst = max(worst, spread)
    print(f"count spread: {name} {figure.split('_per_')[0].replace('_', ' ')} {spread:.4f}%")
for name in sorted(missing):
    print(f"count missing: {name} (a row without instructions or cycles)")
sys.exit(1 if worst > limit or missing else 0)
PY
) || failed=1
    echo "$spreads"
    if [ "$failed" -ne 0 ]; then
        echo "aa-proof: FAILED: expected 0 of $pairs pairs flagged and every count spread at most $spread_limit%" >&2
        exit 1
    fi
    echo "aa-proof: passed (counted)"
    exit 0
fi
# The spread of each pattern variant's ratio, in the metric compare judges by default.
spreads=$(python3 - "$out" "$spread_limit" <<'PY'
import csv, glob, sys
out, limit = sys.argv[1], float(sys.argv[2])
ratios = {}
for path in sorted(glob.glob(out + "/run*.csv")):
    for row in csv.DictReader(open(path, newline="")):
        if row["role"] != "pattern" or row["status"] != "ok":
            continue
        column = "cpu_ratio_to_baseline" if row.get("cpu_ratio_to_baseline") else "ratio_to_baseline"
        ratios.setdefault(f'{row["scenario"]}.{row["variant"]}', []).append(float(row[column]))
worst = 0.0
for name, values in ratios.items():
    values.sort()
    median = values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2
    spread = 100 * (values[-1] - values[0]) / median
    worst = max(worst, spread)
    print(f"ratio spread: {name} {spread:.1f}%")
sys.exit(1 if worst > limit else 0)
PY
) || failed=1
echo "$spreads"
# Where the runs drifted, for the reader (it decides nothing): each baseline variant's CPU
# time per machine-speed reference, the figure compare judges it on, run by run against its
# median over the runs. Runs whose baselines all moved together point at the host.
python3 - "$out" <<'PY'
import csv, glob, re, sys
drift = {}
for path in glob.glob(sys.argv[1] + "/run*.csv"):
    run = int(re.search(r"run(\d+)\.csv$", path).group(1))
    for row in csv.DictReader(open(path, newline="")):
        if row["role"] == "baseline" and row["status"] == "ok" and row.get("cpu_per_reference"):
            drift.setdefault(f'{row["scenario"]}.{row["variant"]}', {})[run] = float(row["cpu_per_reference"])
for name, by_run in drift.items():
    values = sorted(by_run.values())
    median = values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2
    print(f"baseline drift: {name} " + " ".join(f"{100 * (by_run[run] / median - 1):+.1f}%" for run in sorted(by_run)))
PY
if [ "$failed" -ne 0 ]; then
    echo "aa-proof: FAILED: expected at most $allowed of $pairs pairs flagged and every ratio spread at most $spread_limit%" >&2
    exit 1
fi
echo "aa-proof: passed"
