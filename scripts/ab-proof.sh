#!/usr/bin/env bash
# Proof of `simbench ab`, on this host (run it on a quiet one):
#   A/A:     RUNS times `simbench ab --base HEAD` on the CI suite (Benchmarks/ci.conf), the
#            same commit on both sides: at most 1 of the RUNS may flag anything (a regression
#            or an improvement, of any row).
#   planted: RUNS times `simbench ab --base HEAD` on the calibrate ruler, where the head's runs
#            get `--param calibrate.twin-extra=5` (--head-args): ruler-twin does 5% more steps
#            than the ruler, its outcome unchanged, so its ratio to the ruler moves by 5%
#            (see scripts/detector-proof.sh). Each of the RUNS must flag ruler-twin as a
#            regression at a 3% threshold (--ignore-params: the two sides differ in that
#            parameter).
# Prints both counts and how long each ab took, and exits 1 if either target is missed.
# The working tree should be HEAD's (the head is the working tree; A/A means both equal).
# ab runs with its defaults, so with code layouts on (a new layout per run, rows within their
# layout band not flagged); SIMBENCH_AB_FLAGS="--layouts off" proves ab without them.
#
# Usage: scripts/ab-proof.sh [RUNS]   (default 10)
# Environment: SIMBENCH_AB_FLAGS adds ab flags to every run (e.g. "--pairs 8");
#   SIMBENCH_AA_ARGS replaces the A/A runs' arguments (default: none, so the CI suite of
#   Benchmarks/ci.conf; for example its arguments with fewer --processes, for a quicker proof);
#   SIMBENCH_PLANTED_ARGS replaces the planted runs' arguments below.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
# shellcheck source=scripts/comparison-json.sh
source scripts/comparison-json.sh

runs=${1:-10}
threshold=3%
# shellcheck disable=SC2206 # the flags are words by design
ab_flags=(${SIMBENCH_AB_FLAGS:-})
# As detector-proof: one actor, 25 rounds, at most 2 s of samples per variant (2-3 s a run).
read -r -a aa_args <<< "${SIMBENCH_AA_ARGS:-}"
aa_separator=()
[ ${#aa_args[@]} -gt 0 ] && aa_separator=(--)
read -r -a planted_args <<< "${SIMBENCH_PLANTED_ARGS:---scenario calibrate --param calibrate.work=1000 --machines 10000 --actors 1 --rounds 25 --warmup 2 --max-time 2 --seed 1}"

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "ab-proof: warning: the working tree differs from HEAD, so the A/A runs are not A/A" >&2
fi
swift build -c release --product simbench > /dev/null
binary=.build/release/simbench
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

started=$SECONDS
aa_flagged=0
aa_times=()
for i in $(seq 1 "$runs"); do
    begun=$SECONDS
    status=$exit_success
    "$binary" ab --base HEAD "${ab_flags[@]}" --fail-on-improvement --format json --output "$out/aa" \
        "${aa_separator[@]}" "${aa_args[@]}" > "$out/aa$i.json" 2> "$out/aa$i.err" || status=$?
    aa_times+=($((SECONDS - begun)))
    case $status in
        "$exit_success") verdict="nothing flagged" ;;
        "$exit_regression" | "$exit_improvement")
            aa_flagged=$((aa_flagged + 1))
            verdict="FLAGGED: $(flagged "$out/aa$i.json" | sed -E 's/^ +//' | tr '\n' ';')"
            ;;
        *)
            echo "ab-proof: ab failed with status $status:" >&2
            cat "$out/aa$i.err" >&2
            exit 1
            ;;
    esac
    echo "A/A $i: $verdict (${aa_times[-1]} s)"
done

caught=0
planted_times=()
for i in $(seq 1 "$runs"); do
    begun=$SECONDS
    status=$exit_success
    "$binary" ab --base HEAD "${ab_flags[@]}" --threshold "$threshold" --ignore-params \
        --head-args='--param calibrate.twin-extra=5' --format json --output "$out/planted" \
        -- "${planted_args[@]}" > "$out/p$i.json" 2> "$out/p$i.err" || status=$?
    planted_times+=($((SECONDS - begun)))
    if [ "$status" -ne "$exit_success" ] && [ "$status" -ne "$exit_regression" ]; then
        echo "ab-proof: ab failed with status $status:" >&2
        cat "$out/p$i.err" >&2
        exit 1
    fi
    # Columns of `figures` (scripts/comparison-json.sh): verdict, benchmark, metric, scenario,
    # variant, reason.
    twin=$(figures "$out/p$i.json" | awk -F'\t' '$4 == "calibrate" && $5 == "ruler-twin" && $3 == "time"')
    verdict="missed"
    if [ "$status" -eq "$exit_regression" ] && [ "$(printf '%s\n' "$twin" | cut -f1)" = regression ]; then
        caught=$((caught + 1))
        verdict="caught"
    fi
    twin=$(printf '%s\n' "$twin" | awk -F'\t' 'NF > 0 { print $1 " " $2 " " $3 " (" $6 ")" }')
    echo "planted $i: $verdict ($twin; ${planted_times[-1]} s)"
done

echo
echo "ab proof on $(hostname), $runs runs each; ab flags: ${ab_flags[*]:-(none)}"
echo "  A/A on ${SIMBENCH_AA_ARGS:-the CI suite}, runs that flagged anything: $aa_flagged/$runs (target at most 1); each ab ${aa_times[*]} s"
echo "  planted twin-extra=5 at $threshold, caught:       $caught/$runs (target $runs); each ab ${planted_times[*]} s"
echo "  planted run arguments: ${planted_args[*]}"
echo "  took $((SECONDS - started)) s"
if [ "$aa_flagged" -gt 1 ] || [ "$caught" -ne "$runs" ]; then
    echo "ab-proof: FAILED" >&2
    exit 1
fi
echo "ab-proof: passed"
