import Foundation
import SimBench

/// The `simbench` executable: picks the subcommand and maps outcomes to exit statuses.
@main
enum SimBenchCommand {
    static let version = "0.1.0"

    static func main() async {
        Interruption.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status = await run(arguments)
        exit(status.rawValue)
    }

    static func run(_ arguments: [String]) async -> ExitStatus {
        do {
            return try await dispatch(arguments)
        } catch let error as UsageError {
            Terminal.error(error.description)
            return .usage
        } catch let error as FileError {
            Terminal.error(error.description)
            return .failure
        } catch {
            Terminal.error("\(error)")
            return .failure
        }
    }

    private static func dispatch(_ arguments: [String]) async throws -> ExitStatus {
        guard let command = arguments.first else {
            print(HelpText.general)
            return .success
        }
        let rest = arguments.dropFirst()
        switch command {
        case "run":
            return try await RunCommand(parsing: rest).execute()
        case "render":
            return try RenderCommand(parsing: rest).execute()
        case "doctor":
            return try await DoctorCommand(parsing: rest).execute()
        case "list":
            try ListCommand(parsing: rest).execute()
            return .success
        case "compare":
            return try CompareCommand(parsing: rest).execute()
        case "baseline":
            return try BaselineCommand(parsing: rest).execute()
        case "export":
            return try ExportCommand(parsing: rest).execute()
        case "merge":
            return try MergeCommand(parsing: rest).execute()
        case "repair-history":
            return try RepairHistoryCommand(parsing: rest).execute()
        case "help", "--help", "-h":
            guard let topic = rest.first else {
                print(HelpText.general)
                return .success
            }
            guard let text = HelpText.topic(topic) else {
                throw UsageError(
                    "help: unknown command '\(topic)'; expected \(HelpText.commands.joined(separator: ", "))")
            }
            print(text)
            return .success
        case "--version", "version":
            print("simbench \(version)")
            return .success
        default:
            throw UsageError(
                "unknown command '\(command)'; expected \(HelpText.commands.joined(separator: ", ")), or --help")
        }
    }
}

/// Where messages for people go.
enum Terminal {
    /// One line on stderr, `simbench: ` first.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("simbench: \(message)\n".utf8))
    }

    static func warning(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }
}
