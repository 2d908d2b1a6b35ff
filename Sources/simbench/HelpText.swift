/// Everything `simbench help` prints.
enum HelpText {
    static let commands = ["run", "list", "render", "doctor", "compare", "baseline", "export", "merge", "repair-history", "help"]

    static func topic(_ name: String) -> String? {
        switch name {
        case "run": run
        case "list": list
        case "doctor": doctor
        case "render": render
        case "compare": compare
        case "baseline": baseline
        case "export": export
        case "merge": merge
        case "repair-history": repairHistory
        case "help": general
        default: nil
        }
    }

    static let general = """
        simbench — what do the classic design patterns cost at run time?

        Simulates thousands to millions of entities on Swift actors and measures each pattern
        against the plain code it replaces, on identical work, checking that both compute the
        same outcome.

        USAGE
          simbench run [options]      measure scenarios, print a table, write a CSV
          simbench list               scenarios, their variants, events and parameters
          simbench render --out F.svg draw a page of the marks scenario's doodles
          simbench doctor             check that this build and machine give trustworthy numbers
          simbench compare BASE CUR   regressions between two runs (exit 2 on a regression)
          simbench baseline save|list named baselines under results/baselines/
          simbench export FILE        a results CSV for github-action-benchmark, Bencher, InfluxDB
          simbench merge A B --out C  join the parts of a sharded run (--shard I/N)
          simbench repair-history F   drop the partial last record of a damaged --append history
          simbench help <command>     details of a command
          simbench --version

        EXAMPLES
          swift run -c release simbench run --machines 10000
          swift run -c release simbench run --scenario vending --variant state-objects --rounds 20
          swift run -c release simbench run --scenario workday --csv workday.csv --quiet

        EXIT STATUS
          0   success; compare: no regression
          1   failure: a file could not be read or written, or is not a valid results file
          2   compare: at least one regression
          3   run: a variant computed a different outcome from its baseline (no timing given)
          4   compare --fail-on-improvement: improvements and no regression
          5   doctor: a validity check failed
          64  usage: bad flag, value or name; nothing was run or written
        """

    static let run = """
        simbench run — measure scenarios and write the results

        USAGE
          simbench run [--machines N] [--events N] [--scenario A,B] [--variant X,Y]
                       [--rounds N] [--warmup N] [--min-time S] [--max-time S] [--seed N]
                       [--actors K] [--processes K] [--negligible P]
                       [--param [SCENARIO.]KEY=VALUE]…
                       [--csv PATH] [--raw PATH]
                       [--save-baseline NAME] [--append PATH] [--shard I/N]
                       [--quiet] [--allow-debug]

        OPTIONS
          --machines N     simulated entities (machines, workers, sessions, pages); default 10000
          --events N       events per entity; default: each scenario's own (see 'simbench list')
          --scenario A,B   scenarios to run; default: the default suite (see 'simbench list')
          --variant X,Y    variants to run, plain (state-objects) or qualified
                           (vending.state-objects); each scenario's baseline and floor always run
          --rounds N       measured rounds per variant; default 10, cut short once a variant
                           has 1 s of samples (at least 3 rounds) unless --rounds or
                           --max-time is given
          --warmup N       warm-up rounds; default: until samples settle (at most 3)
          --min-time S     keep measuring past --rounds until every variant has S seconds
          --max-time S     stop once a variant has S seconds of samples (at least 3 rounds)
          --seed N         seed of every entity's random stream; default 1
          --actors K       worker actors; default 4 per core (never more than entities)
          --negligible P   the share of an event's time below which a pattern's overhead stops
                           mattering, for the break-even work; default 5%
          --processes K    repeat the run in K child processes, one after another, and pool
                           their samples; intervals then include the spread between
                           processes; default 1, at most 64
          --param K=V      a scenario parameter; SCENARIO.K=V limits it to one scenario; a
                           comma list for an axis parameter runs each value
          --csv PATH       results file; default results/simbench-<run id>.csv
          --raw PATH       also write one row per sample (round, variant, wall, CPU, allocs,
                           process, utilisation)
          --save-baseline NAME
                           also store the results as results/baselines/NAME.csv (NAME: letters,
                           digits, '.', '_', '-'); not saved if a variant's outcome was wrong
          --append PATH    add the rows to a history CSV (created if missing); earlier rows are
                           never rewritten; a file from an older simbench keeps its header
          --shard I/N      run the I-th of N parts of the suite: configurations dealt
                           round-robin; join the parts' CSVs with 'simbench merge'
          --quiet          no progress on stderr (it is shown only on a terminal anyway)
          --allow-debug    run a debug build anyway (its timings mean nothing)

        HOW IT MEASURES
          Entities are split into slices, one per actor; each actor builds its slice's inputs
          (event tapes, trees, texts) before any timing. Every round runs each variant once
          over the whole fleet, variants in a seeded shuffled order; every outcome of every
          round must equal the baseline's or the variant is reported WRONG with no timing,
          and the exit status is 3.
          Results depend on --seed only, never on --actors or the number of cores.
          CPU ns/event is each worker thread's own CPU clock around its slice, summed: the
          variant's cost on one core, blind to time a worker waited for a core. A round whose
          utilisation (that CPU over wall × workers that could run at once) falls below 80%
          of the variant's median is interfered with; above a fifth of such rounds, or under
          10 samples, a warning names the variant. An interval needs 5 samples ("—" below).

        OUTPUT
          A table per scenario: median ns per event with its 95% CI, min, max, events per
          second, the ratio of the median to the baseline's with its CI, CV, allocations per
          event. The CSV holds one row per (scenario, parameters, variant), written whole
          through a temporary file and a rename; its path is printed at the end.

        EXIT STATUS
          0 success · 1 a file could not be written, or --append names an invalid results
          file · 3 a variant's outcome differed · 64 usage
        """

    static let compare = """
        simbench compare — regressions and improvements between two runs

        USAGE
          simbench compare BASELINE CURRENT [--threshold P] [--threshold-time P]
                           [--threshold-ratio P] [--threshold-allocs P] [--ignore-params]
                           [--ratio-only] [--metric cpu|wall] [--fail-on-improvement]
                           [--format text|markdown]

          BASELINE and CURRENT are results CSVs; BASELINE may also name a saved baseline
          (simbench compare ci out.csv reads results/baselines/ci.csv).

        OPTIONS
          --threshold P         smallest time change that counts, for ns/event and ratio;
                                default 5% (P is a percentage: 5% or 5)
          --threshold-time P    the same for absolute ns per event only
          --threshold-ratio P   the same for the ratio to the scenario's baseline variant only
          --threshold-allocs P  relative tolerance of allocations per event; default 1%, on
                                top of 0.01 allocations per event
          --ignore-params       match rows by scenario and variant only, to compare two
                                parameter values (calibrate twin-extra=0 against twin-extra=5)
          --ratio-only          judge time through ratios only: a baseline variant's absolute
                                time is shown but not judged, for machines that drift between
                                runs (shared CI runners)
          --metric M            cpu (the default): judge thread CPU time and its ratios;
                                wall: judge wall time. A file without CPU columns (from an
                                older simbench) is judged on wall time, with a note
          --fail-on-improvement exit 4 when there are improvements and no regression (so
                                that a CI job asks for the baseline to be updated)
          --format F            text (a terminal table, the default) or markdown (for a
                                pull-request comment or $GITHUB_STEP_SUMMARY)

        HOW IT DECIDES
          Rows are matched by (scenario, params, variant). A time change counts only if it
          passes the threshold AND its 95% confidence interval excludes zero. The interval of
          a change combines the two runs' intervals as independent errors: in log space
          its half-widths are √(a² + b²) of theirs.
          Time is thread CPU time by default (--metric): it does not count time a worker
          waited for a core, so it spreads less between runs on a shared machine.
          Pattern variants are judged on their ratio to the scenario's baseline variant in the
          same run (cpu_ratio_to_baseline and its CI; with --metric wall ratio_to_baseline):
          it cancels a machine that is faster or slower as a whole. A scenario's baseline
          variant has no ratio: it is judged on its CPU time over a fixed machine-speed
          reference timed in the same rounds (cpu_per_reference and its CI), so a host that
          is slower for an hour slows both and the verdict stays; files without that column,
          and --metric wall, judge its absolute median ns per event. So is a pattern whose
          ratio has no CI. Runs with --processes K have intervals that include the spread
          between processes. Without intervals a time change is reported as 'not judged (no CI)',
          never flagged. Allocations per event are counted, not sampled: a change beyond
          0.01/event + 1% of the baseline counts. Each verdict names its basis: ratio,
          ns/event or allocs/event. Rows on one side only are listed, not judged.

        OUTPUT
          Regressions first, then improvements, not judged, and unchanged rows (folded into a
          <details> block in markdown), then what is missing on each side, and notes (hosts
          differ, debug build, no intervals).

        EXIT STATUS
          0   no regression
          2   at least one regression
          4   improvements and no regression, with --fail-on-improvement
          1   a file is missing, empty, truncated or malformed, has unknown or missing
              columns, non-numeric/NaN/infinite cells or duplicated rows, or the files have
              no row in common: one line names the file, the line and the column
          64  usage: bad flag or value
        """

    static let baseline = """
        simbench baseline — named baselines, kept under results/baselines/NAME.csv

        USAGE
          simbench baseline save NAME FILE   validate a results CSV and store it as NAME
          simbench baseline list             the saved baselines
          simbench run … --save-baseline NAME  store a run's results as NAME as it finishes

          A baseline is the results CSV itself, byte for byte: a person can read and diff
          it, and its environment (host, CPU, Swift version, commit) is in every row. git
          ignores results/ except results/baselines/: commit the baselines CI compares with.
          NAME: letters, digits, '.', '_' and '-', not starting with '.' or '-'.

        EXIT STATUS
          0 saved · 1 FILE is not a valid results file, or cannot be written · 64 usage
        """

    static let export = """
        simbench export — a results CSV in the formats of existing trackers

        USAGE
          simbench export --format github|bencher|influx FILE [--out PATH]

        FORMATS
          github   github-action-benchmark, tool 'customSmallerIsBetter': a JSON array of
                   {name, unit, value, range, extra}: ns/event per variant, the ratio to the
                   baseline variant (patterns), allocations per event
          bencher  Bencher Metric Format JSON: {name: {latency, ratio-to-baseline,
                   allocations-per-event: {value, lower_value, upper_value}}}, bounds = 95% CI
          influx   InfluxDB line protocol, measurement 'simbench', tags scenario, params,
                   variant, role, host, cpu, build_config, swift_version; one line per row,
                   timestamped with the run's start; reads history files of many runs too
          Benchmarks are named scenario.variant[params]. Rows without timing are left out.
          Without --out the export goes to stdout.

        EXIT STATUS
          0 written · 1 FILE is not a valid results file · 64 usage
        """

    static let merge = """
        simbench merge — join the parts of a sharded run

        USAGE
          simbench merge PART.csv… --out ALL.csv

          For a CI matrix: each job runs 'simbench run … --shard I/N --csv part-I.csv', one
          job merges. The parts must have the same header and no (scenario, params, variant)
          twice; their rows are copied in the order given; the result is written whole or not
          at all. A note says when the parts differ in commit, build, seed or machines.

        EXIT STATUS
          0 merged · 1 a part is not a valid results file, the headers differ, or a row is
          duplicated · 64 usage
        """

    static let repairHistory = """
        simbench repair-history — mend a history file an interrupted append cut short

        USAGE
          simbench repair-history HISTORY.csv

          A run killed or out of disk space while appending (--append) could, before simbench
          0.1.0's hardening, leave a partial last record; every later --append and export then
          refuses the file. This drops that partial record and nothing else: it refuses,
          changing nothing, unless everything before the last line is a valid history and the
          last line is a record cut short. A valid history is left as it is.

        EXIT STATUS
          0 repaired, or nothing to repair · 1 not a history, or damaged elsewhere than its
          last record (nothing changed) · 64 usage
        """

    static let render = """
        simbench render — draw a page of the marks scenario as SVG

        USAGE
          simbench render --out doodle.svg [--page K] [--events N] [--seed N]
                          [--param marks.KEY=VALUE]…

        Draws page K (default 0) of the doodles `simbench run --scenario marks` traverses with
        the same --seed, --events (marks per page) and shape parameters (stroke, nesting,
        nest, dots): strokes as paths through their vertices, dots as small filled ellipses,
        as the article's MarkRenderer draws them. The file is written whole or not at all.

        EXIT STATUS
          0 success · 1 the file could not be written · 64 usage
        """

    static let doctor = """
        simbench doctor — check that this build and machine give numbers worth reading

        USAGE
          simbench doctor [--machines N] [--scenario A,B]

        CHECKS
          build          a release build (a debug build fails the doctor)
          clock          the monotonic clock's resolution
          allocations    whether glibc's allocator is interposed, so allocation counts are real
          instructions   whether perf_event_open can count instructions (not on most VMs)
          load           whether other work competes for the cores
          scaling        every variant of every scenario at its default events and at 8×:
                         its time must grow at least 2×, or its work was optimised away (or
                         a fixed cost per entity or round dominates it)
          A/A            calibrate's ruler against its identical twin: the ratio CI contains 1
          10% step       calibrate work=1100 against work=1000: the ratio CI excludes 1

        EXIT STATUS
          0 every check passed (warnings allowed) · 5 a check failed · 64 usage
        """

    static let list = """
        simbench list — scenarios, their variants, what one event is, and their parameters

        USAGE
          simbench list
        """

    static let debugBanner = """
        ************************************************************************
        *  DEBUG BUILD: these timings mean nothing. Measure a release build:   *
        *    swift run -c release simbench run …                               *
        ************************************************************************

        """
}
