#!/usr/bin/env bash
# The README's result charts, drawn by simbench from CSVs committed under results/charts/,
# and every figure the README and the manual quote from them (scripts/figures.py: the marked
# `<!-- figures:NAME -->` blocks, rewritten from the CSVs):
#   scripts/readme-charts.sh             draw results/charts/*.svg and rewrite the quoted
#                                        figures from the committed CSVs (no measuring)
#   scripts/readme-charts.sh --measure   first re-measure the CSVs (release build, quiet
#                                        host: a default suite run at 10,000 machines and
#                                        a vending sweep over 10^3, 10^4, 10^5, 10^6 machines,
#                                        each over 8 processes on 4 code layouts), and copy
#                                        the suite into results/hosts/ under this host's
#                                        identity's name
#   scripts/readme-charts.sh --quick     re-measure with tiny runs, to prove the pipeline
#                                        only (never for figures anyone should read)
# SIMBENCH names the binary (default .build/release/simbench); SIMBENCH_RUN_FLAGS adds
# flags to every run (--allow-debug for a debug binary).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${SIMBENCH:-.build/release/simbench}
read -r -a extra <<< "${SIMBENCH_RUN_FLAGS:-}"
dir=results/charts
sizes=(1000 10000 100000 1000000)
mode=${1:-draw}
case $mode in
    draw | --measure | --quick) ;;
    *) echo "usage: scripts/readme-charts.sh [--measure | --quick]" >&2; exit 64 ;;
esac
mkdir -p "$dir"

if [ "$mode" != draw ]; then
    if [ "$mode" = --quick ]; then
        suite=(--machines 1000 --rounds 5 --warmup 1)
        sweep=(--events 4 --rounds 5 --warmup 1)
    else
        # With code layouts on, as the coverage proof's layout group (8 processes over 4
        # layouts, relinked in .build/run-layouts): the published intervals hold another
        # build's layout too (the manual's Methodology, "What an interval holds").
        suite=(--machines 10000 --processes 8 --layouts 4)
        sweep=(--processes 8 --layouts 4)
    fi
    # Both measured into a folder of their own and placed together afterwards: a CSV written
    # into results/charts/ before the second run would make that run's tree dirty (its
    # git_commit column says so), and figures must come from a clean tree.
    measured=$(mktemp -d)
    trap 'rm -rf "$measured"' EXIT
    "$binary" run "${suite[@]}" "${extra[@]}" --csv "$measured/suite.csv"
    sizes_list=$(IFS=,; echo "${sizes[*]}")
    "$binary" run --scenario vending --machines "$sizes_list" "${sweep[@]}" "${extra[@]}" \
        --csv "$measured/vending-sweep.csv"
    cp "$measured/suite.csv" "$measured/vending-sweep.csv" "$dir/"
    if [ "$mode" = --measure ]; then
        # This host's default suite beside the other hosts', under its identity's name
        # (scripts/figures.py host-name): a later measure of the same processor replaces it.
        mkdir -p results/hosts
        host=$(python3 scripts/figures.py host-name "$measured/suite.csv")
        cp "$measured/suite.csv" "results/hosts/$host.csv"
        echo "readme-charts: this host's suite is results/hosts/$host.csv"
    fi
fi

"$binary" plot "$dir/suite.csv" --chart ratios --out "$dir/suite-ratios.svg"
"$binary" plot "$dir/suite.csv" --chart allocs --out "$dir/suite-allocs.svg"
"$binary" plot "$dir/vending-sweep.csv" --chart sweep --out "$dir/vending-sweep.svg"

# The prose's figures, from the same CSVs: what the text quotes is what was measured.
python3 scripts/figures.py write
