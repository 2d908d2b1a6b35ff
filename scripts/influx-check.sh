#!/usr/bin/env bash
# The Influx export proven against a real InfluxDB, not only against simbench's own reading of
# line protocol: a change to tag escaping, integer suffixes or timestamps that would break
# every user's dashboard fails here.
#
# It installs Debian's influxdb when influxd is missing, starts its own influxd (its own
# configuration, loopback ports picked free, data in a temporary folder), writes the export of
# a short run and of a history of several runs, both with an odd but valid params tag (`=`,
# `,`, spaces, a backslash), and reads them back through /query: the point count, every tag,
# three figures per variant and the field types, compared with the CSV; the history's runs
# must be separate points of the same series, and writing its export again (whole, or its
# last run) must add no point. It stops its influxd by PID and removes its files on exit.
#
# Usage: scripts/influx-check.sh [SIMBENCH]   (default: .build/release/simbench)
# Prints a few lines and `influx-check: passed`; on a failed check, one line
# `influx-check: FAILED: <check>: <what was seen>`, exit status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/simbench}
# Tiny runs: this checks the export, not speed.
run_flags=(--scenario vending --machines 200 --events 50 --rounds 3 --warmup 1 --quiet)
history_runs=3
# Odd but valid: `=`, `,` and spaces, one after another too, each to escape in a tag; and a
# backslash, which InfluxDB reads as it is.
odd_params='products=40;note=a b, c=d;edge= ,=;path=C:\temp'

fail() {
    echo "influx-check: FAILED: $*" >&2
    exit 1
}

work=$(mktemp -d)
influxd_pid=""
cleanup() {
    if [ -n "$influxd_pid" ]; then
        kill "$influxd_pid" 2> /dev/null || true
        # influxd closes its shards on SIGTERM; wait for it (bounded), then insist.
        for _ in $(seq 1 100); do
            kill -0 "$influxd_pid" 2> /dev/null || break
            sleep 0.1
        done
        kill -9 "$influxd_pid" 2> /dev/null || true
        wait "$influxd_pid" 2> /dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
# Interrupted or terminated, it still stops its influxd: the EXIT trap runs on exit.
trap 'exit 1' INT TERM HUP

[ -x "$binary" ] || fail "simbench: no executable '$binary' (build it: swift build -c release)"

# MARK: - influxd

# Debian's packages for what is missing: influxd, and curl to speak to it.
missing=()
command -v influxd > /dev/null || missing+=(influxdb)
command -v curl > /dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get > /dev/null || fail "install: ${missing[*]} missing, and no apt-get to install them"
    started=$SECONDS
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } \
        > "$work/apt.log" 2>&1 \
        || fail "install: apt-get install ${missing[*]}: $(tail -1 "$work/apt.log")"
    command -v influxd > /dev/null || fail "install: apt-get installed influxdb but there is no influxd"
    installed=$(dpkg-query -W -f '${Package} ${Version}\n' "${missing[@]}" | paste -sd, - | sed 's/,/, /g')
    echo "influx-check: installed $installed in $((SECONDS - started)) s"
fi

# Two free loopback ports: HTTP and the RPC service (backup/restore), never the defaults
# (8086, 8088), so that another influxd on the machine is never in the way.
free_ports() {
    python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))'
}

# Everything that could listen or phone home is off; every folder is ours.
write_config() {
    # Upstream's key is reporting-disabled, Debian's build reporting-enabled (off already);
    # influxd ignores the key it does not know.
    cat > "$work/influxdb.conf" << EOF
reporting-disabled = true
reporting-enabled = false
bind-address = "127.0.0.1:$2"

[meta]
  dir = "$work/meta"

[data]
  dir = "$work/data"
  wal-dir = "$work/wal"
  query-log-enabled = false

[retention]
  enabled = false

[shard-precreation]
  enabled = false

[monitor]
  store-enabled = false

[http]
  enabled = true
  bind-address = "127.0.0.1:$1"
  auth-enabled = false
  log-enabled = false
  pprof-enabled = false
  unix-socket-enabled = false

[logging]
  level = "warn"
  suppress-logo = true

[subscriber]
  enabled = false

[ifql]
  enabled = false

[[graphite]]
  enabled = false

[[collectd]]
  enabled = false

[[opentsdb]]
  enabled = false

[[udp]]
  enabled = false

[continuous_queries]
  enabled = false
EOF
}

# Starts influxd and waits (bounded) for /ping to answer 204. A port taken between picking
# and binding makes influxd exit: then it is tried again on new ports, three times at most.
start_influxd() {
    local attempt http rpc
    for attempt in 1 2 3; do
        read -r http rpc < <(free_ports)
        write_config "$http" "$rpc"
        influxd -config "$work/influxdb.conf" > "$work/influxd.log" 2>&1 &
        influxd_pid=$!
        for _ in $(seq 1 600); do
            if ! kill -0 "$influxd_pid" 2> /dev/null; then
                wait "$influxd_pid" 2> /dev/null || true
                influxd_pid=""
                break
            fi
            if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http/ping")" = 204 ]; then
                url="http://127.0.0.1:$http"
                return 0
            fi
            sleep 0.1
        done
        [ -n "$influxd_pid" ] \
            && fail "start: influxd (pid $influxd_pid) did not answer /ping on 127.0.0.1:$http within 60 s"
        echo "influx-check: influxd exited at start (attempt $attempt): $(tail -1 "$work/influxd.log")"
    done
    fail "start: influxd exited at start three times: $(tail -1 "$work/influxd.log")"
}

start_influxd
echo "influx-check: $(influxd version 2> /dev/null | head -1), pid $influxd_pid, on $url, data in $work"

# query CHECK DB STATEMENT OUT: a statement through /query (POST, as statements that change
# the database require), its JSON answer saved in OUT; CHECK names what failed.
query() {
    local check=$1 db=$2 statement=$3 out=$4 status
    status=$(curl -s -o "$out" -w '%{http_code}' -XPOST "$url/query?db=$db&epoch=ns" \
        --data-urlencode "q=$statement") || fail "$check: /query: curl exit $?"
    [ "$status" = 200 ] || fail "$check: /query '$statement': HTTP $status: $(head -c 300 "$out")"
    python3 -c '
import json, sys
answer = json.load(open(sys.argv[1]))
errors = [r["error"] for r in answer.get("results", []) if "error" in r]
if "error" in answer or errors:
    sys.exit(1)' "$out" \
        || fail "$check: /query '$statement': $(head -c 300 "$out")"
}

# Writes line protocol to DB; InfluxDB answers 204 when every line was accepted.
write_points() {
    local check=$1 db=$2 file=$3 status
    status=$(curl -s -o "$work/write.txt" -w '%{http_code}' -XPOST "$url/write?db=$db&precision=ns" \
        --data-binary "@$file") || fail "$check: /write: curl exit $?"
    [ "$status" = 204 ] || fail "$check: /write: HTTP $status: $(head -c 300 "$work/write.txt")"
}

# MARK: - the read-back checks

# The checks of what /query answered against the CSV, one function per check; the first
# argument names it, and a failed check prints its one line and exits 1.
cat > "$work/check.py" << 'PY'
import csv, datetime, json, sys

TAGS = ["scenario", "params", "variant", "role", "host", "cpu", "build_config", "swift_version", "sweep"]
FIGURES = ["ns_per_event_median", "ratio_to_baseline", "allocs_per_event"]
TYPES = {"ns_per_event_median": "float", "ratio_to_baseline": "float", "allocs_per_event": "float",
         "machines": "integer", "rounds": "integer", "run_id": "string", "git_commit": "string"}

def fail(check, message):
    print(f"influx-check: FAILED: {check}: {message}", file=sys.stderr)
    sys.exit(1)

def series(path):
    """The rows of a one-statement /query answer saved at `path`, as {column: value}."""
    result = json.load(open(path))["results"][0]
    return [dict(zip(s["columns"], v)) for s in result.get("series", []) for v in s["values"]]

def exported(path):
    rows = csv.DictReader(open(path, newline=""))
    return [r for r in rows if r["status"] == "ok" and r["ns_per_event_median"]]

def start_ns(timestamp):
    when = datetime.datetime.strptime(timestamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    return int(when.timestamp()) * 1_000_000_000

def points(check, csv_path, points_path, fields_path, tags_path):
    """Every exported row (ok, with a median) is one point, found by (run_id, variant), with
    the CSV's tags (no other tag key), three figures, machines and start second; the field
    types are line protocol's: floats, integers for counts (`1000i`), strings."""
    rows = exported(csv_path)
    got = series(points_path)
    if len(got) != len(rows):
        fail(check, f"point count: {len(got)} points for the CSV's {len(rows)} rows")
    by_key = {}
    for p in got:
        by_key.setdefault((p.get("run_id"), p.get("variant")), []).append(p)
    for row in rows:
        name = f"{row['scenario']}/{row['variant']} (run {row['run_id']})"
        matches = by_key.get((row["run_id"], row["variant"]), [])
        if len(matches) != 1:
            fail(check, f"{len(matches)} points for {name}")
        p = matches[0]
        for tag in TAGS:
            expected = row.get(tag) or None  # an empty tag is not written: null in /query
            if p.get(tag) != expected:
                fail(check, f"tag {tag} of {name}: {p.get(tag)!r} in InfluxDB, {expected!r} in the CSV")
        for figure in FIGURES:
            expected = float(row[figure]) if row[figure] else None
            if p.get(figure) != expected:
                fail(check, f"{figure} of {name}: {p.get(figure)!r} in InfluxDB, {row[figure]!r} in the CSV")
        if p.get("machines") != int(row["machines"]):
            fail(check, f"machines of {name}: {p.get('machines')!r} in InfluxDB, {row['machines']} in the"
                 " CSV")
        start = start_ns(row["timestamp"])
        if not start <= p["time"] < start + 1_000_000_000:
            fail(check, f"time of {name}: {p['time']} ns, not in the CSV's start second {row['timestamp']}")
    types = {v["fieldKey"]: v["fieldType"] for v in series(fields_path)}
    for field, expected in TYPES.items():
        if types.get(field) != expected:
            fail(check, f"field type of {field}: {types.get(field)!r} in InfluxDB, {expected!r} expected")
    keys = {v["tagKey"] for v in series(tags_path)}
    expected = {tag for tag in TAGS if any(row.get(tag) for row in rows)}
    if keys != expected:
        fail(check, f"tag keys: {sorted(keys)} in InfluxDB, {sorted(expected)} expected")
    print(f"influx-check: {check}: {len(got)} points; tags, {', '.join(FIGURES)}, field types as in"
          " the CSV")

def history(check, csv_path, points_path):
    """Each run is its own point of each series: same tags, a time of its own."""
    rows = exported(csv_path)
    runs = {row["run_id"] for row in rows}
    got = series(points_path)
    per_series = {}
    for p in got:
        per_series.setdefault(tuple(p.get(tag) for tag in TAGS), []).append(p)
    expected = len({(row["scenario"], row["params"], row["sweep"], row["variant"]) for row in rows})
    if len(per_series) != expected:
        fail(check, f"series: {len(per_series)} in InfluxDB, {expected} (configuration, variant) in the CSV")
    for key, ps in per_series.items():
        times = {p["time"] for p in ps}
        if len(ps) != len(runs) or len(times) != len(runs) or {p["run_id"] for p in ps} != runs:
            fail(check, f"series {key[0]}/{key[2]}: {len(ps)} points at {len(times)} times for {len(runs)}"
                 " runs")
    seconds = len({row["timestamp"] for row in rows})
    print(f"influx-check: {check}: {len(runs)} runs (their start seconds: {seconds} distinct),"
          f" {len(per_series)} series of {len(runs)} points each, one time per run")

def same_count(check, before_path, after_path):
    before, after = len(series(before_path)), len(series(after_path))
    if after != before:
        fail(check, f"{after} points after writing again, {before} before: points duplicated")
    print(f"influx-check: {check}: still {before} points")

def odd_params(source, target, params):
    """A copy of a results CSV whose every row has `params`: the tag value to escape."""
    with open(source, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = list(reader)
    column = header.index("params")
    for row in rows:
        row[column] = params
    with open(target, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)

checks = {"points": points, "history": history, "same-count": same_count, "odd-params": odd_params}
checks[sys.argv[1]](*sys.argv[2:])
PY
check() { python3 "$work/check.py" "$@" || exit 1; }

simbench() {
    local check=$1
    shift
    "$binary" "$@" > /dev/null 2> "$work/simbench.err" \
        || fail "$check: simbench $1 exited $?: $(tail -1 "$work/simbench.err")"
}

# read_back CHECK DB NAME: the database's points, field keys and tag keys as JSON files.
read_back() {
    query "$1" "$2" "SELECT * FROM simbench" "$work/$3.points.json"
    query "$1" "$2" "SHOW FIELD KEYS FROM simbench" "$work/$3.fields.json"
    query "$1" "$2" "SHOW TAG KEYS FROM simbench" "$work/$3.tags.json"
}

# MARK: - a short run

query "create database" "" "CREATE DATABASE short" "$work/created.json"
query "create database" "" "CREATE DATABASE history" "$work/created.json"

simbench "short run" run "${run_flags[@]}" --csv "$work/run.csv"
check odd-params "$work/run.csv" "$work/short.csv" "$odd_params"
simbench "short run: export" export --format influx "$work/short.csv" --out "$work/short.lp"
write_points "short run: write" short "$work/short.lp"
read_back "short run: read back" short short
check points "short run" "$work/short.csv" "$work/short.points.json" "$work/short.fields.json" \
    "$work/short.tags.json"

# MARK: - a history of several runs

# Appended one right after another, as fast as they go: runs may share their start second.
for i in $(seq 1 "$history_runs"); do
    simbench "history: run $i" run "${run_flags[@]}" --csv "$work/history-$i.csv" --append "$work/runs.csv"
done
check odd-params "$work/runs.csv" "$work/history.csv" "$odd_params"
simbench "history: export" export --format influx "$work/history.csv" --out "$work/history.lp"
write_points "history: write" history "$work/history.lp"
read_back "history: read back" history history
check points "history" "$work/history.csv" "$work/history.points.json" "$work/history.fields.json" \
    "$work/history.tags.json"
check history "history" "$work/history.csv" "$work/history.points.json"

# Exported and written again, whole and its last run alone: InfluxDB's write is idempotent on
# identical series and timestamp, so no point may be added.
simbench "history: export again" export --format influx "$work/history.csv" --out "$work/again.lp"
write_points "history: write again" history "$work/again.lp"
simbench "history: export --run latest" export --format influx "$work/history.csv" --run latest \
    --out "$work/latest.lp"
write_points "history: write --run latest" history "$work/latest.lp"
query "history: read back again" history "SELECT * FROM simbench" "$work/again.points.json"
check same-count "history: exported and written again (whole, then --run latest)" \
    "$work/history.points.json" "$work/again.points.json"

echo "influx-check: passed"
