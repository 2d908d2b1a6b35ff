#!/usr/bin/env bash
# Figures that cannot go stale: every committed CSV under results/ that a figure is drawn
# from (the README's and the manual's charts: every tracked results/**/*.csv except the CI
# baselines under results/baselines/) must have been measured on a clean tree whose
# Benchmarks/ equals HEAD's (a host's suite in results/hosts/, which only that host can
# re-measure: whose scenarios' folders under Benchmarks/ equal HEAD's; the README's charts in
# results/charts/: whose scenarios' folders and Benchmarks/' own files do); and every figure the README and the manual quote from those
# CSVs (the marked `<!-- figures:NAME -->` blocks) must be what scripts/figures.py makes of
# them: a hand-edited or left-behind number fails.
#
# Usage: scripts/figures-check.sh [FILE.csv…]   (default: the tracked CSVs described above)
#
# For each file, from its git_commit column (the commit the run's tree was on, `+dirty` when
# it had uncommitted changes; ResultColumn.swift): every row must name a commit, none may be
# dirty, and `git diff --quiet COMMIT HEAD -- Benchmarks/` must hold for each commit named.
# One line per file, then a verdict. Only git and the committed files are read, so the same
# checkout always gives the same answer; no build is needed.
#
# A shallow clone may lack a recorded commit: then the script runs `git fetch --unshallow`
# once, and if the commit is still missing says so (exit 1), naming the fix.
# Exit status: 0 every file current and every quoted figure its CSV's; 1 a file stale,
# unreadable or (shallow history) unchecked, or a quoted figure that differs from its CSV;
# 64 usage.
set -euo pipefail
# FILE arguments are read from where the script was called; the rest runs at the top of the
# checkout.
arguments=()
for argument in "$@"; do
    case $argument in
        -* | /*) arguments+=("$argument") ;;
        *) arguments+=("$PWD/$argument") ;;
    esac
done
set -- ${arguments[@]+"${arguments[@]}"}
cd "$(dirname "$0")/.."

case ${1:-} in
    -h | --help)
        sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    -*)
        echo "figures-check: unknown option '$1'; usage: scripts/figures-check.sh [FILE.csv…]" >&2
        exit 64
        ;;
esac
if ! git rev-parse --verify --quiet HEAD > /dev/null; then
    echo "figures-check: $(pwd) is not a git checkout with a commit; the check reads the history" >&2
    exit 1
fi

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    while IFS= read -r -d '' file; do
        files+=("$file")
    done < <(git ls-files -z -- 'results/*.csv' ':!:results/baselines/*')
fi
if [ ${#files[@]} -eq 0 ]; then
    echo "figures-check: no committed CSV under results/ outside results/baselines/; nothing to check"
    echo "figures-check: passed (0 files)"
    exit 0
fi

remedy="re-measure with scripts/readme-charts.sh --measure (release build, quiet host) and commit the CSVs and charts"
unshallowed=no
stale=0
unchecked=0
for file in "${files[@]}"; do
    if [ ! -f "$file" ]; then
        echo "figures-check: $file: FAIL: no such file"
        stale=$((stale + 1))
        continue
    fi
    # The distinct values of the git_commit column, one a line, in the order first met; an
    # empty value as '(none)'. Python's csv reader, since cells such as cpu hold quoted commas.
    if ! commits=$(python3 - "$file" 2>&1 <<'PY'
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8") as handle:
    rows = csv.reader(handle)
    header = next(rows, None)
    if header is None or "git_commit" not in header:
        sys.exit("no git_commit column")
    column = header.index("git_commit")
    seen = []
    for row in rows:
        if not row:
            continue
        value = row[column].strip() if column < len(row) else ""
        value = value or "(none)"
        if value not in seen:
            seen.append(value)
    if not seen:
        sys.exit("no rows")
    print("\n".join(seen))
PY
    ); then
        echo "figures-check: $file: FAIL: not a results CSV with rows and a git_commit column (${commits##*$'\n'})"
        stale=$((stale + 1))
        continue
    fi
    # What a file's figures are drawn from: all of Benchmarks/ (the counts, which hold every
    # scenario), except for a host's suite (results/hosts/), which no other host can
    # re-measure: its figures go stale only when the code of a scenario it measured changes
    # (Benchmarks/<its folder>/, named as the scenario without hyphens), not when another
    # scenario is added; and the README's charts (results/charts/), held to their scenarios'
    # folders and to the files of Benchmarks/ outside every folder (the suite's list, the CI
    # configuration), so that a scenario outside the default suite (mechanisms) changes none
    # of their figures.
    scope=(Benchmarks/)
    case $file in
        results/hosts/counts.csv) ;;
        results/hosts/* | results/charts/*)
            scope=()
            shared=no
            case $file in results/charts/*) shared=yes ;; esac
            while IFS= read -r folder; do scope+=("$folder"); done < <(python3 - "$file" "$shared" <<'PY'
import csv, os, sys
with open(sys.argv[1], newline="", encoding="utf-8") as handle:
    scenarios = {row["scenario"] for row in csv.DictReader(handle) if row.get("scenario")}
folders = {name.lower(): name for name in os.listdir("Benchmarks")
           if os.path.isdir(os.path.join("Benchmarks", name))}
for scenario in sorted(scenarios):
    folder = folders.get(scenario.replace("-", "").lower())
    # A scenario without a folder of its own is held to all of Benchmarks/.
    print(f"Benchmarks/{folder}/" if folder else "Benchmarks/")
if sys.argv[2] == "yes":
    for name in sorted(os.listdir("Benchmarks")):
        if os.path.isfile(os.path.join("Benchmarks", name)):
            print(f"Benchmarks/{name}")
PY
            )
            ;;
    esac
    problems=()
    missing=()
    while IFS= read -r commit; do
        case $commit in
            "(none)")
                problems+=("a row records no commit (measured outside a git checkout)")
                continue
                ;;
            *+dirty)
                problems+=("measured on a dirty tree ($commit)")
                continue
                ;;
        esac
        if ! git rev-parse --verify --quiet "$commit^{commit}" > /dev/null; then
            if [ "$unshallowed" = no ] && [ "$(git rev-parse --is-shallow-repository)" = true ]; then
                unshallowed=yes
                echo "figures-check: shallow clone; fetching the full history (git fetch --unshallow)"
                if ! fetched=$(git fetch --quiet --unshallow 2>&1); then
                    echo "figures-check: git fetch --unshallow failed (${fetched%%$'\n'*})"
                fi
            fi
        fi
        if ! git rev-parse --verify --quiet "$commit^{commit}" > /dev/null; then
            if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
                missing+=("$commit")
            else
                problems+=("commit $commit is not in this repository's history")
            fi
            continue
        fi
        if ! git diff --quiet "$commit" HEAD -- "${scope[@]}"; then
            changed=$(git diff --name-only "$commit" HEAD -- "${scope[@]}" | wc -l | tr -d ' ')
            problems+=("measured on $commit, and ${scope[*]} has changed since (files changed: $changed; git diff --stat $commit HEAD -- ${scope[*]})")
        fi
    done <<< "$commits"
    if [ ${#problems[@]} -eq 0 ] && [ ${#missing[@]} -gt 0 ]; then
        echo "figures-check: $file: UNCHECKED: commit $(IFS=,; echo "${missing[*]}") is not in this shallow clone's history; clone with full history (or git fetch --unshallow) and run again"
        unchecked=$((unchecked + 1))
    elif [ ${#problems[@]} -eq 0 ]; then
        echo "figures-check: $file: current (measured on $(paste -sd, <<< "$commits"), clean tree, ${scope[*]} unchanged since)"
    else
        problem_text=$(printf '%s; ' "${problems[@]}")
        case $file in
            results/hosts/counts.csv) fix=$remedy ;;
            results/hosts/model/*) fix="check the model again on that host (scripts/model-check.sh --record N there) or remove the file from results/hosts/model/" ;;
            results/hosts/*) fix="re-measure on that host (scripts/readme-charts.sh --measure there) or remove the file from results/hosts/" ;;
            *) fix=$remedy ;;
        esac
        echo "figures-check: $file: STALE: ${problem_text%; }; $fix"
        stale=$((stale + 1))
    fi
done

# The quoted figures: each marked block against what the committed CSVs give.
quoted=current
if ! python3 scripts/figures.py check; then
    quoted=differing
fi

if [ "$quoted" = differing ]; then
    echo "figures-check: FAILED: the README or the manual quotes a figure its CSV does not give; rewrite the quoted figures with scripts/readme-charts.sh (no --measure), or re-measure"
    exit 1
elif [ "$stale" -gt 0 ]; then
    echo "figures-check: FAILED: $stale of ${#files[@]} files stale; $remedy"
    exit 1
elif [ "$unchecked" -gt 0 ]; then
    echo "figures-check: FAILED: $unchecked of ${#files[@]} files unchecked, their commits outside this shallow clone; clone with full history (or git fetch --unshallow) and run again"
    exit 1
fi
echo "figures-check: passed (${#files[@]} files current)"
