#!/usr/bin/env python3
"""A large, valid results file made from a real run's rows: what the readers are timed on.

    scripts/big-results.py SEED.csv ROWS OUT.csv [--history] [--narrow]

SEED.csv is a results CSV that `simbench run` wrote (a short run is enough: its rows are
repeated). OUT.csv gets ROWS rows, the seed's rows over and over, each copy its own run (its
`run_id` ends in `-COPY`, its `timestamp` is COPY minutes later, its `run_rows` counts its
rows), so that the file reads as one run's results (`compare`, `export` …) and as a history
(`plot`, `repair-history`, `run --append`):

    (default)   each copy's `params` gain `copy=COPY`: ROWS configurations, each measured once
    --history   the copies keep the seed's `params`: a history of ROWS / (seed rows) runs of
                the same configurations, as a CI history grows by a suite every commit
    --narrow    only the columns a reader needs to identify and compare rows (the required
                ones and the run's identity), as an older simbench wrote them: about a third
                of the bytes per row, so that a million rows fit under the size simbench
                reads (a full row is about 830 bytes)

Big files belong in a scratch directory, never in the repository.

Exit status: 0 written; 1 the seed unreadable or without rows; 64 usage.
"""

import csv
import datetime
import sys

NARROW = [
    "run_id", "timestamp", "scenario", "params", "variant", "role", "status", "event_unit",
    "machines", "events_per_machine", "rounds", "ns_per_event_median", "ns_per_event_ci_low",
    "ns_per_event_ci_high", "ratio_to_baseline", "ratio_ci_low", "ratio_ci_high", "sweep",
    "run_rows", "entity_unit",
]


def usage(message):
    print(f"big-results: {message}", file=sys.stderr)
    print("usage: scripts/big-results.py SEED.csv ROWS OUT.csv [--history] [--narrow]",
          file=sys.stderr)
    sys.exit(64)


def main(argv):
    flags = [a for a in argv if a.startswith("--")]
    positional = [a for a in argv if not a.startswith("--")]
    unknown = set(flags) - {"--history", "--narrow"}
    if unknown:
        usage(f"unknown flag '{sorted(unknown)[0]}'; accepted: --history, --narrow")
    if len(positional) != 3:
        usage("expected SEED.csv ROWS OUT.csv")
    seed_path, rows_text, out_path = positional
    if not rows_text.isdigit() or int(rows_text) == 0:
        usage(f"ROWS '{rows_text}' is not a whole number above 0")
    total = int(rows_text)
    try:
        with open(seed_path, newline="", encoding="utf-8") as seed:
            reader = csv.reader(seed)
            header = next(reader)
            rows = list(reader)
    except (OSError, StopIteration, UnicodeDecodeError, csv.Error) as error:
        print(f"big-results: {seed_path}: cannot be read as a results CSV: {error}",
              file=sys.stderr)
        return 1
    if not rows:
        print(f"big-results: {seed_path}: no rows to repeat", file=sys.stderr)
        return 1
    column = {name: index for index, name in enumerate(header)}
    missing = [name for name in ("run_id", "timestamp", "params", "run_rows")
               if name not in column]
    if missing:
        print(f"big-results: {seed_path}: no column {missing[0]}", file=sys.stderr)
        return 1
    kept = [column[name] for name in NARROW if name in column] if "--narrow" in flags \
        else list(range(len(header)))
    start = datetime.datetime.strptime(rows[0][column["timestamp"]], "%Y-%m-%dT%H:%M:%SZ")
    history = "--history" in flags
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow([header[index] for index in kept])
        for first in range(0, total, len(rows)):
            copy = first // len(rows)
            count = min(len(rows), total - first)
            stamp = (start + datetime.timedelta(minutes=copy)).strftime("%Y-%m-%dT%H:%M:%SZ")
            for row in rows[:count]:
                row = list(row)
                row[column["run_id"]] = f"{row[column['run_id']]}-{copy}"
                row[column["timestamp"]] = stamp
                row[column["run_rows"]] = str(count)
                if not history:
                    params = row[column["params"]]
                    row[column["params"]] = f"{params};copy={copy}" if params else f"copy={copy}"
                writer.writerow([row[index] for index in kept])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
