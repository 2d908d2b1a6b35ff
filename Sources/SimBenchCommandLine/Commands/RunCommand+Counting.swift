import Foundation
import SimBench

/// `run --instructions`: checking that the counting asked for can run, and the counted
/// child of `--instructions callgrind` (`CallgrindPass`).
extension RunCommand {
    /// Why the counting asked for cannot run here: one line, exit status 6.
    struct CountingUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Valgrind's tools for `callgrind`; nil for the other sources. Throws where `perf` or
    /// `callgrind` was asked for and cannot count on this host, before anything runs.
    static func checkCounting(_ source: InstructionSource) throws(CountingUnavailable)
        -> CallgrindPass.Tools?
    {
        switch source {
        case .auto, .off:
            return nil
        case .perf:
            if let reason = InstructionCounter.unavailableReason() {
                throw CountingUnavailable(
                    description: "--instructions perf: \(reason); try --instructions callgrind")
            }
            return nil
        case .callgrind:
            do {
                return try CallgrindPass.locateTools()
            } catch {
                throw CountingUnavailable(
                    description: "--instructions callgrind: \(error.description)")
            }
        }
    }

    /// The counted child: parses the run's own arguments, plans the same configurations and
    /// counts them (`CallgrindPass.runChild`), all synchronously. Prints nothing but errors.
    static func runCountedChild(_ arguments: [String], writingTo path: String) -> ExitStatus {
        guard arguments.first == name else {
            Terminal.error("counted child: expected '\(name) …', got '\(arguments.first ?? "")'")
            return .usage
        }
        do {
            guard
                case .command(let command) = try CommandParser.parse(
                    RunCommand.self, arguments.dropFirst())
            else { return .usage }
            // The parent's plan: the same flags, cores and memory (not `RunEnvironment.current`,
            // which would start git under Valgrind for a commit the child never writes).
            let plan = try RunPlan(
                options: command.options, catalog: Suite.catalog,
                cores: RunEnvironment.activeProcessorCount,
                physicalMemory: ProcessInfo.processInfo.physicalMemory)
            try CallgrindPass.runChild(plan: plan, writingTo: path)
            return .success
        } catch let error as UsageError {
            Terminal.error("counted child: \(error.description)")
            return .usage
        } catch {
            Terminal.error("counted child: \(error)")
            return .failure
        }
    }
}
