#!/usr/bin/env python3
"""Figures quoted in the README and the manual, generated from the committed CSVs.

Every measured figure the prose quotes sits in a marked block,

    <!-- figures:NAME -->
    …generated text…
    <!-- /figures:NAME -->

whose text this script makes from results/charts/suite.csv and vending-sweep.csv, and the
hosts block from results/hosts/*.csv, alone:

    scripts/figures.py write   rewrite every block from the CSVs (scripts/readme-charts.sh
                               runs it after drawing the charts, with or without --measure)
    scripts/figures.py check   exit 1 naming each block whose text differs from what the CSVs
                               give (a hand-edited figure, a CSV re-measured without the text)
    scripts/figures.py host-name FILE
                               the name of FILE's host in results/hosts/ (host_name), from
                               its first row's `cpu` and identity columns

Exit status: 0 done or every block current; 1 a block stale, missing or unknown, or a CSV
unreadable; 64 usage.
"""

import csv
import math
import os
import re
import sys
import textwrap

import model_table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARTS = os.path.join(ROOT, "results", "charts")
HOSTS = os.path.join(ROOT, "results", "hosts")
# The counted default suite in results/hosts/ (results/README.md): counts, not a host's times.
COUNTS = "counts.csv"
DOCS = os.path.join(ROOT, "Sources", "SimBench", "SimBench.docc")
# The files whose blocks are generated.
FILES = [
    os.path.join(ROOT, "README.md"),
    os.path.join(DOCS, "Output.md"),
    os.path.join(DOCS, "Scenarios.md"),
    os.path.join(DOCS, "Mechanisms.md"),
    os.path.join(DOCS, "Methodology.md"),
]
MINUS = "\u2212"
BLOCK = re.compile(
    r"(<!-- figures:(?P<name>[a-z0-9-]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)",
    re.S)


def rows(name):
    with open(os.path.join(CHARTS, name), newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def number(row, column):
    text = (row.get(column) or "").strip()
    return float(text) if text else None


def significant(value, digits=3):
    """NumberFormat.significant: three significant digits, never a lost integer digit."""
    if value is None or not math.isfinite(value):
        return "\u2014"
    if value == 0:
        return "0"
    integer_digits = int(math.floor(math.log10(abs(value)))) + 1
    decimals = max(0, digits - integer_digits)
    text = f"{value:.{decimals}f}"
    return MINUS + text[1:] if text.startswith("-") else text


def signed(value):
    return (MINUS if value < 0 else "+") + significant(abs(value))


def ratio(value):
    text = f"{value:.2f}\u00d7"
    return MINUS + text[1:] if text.startswith("-") else text


def interval(low, high, as_ratio=False):
    if low is None or high is None:
        return "\u2014"
    if as_ratio:
        return "[" + ratio(low)[:-1] + ", " + ratio(high)[:-1] + "]"
    return f"[{significant(low)}, {significant(high)}]"


def grouped(value):
    return f"{int(round(value)):,}"


def find(table, scenario, variant, params=None, sweep=None):
    for row in table:
        if row["scenario"] != scenario or row["variant"] != variant:
            continue
        if params is not None and params not in row["params"].split(";"):
            continue
        if sweep is not None and row["sweep"] != sweep:
            continue
        return row
    sys.exit(f"figures: no row {scenario}.{variant} {params or ''} {sweep or ''} in the CSV")


# MARK: - The sentences (PatternAnswer.sentence)

ENTITIES = {"vending": "vending machine", "workday": "worker", "marks": "page"}


def noun(unit):
    return unit.split("(")[0].strip()


def article(word):
    lower = word.lower()
    if lower.startswith("hour"):
        return "an"
    return "an" if lower[:1] in "aeio" else "a"


def answer(row):
    """The sentence run prints under its table, from a CSV row (PatternAnswer.sentence)."""
    event = noun(row["event_unit"])
    entity = noun(row.get("entity_unit") or "") or ENTITIES.get(row["scenario"], "entity")
    overhead = number(row, "overhead_ns_per_event")
    low, high = number(row, "overhead_ci_low"), number(row, "overhead_ci_high")
    bytes_over = number(row, "bytes_per_entity_over_baseline")
    breakeven = number(row, "breakeven_ns_per_event")
    share = number(row, "negligible") or 0.05
    share_text = f"{share * 100:.2f}".rstrip("0").rstrip(".") + "%"
    noise = low is not None and high is not None and low <= 0 <= high
    ci = "" if low is None or high is None else " " + interval(low, high)
    if noise:
        text = f"{row['variant']}: no measurable difference at this size{ci} ns per {event} (CPU)"
    else:
        text = f"{row['variant']}: {signed(overhead)} ns per {event}{ci} (CPU)"
    if bytes_over is not None:
        text += f" and {signed(bytes_over)} B per {entity}"
    if noise:
        text += "."
    elif breakeven is not None:
        text += (f"; negligible (< {share_text}) once {article(event)} {event} does \u2265 "
                 f"{significant(breakeven)} ns of real work.")
    elif overhead <= 0:
        text += "; faster than the baseline: nothing to amortise."
    else:
        text += f"; already negligible (< {share_text}) next to the baseline's own work."
    return text


def answers(suite):
    chosen = [
        find(suite, "vending", "state-objects"),
        find(suite, "workday", "state-objects-alloc"),
        find(suite, "marks", "visitor", params="op=render"),
    ]
    lines = []
    for row in chosen:
        lines += textwrap.wrap(answer(row), width=96, subsequent_indent="  ",
                               break_on_hyphens=False)
    return "```\n" + "\n".join(lines) + "\n```\n"


# MARK: - Where and when

def measured(suite, sweep):
    """The host, build, commit and date of the committed runs, from their rows."""
    first = suite[0]
    dates = sorted({row["timestamp"][:10] for row in suite + sweep})
    commits = sorted({row["git_commit"] for row in suite + sweep})
    # The CPU's generation beside its name where the rows carry it: one name covers several.
    generation = ", ".join(f"{name} {first[column]}" for name, column in (
        ("family", "cpu_family"), ("model", "cpu_model"), ("stepping", "cpu_stepping"))
        if first.get(column))
    cpu = f"{first['cpu']} ({generation})" if generation else first["cpu"]
    text = (
        f"Measured on {cpu}, {first['cores']} cores, {first['build_config']} build of "
        f"commit `{', '.join(commits)}`, on {' and '.join(dates)} (the CSVs' `cpu`, `cores`, "
        "`git_commit` and `timestamp` columns, and the processor's identity columns).")
    return "\n".join(textwrap.wrap(text, width=96, break_on_hyphens=False)) + "\n"


def cpu_wall_example(suite):
    """One baseline and one pattern, both times: why the sentence's ns are CPU ns."""
    base, pattern = find(suite, "vending", "enum-switch"), find(suite, "vending", "state-objects")
    cores = base["cores"]
    text = (
        f"`vending.enum-switch` runs at {significant(number(base, 'ns_per_event_median'))} wall "
        f"ns/event and {significant(number(base, 'cpu_ns_per_event_median'))} CPU ns/event on "
        f"{cores} cores: the same work, spread over the cores. `state-objects` runs at "
        f"{significant(number(pattern, 'ns_per_event_median'))} wall and "
        f"{significant(number(pattern, 'cpu_ns_per_event_median'))} CPU ns/event: its CPU ratio "
        f"is {ratio(number(pattern, 'cpu_ratio_to_baseline'))} and its sentence's "
        f"{signed(number(pattern, 'overhead_ns_per_event'))} ns is CPU time, not a difference "
        "of the wall figures.")
    return "\n".join(textwrap.wrap(text, width=96, break_on_hyphens=False)) + "\n"


# MARK: - The sweep

def sweep_claims(sweep):
    """Per variant, how its CPU ns/event moved from the smallest fleet to each larger one,
    and whether that lies beyond both intervals (the intervals do not overlap)."""
    sizes = sorted({int(row["machines"]) for row in sweep})
    variants = []
    for row in sweep:
        if row["variant"] not in variants:
            variants.append(row["variant"])
    smallest, largest = sizes[0], sizes[-1]
    parts = []
    for variant in variants:
        by_size = {int(r["machines"]): r for r in sweep if r["variant"] == variant}
        start, end = by_size[sizes[1] if len(sizes) > 2 else smallest], by_size[largest]
        before, after = number(start, "cpu_ns_per_event_median"), number(end, "cpu_ns_per_event_median")
        change = after / before - 1
        beyond = (number(end, "cpu_ns_per_event_ci_low") > number(start, "cpu_ns_per_event_ci_high")
                  or number(end, "cpu_ns_per_event_ci_high") < number(start, "cpu_ns_per_event_ci_low"))
        sign = MINUS if change < 0 else "+"
        verdict = "beyond both intervals" if beyond else "within the intervals"
        parts.append(f"`{variant}` {sign}{abs(change) * 100:.0f}% ({verdict})")
    start_size = sizes[1] if len(sizes) > 2 else smallest
    text = (f"From {grouped(start_size)} to {grouped(largest)} machines, CPU ns per event moved: "
            + ", ".join(parts) + ".")
    return "\n".join(textwrap.wrap(text, width=96, break_on_hyphens=False)) + "\n"


# MARK: - The fleet (Scenarios.md)

def fleet_table(suite):
    fleet = [row for row in suite if row["scenario"] == "fleet" and row["role"] != "floor"]
    lines = [
        "| design | CPU ns per event | adds per event (CPU), 95% CI | net of floor, 95% CI | bytes per machine |",
        "|---|---|---|---|---|",
    ]
    for row in fleet:
        name = f"`{row['variant']}`" + (" (baseline)" if row["role"] == "baseline" else "")
        cpu = significant(number(row, "cpu_ns_per_event_median"))
        overhead = number(row, "overhead_ns_per_event")
        adds = "" if overhead is None else (
            f"{signed(overhead)} ns "
            + interval(number(row, "overhead_ci_low"), number(row, "overhead_ci_high")))
        net = number(row, "ratio_net_of_floor")
        net_low, net_high = number(row, "ratio_net_ci_low"), number(row, "ratio_net_ci_high")
        # A net ratio whose interval could not be formed means nothing: "—", as in the tables.
        net_text = "" if net is None or row["role"] == "baseline" else (
            "\u2014" if net_low is None or net_high is None else
            ratio(net) + " " + interval(net_low, net_high, as_ratio=True))
        size = number(row, "bytes_per_entity")
        lines.append(f"| {name} | {cpu} | {adds} | {net_text} | "
                     f"{'' if size is None else grouped(size)} |")
    first = fleet[0]
    lines.append("")
    lines.append(f"({grouped(number(first, 'machines'))} machines, {first['rounds']} rounds of "
                 f"{grouped(number(first, 'events_per_round'))} events, from "
                 "`results/charts/suite.csv`.)")
    return "\n".join(lines) + "\n"


def fleet_findings(suite):
    def row(variant):
        return find(suite, "fleet", variant)
    actor, batched = row("actor-per-machine"), row("actor-per-machine-batched")
    task, mutex = row("task-per-machine"), row("mutex-shared")
    baseline = row("sliced")
    floor = find(suite, "fleet", "floor")
    net_base = number(baseline, "cpu_ns_per_event_median") - number(floor, "cpu_ns_per_event_median")
    lines = [
        f"- **One actor message costs about {significant(number(actor, 'overhead_ns_per_event'))} ns "
        f"of CPU here, against ≈ {significant(net_base)} ns for an enum-switch transition net of "
        "the floor**. Give each entity its own actor when each "
        "message carries microseconds of work (the break-even sentence under the table says "
        f"≥ {significant(number(actor, 'breakeven_ns_per_event'))} ns for the cost to fall below "
        "5%), not when each message is one small state change.",
        "- **Batching recovers almost all of it**: one message per entity per tick (its whole "
        f"tape) adds {significant(number(batched, 'overhead_ns_per_event'))} ns per event. If "
        "entities must be actors, send them work in batches.",
        f"- **A task per entity costs {significant(number(task, 'overhead_ns_per_event'))} ns per "
        f"event and {grouped(number(task, 'bytes_per_entity'))} B per entity** while pending.",
        f"- **One shared lock per event is the slowest design** "
        f"({signed(number(mutex, 'overhead_ns_per_event'))} ns, contended by one task per core), "
        "slower than an actor hop: sharing a lock across the fleet buys no speed.",
    ]
    wrapped = []
    for line in lines:
        wrapped += textwrap.wrap(line, width=96, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join(wrapped) + "\n"


# MARK: - The summary (RunSummary.lines at 80 columns)

SUMMARY_WIDTH = 80
MECHANISMS = ["refcount", "alloc", "dispatch", "exclusivity", "runtime-other", "own"]


def duration(ns):
    """NumberFormat.duration: a time in ns with its unit after a space."""
    for scale, unit in ((1e9, "s"), (1e6, "ms"), (1e3, "\u00b5s")):
        if abs(ns) >= scale:
            return f"{significant(ns / scale)} {unit}"
    return f"{significant(ns)} ns"


def difference(value):
    """NumberFormat.signed: a difference, its sign always written; none is 0."""
    return "0" if value == 0 else signed(value)


def settings(params):
    return [tuple((pair.split("=", 1) + [""])[:2]) for pair in params.split(";") if pair]


def mechanism(row, baseline):
    """RunSummary's mechanism: the largest share (≥ 5%) of the instructions a pattern adds."""
    if baseline is None:
        return ""
    added = {}
    for name in MECHANISMS:
        column = f"instructions_{name.replace('-', '_')}_per_event"
        mine, theirs = number(row, column), number(baseline, column)
        if mine is None or theirs is None:
            return ""
        added[name] = mine - theirs
    total = sum(added.values())
    if total <= 0:
        return ""
    shares = [(name, value / total) for name, value in added.items() if abs(value / total) >= 0.05]
    if not shares:
        return ""
    name, share = max(shares, key=lambda item: abs(item[1]))
    return f"{int(round(share * 100))}% {name}"


SUMMARY_COLUMNS = [  # RunSummary.Column.all: header, drop rank (None: never; one rank goes together)
    ("pattern", None), ("CPU ratio", None), ("95% CI", 5),
    ("ns added", 4), ("ns CI", 4), ("predicted", 3), ("B added", 2), ("break-even", 1),
    ("mechanism", 0),
]


def pattern_names(suite):
    """RunSummary.Row.name of each row: `validation.switch (scan)`, by the row's index."""
    return [f"{group.split(' (')[0]}.{variant}" + (f" ({group.split(' (', 1)[1]}" if " (" in group else "")
            for group, variant in pattern_groups(suite)]


def pattern_groups(suite):
    """RunSummary.Row.group and pattern of each row: (`validation (scan)`, `switch`)."""
    varying = {}
    for row in suite:
        for key, value in settings(row["params"]):
            varying.setdefault(row["scenario"], {}).setdefault(key, set()).add(value)
    names = []
    for row in suite:
        keys = {key for key, values in varying.get(row["scenario"], {}).items() if len(values) > 1}
        configuration = " ".join([value for key, value in settings(row["params"]) if key in keys]
                                 + ([row["sweep"]] if row["sweep"] else []))
        names.append((row["scenario"] + (f" ({configuration})" if configuration else ""),
                      row["variant"]))
    return names


def baseline_of(row, suite):
    """The ok baseline row of `row`'s run and configuration, or None."""
    return next((b for b in suite if b["role"] == "baseline" and b["status"] == "ok"
                 and all(b[c] == row[c] for c in ("scenario", "params", "sweep", "run_id"))),
                None)


def summary_cells(suite):
    table = []
    for row, name in zip(suite, pattern_names(suite)):
        if row["role"] != "pattern" or row["status"] != "ok":
            continue
        baseline = baseline_of(row, suite)
        cpu = number(row, "cpu_ratio_to_baseline")
        added, low = number(row, "overhead_ns_per_event"), number(row, "overhead_ci_low")
        size, breakeven = number(row, "bytes_per_entity_over_baseline"), number(row, "breakeven_ns_per_event")
        predicted = number(row, "predicted_ns_added_per_event")
        table.append([
            name, "\u2014" if cpu is None else ratio(cpu),
            interval(number(row, "cpu_ratio_ci_low"), number(row, "cpu_ratio_ci_high"), as_ratio=True),
            "\u2014" if added is None else difference(added),
            interval(low, number(row, "overhead_ci_high")),
            "" if predicted is None else difference(predicted),
            "\u2014" if size is None else difference(size),
            duration(breakeven) if breakeven is not None and low is not None and low > 0 else "\u2014",
            mechanism(row, baseline),
        ])
    return table


def render_table(header, table):
    """TextTable.render(indent: ""): the name left, the rest right; a line may have fewer
    cells (a configuration's line above its patterns)."""
    widths = [max(len(line[column]) for line in [header] + table if column < len(line))
              for column in range(len(header))]
    lines = []
    for line in [header] + table:
        cells = [cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                 for i, cell in enumerate(line)]
        lines.append("  ".join(cells).rstrip())
    return lines


def fit(text, width):
    """TextWrap.fit for an unindented line: continuation lines indented by two spaces."""
    if len(text) <= width:
        return [text]
    lines, current = [], ""
    for word in text.split(" "):
        candidate = current + " " + word if current.strip() else current + word
        if current.strip() and len(candidate) > width:
            lines.append(current)
            current = "  " + word
        else:
            current = candidate
    return lines + [current]


def fitted(header, table):
    """TextTable.fitted(width: 80, dropGroups:): columns dropped a rank at a time (a figure
    with its interval) until the table fits; the header, the table and what was dropped."""
    header, table = list(header), [list(line) for line in table]
    dropped = []
    ranks = sorted({rank for _, rank in SUMMARY_COLUMNS if rank is not None})
    for rank in ranks:
        if max(len(line) for line in render_table(header, table)) <= SUMMARY_WIDTH:
            break
        for name in [name for name, each in SUMMARY_COLUMNS if each == rank]:
            if name in header:
                column = header.index(name)
                del header[column]
                for line in table:
                    if column < len(line):
                        del line[column]
                dropped.append(name)
    return header, table, dropped


def summary(suite):
    """The lines run ends with in an 80-column terminal (RunSummary.lines)."""
    header = [name for name, _ in SUMMARY_COLUMNS]
    table = summary_cells(suite)
    for column in reversed(range(len(header))):
        if table and all(line[column] == "" for line in table):
            del header[column]
            for line in table:
                del line[column]
    # RunSummary.groupedTable: each configuration's line, then its patterns indented.
    groups = [pair for pair, row in zip(pattern_groups(suite), suite)
              if row["role"] == "pattern" and row["status"] == "ok"]
    grouped = []
    for index, ((group, variant), line) in enumerate(zip(groups, table)):
        if index == 0 or groups[index - 1][0] != group:
            grouped.append([group])
        grouped.append(["  " + variant] + line[1:])
    header, table, dropped = fitted(header, table)
    if dropped:
        grouped_fit = fitted([name for name, _ in SUMMARY_COLUMNS if name in header + dropped],
                             grouped)
        if len(grouped_fit[2]) < len(dropped):
            header, table, dropped = grouped_fit
    title = "summary: each pattern against its baseline"
    if dropped:
        title += "; left out to fit: " + ", ".join(dropped)
    lines = fit(title, SUMMARY_WIDTH) + render_table(header, table)
    return "```\n" + "\n".join(lines) + "\n```\n"


# MARK: - Across hosts

def host_name(row):
    """The name of a host's default-suite CSV in results/hosts/, without `.csv`: the `cpu`
    column in lower-case words, without (R), (TM), "Processor", "CPU" and a frequency, then
    the CPUID family, model and stepping (`intel-xeon-f6-m207-s2`); `…-identity-unknown` for
    a file from before simbench recorded them. One file per processor generation: a later
    measure of the same family, model and stepping replaces it."""
    cpu = re.sub(r"\((r|tm)\)", " ", (row.get("cpu") or "").lower())
    cpu = re.sub(r"@.*$", "", cpu)
    words = [word for word in re.split(r"[^a-z0-9]+", cpu)
             if word and word not in ("processor", "cpu")]
    name = "-".join(words) or "unnamed-cpu"
    identity = [(letter, re.sub(r"[^a-z0-9]+", "", (row.get(column) or "").lower()))
                for letter, column in (("f", "cpu_family"), ("m", "cpu_model"),
                                       ("s", "cpu_stepping"))]
    if all(value for _, value in identity):
        return name + "-" + "-".join(letter + value for letter, value in identity)
    return name + "-identity-unknown"


def host_files():
    """(name, rows) of every host's CSV in results/hosts/, by name; the counts left out."""
    if not os.path.isdir(HOSTS):
        return []
    names = sorted(name for name in os.listdir(HOSTS) if name.endswith(".csv") and name != COUNTS)
    hosts = []
    for name in names:
        with open(os.path.join(HOSTS, name), newline="", encoding="utf-8") as handle:
            hosts.append((name[:-4], list(csv.DictReader(handle))))
    return hosts


def instructions_added(suite):
    """Each pattern's counted instructions added per event over its baseline, by name."""
    added = {}
    for row, name in zip(suite, pattern_names(suite)):
        if row["role"] != "pattern" or row["status"] != "ok":
            continue
        baseline = baseline_of(row, suite)
        mine = number(row, "instructions_per_event")
        theirs = number(baseline, "instructions_per_event") if baseline else None
        if mine is not None and theirs is not None:
            added[name] = mine - theirs
    return added


def hosts_block(brief=False):
    """Each pattern's CPU ns added per event on every host in results/hosts/, its range over
    them, and the instructions it adds (counted: the same on every x86-64 host). Brief (the
    README's): of each scenario, only the pattern whose range over the hosts is widest."""
    hosts = host_files()
    if not hosts:
        return "No host's default suite is in `results/hosts/` yet.\n"
    counts_path = os.path.join(HOSTS, COUNTS)
    counted = {}
    if os.path.exists(counts_path):
        with open(counts_path, newline="", encoding="utf-8") as handle:
            counted = instructions_added(list(csv.DictReader(handle)))
    order, added = [], {}
    for host, suite in hosts:
        for row, name in zip(suite, pattern_names(suite)):
            if row["role"] != "pattern" or row["status"] != "ok":
                continue
            value = number(row, "overhead_ns_per_event")
            if value is None:
                continue
            if name not in added:
                order.append(name)
                added[name] = {}
            added[name][host] = value
    if brief:
        widest = {}
        for name in order:
            scenario = name.split(".")[0]
            width = max(added[name].values()) - min(added[name].values())
            if scenario not in widest or width > widest[scenario][1]:
                widest[scenario] = (name, width)
        order = [name for name in order if widest[name.split(".")[0]][0] == name]
    header = (["pattern"] + [f"`{host}`" for host, _ in hosts]
              + [f"range over {len(hosts)} hosts", "instructions added"])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name in order:
        values = added[name]
        cells = [difference(values[host]) if host in values else "\u2014" for host, _ in hosts]
        low, high = min(values.values()), max(values.values())
        spread = difference(low) if len(values) == 1 else f"{difference(low)} to {difference(high)}"
        count = counted.get(name)
        lines.append("| " + " | ".join(
            [name] + cells + [spread, "\u2014" if count is None else difference(count)]) + " |")
    named = []
    for host, suite in hosts:
        first = suite[0]
        identity = ", ".join(f"{label} {first[column]}" for label, column in (
            ("family", "cpu_family"), ("model", "cpu_model"), ("stepping", "cpu_stepping"))
            if first.get(column))
        commits = sorted({row["git_commit"] for row in suite})
        dates = sorted({row["timestamp"][:10] for row in suite})
        identity = identity or "identity unknown: measured before simbench recorded it"
        named.append(f"`{host}`: {first['cpu']} ({identity}), {first['cores']} cores, commit "
                     f"`{', '.join(commits)}`, {' and '.join(dates)}.")
    text = ("CPU ns added per event, measured on each host (`overhead_ns_per_event` of "
            "`results/hosts/<host>.csv`); instructions added per event counted under Callgrind "
            f"(`results/hosts/{COUNTS}`), the same on every x86-64 host. " + " ".join(named))
    return "\n".join(lines) + "\n\n" + "\n".join(
        textwrap.wrap(text, width=96, break_on_hyphens=False)) + "\n"


# MARK: - The cost model checked

MODEL = os.path.join(HOSTS, "model")


def model_runs():
    """(host, [(run number, run rows)]) for each host whose model checks are kept in
    results/hosts/model/ (`<host>-run-<n>.csv`, written by `scripts/model-check.sh --keep`),
    hosts by name, runs by number."""
    if not os.path.isdir(MODEL):
        return []
    found = {}
    for name in os.listdir(MODEL):
        match = re.fullmatch(r"(?P<host>.+)-run-(?P<run>[0-9]+)\.csv", name)
        if match:
            with open(os.path.join(MODEL, name), newline="", encoding="utf-8") as handle:
                found.setdefault(match["host"], []).append(
                    (int(match["run"]), list(csv.DictReader(handle))))
    return [(host, sorted(runs, key=lambda run: run[0])) for host, runs in sorted(found.items())]


def model_verdict(figures):
    """`19 of 29 points inside (66%), 28 of 29 intervals overlapping (97%), median width 0.91×`."""
    judged = max(figures["judged"], 1)
    ratio = "\u2014" if figures["ratio"] is None else f"{figures['ratio']:.2f}\u00d7"
    return (f"{figures['inside']} of {figures['judged']} points inside "
            f"({100 * figures['inside'] / judged:.0f}%), {figures['overlap']} of "
            f"{figures['judged']} intervals overlapping ({100 * figures['overlap'] / judged:.0f}%), "
            f"median width {ratio}")


def model_hosts():
    """One line per host the model was checked on, each run's three figures."""
    runs = model_runs()
    if not runs:
        return "The model has not been checked on any host yet.\n"
    lines = [f"The cost model was checked on {len(runs)} "
             f"host{'s' if len(runs) > 1 else ''} (`scripts/model-check.sh`, criteria: "
             f"{model_table.POINT_SHARE:.0%} of points inside, {model_table.OVERLAP_SHARE:.0%} "
             f"of intervals overlapping, median width at most {model_table.WIDTH_RATIO}\u00d7):"]
    for host, kept in runs:
        verdicts = []
        for number_, rows_ in kept:
            figures = model_table.judge(rows_)
            met = "met" if all(figures["criteria"]) else "not met"
            verdicts.append(f"run {number_}, {model_verdict(figures)}: {met}")
        lines.append(f"- `{host}`: " + "; ".join(verdicts) + ".")
    return "\n".join(lines) + "\n"


def model_holds(host):
    """Whether the cost model holds on `host` by its checks on record: exit status 0 when every
    check kept for it met every criterion (a check that now fails there is news: `.ci/run`
    gates on it), 3 when one of them missed one (the model is on record as not holding there
    yet), 4 when none is kept, 1 when the checks cannot be read (as an uncaught error exits).
    One line says which, with each check's figures."""
    try:
        kept = dict(model_runs()).get(host)
        judged = [(number_, model_table.judge(rows_)) for number_, rows_ in kept or []]
    except (OSError, KeyError, ValueError, csv.Error) as error:
        print(f"figures: model-holds: the checks on record cannot be read: {error}",
              file=sys.stderr)
        return 1
    if not kept:
        print(f"{host}: no model check on record in results/hosts/model/")
        return 4
    empty = [number_ for number_, figures in judged if figures["judged"] == 0]
    if empty:
        # A damaged record judges nothing: saying "does not hold" of it would turn the gate off.
        print(f"figures: model-holds: {host}'s check {empty[0]} on record judges no pattern",
              file=sys.stderr)
        return 1
    verdicts, holds = [], True
    for number_, figures in judged:
        holds = holds and all(figures["criteria"])
        verdicts.append(f"run {number_}, {model_verdict(figures)}: "
                        f"{'met' if all(figures['criteria']) else 'not met'}")
    print(f"{host}: the model {'holds' if holds else 'does not hold'} by its checks on record "
          f"({'; '.join(verdicts)})")
    return 0 if holds else 3


def model_table_block():
    """Each host's model checks side by side: every pattern's measured ns added and interval
    beside the prediction and its interval, run by run."""
    runs = model_runs()
    if not runs:
        return "No model check is kept in `results/hosts/model/` yet.\n"
    text = []
    for host, kept in runs:
        columns = ["pattern"]
        for number_, _ in kept:
            columns += [f"measured (run {number_}) [95% CI]", "predicted [interval]", "inside",
                        "overlap"]
        lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        tables = [model_table.patterns(rows_) for _, rows_ in kept]
        for index, first in enumerate(tables[0]):
            cells = [first["name"]]
            for table in tables:
                row = table[index] if index < len(table) else None
                if row is None or row["name"] != first["name"]:
                    cells += ["\u2014"] * 4
                    continue
                held = None not in (row["low"], row["high"], row["predicted"]) and \
                    row["low"] <= row["predicted"] <= row["high"]
                shared = None not in (row["low"], row["high"], row["predicted_low"],
                                      row["predicted_high"]) and not (
                    row["high"] < row["predicted_low"] or row["low"] > row["predicted_high"])
                cells += [f"{model_table.signed(row['measured'])} "
                          f"{model_table.interval(row['low'], row['high'])}",
                          f"{model_table.signed(row['predicted'])} "
                          f"{model_table.interval(row['predicted_low'], row['predicted_high'])}",
                          "yes" if held else "no", "yes" if shared else "no"]
            lines.append("| " + " | ".join(cells) + " |")
        first = kept[0][1][0]
        identity = ", ".join(f"{label} {first[column]}" for label, column in (
            ("family", "cpu_family"), ("model", "cpu_model"), ("stepping", "cpu_stepping"))
            if first.get(column))
        commits = sorted({row["git_commit"] for _, rows_ in kept for row in rows_})
        dates = sorted({row["timestamp"][:10] for _, rows_ in kept for row in rows_})
        verdicts = "; ".join(f"run {number_}: {model_verdict(model_table.judge(rows_))}"
                             for number_, rows_ in kept)
        note = (f"`{host}`: {first['cpu']} ({identity}), {first['cores']} cores, "
                f"{first['machines']} machines a run, commit `{', '.join(commits)}`, "
                f"{' and '.join(dates)} (`results/hosts/model/{host}-run-*.csv`). {verdicts}.")
        text.append("\n".join(lines) + "\n\n" + "\n".join(
            textwrap.wrap(note, width=96, break_on_hyphens=False)) + "\n")
    return "\n".join(text)


def blocks():
    suite, sweep = rows("suite.csv"), rows("vending-sweep.csv")
    return {
        "answers": answers(suite),
        "summary": summary(suite),
        "measured": measured(suite, sweep),
        "cpu-wall-example": cpu_wall_example(suite),
        "sweep": sweep_claims(sweep),
        "fleet-table": fleet_table(suite),
        "fleet-findings": fleet_findings(suite),
        "hosts": hosts_block(),
        "hosts-brief": hosts_block(brief=True),
        "model-hosts": model_hosts(),
        "model-table": model_table_block(),
    }


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "host-name":
        try:
            with open(arguments[1], newline="", encoding="utf-8") as handle:
                first = next(csv.DictReader(handle), None)
        except (OSError, csv.Error) as error:
            print(f"figures: host-name: cannot read '{arguments[1]}': {error}", file=sys.stderr)
            return 1
        if first is None:
            print(f"figures: host-name: '{arguments[1]}' has no row", file=sys.stderr)
            return 1
        print(host_name(first))
        return 0
    if len(arguments) == 2 and arguments[0] == "model-holds":
        return model_holds(arguments[1])
    if len(arguments) != 1 or arguments[0] not in ("write", "check"):
        print("usage: scripts/figures.py write|check|host-name FILE|model-holds HOST",
              file=sys.stderr)
        return 64
    mode = arguments[0]
    try:
        generated = blocks()
    except (OSError, KeyError, ValueError, csv.Error) as error:
        print(f"figures: the committed CSVs cannot be read: {error}", file=sys.stderr)
        return 1
    stale, seen = [], 0
    for path in FILES:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()

        def replace(match):
            nonlocal seen
            name = match.group("name")
            if name not in generated:
                stale.append(f"{os.path.relpath(path, ROOT)}: unknown block '{name}'")
                return match.group(0)
            seen += 1
            if match.group("body") != generated[name]:
                old = set(re.findall(r"[−+-]?\d[\d,.]*", match.group("body")))
                new = set(re.findall(r"[−+-]?\d[\d,.]*", generated[name]))
                differing = sorted(old - new)
                detail = (" (quoted but not in the CSV: " + ", ".join(differing) + ")"
                          if differing else "")
                stale.append(f"{os.path.relpath(path, ROOT)}: block '{name}' differs from "
                             f"what the CSVs give{detail}")
            return match.group(1) + generated[name] + match.group(4)

        updated = BLOCK.sub(replace, text)
        if mode == "write" and updated != text:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(updated)
    if mode == "write":
        print(f"figures: {seen} blocks written from results/charts/*.csv")
        return 0
    for line in stale:
        print(f"figures-check: {line}")
    if stale:
        print(f"figures-check: FAILED: {len(stale)} of {seen} quoted blocks differ from their "
              "CSVs; run scripts/readme-charts.sh (no --measure: it rewrites the text from the "
              "committed CSVs)")
        return 1
    print(f"figures-check: quoted figures current ({seen} blocks match the CSVs)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
