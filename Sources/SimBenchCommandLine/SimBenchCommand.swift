import Foundation
import SimBench

/// The command line's entry (`BenchmarkTool.main()`): picks the subcommand and maps outcomes
/// to exit statuses.
enum SimBenchCommand {
    /// Synchronous on purpose: a child of a run (`ChildRole`) is served before any task
    /// starts (the counted child runs under Valgrind, which crashes on Swift concurrency's
    /// main loop). Every command runs as an async program, started here with a task and
    /// the main dispatch queue (which `async main` would do for us).
    static func main(catalog: Catalog) -> Never {
        ChildRole.serveIfRequested(catalog: catalog)
        let arguments = Array(CommandLine.arguments.dropFirst())
        Interruption.install()
        // On the main actor, as `async main` ran: the main queue (dispatchMain) serves it.
        Task { @MainActor in
            var status = await run(arguments)
            // Whatever was printed (tables, messages, help), standard output must have taken
            // it; a command that failed has said why in its one line already.
            if status != .failure {
                do {
                    try StandardOutput.flush()
                } catch {
                    Terminal.error(String(describing: error))
                    status = .failure
                }
            }
            exit(status.rawValue)
        }
        dispatchMain()
    }

    static func run(_ arguments: [String]) async -> ExitStatus {
        do {
            return try await dispatch(arguments)
        } catch let error as UsageError {
            Terminal.error(error.description)
            return .usage
        } catch let error as RunPlanError {
            Terminal.error(UsageError(error).description)
            return .usage
        } catch let error as OutputPathError {
            Terminal.error(UsageError(error).description)
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
        guard let name = arguments.first else {
            print(HelpText.general)
            return .success
        }
        let rest = arguments.dropFirst()
        if let command = Commands.named(name) {
            return try await command.main(rest)
        }
        switch name {
        case "help", "--help", "-h":
            guard let topic = rest.first else {
                print(HelpText.general)
                return .success
            }
            guard rest.count == 1 else {
                throw UsageError(
                    "\(name): expected at most one command, but got \(rest.count) words ('\(rest.joined(separator: "' '"))'); see '\(Suite.toolName) help COMMAND'"
                )
            }
            if topic == "help" {
                print(HelpText.general)
                return .success
            }
            guard let command = Commands.named(topic) else {
                throw UsageError(
                    "help: unknown command '\(topic)'\(Suggestion.phrase(for: topic, among: Commands.names)); expected \(Commands.names.joined(separator: ", "))"
                )
            }
            print(command.helpText)
            return .success
        case "--version", "version":
            guard rest.isEmpty else {
                throw UsageError(
                    "\(name): takes no arguments, but got '\(rest.joined(separator: "' '"))'")
            }
            print(BenchmarkTool.running.version)
            return .success
        default:
            throw UsageError(
                "unknown command '\(name)'\(Suggestion.phrase(for: name, among: Commands.names + ["--version"])); expected \(Commands.names.joined(separator: ", ")), or --help"
            )
        }
    }
}
