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
#   baseline: once, on the CI suite with ab's defaults, in a scratch clone of HEAD whose one
#            change is `@inline(never)` on EnumSwitchWorkday.Work.setState, the workday
#            baseline variant's code (the head; the base is HEAD itself): workday enum-switch
#            must be flagged, and no other workday row (its patterns' ratios moved with it:
#            `moved-with-baseline`, never a regression or an improvement). The clone is
#            .build/ab-proof (SIMBENCH_AB_PROOF_DIR), kept so that its release builds are
#            reused; SIMBENCH_AB_PLANTS=0 skips the case. (A change planted in a pattern's own
#            code is scripts/layout-proof.sh's.)
# Prints the counts, the planted case's verdicts and how long each ab took, and exits 1 if a
# target is missed. The working tree should be HEAD's (the head is the working tree; A/A
# means both equal). ab runs with its defaults: code layouts on (a new layout per run, so the
# pairs' spread holds layout), and instructions counted under Callgrind where valgrind is
# installed (a time change whose counts stood still is a layout/env shift, not flagged);
# SIMBENCH_AB_FLAGS="--layouts off" or "--counts off" proves ab without them.
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
root=$PWD
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

# The baseline planted: `@inline(never)` on the workday baseline variant's setState, in a
# clone of HEAD kept between calls (reset to HEAD, then the one line changed).
plants_failed=0
if [ "${SIMBENCH_AB_PLANTS:-1}" != 0 ]; then
    dir=${SIMBENCH_AB_PROOF_DIR:-$root/.build/ab-proof}
    commit=$(git rev-parse HEAD)
    [ -d "$dir/.git" ] || { rm -rf "$dir"; git clone --quiet "$root" "$dir"; }
    git -C "$dir" fetch --quiet "$root" HEAD
    git -C "$dir" checkout --quiet --force --detach "$commit"
    file=Benchmarks/Workday/EnumSwitchWorkday.swift
    sed -i -E 's/^( *)(private mutating func setState\()/\1@inline(never) \2/' "$dir/$file"
    if [ "$(git -C "$dir" diff --numstat | awk '{ print $1, $2 }')" != "1 1" ]; then
        echo "ab-proof: could not plant @inline(never) on setState in $file alone" >&2
        exit 1
    fi
    begun=$SECONDS
    status=$exit_success
    (cd "$dir" && "$root/$binary" ab --base HEAD "${ab_flags[@]}" --format json --output "$out/baseline") \
        > "$out/baseline.json" 2> "$out/baseline.err" || status=$?
    baseline_time=$((SECONDS - begun))
    if [ "$status" -ne "$exit_success" ] && [ "$status" -ne "$exit_regression" ] \
        && [ "$status" -ne "$exit_improvement" ]; then
        echo "ab-proof: ab with the baseline planted failed with status $status:" >&2
        tail -20 "$out/baseline.err" >&2
        exit 1
    fi
    # Columns of `figures`: verdict, benchmark, metric, scenario, variant, reason.
    rows=$(figures "$out/baseline.json" | awk -F'\t' '$4 == "workday"')
    baseline_rows=$(printf '%s\n' "$rows" | awk -F'\t' '$5 == "enum-switch"')
    others=$(printf '%s\n' "$rows" | awk -F'\t' '$5 != "enum-switch" && ($1 == "regression" || $1 == "improvement")')
    echo "planted in workday enum-switch, the baseline variant: ab exit $status, $baseline_time s (builds included)"
    printf '%s\n' "$rows" | awk -F'\t' 'NF > 0 && ($5 == "enum-switch" || $3 == "time") { print "  " $1 " " $2 " " $3 " (" $6 ")" }'
    if ! printf '%s\n' "$baseline_rows" | cut -f1 | grep -qxE 'regression|improvement'; then
        echo "ab-proof: the planted baseline change was missed" >&2
        plants_failed=1
    fi
    if [ -n "$others" ]; then
        echo "ab-proof: other workday rows flagged with only the baseline changed" >&2
        plants_failed=1
    fi
fi

echo
echo "ab proof on $(hostname), $runs runs each; ab flags: ${ab_flags[*]:-(none)}"
echo "  A/A on ${SIMBENCH_AA_ARGS:-the CI suite}, runs that flagged anything: $aa_flagged/$runs (target at most 1); each ab ${aa_times[*]} s"
echo "  planted twin-extra=5 at $threshold, caught:       $caught/$runs (target $runs); each ab ${planted_times[*]} s"
echo "  planted run arguments: ${planted_args[*]}"
echo "  took $((SECONDS - started)) s"
if [ "$aa_flagged" -gt 1 ] || [ "$caught" -ne "$runs" ] || [ "$plants_failed" -ne 0 ]; then
    echo "ab-proof: FAILED" >&2
    exit 1
fi
echo "ab-proof: passed"
