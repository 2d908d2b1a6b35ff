/// What `simbench --help` prints around the generated list of subcommands, and the debug
/// build's warning. Each command's own help is generated from its declaration
/// (`CommandHelp`).
enum HelpText {
    static var general: String {
        let subcommands = Commands.all.map { ($0.name, $0.abstract) } + [("help <command>", "the help of a command (as 'simbench <command> --help')")]
        return """
            simbench — what do the classic design patterns cost at run time?

            Simulates thousands to millions of machines on Swift actors and measures each pattern
            against the plain code it replaces, on identical work, checking that both compute the
            same outcome.

            USAGE:
              simbench <subcommand> [options]

            OPTIONS:
            \(CommandHelp.columns([("-h, --help", "show this help"), ("--version", "print the version")]))

            SUBCOMMANDS:
            \(CommandHelp.columns(subcommands))

              See 'simbench <subcommand> --help' for a subcommand's options.

            EXAMPLES
              swift run -c release simbench run --machines 10000
              swift run -c release simbench run --scenario vending --variant state-objects --rounds 20
              swift run -c release simbench run --scenario workday --csv workday.csv --quiet

            EXIT STATUS
              0   success; compare: no regression
              1   failure: a file or standard output could not be read or written, or a file is
                  not a valid results file
              2   compare: at least one regression
              3   run: a variant computed a different outcome from its baseline (no timing given)
              4   compare --fail-on-improvement: improvements and no regression
              5   doctor: a validity check failed
              6   run --instructions callgrind|perf: that counting cannot run here (nothing was run)
              64  usage: bad flag, value or name; nothing was run or written
            """
    }

    static let debugBanner = """
        ************************************************************************
        *  DEBUG BUILD: these timings mean nothing. Measure a release build:   *
        *    swift run -c release simbench run …                               *
        ************************************************************************

        """
}
