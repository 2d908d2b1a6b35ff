#!/usr/bin/env bash
# Builds the manual, the DocC catalog Sources/SimBench/SimBench.docc, with every warning an
# error, so that a broken `<doc:…>` link (to an article or to a heading in one), an uncurated
# article or a malformed page fails CI; then checks that every relative link and image of
# README.md names a file that exists (docc does not read the README).
#
# Usage: scripts/docs-check.sh [CATALOG]   (default: Sources/SimBench/SimBench.docc)
#
# An articles-only build: no symbol graphs, so it needs no build of the package and takes
# about a second. docc comes with the Swift toolchain, beside `swift`; DOCC=PATH overrides it.
# Exit status: 0 when both checks pass, 1 on any warning, error or missing file.
set -euo pipefail
cd "$(dirname "$0")/.."
catalog=${1:-Sources/SimBench/SimBench.docc}

docc=${DOCC:-}
if [[ -z "$docc" ]]; then
    swift_path=$(command -v swift || true)
    if [[ -n "$swift_path" && -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]]; then
        docc="$(dirname "$(readlink -f "$swift_path")")/docc"
    else
        docc=$(command -v docc || true)
    fi
fi
if [[ -z "$docc" || ! -x "$docc" ]]; then
    echo "docs-check: docc not found beside swift nor on PATH (set DOCC=PATH)" >&2
    exit 1
fi
if [[ ! -d "$catalog" ]]; then
    echo "docs-check: no catalog at '$catalog'" >&2
    exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
"$docc" convert "$catalog" \
    --fallback-display-name SimBench \
    --fallback-bundle-identifier org.simbench.SimBench \
    --output-path "$out/SimBench.doccarchive" \
    --warnings-as-errors > "$out/docc.log" 2>&1 || status=$?
# --warnings-as-errors already fails on a warning; the log is read as well, so that a docc
# that printed a warning and still exited 0 cannot pass.
if [[ $status -ne 0 ]] || grep -qiE '^(warning|error)|: (warning|error):' "$out/docc.log"; then
    cat "$out/docc.log" >&2
    echo "docs-check: docc convert $catalog failed (exit status $status)" >&2
    exit 1
fi
articles=$(find "$catalog" -name '*.md' | wc -l)

# README.md: relative links and images, `](path)` or `](path#anchor)`; URLs are not checked.
missing=0
while IFS= read -r target; do
    [[ -z "$target" || "$target" == *://* || "$target" == mailto:* || "$target" == \#* ]] && continue
    if [[ ! -e "${target%%#*}" ]]; then
        echo "docs-check: README.md links to '$target', which does not exist" >&2
        missing=$((missing + 1))
    fi
done < <(grep -oE '\]\([^)[:space:]]+\)' README.md | sed -E 's/^\]\((.*)\)$/\1/')
if [[ $missing -ne 0 ]]; then
    echo "docs-check: $missing broken link(s) in README.md" >&2
    exit 1
fi
echo "docs-check: passed ($articles pages in $catalog, README.md's links)"
