#!/usr/bin/env bash
# A short release run of the default suite; checks that the CSV came out with every default
# scenario, that each scenario's variants (the floor aside) agree on the checksum, and that the selftest's
# wrong variant is caught (exit status 3).
#
# Usage: scripts/smoke-run.sh [BINARY [--small] [FLAG…]]   (default: .build/release/simbench;
# each FLAG is added to both runs, e.g. --allow-debug for a debug binary; --small runs the
# default suite at 50 machines of 20 events, 2 rounds, for a slow build such as one under
# ThreadSanitizer: the same scenarios, variants and checks)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
binary=${1:-.build/release/simbench}
sizes=(--machines 200 --events 50 --rounds 3 --warmup 1)
extra=()
for flag in "${@:2}"; do
    if [ "$flag" = --small ]; then
        sizes=(--machines 50 --events 20 --rounds 2 --warmup 1)
    else
        extra+=("$flag")
    fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$binary" run "${sizes[@]}" --quiet --csv "$out/smoke.csv" "${extra[@]}"

python3 - "$out/smoke.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
scenarios = {row["scenario"] for row in rows}
expected = {"vending", "workday"}
missing = expected - scenarios
assert not missing, f"smoke CSV lacks scenarios {missing}; has {scenarios}"
for key in {(r["scenario"], r["params"]) for r in rows}:
    # The floor computes only the bookkeeping, so its outcome is its own.
    checksums = {r["checksum"] for r in rows if (r["scenario"], r["params"]) == key and r["role"] != "floor"}
    assert len(checksums) == 1, f"{key}: variants disagree: {checksums}"
    assert all(r["status"] == "ok" for r in rows if (r["scenario"], r["params"]) == key)
print(f"smoke CSV: {len(rows)} rows, scenarios {sorted(scenarios)}, checksums agree")
PY

status=$exit_success
"$binary" run --scenario selftest --machines 10 --events 10 --rounds 1 --warmup 0 --quiet \
    --csv "$out/selftest.csv" "${extra[@]}" > /dev/null 2>&1 || status=$?
if [ "$status" -ne "$exit_wrong_outcome" ]; then
    echo "selftest: expected exit status $exit_wrong_outcome (wrong outcome) for the wrong variant, got $status" >&2
    exit 1
fi
echo "selftest: wrong variant caught (exit $exit_wrong_outcome)"
