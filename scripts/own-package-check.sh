#!/usr/bin/env bash
# Proves that a package of one's own gets the whole command line, and the CI script, over its
# own scenarios: in a temporary folder it builds the package of the manual's "Measuring your
# own code" article (Sources/SimBench/SimBench.docc/OwnCode.md), written from the article's
# own code blocks (its Package.swift, the Doubling scenario, the few-line main, its
# Benchmarks/ci.conf), depending on this checkout by path; then runs that package's tool,
# `mybench`, twice and `compare` on the two results files (read from `compare --format json`),
# and scripts/ci-bench.sh with SIMBENCH_PRODUCT=mybench in the package: --update-baseline,
# then the comparison with that baseline.
#
# Usage: scripts/own-package-check.sh
#
# The article's Package.swift names the dependency "../simbench": the temporary folder holds
# `simbench`, a symbolic link to this checkout, beside the package, so the article is built as
# written. Its platforms must be the ones this checkout's Package.swift declares (no other, none
# at an earlier version), so that it builds wherever simbench does. Exit status: 0 when the
# package builds, `run` writes a CSV with both of Doubling's variants, `compare` judges them
# (no regression, or one: two runs on a loaded host may differ; any other status fails), and
# ci-bench.sh stores mybench's baseline and compares with it; 1 otherwise. The last line says
# which.
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
need = {"Package.swift", "Sources/mybench/main.swift", "Benchmarks/ci.conf"}
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

echo "own-package-check: building the package (release; it compiles this checkout as a dependency)"
if ! swift build -c release --package-path "$package" > "$work/build.log" 2>&1; then
    tail -30 "$work/build.log" >&2
    fail "the article's package did not build"
fi
bin="$(swift build -c release --package-path "$package" --show-bin-path)/mybench"
[[ -x "$bin" ]] || fail "no mybench executable at $bin"

# Two short runs of the package's own scenario, then compare; both from the package's main.
for side in before after; do
    status=$exit_success
    "$bin" run --machines 200 --events 50 --rounds 5 --warmup 1 --quiet --csv "$work/$side.csv" \
        > "$work/$side.out" 2> "$work/$side.err" || status=$?
    [[ $status -eq $exit_success ]] || { cat "$work/$side.err" >&2; fail "mybench run ($side) exited $status"; }
done
python3 - "$work/before.csv" "$work/after.csv" <<'PY'
import csv, sys
for path in sys.argv[1:]:
    rows = list(csv.DictReader(open(path, newline="")))
    got = sorted((r["scenario"], r["variant"], r["status"]) for r in rows)
    want = [("doubling", "add", "ok"), ("doubling", "shift", "ok")]
    if got != want:
        sys.exit(f"own-package-check: FAILED: {path} holds {got}, not {want}")
    if len({r["checksum"] for r in rows}) != 1:
        sys.exit(f"own-package-check: FAILED: {path}: the variants' checksums differ")
PY

status=$exit_success
"$bin" compare "$work/before.csv" "$work/after.csv" --format json > "$work/compare.json" 2> "$work/compare.err" || status=$?
if [[ $status -ne $exit_success && $status -ne $exit_regression ]]; then
    cat "$work/compare.json" "$work/compare.err" >&2
    fail "mybench compare exited $status (expected 0, or 2 for a regression)"
fi
# Judged: a time figure for each variant (its verdict whatever it is), from the JSON.
# Columns of `figures` (scripts/comparison-json.sh): verdict, benchmark, metric, scenario,
# variant, reason.
for variant in add shift; do
    [[ -n "$(figures "$work/compare.json" | awk -F'\t' -v variant="$variant" \
        '$4 == "doubling" && $5 == variant && $3 == "time"')" ]] \
        || { cat "$work/compare.json" >&2; fail "mybench compare judged no time of doubling.$variant"; }
done
echo "own-package-check: mybench compare: $(tally "$work/compare.json")"
# `list` and the help come from the same library: the package's catalog, and no simbench family.
"$bin" list > "$work/list.out" || fail "mybench list failed"
grep -q "doubling" "$work/list.out" || fail "mybench list does not show doubling"
! grep -q "vending" "$work/list.out" || fail "mybench list shows simbench's own vending"

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
if got != [("doubling", "add"), ("doubling", "shift")] or {r["processes"] for r in rows} != {"2"}:
    sys.exit(f"own-package-check: FAILED: ci-bench.sh's baseline {sys.argv[1]} holds {got}, "
             f"processes {sorted({r['processes'] for r in rows})}, not doubling's add and shift over Benchmarks/ci.conf's 2 processes")
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

echo "own-package-check: passed in $((SECONDS - started)) s (the article's package built; run wrote doubling's add and shift, compare judged them, exit $status; ci-bench.sh ran mybench)"
