#!/usr/bin/env bash
# The readers' benchmark: every command that reads results files, over files of 10,000,
# 100,000 and 1,000,000 rows, each in a process of its own: its CPU seconds (user + system,
# its children's too) and its peak resident memory, as /usr/bin/time reports them. A reader
# must take work and memory in proportion to the rows: the Methodology's table comes from
# here.
#
# The files are made by scripts/big-results.py from this host's committed results
# (results/hosts/amd-epyc-f25-m17-s1.csv, the Intel one for a second run): ROWS rows of the
# 118 columns at 10,000 and 100,000 (about 115 MB), of the narrow columns at 1,000,000 (about
# 320 MB, under the 512 MiB simbench reads), and a history (--history) for the readers of one.
# They go to a scratch directory, removed at the end.
#
# Usage: scripts/readers-bench.sh [SIMBENCH] [ROWS…]
#   SIMBENCH  the binary to measure (default .build/release/simbench)
#   ROWS      the sizes (default 10000 100000 1000000)
# Measure on a quiet machine: a timing beside other work says little.
# Exit status: 0 measured; 1 a reader failed or a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/simbench}")
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
[ -x "$binary" ] || { echo "readers-bench: no simbench at $binary" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "readers-bench: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
hosts=results/hosts

printf '| reader | rows | file | CPU s | peak memory | peak / file |\n|---|--:|--:|--:|--:|--:|\n'
for rows in "${sizes[@]}"; do
    narrow=()
    [ "$rows" -gt 500000 ] && narrow=(--narrow)
    a=$scratch/a.csv b=$scratch/b.csv h=$scratch/history.csv
    python3 scripts/big-results.py "$hosts/amd-epyc-f25-m17-s1.csv" "$rows" "$a" "${narrow[@]}"
    python3 scripts/big-results.py "$hosts/intel-xeon-f6-m207-s2.csv" "$rows" "$b" "${narrow[@]}"
    python3 scripts/big-results.py "$hosts/amd-epyc-f25-m17-s1.csv" "$rows" "$h" --history \
        "${narrow[@]}"
    # Flushed before any reader is timed: the kernel's writeback of the files just made is
    # not billed to the first readers.
    sync
    size=$(stat -c %s "$a")
    # reader | the files it reads | its arguments
    readers=(
        "compare|$a $b|compare $a $b"
        "export github|$a|export --format github $a"
        "export bencher|$a|export --format bencher $a"
        "export influx|$h|export --format influx $h"
        "merge|$a|merge --out $scratch/merged.csv $a"
        "report|$h|report --out $scratch/report.html $h"
        "plot|$h|plot --chart ratios --out $scratch/plot.svg $h"
        "spread|$a $b|spread $a $b"
        "coverage|$a $b $a|coverage $a $b $a"
        "baseline save|$a|baseline save bench $a"
        "repair-history|$h|repair-history $h"
        "run --append|$h|run --scenario vending --variant enum-switch --machines 10 --events 10 --rounds 1 --warmup 0 --processes 1 --span 0 --quiet --instructions off --csv $scratch/run.csv --append $h"
    )
    for entry in "${readers[@]}"; do
        IFS='|' read -r name inputs arguments <<< "$entry"
        read -ra argv <<< "$arguments"
        bytes=0
        for input in $inputs; do bytes=$((bytes + $(stat -c %s "$input"))); done
        # plot refuses a chart of more elements than it draws: that refusal, after the
        # file is read and checked, is what is measured there. compare and coverage judge two
        # hosts' files: their verdict is their answer, a regression compare's exit status 2
        # (the narrow columns name no CPU, so time is judged across the hosts), a proof
        # failed coverage's 1.
        status=0
        (cd "$scratch" && /usr/bin/time -f '%U %S %M' -o "$scratch/time" \
            "$binary" "${argv[@]}" > /dev/null 2> "$scratch/stderr") || status=$?
        case "$name:$status" in
        *:0 | plot:1 | compare:2 | coverage:1) ;;
        *)
            echo "readers-bench: $name at $rows rows exited $status: $(head -c 300 "$scratch/stderr")" >&2
            exit 1
            ;;
        esac
        read -r user system kilobytes < <(tail -1 "$scratch/time")
        python3 -c '
import sys
name, rows, size, user, system, kilobytes, inputs = sys.argv[1:]
peak = int(kilobytes) * 1024
print(f"| {name} | {int(rows):,} | {int(size) / 1e6:.0f} MB | {float(user) + float(system):.2f} | "
      f"{peak / 1e6:.0f} MB | {peak / int(inputs):.2f} |")
' "$name" "$rows" "$size" "$user" "$system" "$kilobytes" "$bytes"
    done
    # repair-history and run --append change the history: made again for the next size.
    rm -f "$a" "$b" "$h"
done
