import SimBench

/// What `simbench --help` prints around the generated list of subcommands, and the debug
/// build's warning. Each command's own help is generated from its declaration
/// (`CommandHelp`).
enum HelpText {
    static var general: String {
        let subcommands =
            Commands.all.map { ($0.name, $0.abstract) } + [
                ("help <command>", "the help of a command (as 'simbench <command> --help')")
            ]
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

            \(ExitStatus.section(ExitStatus.allCases.map { ($0, $0.meaning) }))
            """
    }

    static let debugBanner = """
        ************************************************************************
        *  DEBUG BUILD: these timings mean nothing. Measure a release build:   *
        *    swift run -c release simbench run …                               *
        ************************************************************************

        """
}
