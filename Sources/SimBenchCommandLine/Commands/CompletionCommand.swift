import SimBench

/// `simbench completion bash|zsh|fish`: prints a completion script for the shell.
struct CompletionCommand: Command {
    var shell = CompletionScript.Shell.bash

    static let name = "completion"
    static let abstract = "a shell completion script (bash, zsh or fish)"
    static let operands = [
        Operand(
            name: "SHELL",
            help: CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "),
            completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
    ]
    static var flags: [Option<CompletionCommand>] { [] }

    static var discussion: String {
        """
        EXAMPLES
          source <(\(Suite.toolName) completion bash)
          \(Suite.toolName) completion zsh > ~/.zsh/completions/_\(Suite.toolName)
          \(Suite.toolName) completion fish > ~/.config/fish/completions/\(Suite.toolName).fish
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "printed"),
        (.failure, "standard output could not be written"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        let expected = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard operands.count == 1 else {
            throw UsageError(
                "completion: expected one shell, \(expected); got \(operands.count) arguments")
        }
        guard let shell = CompletionScript.Shell(rawValue: operands[0]) else {
            throw UsageError.invalid("completion", operands[0], expected: expected)
        }
        self.shell = shell
    }

    func execute() throws -> ExitStatus {
        try StandardOutput.write(
            CompletionScript.script(
                for: shell, commands: Commands.all.map { $0.summary }, tool: Suite.toolName))
        return .success
    }
}
