#!/usr/bin/env python3
"""Seeded fuzzing of `simbench plot` (every --chart kind) and `simbench report` with extreme but
valid numbers, through a built binary.

    scripts/chart-fuzz.py BINARY [FILES [SEED]]

Each of FILES (default 100) results files is results/baselines/ci.csv grown into a sweep of
machines or events, a sweep of actors or a history of runs, with chart columns set to numbers
every reader accepts (5e-324, 1.7976931348623157e308, 1e300, 0, -0, negatives where signed),
and goes through plot with every chart kind and through report. Prints the counts: exit 0, exit
1 (one line on stderr), killed by a signal, over 10 s, over 1 GB, other; then the first
failures. The same BINARY, FILES and SEED give the same files."""
import csv, io, os, random, resource, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(sys.argv[1])
nfiles = int(sys.argv[2]) if len(sys.argv) > 2 else 100
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
base = list(csv.DictReader(open(os.path.join(ROOT, 'results/baselines/ci.csv'), newline='')))
header = list(base[0].keys())
SIGNED = {'overhead_ns_per_event', 'overhead_ci_low', 'overhead_ci_high', 'breakeven_ci_low', 'breakeven_ci_high',
          'bytes_per_entity_over_baseline', 'ratio_net_of_floor', 'ratio_net_ci_low', 'ratio_net_ci_high'}
EXTREME = ['5e-324', '4.9e-324', '2.2250738585072014e-308', '1e-300', '1e-12', '0', '-0', '0.0', '0.5', '1', '1.5',
           '3', '100', '123456789', '1e15', '9.3e18', '1e19', '1e300', '1e308', '1.7976931348623157e308']
NEGATIVE = ['-5e-324', '-1e-300', '-1', '-1e300', '-1.7976931348623157e308']
CHART = ['machines', 'events_per_machine', 'actors', 'ns_per_event_median', 'ns_per_event_ci_low',
         'ns_per_event_ci_high', 'ratio_to_baseline', 'ratio_ci_low', 'ratio_ci_high', 'allocs_per_event',
         'ratio_net_of_floor', 'ratio_net_ci_low', 'ratio_net_ci_high', 'events_per_second']
INTERVALS = [(c, c[:-3] + 'high') for c in header if c.endswith('_ci_low') and c[:-3] + 'high' in header]
KINDS = ['ratios', 'sweep', 'scaling', 'history', 'allocs', 'report']
TIMEOUT = 10
MEMORY = 1 << 30


def generate(rng):
    rows = []
    shape = rng.choice(['sweep-machines', 'sweep-events', 'scaling', 'history', 'mixed'])
    sizes = rng.randint(1, 4)
    runs = rng.randint(1, 3) if shape in ('history', 'mixed') else 1
    for run in range(runs):
        for size in range(sizes):
            for row in base:
                r = dict(row)
                r['run_id'] = f'run-{run}'
                r['sweep'] = f's{size}' if sizes > 1 else ''
                if shape in ('sweep-machines', 'mixed'): r['machines'] = str(10 ** (size + 2))
                if shape == 'sweep-events': r['events_per_machine'] = str(10 ** (size + 1))
                if shape == 'scaling': r['actors'] = str(2 ** size)
                rows.append(r)
    everywhere = rng.random() < 0.3
    for _ in range(rng.choice([1, 2, 4, 8, 30])):
        column = rng.choice(CHART)
        value = rng.choice(EXTREME + (NEGATIVE if column in SIGNED else []))
        for r in rows if everywhere else [rng.choice(rows)]: r[column] = value
    for r in rows:  # the readers refuse an interval whose low end is above its high end
        for low, high in INTERVALS:
            if r[low] and r[high] and float(r[low]) > float(r[high]): r[low], r[high] = r[high], r[low]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator='\r\n')
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def limit():
    # A runaway is stopped at 4 GB (counted as over 1 GB), not left to take the machine.
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


rng = random.Random(seed)
work = tempfile.mkdtemp(prefix='chart-fuzz-')
counts = dict.fromkeys(['invocations', 'exit 0', 'exit 1, one line', 'exit 1, several lines', 'signal',
                        'over 10 s', 'over 1 GB', 'other exit'], 0)
failures, peak, slowest = [], 0, 0.0
for index in range(nfiles):
    path = os.path.join(work, f'f{index}.csv')
    with open(path, 'w', newline='') as f: f.write(generate(rng))
    for kind in KINDS:
        args = [binary, 'report', path, '--out', os.path.join(work, 'out.html')] if kind == 'report' else \
               [binary, 'plot', path, '--chart', kind, '--out', os.path.join(work, 'out.svg')]
        counts['invocations'] += 1
        with tempfile.TemporaryFile() as err:
            start = time.monotonic()
            child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limit,
                                     env=dict(os.environ, SWIFT_BACKTRACE='enable=no'))
            while True:
                pid, status, usage = os.wait4(child.pid, os.WNOHANG)
                if pid: break
                if time.monotonic() - start > TIMEOUT:
                    child.kill()
                    pid, status, usage = os.wait4(child.pid, 0)
                    break
                time.sleep(0.005)
            child.returncode = 0  # reaped here, not by Popen
            elapsed = time.monotonic() - start
            err.seek(0)
            text = err.read().decode(errors='replace')
        slowest, peak = max(slowest, elapsed), max(peak, usage.ru_maxrss * 1024)
        what = None
        if elapsed > TIMEOUT: counts['over 10 s'] += 1; what = 'over 10 s'
        elif os.WIFSIGNALED(status): counts['signal'] += 1; what = f'signal {os.WTERMSIG(status)}: ' + (text.strip().splitlines() or [''])[0]
        elif os.WEXITSTATUS(status) == 0: counts['exit 0'] += 1
        elif os.WEXITSTATUS(status) == 1:
            if text.count('\n') == 1: counts['exit 1, one line'] += 1
            else: counts['exit 1, several lines'] += 1; what = 'several lines: ' + text[:200]
        else: counts['other exit'] += 1; what = f'exit {os.WEXITSTATUS(status)}: ' + text[:200]
        if usage.ru_maxrss * 1024 > MEMORY: counts['over 1 GB'] += 1; what = what or f'peak {usage.ru_maxrss // 1024} MB'
        if what: failures.append(f'{kind} {path}: {what}')
print(', '.join(f'{k}: {v}' for k, v in counts.items()))
print(f'peak RSS {peak / 2**20:.0f} MB, slowest {slowest:.2f} s; files in {work}')
for line in failures[:20]: print(line[:300])
