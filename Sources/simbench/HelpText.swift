/// Everything `simbench help` prints.
enum HelpText {
    static let commands = ["run", "list", "doctor", "help"]

    static func topic(_ name: String) -> String? {
        switch name {
        case "run": run
        case "list": list
        case "doctor": doctor
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
          simbench doctor             check that this build and machine give trustworthy numbers
          simbench help <command>     details of a command
          simbench --version

        EXAMPLES
          swift run -c release simbench run --machines 10000
          swift run -c release simbench run --scenario vending --variant state-objects --rounds 20
          swift run -c release simbench run --scenario workday --csv workday.csv --quiet

        EXIT STATUS
          0   success
          1   failure: a file could not be read or written
          3   run: a variant computed a different outcome from its baseline (no timing given)
          5   doctor: a validity check failed
          64  usage: bad flag, value or name; nothing was run or written
        """

    static let run = """
        simbench run — measure scenarios and write the results

        USAGE
          simbench run [--machines N] [--events N] [--scenario A,B] [--variant X,Y]
                       [--rounds N] [--warmup N] [--min-time S] [--max-time S] [--seed N]
                       [--actors K] [--param [SCENARIO.]KEY=VALUE]… [--csv PATH] [--raw PATH]
                       [--quiet] [--allow-debug]

        OPTIONS
          --machines N     simulated entities (machines, workers, sessions, pages); default 10000
          --events N       events per entity; default: each scenario's own (see 'simbench list')
          --scenario A,B   scenarios to run; default: the default suite (see 'simbench list')
          --variant X,Y    variants to run, plain (state-objects) or qualified
                           (vending.state-objects); each scenario's baseline always runs
          --rounds N       measured rounds per variant; default 10, cut short once a variant
                           has 1 s of samples (at least 3 rounds) unless --rounds or
                           --max-time is given
          --warmup N       warm-up rounds; default: until samples settle (at most 3)
          --min-time S     keep measuring past --rounds until every variant has S seconds
          --max-time S     stop once a variant has S seconds of samples (at least 3 rounds)
          --seed N         seed of every entity's random stream; default 1
          --actors K       worker actors; default 4 per core (never more than entities)
          --param K=V      a scenario parameter; SCENARIO.K=V limits it to one scenario; a
                           comma list for an axis parameter runs each value
          --csv PATH       results file; default results/simbench-<run id>.csv
          --raw PATH       also write one row per sample (round, variant, wall, CPU, allocs)
          --quiet          no progress on stderr (it is shown only on a terminal anyway)
          --allow-debug    run a debug build anyway (its timings mean nothing)

        HOW IT MEASURES
          Entities are split into slices, one per actor; each actor builds its slice's inputs
          (event tapes, trees, texts) before any timing. Every round runs each variant once
          over the whole fleet, variants in a seeded shuffled order; the first warm-up round
          runs the baseline first, and every outcome of every round must equal the baseline's
          or the variant is reported WRONG with no timing, and the exit status is 3.
          Results depend on --seed only, never on --actors or the number of cores.

        OUTPUT
          A table per scenario: median ns per event with its 95% CI, min, max, events per
          second, the ratio of the median to the baseline's with its CI, CV, allocations per
          event. The CSV holds one row per (scenario, parameters, variant), written whole
          through a temporary file and a rename; its path is printed at the end.

        EXIT STATUS
          0 success · 1 a file could not be written · 3 a variant's outcome differed · 64 usage
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
          scaling        every variant of every scenario at its default events and at 4×:
                         its time must grow at least 2×, or its work was optimised away
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
