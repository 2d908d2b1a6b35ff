#!/usr/bin/env bash
# Proof that `simbench ab` tells a code change from a layout shift (the manual's CI.md, "Code
# layouts"). It plants one real change in a scratch copy of HEAD: `@inline(never)` on the
# shared-state workday worker's `setState` (Benchmarks/, nothing else), runs
# `simbench ab --base HEAD` there on the CI suite (Benchmarks/ci.conf, ab's default, layouts
# on by default), and exits 0 only when the verdict is exactly that change: at least one
# regression (read from `ab --format json`), every one of them workday state-objects-shared,
# and no other row flagged
# (no improvement, no other regression; layout/env shifts and rows that moved with their
# baseline are shown, not flagged).
# Measured before layouts: the same change also gave vending table a -7.5% "improvement" in
# every pair, which no line of vending explains: the linker had moved its code.
#
# Usage: scripts/layout-proof.sh [--build]
#   --build: plant the change and make both builds (one pair of a tiny run), judging nothing,
#     so that the proof itself only relinks. (In .ci/run the planted failure below, run in a
#     background lane, makes the builds instead, and the proof, among the steps that time,
#     only relinks.)
# Environment: SIMBENCH_LAYOUT_PROOF_DIR: the scratch copy (default .build/layout-proof, kept
#   between calls so that its two builds are reused; it is reset to HEAD each time);
#   SIMBENCH_AB_FLAGS adds ab flags (e.g. "--pairs 8"); SIMBENCH_PLANTED_FAILURE=1 is the
#   proof's planted failure (scripts/gates-selftest.sh): the change planted and built as
#   always, then ab judged on two pairs of a small run of vending alone (no counts), where
#   nothing is planted: the regression the proof must find is not there, and it must fail.
#   (The same run over vending and workday passes: at that size ab sees the change.)
# Exit status: 0 when the verdict is exactly the planted regression (with --build: when both
# sides built), 1 otherwise (or when ab fails), 64 on an unknown argument. Prints the verdict
# lines, the layout seeds and how long ab took.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
# shellcheck source=scripts/comparison-json.sh
source scripts/comparison-json.sh

build_only=0
case "${1:-}" in
    '') ;;
    --build) build_only=1 ;;
    *)
        echo "layout-proof: unknown argument '$1' (accepted: --build)" >&2
        exit "$exit_usage"
        ;;
esac
# shellcheck disable=SC2206 # the flags are words by design
ab_flags=(${SIMBENCH_AB_FLAGS:-})
dir=${SIMBENCH_LAYOUT_PROOF_DIR:-$root/.build/layout-proof}

# shellcheck source=scripts/scratch-copy.sh
source scripts/scratch-copy.sh
scratch_copy layout-proof "$dir"

# The planted change: the one `func setState(_ state: State) {` of the shared-state workday
# (found by its type, wherever Benchmarks/ keeps it), made `@inline(never)`.
file=$(grep -rl --include='*.swift' '^enum SharedStateObjectsWorkday' "$dir/Benchmarks" | sed "s|^$dir/||" || true)
if [ -z "$file" ] || [ "$(printf '%s\n' "$file" | wc -l)" -ne 1 ]; then
    echo "layout-proof: expected one file in Benchmarks/ declaring 'enum SharedStateObjectsWorkday', found: ${file:-none}" >&2
    exit 1
fi
scratch_keep "$dir" "$file"
declaration='^( *)func setState\(_ state: State\) \{$'
planted='^ *@inline\(never\) func setState\(_ state: State\) \{$'
if ! grep -Eq "$planted" "$dir/$file"; then
    git -C "$dir" checkout --quiet -- "$file"
    if [ "$(grep -Ec "$declaration" "$dir/$file")" -ne 1 ]; then
        echo "layout-proof: expected one 'func setState(_ state: State) {' in $file" >&2
        exit 1
    fi
    sed -E -i "s/$declaration/\\1@inline(never) func setState(_ state: State) {/" "$dir/$file"
fi
scratch_planted layout-proof "$dir" "1 1 1"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
started=$SECONDS
if [ "$build_only" = 1 ]; then
    status=$exit_success
    (cd "$dir" && "$binary" ab --base HEAD --pairs 1 --output "$out/ab" -- --scenario calibrate \
        --machines 20 --events 5 --rounds 1 --warmup 0 --span 0 --processes 1) > /dev/null 2> "$out/ab.err" \
        || status=$?
    if [ "$status" -ne "$exit_success" ] && [ "$status" -ne "$exit_regression" ]; then
        echo "layout-proof: building both sides failed (ab exit status $status):" >&2
        tail -20 "$out/ab.err" >&2
        exit 1
    fi
    echo "layout-proof: both sides built in $((SECONDS - started)) s (nothing judged)"
    exit 0
fi
# The planted failure: ab on a scenario the planted change is not in.
run_args=()
if [ "${SIMBENCH_PLANTED_FAILURE:-0}" = 1 ]; then
    ab_flags+=(--pairs 2 --counts off)
    run_args=(-- --scenario vending --machines 1000 --events 20 --processes 2 --rounds 2 --warmup 1 --span 0)
    echo "layout-proof: planted failure: ab on vending alone (${run_args[*]:1}), where nothing is planted; the proof must miss its regression and fail"
fi
status=$exit_success
(cd "$dir" && "$binary" ab --base HEAD "${ab_flags[@]}" --format json --output "$out/ab" "${run_args[@]}") > "$out/ab.json" 2> "$out/ab.err" || status=$?
took=$((SECONDS - started))
if [ "$status" -ne "$exit_success" ] && [ "$status" -ne "$exit_regression" ]; then
    echo "layout-proof: ab failed with status $status:" >&2
    tail -20 "$out/ab.err" >&2
    exit 1
fi

# Columns of `figures` (scripts/comparison-json.sh): verdict, benchmark, metric, scenario,
# variant, reason.
flagged=$(figures "$out/ab.json" | awk -F'\t' '$1 == "regression" || $1 == "improvement"')
expected=$(printf '%s\n' "$flagged" | awk -F'\t' '$1 == "regression" && $4 == "workday" && $5 == "state-objects-shared"')
others=$(printf '%s\n' "$flagged" | awk -F'\t' 'NF > 0 && !($1 == "regression" && $4 == "workday" && $5 == "state-objects-shared")')
echo "layout-proof: ab exit status $status, $took s (builds included); $(tally "$out/ab.json")"
echo "  baseline: $(field "$out/ab.json" baseline summary)"
echo "  current:  $(field "$out/ab.json" current summary)"
figures "$out/ab.json" | awk -F'\t' '$1 == "regression" || $1 == "improvement" { print "  flagged: " $1 " " $2 " " $3 " (" $6 ")" }'
figures "$out/ab.json" | awk -F'\t' '$1 == "moved-with-baseline" || $1 == "layout-shift" { print "  not counted: " $1 " " $2 " " $3 " (" $6 ")" }'
if [ "$status" -eq "$exit_regression" ] && [ -n "$expected" ] && [ -z "$others" ]; then
    echo "layout-proof: passed (one regression, workday state-objects-shared, nothing else flagged)"
    exit 0
fi
echo "layout-proof: FAILED: expected exactly the workday state-objects-shared regression and nothing else flagged" >&2
exit 1
