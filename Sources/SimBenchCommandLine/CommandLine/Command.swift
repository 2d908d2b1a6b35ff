import SimBench

/// A subcommand of `simbench`, declared once: its name, one-line abstract, operands, options
/// and any prose its help adds. Parsing, `--help` and the completion scripts are generated
/// from the declaration (`CommandParser`, `CommandHelp`, `CompletionScript`).
///
/// Public so that a tool's `main` can add commands of its own beside the library's
/// (`simbench render`, which draws from the `Subjects` suite): see `BenchmarkTool`.
public protocol Command: SendableMetatype {
    /// `run`.
    static var name: String { get }
    /// One line for `simbench --help`: what the command does.
    static var abstract: String { get }
    /// The words that are not flags, as USAGE and ARGUMENTS show them.
    static var operands: [Operand] { get }
    /// The command's own subcommands (`baseline save`, `baseline list`), if any.
    static var subcommands: [(name: String, abstract: String)] { get }
    static var flags: [Option<Self>] { get }
    /// Sections printed after OPTIONS (HOW IT MEASURES, EXAMPLES, …).
    static var discussion: String { get }
    /// What each status the command ends with means for it, in the order its help lists
    /// them; the help's EXIT STATUS section is made from these and `ExitStatus` (usage,
    /// SIGINT and SIGTERM are added when not declared: see `ExitStatus.section`).
    static var exitStatuses: [(status: ExitStatus, meaning: String)] { get }

    /// The command with every option at its default.
    init()
    /// Checks the operands and whatever the flags mean together, once every flag is read.
    mutating func finish(operands: [String]) throws
    func execute() async throws -> ExitStatus
}

extension Command {
    public static var operands: [Operand] { [] }
    public static var subcommands: [(name: String, abstract: String)] { [] }
    public static var discussion: String { "" }

    /// How the command calls itself in what it prints (a report's title, its help):
    /// `simbench compare`.
    public static var title: String { "\(Suite.toolName) \(name)" }

    /// Refuses any operand: for commands that take flags only.
    public static func refuseOperands(_ operands: [String]) throws {
        if let first = operands.first {
            throw UsageError(
                "\(name): unexpected argument '\(first)'; see '\(Suite.toolName) \(name) --help'")
        }
    }
}

/// Every subcommand of the running tool, in the order its `--help` lists them.
enum Commands {
    static var all: [any Command.Type] { BenchmarkTool.running.commands }

    /// The library's own commands, in the order `--help` lists them. A tool's own commands
    /// go after `list`, beside the other commands about its scenarios (see `BenchmarkTool`).
    static func library(adding own: [any Command.Type]) -> [any Command.Type] {
        [RunCommand.self, ListCommand.self] + own + [
            DoctorCommand.self, HostCommand.self,
            ExplainCommand.self, CompareCommand.self, CoverageCommand.self, ABCommand.self,
            SpreadCommand.self, BaselineCommand.self,
            ExportCommand.self,
            MergeCommand.self, RepairHistoryCommand.self, PlotCommand.self, ReportCommand.self,
            CompletionCommand.self,
        ]
    }

    static func named(_ name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }

    /// Every name `simbench` takes as its first word.
    static var names: [String] { all.map { $0.name } + ["help"] }
}

extension Command {
    /// Parses `words` and runs the command, or prints its help for `--help` and `-h`.
    static func main(_ words: some Collection<String>) async throws -> ExitStatus {
        switch try CommandParser.parse(Self.self, words) {
        case .help:
            print(helpText)
            return .success
        case .command(let command):
            return try await command.execute()
        }
    }

    static var helpText: String { CommandHelp.text(for: Self.self) }

    /// What the completion scripts need to know of the command, its type erased.
    static var summary: CommandSummary {
        CommandSummary(
            name: name, abstract: abstract,
            options: flags.map {
                CommandSummary.Flag(
                    names: $0.names, takesValue: $0.valueName != nil, help: $0.help,
                    completion: $0.completion, repeats: $0.repeats)
            },
            operandCompletion: operands.first?.completion ?? .none,
            subcommands: subcommands.map { String($0.name.prefix { $0 != " " }) })
    }
}

/// A command's flags and words as the completion scripts see them.
struct CommandSummary {
    struct Flag {
        let names: [String]
        let takesValue: Bool
        let help: String
        let completion: ValueCompletion
        let repeats: Bool
    }

    let name: String
    let abstract: String
    let options: [Flag]
    /// What the command's operands complete to.
    let operandCompletion: ValueCompletion
    /// First words of its subcommands: `save`, `list`.
    let subcommands: [String]
}
