# shellcheck shell=bash
# Sourced by the proof scripts (not run): fields of `simbench compare --format json` (and
# `ab --format json`), read with python3's json module (jq may be absent). Reading only: every
# figure, change and verdict is the tool's; the manual's Output article, "Comparisons as
# JSON", documents the fields.

# figures FILE: one line per judged figure, tab-separated: verdict, benchmark, metric,
# scenario, variant, then the tool's reason.
figures() {
    python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["figures"]:
    print("\t".join([f["verdict"], f["benchmark"], f["metric"], f["scenario"], f["variant"], f["reason"]]))
' "$1"
}

# field FILE KEY [KEY…]: one value of the document, by its keys (`field F tally regressions`,
# `field F current summary`).
field() {
    python3 -c '
import json, sys
value = json.load(open(sys.argv[1]))
for key in sys.argv[2:]:
    value = value[key]
print(value)
' "$@"
}

# tally FILE: the document's tally in one line, `regressions 1 · improvements 0 · …`.
tally() {
    python3 -c '
import json, sys
print(" · ".join(f"{name} {count}" for name, count in json.load(open(sys.argv[1]))["tally"].items()))
' "$1"
}

# flagged FILE: the figures judged a regression or an improvement, one per line, readable:
# `regression vending.table[products=40] time (beyond +5%, CI above 0)`.
flagged() {
    figures "$1" | awk -F'\t' '$1 == "regression" || $1 == "improvement" { print "  " $1 " " $2 " " $3 " (" $6 ")" }'
}
