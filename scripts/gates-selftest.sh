#!/usr/bin/env bash
# The gates' own check: every gating proof run once in its planted-failure mode
# (SIMBENCH_PLANTED_FAILURE=1), where, at a small size, a fault is planted that the proof's
# own judging must catch (each proof's header says which). A proof must then end as a failed
# proof ends: its `NAME: FAILED` line and exit status 1. This script exits 0 only when every
# one did; a proof that passes with the fault planted, that fails some other way (a crash, a
# build that breaks, a bad argument: any other status, or no FAILED line), or that prints
# its FAILED line and exits 0 (an ending that dropped its status) fails it, named in one
# line, with the end of its output.
#
# The proofs, one line each below (the script under scripts/ and its arguments), run in that
# order: the function proof before the layout proof, since .ci/run gives both one scratch
# copy (SIMBENCH_FUNCTION_PROOF_DIR), in which the function proof's planted failure reuses
# the builds its passing run left, and the layout proof's then plants and builds its own
# change, the build its timed run needs. Run alone, each keeps its own copy (built the first
# time, minutes each; reused after). Every proof takes the environment this script gets
# (SIMBENCH_COVERAGE_LAYOUTS_FROM, the proofs' scratch copies).
#
# Usage: scripts/gates-selftest.sh
# Environment: SIMBENCH_GATES_SCRIPTS=DIR runs the proofs from DIR instead of scripts/ (a
#   directory beside scripts/ holding copies of them, to see this script fail on a copy
#   whose ending was broken; GatesSelftestTests gives it stand-ins that end each way).
# Exit status: 0 when every proof failed as planted; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh

proofs=(
    "function-proof.sh"
    "layout-proof.sh"
    "detector-proof.sh"
    "detector-proof.sh --counted"
    "aa-proof.sh"
    "aa-proof.sh --counted"
    "coverage-proof.sh --small"
    "model-check.sh --small --tries 2"
)
# A planted failure that has not ended after this long has not failed as planted.
limit=600

scripts=${SIMBENCH_GATES_SCRIPTS:-scripts}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
started=$SECONDS
failures=()
for proof in "${proofs[@]}"; do
    read -r -a words <<< "$proof"
    name=${words[0]%.sh}
    log=$out/$name.log
    echo "== gates-selftest: $proof, with a planted failure"
    begun=$SECONDS
    status=0
    SIMBENCH_PLANTED_FAILURE=1 timeout "$limit" bash "$scripts/${words[0]}" "${words[@]:1}" > "$log" 2>&1 \
        || status=$?
    took=$((SECONDS - begun))
    failed_line=$(grep -m 1 "^$name: FAILED" "$log" || true)
    if [ "$status" -eq "$exit_failure" ] && [ -n "$failed_line" ]; then
        echo "gates-selftest: $proof failed as planted in $took s (exit status $status): $failed_line"
        continue
    fi
    if [ "$status" -eq 124 ]; then
        why="did not end within $limit s"
    elif [ -n "$failed_line" ]; then
        why="printed its FAILED line but exited with status $status, not $exit_failure"
    elif [ "$status" -eq "$exit_success" ]; then
        why="passed (exit status 0) with a failure planted"
    else
        why="exited with status $status without its '$name: FAILED' line"
    fi
    echo "gates-selftest: $proof $why; the end of its output:" >&2
    tail -n 15 "$log" | sed 's/^/    /' >&2
    failures+=("$proof $why")
done

echo
if [ "${#failures[@]}" -gt 0 ]; then
    for failure in "${failures[@]}"; do echo "gates-selftest: FAILED: $failure" >&2; done
    exit "$exit_failure"
fi
echo "gates-selftest: passed (${#proofs[@]} proofs, each failed as planted) in $((SECONDS - started)) s"
