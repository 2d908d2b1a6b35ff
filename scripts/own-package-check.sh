#!/usr/bin/env bash
# Proves that a package of one's own gets the whole command line, and the CI script, over its
# own scenarios, in its own words: in a temporary folder it builds the package of the manual's
# "Measuring your own code" article (Sources/SimBench/SimBench.docc/OwnCode.md), written from
# the article's own code blocks (its Package.swift, the Doubling and Totals scenarios, the
# few-line main, its Benchmarks/ci.conf), depending on this checkout by path, with two more
# executables beside the article's `mybench`:
#
# - `drawbench`, a second tool written from the article alone (Tests/OwnPackage/drawbench/):
#   a shard of its own Sendable types (drawings of shapes) read from the run's seed, a floor;
# - `nobaseline`, the article's Doubling with its baseline's `role: .baseline` taken out, which
#   must be refused in one line before any command runs.
#
# One package holds the three so that this checkout is compiled once. Then it runs `mybench`
# twice and `compare` on the two results files (read from `compare --format json`), `drawbench`
# once, and checks that the two tools' help (of every command), errors, hints and run output
# name the tool and its entities, never simbench or its machines; and scripts/ci-bench.sh with
# SIMBENCH_PRODUCT=mybench in the package: --update-baseline, then the comparison with that
# baseline.
#
# Usage: scripts/own-package-check.sh
#
# The article's Package.swift names the dependency "../simbench": the temporary folder holds
# `simbench`, a symbolic link to this checkout, beside the package, so the article is built as
# written (the two executables added as targets of their own). Its platforms must be the ones
# this checkout's Package.swift declares (none), so that it builds wherever simbench does.
# Exit status: 0 when the package builds, `run` writes a CSV with every variant of the
# article's scenarios and drawbench's, `compare` judges them (no regression, or one: two runs
# on a loaded host may differ; any other status fails), every word checked is the tool's own,
# nobaseline is refused, and ci-bench.sh stores mybench's baseline and compares with it; 1
# otherwise. The last line says which.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
# shellcheck source=scripts/comparison-json.sh
source scripts/comparison-json.sh
started=$SECONDS
checkout=$PWD
article=Sources/SimBench/SimBench.docc/OwnCode.md

fail() {
    echo "own-package-check: FAILED: $1" >&2
    exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$checkout" "$work/simbench"
package="$work/mybench"
mkdir -p "$package"

# Every ```swift block of the article whose first line is `// swift-tools-version…` is the
# package's Package.swift; one whose first line is `// PATH` is written to PATH; the ```text
# block whose first line starts `# Benchmarks/ci.conf` is the package's CI suite.
python3 - "$article" "$package" <<'PY'
import os, re, sys
article, package = sys.argv[1], sys.argv[2]
blocks = re.findall(r"^```(swift|text)\n(.*?)^```", open(article).read(), re.S | re.M)
written = []
for language, block in blocks:
    first = block.split("\n", 1)[0]
    if language == "swift" and first.startswith("// swift-tools-version"):
        path = "Package.swift"
    elif language == "swift" and re.fullmatch(r"// Sources/[\w./+-]+\.swift", first):
        path = first[3:]
    elif language == "text" and re.match(r"# Benchmarks/ci\.conf\b", first):
        path = "Benchmarks/ci.conf"
    else:
        continue
    target = os.path.join(package, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as file:
        file.write(block)
    written.append(path)
need = {"Package.swift", "Sources/mybench/main.swift", "Sources/mybench/Doubling.swift",
        "Sources/mybench/Totals.swift", "Benchmarks/ci.conf"}
if not need <= set(written):
    sys.exit(f"own-package-check: FAILED: {article} lacks {sorted(need - set(written))}; it gave {written}")
print(f"own-package-check: from {article}: {', '.join(written)}")
PY

# The article's platforms are this checkout's: a platform simbench does not declare, or one at
# an earlier version than simbench requires, does not build there.
swift package dump-package --package-path "$checkout" > "$work/simbench-manifest.json" \
    || fail "swift package dump-package failed on this checkout"
swift package dump-package --package-path "$package" > "$work/mybench-manifest.json" \
    || fail "swift package dump-package failed on the article's Package.swift"
python3 - "$work/simbench-manifest.json" "$work/mybench-manifest.json" <<'PY'
import json, sys
def platforms(path):
    return {p["platformName"]: tuple(int(n) for n in p["version"].split("."))
            for p in json.load(open(path)).get("platforms") or []}
def spelled(found):
    return ", ".join(f"{name} {'.'.join(map(str, version))}" for name, version in sorted(found.items())) or "none"
ours, theirs = platforms(sys.argv[1]), platforms(sys.argv[2])
wrong = [name for name in theirs if name not in ours or theirs[name] < ours[name]]
missing = [name for name in ours if name not in theirs]
if wrong or missing:
    sys.exit(f"own-package-check: FAILED: the article's package declares platforms {spelled(theirs)}; "
             f"simbench's Package.swift declares {spelled(ours)} (the article's must be those, at those versions or later)")
print(f"own-package-check: platforms: {spelled(theirs)}, as simbench's Package.swift")
PY

# The second tool, drawbench (Tests/OwnPackage/drawbench/, written from the article alone),
# and nobaseline (the article's Doubling without `role: .baseline`, and a main over it): two
# executables of the same package, with the article's dependencies.
mkdir -p "$package/Sources/drawbench" "$package/Sources/nobaseline"
cp "$checkout"/Tests/OwnPackage/drawbench/*.swift "$package/Sources/drawbench/"
python3 - "$package" <<'PY'
import re, sys
package = sys.argv[1]
doubling = open(f"{package}/Sources/mybench/Doubling.swift").read()
stripped = doubling.replace("role: .baseline, ", "", 1)
if stripped == doubling:
    sys.exit("own-package-check: FAILED: the article's Doubling has no `role: .baseline, ` to take out")
open(f"{package}/Sources/nobaseline/Doubling.swift", "w").write(stripped)
open(f"{package}/Sources/nobaseline/main.swift", "w").write(
    "import SimBench\nimport SimBenchCommandLine\n\nBenchmarkTool(catalog: Catalog([Doubling.self])).main()\n")
manifest = open(f"{package}/Package.swift").read()
products = re.search(r'\.executableTarget\(\s*name: "mybench",\s*dependencies: (\[.*?\])\s*\)', manifest, re.S)
if not products:
    sys.exit("own-package-check: FAILED: the article's Package.swift has no executableTarget mybench to copy the dependencies of")
added = "".join(f'        .executableTarget(name: "{name}", dependencies: {products.group(1)}),\n'
                for name in ["drawbench", "nobaseline"])
manifest, count = re.subn(r"(\n    \]\n\)\s*)$", ",\n" + added.rstrip(",\n") + r"\1", manifest.rstrip() + "\n")
if count != 1:
    sys.exit("own-package-check: FAILED: the article's Package.swift does not end its targets as expected")
open(f"{package}/Package.swift", "w").write(manifest)
PY

echo "own-package-check: building the package (release; it compiles this checkout as a dependency)"
if ! swift build -c release --package-path "$package" > "$work/build.log" 2>&1; then
    tail -30 "$work/build.log" >&2
    fail "the article's package did not build"
fi
bins="$(swift build -c release --package-path "$package" --show-bin-path)"
bin="$bins/mybench"
for tool in mybench drawbench nobaseline; do
    [[ -x "$bins/$tool" ]] || fail "no $tool executable in $bins"
done

# A catalog with a scenario without a baseline: refused before any command, in one line.
status=$exit_success
"$bins/nobaseline" list > "$work/nobaseline.out" 2> "$work/nobaseline.err" || status=$?
refusal="nobaseline: scenario 'doubling' has no variant of role .baseline; expected exactly one: the plain code every other variant is measured against"
if [[ $status -ne $exit_failure || "$(cat "$work/nobaseline.err")" != "$refusal" || -s "$work/nobaseline.out" ]]; then
    cat "$work/nobaseline.out" "$work/nobaseline.err" >&2
    fail "nobaseline list exited $status; expected $exit_failure and the one line '$refusal'"
fi
echo "own-package-check: a scenario without a baseline is refused: $refusal"

# Two short runs of the package's own scenarios, then compare; both from the package's main.
for side in before after; do
    status=$exit_success
    "$bin" run --machines 200 --events 50 --rounds 5 --warmup 1 --quiet --csv "$work/$side.csv" \
        > "$work/$side.out" 2> "$work/$side.err" || status=$?
    [[ $status -eq $exit_success ]] || { cat "$work/$side.err" >&2; fail "mybench run ($side) exited $status"; }
done
# drawbench's run: its table and summary are read below.
status=$exit_success
"$bins/drawbench" run --machines 200 --rounds 5 --warmup 1 --csv "$work/drawbench.csv" \
    > "$work/drawbench.out" 2> "$work/drawbench.err" || status=$?
[[ $status -eq $exit_success ]] || { cat "$work/drawbench.err" >&2; fail "drawbench run exited $status"; }
python3 - "$work" <<'PY'
import csv, sys
work = sys.argv[1]
want = {
    "mybench": {("doubling", "add"): "baseline", ("doubling", "shift"): "pattern",
                ("totals", "switch"): "baseline", ("totals", "protocol"): "pattern",
                ("totals", "floor"): "floor"},
    "drawbench": {("shapes", "enum-switch"): "baseline", ("shapes", "existential"): "pattern",
                  ("shapes", "generic"): "pattern", ("shapes", "floor"): "floor"},
}
for tool, paths in [("mybench", ["before.csv", "after.csv"]), ("drawbench", ["drawbench.csv"])]:
    for name in paths:
        path = f"{work}/{name}"
        rows = list(csv.DictReader(open(path, newline="")))
        got = {(r["scenario"], r["variant"]): r["role"] for r in rows}
        if got != want[tool] or any(r["status"] != "ok" for r in rows):
            sys.exit(f"own-package-check: FAILED: {tool}'s {name} holds {sorted(got.items())} "
                     f"(statuses {sorted({r['status'] for r in rows})}), not {sorted(want[tool].items())}, all ok")
        # Every variant but the floor computed its baseline's outcome, run by run.
        for scenario in {s for s, _ in want[tool]}:
            sums = {r["checksum"] for r in rows if r["scenario"] == scenario and r["role"] != "floor"}
            if len(sums) != 1:
                sys.exit(f"own-package-check: FAILED: {path}: {scenario}'s variants' checksums differ: {sums}")
PY

compare_status=$exit_success
"$bin" compare "$work/before.csv" "$work/after.csv" --format json > "$work/compare.json" 2> "$work/compare.err" \
    || compare_status=$?
if [[ $compare_status -ne $exit_success && $compare_status -ne $exit_regression ]]; then
    cat "$work/compare.json" "$work/compare.err" >&2
    fail "mybench compare exited $compare_status (expected 0, or 2 for a regression)"
fi
# Judged: a time figure for each variant (its verdict whatever it is), from the JSON.
# Columns of `figures` (scripts/comparison-json.sh): verdict, benchmark, metric, scenario,
# variant, reason.
for row in doubling:add doubling:shift totals:switch totals:protocol; do
    [[ -n "$(figures "$work/compare.json" | awk -F'\t' -v scenario="${row%%:*}" -v variant="${row#*:}" \
        '$4 == scenario && $5 == variant && $3 == "time"')" ]] \
        || { cat "$work/compare.json" >&2; fail "mybench compare judged no time of ${row/:/.}"; }
done
echo "own-package-check: mybench compare: $(tally "$work/compare.json")"
# `list` comes from the same library: the package's catalog, and no simbench family.
"$bin" list > "$work/list.out" || fail "mybench list failed"
for scenario in doubling totals; do
    grep -q "$scenario" "$work/list.out" || fail "mybench list does not show $scenario"
done
! grep -q "vending" "$work/list.out" || fail "mybench list shows simbench's own vending"

# The tools' own words. Each tool's --help, every command's help, --version, a run's whole
# output (its header, tables, warnings' advice and summary), and one line of each kind of
# error: all must speak of the tool, by its name, and of its entities, never of simbench (the
# library is SimBench; SIMBENCH_* are the environment variables' names) or of simbench's
# machines (--machines is the flag's name, machines=N a sweep's).
say() { # TOOL LABEL ARGS…: runs TOOL with ARGS, its output and errors under LABEL
    local tool=$1 label=$2 status=0
    shift 2
    "$bins/$tool" "$@" > "$work/said.out" 2> "$work/said.err" || status=$?
    { echo "== $tool $label (exit $status)"; cat "$work/said.out" "$work/said.err"; } >> "$work/words-$tool.txt"
    echo "$status"
}
for tool in mybench drawbench; do
    : > "$work/words-$tool.txt"
    say "$tool" "--help" --help > /dev/null
    say "$tool" "--version" --version > /dev/null
    # Every command --help lists, the help's own line left out.
    for command in $("$bins/$tool" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^$/ { exit } on && $1 != "help" { print $1 }'); do
        say "$tool" "help $command" "$command" --help > /dev/null
    done
done
{ echo "== mybench run"; "$bin" run --scenario totals --machines 300 --events 20 --rounds 3 --warmup 0 --processes 2 --span 0 \
    --csv "$work/totals.csv" 2>&1; } >> "$work/words-mybench.txt" || fail "mybench run --scenario totals failed"
{ echo "== drawbench run"; cat "$work/drawbench.out" "$work/drawbench.err"; } >> "$work/words-drawbench.txt"
printf 'scenario,variant\n' > "$work/not-results.csv"
for tool in mybench drawbench; do
    # One bad input of each kind, its status and its one line.
    errors=(
        "64 bogus"
        "64 run --bogus"
        "64 run --machines 0"
        "64 run --scenario nosuch"
        "64 compare $work/before.csv"
        "64 report $work/before.csv"
        "64 list extra"
        "64 help nosuch"
        "1 compare $work/not-results.csv $work/before.csv"
    )
    for error in "${errors[@]}"; do
        read -r want arguments <<< "$error"
        # shellcheck disable=SC2086 # the words of the command line, split on purpose
        got=$(say "$tool" "error: $arguments" $arguments)
        [[ "$got" == "$want" ]] || fail "$tool $arguments exited $got, expected $want (see its words below)"
        [[ "$(wc -l < "$work/said.err")" -eq 1 && "$(head -c $((${#tool} + 2)) "$work/said.err")" == "$tool: " ]] \
            || { cat "$work/said.err" >&2; fail "$tool $arguments: expected one line on stderr, '$tool: ' first"; }
    done
done
python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
# What no word of a tool of one's own may say, each with why. A machine may be the host ("this
# build and machine", "the machine-speed reference"); simbench's entities were machines too,
# and the words that counted or named them as such are refused.
forbidden = [
    (re.compile(r"simbench"), "simbench's name (the library is SimBench, the variables SIMBENCH_…)"),
    (re.compile(r"vending|fleet", re.I), "simbench's vending machines and their fleet"),
    (re.compile(r"\b(\d[\d,]*|simulated|per|first|every|each|many) machines?\b|\bmachines'|\bmachines of\b",
                re.I), "machines for the tool's entities"),
]
# What each tool's words must say: its name where it speaks of itself, its entities in its header.
required = {
    "mybench": ["mybench — ", "mybench run — ", "see 'mybench run --help'", "300 orders · ",
                "mybench: unknown command 'bogus'", "summary: each pattern against its baseline"],
    "drawbench": ["drawbench — what does a shape's area cost", "200 drawings · ",
                  "drawbench compare — ", "see 'drawbench run --help'"],
}
failures = []
for tool, musts in required.items():
    text = open(f"{work}/words-{tool}.txt").read()
    label = "?"
    for line in text.split("\n"):
        if line.startswith("== "):
            label = line[3:]
            continue
        for pattern, why in forbidden:
            for match in pattern.finditer(line.replace("--machines", "--entities-flag")):
                failures.append(f"{tool} [{label}]: '{match.group(0)}' ({why}): {line.strip()}")
    for must in musts:
        if must not in text:
            failures.append(f"{tool}: nowhere says '{must}'")
if failures:
    print("\n".join(failures[:40]), file=sys.stderr)
    sys.exit(f"own-package-check: FAILED: {len(failures)} word(s) not the tool's own (first 40 above; all in words-mybench.txt, words-drawbench.txt)")
lines = sum(open(f"{work}/words-{tool}.txt").read().count("\n") for tool in required)
print(f"own-package-check: words: {lines} lines of help, errors, runs and hints of mybench and drawbench name their tool and entities, never simbench or its machines")
PY
# The net ratio's columns only where there is a floor: totals has one, doubling none.
"$bin" run --scenario doubling --machines 200 --rounds 3 --warmup 0 --processes 1 --csv "$work/doubling.csv" \
    > "$work/doubling.out" 2>&1 || { cat "$work/doubling.out" >&2; fail "mybench run --scenario doubling failed"; }
! grep -q "net of floor" "$work/doubling.out" \
    || { cat "$work/doubling.out" >&2; fail "mybench's doubling, without a floor, shows net of floor columns"; }
grep -q "net of floor" "$work/words-mybench.txt" \
    || fail "mybench's totals, with a floor, shows no net of floor column"

# The CI script over the package, as its own workflow runs it: the product named by
# SIMBENCH_PRODUCT, the suite of the package's Benchmarks/ci.conf, its results/baselines/.
ci_bench() {
    (cd "$package" && SIMBENCH_PRODUCT=mybench bash "$checkout/scripts/ci-bench.sh" "$@") \
        > "$work/ci-bench.out" 2>&1
}
ci_bench --update-baseline \
    || { tail -30 "$work/ci-bench.out" >&2; fail "SIMBENCH_PRODUCT=mybench ci-bench.sh --update-baseline failed"; }
grep -q "release build of mybench" "$work/ci-bench.out" \
    || { cat "$work/ci-bench.out" >&2; fail "ci-bench.sh did not build mybench"; }
python3 - "$package/results/baselines/ci.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
got = sorted((r["scenario"], r["variant"]) for r in rows)
want = [("doubling", "add"), ("doubling", "shift"), ("totals", "floor"), ("totals", "protocol"),
        ("totals", "switch")]
if got != want or {r["processes"] for r in rows} != {"2"}:
    sys.exit(f"own-package-check: FAILED: ci-bench.sh's baseline {sys.argv[1]} holds {got}, "
             f"processes {sorted({r['processes'] for r in rows})}, not {want} over Benchmarks/ci.conf's 2 processes")
PY
ci_status=$exit_success
ci_bench --report-only --summary "$work/ci-summary.md" || ci_status=$?
if [[ $ci_status -ne $exit_success ]]; then
    tail -30 "$work/ci-bench.out" >&2
    fail "SIMBENCH_PRODUCT=mybench ci-bench.sh --report-only exited $ci_status"
fi
grep -q "doubling" "$work/ci-summary.md" \
    || { cat "$work/ci-summary.md" >&2; fail "ci-bench.sh's summary does not name doubling"; }
echo "own-package-check: SIMBENCH_PRODUCT=mybench ci-bench.sh: baseline stored, compared: $(grep -m1 'ci-bench: compare exit status' "$work/ci-bench.out")"

echo "own-package-check: passed in $((SECONDS - started)) s (the article's package built with drawbench and nobaseline; run wrote every variant, compare judged them, exit $compare_status; the tools' words are their own; ci-bench.sh ran mybench)"
