#!/usr/bin/env bash
# Proof that `simbench ab` names the function that moved (the manual's Counts.md, "Which
# functions moved"). In a scratch copy of HEAD it plants three changes, each in a named
# function of a different scenario's variant:
#   vending table:                 `@inline(never)` on the machine's transition function,
#                                  `SaleMachine.send(_:)` (`@inline(__always)` at HEAD);
#   workday state-objects-shared:  an extra retained reference in a State object's handler,
#                                  `ForenoonState.writeProgram(_:)` keeps itself in the worker
#                                  (`work.lastHandler = self`: a retain and a release a call);
#   marks visitor:                 an allocation in a visitor's visit,
#                                  `StatisticsVisitor.visitDot(_:)` keeps a new one-element
#                                  array of the dot (`lastDots = [dot]`).
# Then one `simbench ab --base HEAD` over the three scenarios, counted under Callgrind, with one
# pair (counts have no interval: one pair judges them), code layouts on as ab's default (counts
# do not move with layout, and so its two builds are the ones the layout proof makes: .ci/run
# gives both proofs one scratch copy, SIMBENCH_FUNCTION_PROOF_DIR=.build/layout-proof, and the
# second rebuilds only the files they plant) and the smallest run that still counts 5,000
# events a variant, and it reads `--format json --functions`:
#   - each planted row's instructions are a regression, and the first function of the
#     project's own code listed under it (mechanism `own`) is the planted one (or, where the
#     compiler inlined it, the caller it went into, which the list says: listed in one run
#     only). Runtime functions may be listed before it, but only those the planted code calls
#     (their cost is the runtime's own, called by the planted function): `swift_retain` and
#     `swift_release` for the retained reference; for the allocation, the allocator's
#     (mechanism `alloc`) and those that end the array's life, its release (`swift_release`,
#     and the slow path that deinitializes it, `doDecrementSlow`) and its element's
#     destruction (`swift_arrayDestroy`). Any other function of the runtime listed before
#     it (another retain, a cast, a metadata look-up) fails the check;
#   - every other row (nothing planted: the A/A part) is not flagged on instructions and lists
#     no function that moved by more than 0.01% of the row's instructions per event.
# Times nothing, so it may run beside other work (Valgrind's counts do not move with load).
#
# Usage: scripts/function-proof.sh
# Environment: SIMBENCH_FUNCTION_PROOF_DIR: the scratch copy (default .build/function-proof,
#   kept between calls so that ab's two release builds in it are reused; reset to HEAD and
#   planted again each time); SIMBENCH_PROOF_KEEP=DIR keeps ab's JSON, CSVs and report there;
#   SIMBENCH_PLANTED_FAILURE=1 is the proof's planted failure (scripts/gates-selftest.sh):
#   the same three changes planted (so the same builds), ab over vending alone, and the
#   checks told that nothing was planted there: vending table's row, whose transition
#   function was made a call, must fail as a change where nothing was planted.
# Exit status: 0 when every check holds; 1 otherwise, one line per failed check (or when ab
# fails or valgrind is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
# shellcheck source=scripts/comparison-json.sh
source scripts/comparison-json.sh

dir=${SIMBENCH_FUNCTION_PROOF_DIR:-$root/.build/function-proof}
if ! command -v valgrind > /dev/null; then
    echo "function-proof: valgrind is not installed (apt-get install valgrind): ab cannot count" >&2
    exit 1
fi
# shellcheck source=scripts/scratch-copy.sh
source scripts/scratch-copy.sh
scratch_copy function-proof "$dir"

# plant FILE PATTERN SED: FILE must hold exactly one line matching PATTERN (an extended
# regular expression) at HEAD; SED (a sed script) changes it. A file planted already by an
# earlier call is left as it is when it differs from HEAD by the same lines.
vending=Benchmarks/Vending/TableVending.swift
workday=Benchmarks/Workday/SharedStateObjectsWorkday.swift
marks=Benchmarks/Marks/VisitorMarks.swift
planted=$(mktemp)
out=$(mktemp -d)
keep=${SIMBENCH_PROOF_KEEP:-}
trap 'if [ -n "$keep" ]; then mkdir -p "$keep" && cp -r "$out"/. "$keep"/; fi; rm -rf "$out" "$planted"' EXIT
plant() {
    local file=$1 pattern=$2 script=$3
    if [ "$(git -C "$dir" show "HEAD:$file" | grep -Ec "$pattern")" -ne 1 ]; then
        echo "function-proof: expected one line matching '$pattern' in $file" >&2
        exit 1
    fi
    printf '%s\n' "$script" >> "$planted.$(basename "$file")"
}
plant "$vending" '^ *@inline\(__always\)$' 's/^( *)@inline\(__always\)$/\1@inline(never)/'
plant "$workday" '^        var diary = WorkdayDiary\(\)$' \
    's/^(        var diary = WorkdayDiary\(\))$/\1\n        var lastHandler: State?/'
plant "$workday" '^            if work.hour < 12 \{$' \
    's/^(            if work.hour < 12 \{)$/            work.lastHandler = self\n\1/'
plant "$marks" '^        func visitDot\(_ dot: Dot\) \{ statistics.dot\(dot\) \}$' \
    's/^(        )func visitDot\(_ dot: Dot\) \{ statistics.dot\(dot\) \}$/\1var lastDots: [Dot] = []\n\n\1func visitDot(_ dot: Dot) {\n\1    statistics.dot(dot)\n\1    lastDots = [dot]\n\1}/'
for file in "$vending" "$workday" "$marks"; do
    git -C "$dir" show "HEAD:$file" | sed -E -f "$planted.$(basename "$file")" > "$out/planted"
    rm -f "$planted.$(basename "$file")"
    # Only a file whose content changes is written: an unchanged date keeps the head's build.
    cmp -s "$out/planted" "$dir/$file" || cp "$out/planted" "$dir/$file"
done
scratch_keep "$dir" "$vending" "$workday" "$marks"
scratch_planted function-proof "$dir" "3 9 2"

# One pair, counted: the counted pass runs each variant over min(machines, 5,000 / events)
# machines, so 200 machines of 25 events count 5,000 events a variant; one timed round
# each, which nothing here reads.
# The planted failure: vending alone, its planted change not announced to the checks.
scenarios=vending,workday,marks
planted_failure=${SIMBENCH_PLANTED_FAILURE:-0}
if [ "$planted_failure" = 1 ]; then
    scenarios=vending
    echo "function-proof: planted failure: ab over vending alone, and the checks not told of vending table's change; they must find it where nothing was planted and fail"
fi
read -r -a run_args <<< "--scenario $scenarios --machines 200 --events 25 --rounds 1 --warmup 0 --processes 1 --span 0 --seed 1"
started=$SECONDS
status=$exit_success
(cd "$dir" && "$binary" ab --base HEAD --pairs 1 --functions --format json \
    --output "$out/ab" -- "${run_args[@]}") > "$out/ab.json" 2> "$out/ab.err" || status=$?
took=$((SECONDS - started))
if [ "$status" -ne "$exit_success" ] && [ "$status" -ne "$exit_regression" ]; then
    echo "function-proof: ab failed with status $status:" >&2
    tail -20 "$out/ab.err" >&2
    exit 1
fi
echo "function-proof: ab exit status $status, $took s (builds included); run arguments: ${run_args[*]}"

# The checks, on ab's JSON (the manual's Output.md, "Comparisons as JSON"), read by
# scripts/comparison-json.sh: each planted row's function (a part of its demangled name) and
# the runtime functions that may be listed before it, and the A/A bound of every other row.
figures "$out/ab.json" | awk -F'\t' '$3 == "instructions"' > "$out/verdicts"
functions "$out/ab.json" > "$out/functions"
python3 - "$out/verdicts" "$out/functions" "$planted_failure" << 'EOF'
import sys

# (scenario, variant, a part of the params): (a part of the planted function's name, the
# runtime functions that may be listed before it, each as its mechanism and a part of its
# name: "" is any function of that mechanism). Marks' statistics visitor runs in its
# op=stats rows only.
retained = [("refcount", "swift_retain"), ("refcount", "swift_release")]
allocated = [
    ("alloc", ""),
    ("refcount", "swift_release"),
    ("refcount", "doDecrementSlow"),
    ("dispatch", "swift_arrayDestroy"),
]
planted = {
    ("vending", "table", ""): ("SaleMachine.send(", []),
    ("workday", "state-objects-shared", ""): ("ForenoonState.writeProgram(", retained),
    ("marks", "visitor", "op=stats"): ("StatisticsVisitor.visitDot(", allocated),
}

# The planted failure: nothing announced, and only vending run.
if sys.argv[3] == "1":
    planted = {}

def plant(scenario, params, variant):
    for key in planted:
        if key[:2] == (scenario, variant) and key[2] in params:
            return key
    return None
aa_bound = 1e-4  # of the row's instructions per event

# figures: verdict, benchmark, metric, scenario, variant, reason.
verdicts = {}
for line in open(sys.argv[1]):
    verdict, benchmark, _, scenario, variant, reason = line.rstrip("\n").split("\t")
    verdicts[benchmark] = (verdict, plant(scenario, benchmark, variant), reason)
# functions: scenario, params, variant, place, row baseline, change, mechanism, side, name.
listed = {}
for line in open(sys.argv[2]):
    scenario, params, variant, place, row, change, mechanism, side, name = line.rstrip("\n").split("\t")
    benchmark = f"{scenario}.{variant}" + (f"[{params}]" if params else "")
    entry = listed.setdefault(benchmark, {"row": float(row or 0), "compared": place != "-", "functions": []})
    if place not in ("-", "0"):
        entry["functions"].append({"change": float(change), "mechanism": mechanism, "side": side, "name": name})

def only(side):
    return "" if side == "both" else f"; listed in the {side.replace('-only', '')} run only"

failures = []
for key in planted:
    if not any(found == key for _, found, _ in verdicts.values()):
        failures.append(f"{key[0]} {key[1]} {key[2]}: no counted row in ab's output")
for name, (verdict, key, reason) in verdicts.items():
    entry = listed.get(name, {"row": 0, "compared": False, "functions": []})
    functions = entry["functions"]
    if not entry["compared"]:
        failures.append(f"{name}: no functions compared (no functions column in one of the runs?)")
        continue
    if key is not None:
        expected, allowed = planted[key]
        print(f"planted  {name}: instructions {verdict} ({reason})")
        for f in functions:
            print(f"    {f['change']:+.3f} instr/event {f['mechanism']} {f['name']}{only(f['side'])}")
        if verdict != "regression":
            failures.append(f"{name}: the planted change was not flagged on instructions ({verdict})")
        own = [f for f in functions if f["mechanism"] == "own"]
        before = functions[: functions.index(own[0])] if own else functions
        if not own:
            failures.append(f"{name}: no function of the project's own code listed")
        elif expected not in own[0]["name"]:
            failures.append(f"{name}: the first function of its own code listed is {own[0]['name']}, not {expected}…")
        else:
            print(f"    first of its own code: {own[0]['name']}{only(own[0]['side'])}")
        wrong = [
            f"{f['name']} ({f['mechanism']})"
            for f in before
            if not any(f["mechanism"] == mechanism and part in f["name"] for mechanism, part in allowed)
        ]
        if wrong:
            failures.append(f"{name}: listed before the planted function, not called by the planted change: {', '.join(wrong)}")
        continue
    row = entry["row"]
    worst = max((abs(f["change"]) / row for f in functions), default=0) if row else 0
    print(f"nothing planted  {name}: instructions {verdict}, {len(functions)} functions moved, the most by {worst * 100:.4f}% of the row")
    if verdict in ("regression", "improvement"):
        failures.append(f"{name}: flagged on instructions ({verdict}: {reason}) with nothing planted in it")
    for f in functions:
        if abs(f["change"]) > aa_bound * row:
            failures.append(f"{name}: {f['name']} moved {f['change']:+.3f} instr/event, beyond 0.01% of the row ({row:g}) with nothing planted")
for failure in failures:
    print(f"function-proof: FAILED: {failure}", file=sys.stderr)
if failures:
    sys.exit(1)
print("function-proof: passed (each planted function named under its flagged row; nothing else moved beyond 0.01%)")
EOF
