import SimBench
import SimBenchCore

/// One flag of a command, declared once: its names, value, help line, default and parse.
///
/// The command's parsing, its USAGE line, its OPTIONS section and the shell completions are
/// all generated from these declarations (see `CommandParser`, `CommandHelp`,
/// `CompletionScript`), so they cannot disagree.
public struct Option<Command> {
    /// `--machines`, then any aliases (`--scenarios`, `-q`).
    let names: [String]
    /// `N`, `PATH`; nil for a flag that takes no value.
    let valueName: String?
    /// One line (wrapped in `--help`): what it does.
    let help: String
    /// The value used without the flag, from the code that uses it; nil when there is none
    /// worth showing.
    let defaultValue: String?
    /// What the value may be, for a missing value's error.
    let expected: String
    /// Whether the flag may be given more than once (`--param`).
    let repeats: Bool
    /// Whether the command refuses to run without it.
    let isRequired: Bool
    /// What a shell completes its value to.
    let completion: ValueCompletion
    /// Stores the value (the empty string for a flag without one) into the command.
    let apply: (inout Command, String) throws -> Void
    /// For a flag that stands for other words (`run --suite FILE`): the words its value
    /// stands for, which the parser reads in its place; nil for every other flag.
    var expansion: ((String) throws -> [String])? = nil

    var name: String { names[0] }

    /// The same flag for a command that holds this one's at `keyPath`: one declaration that
    /// two commands share (`explain` takes `run`'s options as they are).
    func lifted<Outer>(to keyPath: WritableKeyPath<Outer, Command>) -> Option<Outer> {
        let apply = self.apply
        return Option<Outer>(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: expected, repeats: repeats, isRequired: isRequired, completion: completion
        ) { outer, value in try apply(&outer[keyPath: keyPath], value) }
    }

    /// `--machines N`, `--quiet`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    /// A flag without a value.
    public static func flag(
        _ names: String..., help: String, set: @escaping (inout Command) -> Void
    ) -> Option {
        Option(
            names: names, valueName: nil, help: help, defaultValue: nil, expected: "",
            repeats: false, isRequired: false, completion: .none
        ) { command, _ in set(&command) }
    }

    /// A flag with a value of any form; `parse` checks and stores it.
    public static func value(
        _ names: String..., value valueName: String, help: String,
        default defaultValue: String? = nil,
        expected: String, repeats: Bool = false, required: Bool = false,
        completion: ValueCompletion = .none,
        parse: @escaping (inout Command, String) throws -> Void
    ) -> Option {
        Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: expected, repeats: repeats, isRequired: required, completion: completion,
            apply: parse)
    }

    /// A whole number within `limit`.
    public static func count(
        _ names: String..., value valueName: String = "N", help: String,
        default defaultValue: String?,
        limit: CountLimit, set: @escaping (inout Command, Int) -> Void
    ) -> Option {
        Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: limit.expected, repeats: false, isRequired: false, completion: .none
        ) { command, text in
            set(&command, try limit.parse(text))
        }
    }

    /// A whole number within `limit`, or a comma list of them: a sweep, each value a
    /// configuration of its own.
    public static func counts(
        _ names: String..., value valueName: String = "N[,N…]", help: String,
        default defaultValue: String?,
        limit: CountLimit, set: @escaping (inout Command, [Int]) -> Void
    ) -> Option {
        Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: limit.expectedList, repeats: false, isRequired: false, completion: .none
        ) { command, text in
            set(&command, try limit.parseList(text))
        }
    }

    /// One of a fixed set of words.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ names: String..., value valueName: String = "F", help: String,
        default defaultValue: Choice?,
        required: Bool = false, set: @escaping (inout Command, Choice) -> Void
    ) -> Option where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        let expected = words.joined(separator: ", ")
        return Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue?.rawValue,
            expected: expected, repeats: false, isRequired: required, completion: .choices(words)
        ) { command, text in
            guard let choice = Choice(rawValue: text) else {
                throw UsageError.invalid(names[0], text, expected: expected)
            }
            set(&command, choice)
        }
    }
}

/// What a shell offers for a flag's value or an operand.
public enum ValueCompletion: Equatable, Sendable {
    case none
    case file
    case choices([String])
}

/// A word a command takes that is not a flag: `BASELINE`, `FILE…`.
public struct Operand: Sendable {
    let name: String
    let help: String
    let completion: ValueCompletion

    public init(name: String, help: String, completion: ValueCompletion) {
        self.name = name
        self.help = help
        self.completion = completion
    }
}

// MARK: - Options several commands share

extension Option {
    /// A comma list of names, spaces around them trimmed.
    public static func list(
        _ names: String..., value valueName: String, help: String, default defaultValue: String?,
        expected: String, set: @escaping (inout Command, [String]) -> Void
    ) -> Option {
        Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: expected, repeats: false, isRequired: false, completion: .none
        ) { command, text in
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingSpaces
            }
            guard !items.contains(where: \.isEmpty) else {
                throw UsageError.invalid(names[0], text, expected: expected)
            }
            set(&command, items)
        }
    }

    /// `--suite FILE`: the run arguments in FILE (`SuiteFile`), read as if typed in its
    /// place, so that flags after it override its values.
    static func suite(help: String) -> Option {
        Option(
            names: [SuiteFile.flag], valueName: "FILE", help: help, defaultValue: nil,
            expected: "a file of run arguments", repeats: false, isRequired: false,
            completion: .file, apply: { _, _ in }, expansion: { try SuiteFile.read($0) })
    }

    /// A file to write or read.
    public static func path(
        _ names: String..., value valueName: String = "PATH", help: String,
        default defaultValue: String? = nil,
        required: Bool = false, set: @escaping (inout Command, String) -> Void
    ) -> Option {
        Option(
            names: names, valueName: valueName, help: help, defaultValue: defaultValue,
            expected: "a file path", repeats: false, isRequired: required, completion: .file
        ) { command, text in set(&command, text) }
    }

    /// `--seed N`: any 64-bit unsigned whole number.
    public static func seed(set: @escaping (inout Command, UInt64) -> Void) -> Option {
        let expected = "a whole number from 0 to \(UInt64.max)"
        return .value(
            "--seed", value: "N", help: "seed of every entity's random stream",
            default: "\(RunOptions().seed)", expected: expected
        ) { command, text in
            guard let seed = DecimalText.wholeNumber(text, as: UInt64.self) else {
                throw UsageError.invalid("--seed", text, expected: expected)
            }
            set(&command, seed)
        }
    }

    /// `--param [SCENARIO.]KEY=VALUE`, repeatable.
    public static func parameter(
        help: String, set: @escaping (inout Command, ParameterAssignment) -> Void
    ) -> Option {
        .value(
            RunSetting.parameters.flag, value: "K=V", help: help,
            expected: "key=value or scenario.key=value",
            repeats: true
        ) { command, text in
            set(&command, try ParameterAssignment(parsing: text))
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
