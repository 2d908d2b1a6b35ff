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

# functions FILE: the functions listed under each instructions figure (where the text report
# lists them), in the listed order, one per line, tab-separated: scenario, params, variant, the
# function's place in the list (from 1), the row's baseline instructions per event, the
# function's change (own instructions per event, current less baseline), its mechanism, its
# side (`both`, `baseline-only`, `current-only`), its name. A figure that lists none gives one
# line with place 0 and the rest empty (no function moved), or place `-` (functions not
# compared: a row without the column, or a row the report lists none under).
functions() {
    python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["figures"]:
    if f["metric"] != "instructions":
        continue
    row = [f["scenario"], f["params"], f["variant"]]
    baseline = "" if f["baseline"] is None else repr(f["baseline"])
    if f["functions"] is None:
        print("\t".join(row + ["-", baseline, "", "", "", ""]))
    elif not f["functions"]:
        print("\t".join(row + ["0", baseline, "", "", "", ""]))
    for place, g in enumerate(f["functions"] or [], 1):
        print("\t".join(row + [str(place), baseline, repr(g["change"]), g["mechanism"], g["side"], g["name"]]))
' "$1"
}
