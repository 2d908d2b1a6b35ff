#!/usr/bin/env python3
"""The cost model judged against what was measured: each pattern of a counted run made with
`--prices`, its measured CPU ns added and 95% interval beside the model's prediction and
predicted interval (the manual's Mechanisms page, "Checking the model").

    scripts/model_table.py RUN.csv [RUN.csv…]
        the table of each run, its verdict line, and exit 0 when every run meets the three
        criteria below, 1 when one does not, 64 on usage, 2 on an unreadable file

scripts/model-check.sh measures the runs and calls it; scripts/figures.py renders the
Methodology's table and the README's line per host from the committed runs with it.

The criteria, over the patterns whose prediction and measured interval both exist:
- the predicted point lies inside the measured 95% interval for at least POINT_SHARE of them;
- the predicted interval and the measured one overlap for at least OVERLAP_SHARE of them;
- the predicted intervals' median width is at most WIDTH_RATIO times the measured ones':
  a model that predicts anything is not an answer.
"""

import csv
import math
import statistics
import sys

POINT_SHARE = 0.80
OVERLAP_SHARE = 0.95
WIDTH_RATIO = 2.5


def number(row, column):
    text = (row.get(column) or "").strip()
    return float(text) if text else None


def signed(value):
    """A signed figure to three significant digits, never in exponent form."""
    if value is None:
        return "\u2014"
    if value == 0:
        return "0"
    digits = max(0, 3 - (int(math.floor(math.log10(abs(value)))) + 1))
    return ("\u2212" if value < 0 else "+") + f"{abs(value):.{digits}f}"


def interval(low, high):
    return "\u2014" if low is None or high is None else f"[{signed(low)}, {signed(high)}]"


def name(row):
    """The pattern as the run's summary names it: marks' operation in brackets."""
    op = [pair.split("=", 1)[1] for pair in row["params"].split(";") if pair.startswith("op=")]
    return f"{row['scenario']}.{row['variant']}" + (f" ({op[0]})" if op else "")


def patterns(rows):
    """Each ok pattern row: (name, measured, low, high, predicted, predicted low, high)."""
    found = []
    for row in rows:
        if row["role"] != "pattern" or row["status"] != "ok":
            continue
        found.append({
            "name": name(row),
            "measured": number(row, "overhead_ns_per_event"),
            "low": number(row, "overhead_ci_low"),
            "high": number(row, "overhead_ci_high"),
            "predicted": number(row, "predicted_ns_added_per_event"),
            "predicted_low": number(row, "predicted_ns_added_low"),
            "predicted_high": number(row, "predicted_ns_added_high"),
        })
    return found


def judge(rows):
    """The run's figures: judged patterns, points inside, intervals overlapping, the median
    width ratio, each criterion met or not, and the table's lines."""
    lines = ["| pattern | measured ns added | 95% CI | predicted | predicted interval "
             "| point inside | intervals overlap |",
             "|---|---|---|---|---|---|---|"]
    judged = inside = overlap = 0
    widths = []
    for pattern in patterns(rows):
        measured, low, high = pattern["measured"], pattern["low"], pattern["high"]
        point = pattern["predicted"]
        plow, phigh = pattern["predicted_low"], pattern["predicted_high"]
        verdicts = ["\u2014", "\u2014"]
        if None not in (low, high, point, plow, phigh):
            judged += 1
            held = low <= point <= high
            shared = not (high < plow or low > phigh)
            inside += held
            overlap += shared
            verdicts = ["yes" if held else "no", "yes" if shared else "no"]
            if high > low:
                widths.append((phigh - plow) / (high - low))
        lines.append("| " + " | ".join([
            pattern["name"], signed(measured), interval(low, high), signed(point),
            interval(plow, phigh)] + verdicts) + " |")
    ratio = statistics.median(widths) if widths else None
    criteria = [
        judged > 0 and inside >= math.ceil(POINT_SHARE * judged - 1e-9),
        judged > 0 and overlap >= math.ceil(OVERLAP_SHARE * judged - 1e-9),
        ratio is not None and ratio <= WIDTH_RATIO,
    ]
    return {"judged": judged, "inside": inside, "overlap": overlap, "ratio": ratio,
            "criteria": criteria, "lines": lines}


def verdict(figures):
    """`24 of 29 points inside (83%, at least 80% needed): met; …`."""
    judged = max(figures["judged"], 1)
    parts = [
        f"{figures['inside']} of {figures['judged']} points inside the measured interval "
        f"({100 * figures['inside'] / judged:.0f}%, at least {POINT_SHARE:.0%} needed)",
        f"{figures['overlap']} of {figures['judged']} intervals overlapping "
        f"({100 * figures['overlap'] / judged:.0f}%, at least {OVERLAP_SHARE:.0%} needed)",
        "median width ratio " + ("\u2014" if figures["ratio"] is None
                                 else f"{figures['ratio']:.2f}")
        + f" (at most {WIDTH_RATIO} needed)",
    ]
    return "; ".join(f"{part}: {'met' if met else 'NOT met'}"
                     for part, met in zip(parts, figures["criteria"]))


def read(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def main(arguments):
    if not arguments or any(argument.startswith("-") for argument in arguments):
        print("usage: scripts/model_table.py RUN.csv [RUN.csv…]", file=sys.stderr)
        return 64
    passed = True
    for path in arguments:
        try:
            rows = read(path)
            figures = judge(rows)
        except (OSError, KeyError, ValueError, csv.Error) as error:
            print(f"model_table: cannot read '{path}': {error}", file=sys.stderr)
            return 2
        first = rows[0] if rows else {}
        print("\n".join(figures["lines"]))
        print()
        print(f"{path}: {first.get('cpu', '')}, {first.get('machines', '?')} machines, commit "
              f"{', '.join(sorted({row['git_commit'] for row in rows}))}: {verdict(figures)}")
        passed = passed and all(figures["criteria"])
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
