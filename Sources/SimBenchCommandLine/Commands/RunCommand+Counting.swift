import Foundation
import SimBench

/// `run --instructions`: checking that the counting asked for can run.
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
}

/// `run --prices FILE`: the host's cost model, read and checked before anything runs.
extension RunCommand {
    /// The model of `--prices`' file; nil without the flag. A usage error (exit 64) when the
    /// run counts nothing to price, or the file cannot price this host (unreadable, not a
    /// results file, another CPU, no counted and timed mechanism rows).
    func loadPrices(instructions: InstructionSource, environment: RunEnvironment) throws
        -> CostModel?
    {
        guard let pricesPath else { return nil }
        guard instructions == .callgrind else {
            throw UsageError(
                "run: --prices needs counts to price: add --instructions callgrind (its counted pass gives each pattern's calls)"
            )
        }
        guard let scenario = Suite.mechanisms else {
            throw UsageError("run: --prices: this tool names no mechanism scenario to price by")
        }
        do {
            let file = try ResultsFile.read(pricesPath)
            return try CostModel.host(
                pricesFile: file, scenario: scenario, cpu: environment.cpu,
                identity: environment.hostIdentity)
        } catch let error as CostModel.PricesFileError {
            throw UsageError(
                "run: --prices: \(error.description): measure them here with '\(Suite.toolName) host --instructions callgrind --csv \(pricesPath)'"
            )
        } catch {
            throw UsageError("run: --prices: \(error)")
        }
    }
}
