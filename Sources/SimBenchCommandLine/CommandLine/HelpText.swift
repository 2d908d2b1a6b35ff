import SimBench

/// What `--help` prints around the generated list of subcommands, and the debug build's
/// warning, in the running tool's words (`BenchmarkTool`: its name, description and
/// catalog). Each command's own help is generated from its declaration (`CommandHelp`).
enum HelpText {
    static var general: String {
        let tool = BenchmarkTool.running
        let name = tool.name
        let subcommands =
            Commands.all.map { ($0.name, $0.abstract) } + [
                ("help <command>", "the help of a command (as '\(name) <command> --help')")
            ]
        return """
            \(name) — \(tool.description)

            \(paragraph(tool.about, width: 90))

            USAGE:
              \(name) <subcommand> [options]

            OPTIONS:
            \(CommandHelp.columns([("-h, --help", "show this help"), ("--version", "print the version")]))

            SUBCOMMANDS:
            \(CommandHelp.columns(subcommands))

              See '\(name) <subcommand> --help' for a subcommand's options.

            EXAMPLES
            \(examples(of: tool).map { "  swift run -c release \(name) run \($0)" }.joined(separator: "\n"))

            \(ExitStatus.section(ExitStatus.allCases.map { ($0, $0.meaning) }))
            """
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole), no line indented.
    static func paragraph(_ text: String, width: Int) -> String {
        var lines = [String]()
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// `run`'s arguments in the examples: the default size, then a pattern of the first
    /// scenario of the default suite measured longer, then the second scenario quietly into
    /// a CSV of its own.
    static func examples(of tool: BenchmarkTool) -> [String] {
        var examples = ["--machines 10000"]
        let catalog = tool.catalog
        let suite = catalog.defaultSuite.isEmpty ? catalog.entries : catalog.defaultSuite
        guard let first = suite.first else { return examples }
        if let pattern = first.variants.first(where: { $0.role == .pattern }) {
            examples.append("--scenario \(first.name) --variant \(pattern.name) --rounds 20")
        }
        let second = suite.dropFirst().first ?? first
        examples.append("--scenario \(second.name) --csv \(second.name).csv --quiet")
        return examples
    }

    /// The pattern the commands' help gives as an example: the first pattern of the first
    /// scenario of the default suite (`vending`, `state-objects`); placeholders before a
    /// tool started.
    static var examplePattern: (scenario: String, variant: String) {
        let catalog = Suite.startedCatalog
        let suite = catalog.map { $0.defaultSuite.isEmpty ? $0.entries : $0.defaultSuite } ?? []
        for entry in suite {
            if let pattern = entry.variants.first(where: { $0.role == .pattern }) {
                return (entry.name, pattern.name)
            }
        }
        return ("SCENARIO", "VARIANT")
    }

    /// The warning a debug build that measures anyway prints first: how to measure a
    /// release build of the tool called `name`.
    static func debugBanner(name: String) -> String {
        let lines = [
            "DEBUG BUILD: these timings mean nothing. Measure a release build:",
            "  swift run -c release \(name) run …",
        ]
        let width = max(68, (lines.map(\.count).max() ?? 0) + 3)
        let border = String(repeating: "*", count: width + 4)
        let boxed = lines.map { "*  " + $0 + String(repeating: " ", count: width - $0.count) + "*" }
        return ([border] + boxed + [border]).joined(separator: "\n") + "\n\n"
    }
}
