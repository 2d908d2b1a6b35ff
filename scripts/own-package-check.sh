#!/usr/bin/env bash
# Proves that a package of one's own gets the whole command line over its own scenarios: in a
# temporary folder it builds the package of the manual's "Measuring your own code" article
# (Sources/SimBench/SimBench.docc/OwnCode.md), written from the article's own code blocks (its
# Package.swift, the Doubling scenario, the few-line main), depending on this checkout by
# path; then runs that package's `run` twice and `compare` on the two results files.
#
# Usage: scripts/own-package-check.sh
#
# The article's Package.swift names the dependency "../simbench": the temporary folder holds
# `simbench`, a symbolic link to this checkout, beside the package, so the article is built as
# written. Exit status: 0 when the package builds, `run` writes a CSV with both of Doubling's
# variants, and `compare` judges them (no regression, or one: two runs on a loaded host may
# differ; any other status fails); 1 otherwise. The last line says which.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/exit-status.sh
source scripts/exit-status.sh
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
# package's Package.swift; one whose first line is `// PATH` is written to PATH.
python3 - "$article" "$package" <<'PY'
import os, re, sys
article, package = sys.argv[1], sys.argv[2]
blocks = re.findall(r"^```swift\n(.*?)^```", open(article).read(), re.S | re.M)
written = []
for block in blocks:
    first = block.split("\n", 1)[0]
    if first.startswith("// swift-tools-version"):
        path = "Package.swift"
    elif re.fullmatch(r"// Sources/[\w./+-]+\.swift", first):
        path = first[3:]
    else:
        continue
    target = os.path.join(package, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as file:
        file.write(block)
    written.append(path)
need = {"Package.swift", "Sources/mybench/main.swift"}
if not need <= set(written):
    sys.exit(f"own-package-check: FAILED: {article} lacks {sorted(need - set(written))}; it gave {written}")
print(f"own-package-check: from {article}: {', '.join(written)}")
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
"$bin" compare "$work/before.csv" "$work/after.csv" > "$work/compare.out" 2> "$work/compare.err" || status=$?
if [[ $status -ne $exit_success && $status -ne $exit_regression ]]; then
    cat "$work/compare.out" "$work/compare.err" >&2
    fail "mybench compare exited $status (expected 0, or 2 for a regression)"
fi
# Judged: the counts line, and a time row for each variant (`doubling.add time`, with the
# parameters in brackets when a scenario has any).
verdicts=$(grep -oE '[0-9]+ regressions? · [0-9]+ improvements? · .*' "$work/compare.out" || true)
if [[ -z "$verdicts" ]] || ! grep -qE 'doubling\.add(\[[^]]*\])? +time' "$work/compare.out" \
    || ! grep -qE 'doubling\.shift(\[[^]]*\])? +time' "$work/compare.out"; then
    cat "$work/compare.out" >&2
    fail "mybench compare's output has no verdict counts, or no doubling.add and doubling.shift rows"
fi
echo "own-package-check: mybench compare: $verdicts"
# `list` and the help come from the same library: the package's catalog, and no simbench family.
"$bin" list > "$work/list.out" || fail "mybench list failed"
grep -q "doubling" "$work/list.out" || fail "mybench list does not show doubling"
! grep -q "vending" "$work/list.out" || fail "mybench list shows simbench's own vending"

echo "own-package-check: passed (the article's package built; run wrote doubling's add and shift, compare judged them, exit $status)"
