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
