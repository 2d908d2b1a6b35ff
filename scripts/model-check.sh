#!/usr/bin/env bash
# The cost model checked on this host: simbench host's prices (the mechanism variants timed
# and counted) and a counted default run of the same binary, then the table of each pattern's
# predicted CPU ns added against its measured ns added and 95% interval, for vending, workday,
# validation (scan), marks and optional-views (the manual's Mechanisms page, "Each pattern's
# cost predicted on this host"). The model is never tuned per pattern: one price per kind of
# call, from the mechanism variants alone.
#
# Usage: scripts/model-check.sh [OUT.md]   (the table also goes to OUT.md when given)
# Run it on a quiet host, from a release build: its figures are timings. SIMBENCH names the
# binary (default .build/release/simbench); SIMBENCH_HOST_FLAGS adds flags to `host` and
# SIMBENCH_RUN_FLAGS to `run` (`--allow-debug --machines 200 …` proves the script only).
#
# Exit status: 0 the table printed; 1 a step failed (its own message on stderr); 64 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "model-check: unknown option '$1'; usage: scripts/model-check.sh [OUT.md]" >&2; exit 64 ;;
esac
out=${1:-}
binary=${SIMBENCH:-.build/release/simbench}
read -r -a host_flags <<< "${SIMBENCH_HOST_FLAGS:-}"
read -r -a run_flags <<< "${SIMBENCH_RUN_FLAGS:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "model-check: the host's prices (simbench host --instructions callgrind)" >&2
"$binary" host --instructions callgrind "${host_flags[@]}" \
    --csv "$work/prices.csv" > "$work/host.txt"
echo "model-check: a counted run of the patterns, predicted at those prices" >&2
"$binary" run --scenarios vending,workday,validation,marks,optional-views \
    --param validation.matcher=scan --instructions callgrind --prices "$work/prices.csv" \
    "${run_flags[@]}" --quiet --csv "$work/run.csv" > /dev/null

python3 - "$work/run.csv" "$work/prices.csv" ${out:+"$out"} <<'PYTHON'
import csv, math, sys

rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
prices = list(csv.DictReader(open(sys.argv[2], newline="", encoding="utf-8")))


def number(row, column):
    text = (row.get(column) or "").strip()
    return float(text) if text else None


def ns(value):
    """A signed figure to three significant digits, never in exponent form."""
    if value is None:
        return "—"
    if value == 0:
        return "0"
    digits = max(0, 3 - (int(math.floor(math.log10(abs(value)))) + 1))
    return ("−" if value < 0 else "+") + f"{abs(value):.{digits}f}"


# The patterns' names as the run's summary gives them: marks' operation in brackets.
lines = ["| pattern | measured ns added | 95% CI | predicted | inside the CI | miss |",
         "|---|---|---|---|---|---|"]
inside = within = judged = 0
for row in rows:
    if row["role"] != "pattern" or row["status"] != "ok":
        continue
    op = [pair.split("=", 1)[1] for pair in row["params"].split(";") if pair.startswith("op=")]
    name = f"{row['scenario']}.{row['variant']}" + (f" ({op[0]})" if op else "")
    measured = number(row, "overhead_ns_per_event")
    low, high = number(row, "overhead_ci_low"), number(row, "overhead_ci_high")
    predicted = number(row, "predicted_ns_added_per_event")
    verdict, miss = "—", "—"
    if measured is not None and predicted is not None:
        judged += 1
        bounded = low is not None and high is not None
        held = bounded and low <= predicted <= high
        inside += held
        if measured != 0:
            share = (predicted - measured) / abs(measured)
            miss = f"{share * 100:+.0f}%".replace("-", "−")
            within += (not held) and abs(share) <= 0.25
        # Without an interval (too few processes) inside or outside cannot be said.
        verdict = ("yes" if held else "no") if bounded else "no interval"
    interval = "—" if low is None or high is None else f"[{ns(low)}, {ns(high)}]"
    lines.append(f"| {name} | {ns(measured)} | {interval} | {ns(predicted)} | {verdict} | {miss} |")
first = rows[0] if rows else {}
identity = ", ".join(f"{label} {first.get(column)}" for label, column in (
    ("family", "cpu_family"), ("model", "cpu_model"), ("stepping", "cpu_stepping"))
    if first.get(column))
commits = sorted({row["git_commit"] for row in rows + prices})
lines.append("")
lines.append(f"{inside} of {judged} predictions inside the measured 95% interval; "
             f"{within} more within 25% of the measured point. "
             f"{first.get('cpu', '')} ({identity}), {first.get('build_config', '')} build of "
             f"commit {', '.join(commits)}, prices and run measured one after the other.")
text = "\n".join(lines) + "\n"
sys.stdout.write(text)
if len(sys.argv) > 3:
    open(sys.argv[3], "w", encoding="utf-8").write(text)
PYTHON
