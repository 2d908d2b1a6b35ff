#!/usr/bin/env bash
# Kill test: SIGKILLs simbench at random moments while it writes, then checks
# that every output is either absent or whole (byte for byte the output of a run that was
# not killed) and that no temporary file is left.
#
#   bash scripts/kill-test.sh [KILLS_PER_KIND] [SIMBENCH]
#
# Kinds: merge of a large results file, influx export of it, and small runs writing --csv,
# --raw and --append. Correctness only; no timing is measured or reported.
set -euo pipefail
kills=${1:-20}
simbench=$(realpath "${2:-.build/debug/simbench}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# simbench's own temporary directory, so that what a killed run (or its children) leaves
# there is counted too.
mkdir tmp
export TMPDIR="$work/tmp"

# A large results file: one small run's rows, copied under distinct variant names.
"$simbench" run --scenario vending --machines 4 --events 4 --rounds 1 --warmup 0 --allow-debug \
    --quiet --csv seed.csv > /dev/null 2>&1
# run_rows, the last column, says how many rows the run wrote: 6000 now (records end in CRLF).
awk -F, -v OFS=, 'NR == 1 { print; for (i = 1; i <= NF; i++) if ($i == "variant") v = i
                            last = ($NF ~ /^run_rows\r?$/); next }
                  NR == 2 { for (k = 1; k <= 6000; k++) { $v = "v" k; if (last) $NF = "6000\r"; print } }' \
    seed.csv > big.csv
printf 'big.csv: %s bytes\n' "$(stat -c %s big.csv)"
"$simbench" merge big.csv --out expected-merge.csv > /dev/null
"$simbench" export --format influx big.csv --out expected-influx.txt > /dev/null

total=0; absent=0; whole=0; truncated=0; leftovers=0
check() {  # check OUTPUT EXPECTED
    if [ ! -e "$1" ]; then absent=$((absent + 1))
    elif cmp -s "$1" "$2"; then whole=$((whole + 1))
    else truncated=$((truncated + 1)); echo "TRUNCATED: $1 ($(stat -c %s "$1") bytes)"; fi
}
leftover() {
    local found
    found=$(find . -name '.simbench-*' | wc -l)
    if [ "$found" -gt 0 ]; then leftovers=$((leftovers + found)); find . -name '.simbench-*' -delete; fi
    # The run's children end with it and remove their files: wait for that, up to 5 s.
    for _ in $(seq 50); do [ -z "$(ls -A tmp)" ] && break; sleep 0.1; done
    found=$(find tmp -mindepth 1 -maxdepth 1 | wc -l)
    if [ "$found" -gt 0 ]; then leftovers=$((leftovers + found)); echo "LEFT in TMPDIR: $(ls tmp)"; rm -rf tmp/*; fi
}
killed_after() {  # killed_after MAX_MS COMMAND...
    local max=$1; shift
    "$@" > /dev/null 2>&1 &
    local pid=$!
    sleep "$(awk -v r="$RANDOM" -v m="$max" 'BEGIN { printf "%.3f", r / 32768 * m / 1000 }')"
    kill -KILL "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    total=$((total + 1))
}

# How long an unkilled merge and export take, so that kills land throughout them.
start=$(date +%s%N); "$simbench" merge big.csv --out timing.csv > /dev/null; merge_ms=$(( ($(date +%s%N) - start) / 1000000 ))
rm -f timing.csv
for _ in $(seq "$kills"); do
    rm -f out.csv; killed_after "$merge_ms" "$simbench" merge big.csv --out out.csv
    check out.csv expected-merge.csv; leftover
    rm -f out.txt; killed_after "$merge_ms" "$simbench" export --format influx big.csv --out out.txt
    check out.txt expected-influx.txt; leftover
done
# Small runs: outputs must be absent or parse as whole results files.
for _ in $(seq "$kills"); do
    rm -f run.csv raw.csv
    killed_after 400 "$simbench" run --scenario vending --machines 4 --events 4 --rounds 1 --warmup 0 \
        --allow-debug --quiet --csv run.csv --raw raw.csv --append history.csv
    for f in run.csv history.csv; do
        if [ ! -e "$f" ]; then absent=$((absent + 1))
        elif "$simbench" export --format influx "$f" > /dev/null 2>&1; then whole=$((whole + 1))
        else truncated=$((truncated + 1)); echo "BROKEN: $f"; fi
    done
    leftover
done
echo "kill test: $total SIGKILLs; outputs: $whole whole, $absent absent, $truncated truncated; $leftovers temporary files left"
[ "$truncated" -eq 0 ] && [ "$leftovers" -eq 0 ]
