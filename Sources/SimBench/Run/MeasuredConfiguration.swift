/// What measuring one configuration produced, before any statistics: its setup, its rounds,
/// each variant's samples and outcome verdict.
///
/// One value from the fleet to the results: the runner produces it (`BenchmarkRunner`), a
/// child of a run over several processes sends it to its parent as JSON (`ProcessPool`), which pools
/// the children's into one, and `ConfigurationResult` wraps it with its plan.
struct MeasuredConfiguration: Sendable, Codable {
    var setup: SetupReport
    var warmupRounds: Int
    var rounds: Int
    /// Each variant's rounds, in the order they ran.
    var samples: [String: [RoundMeasurement]]
    var verdicts: [String: OutcomeVerdict]
    /// Resident memory the setup added: inputs and every variant's prepared state.
    var residentGrowth: Int64?
    /// The code layout each process ran (`RunOptions.layouts`), by process index; nil with one.
    var layoutOfProcess: [Int]? = nil

    /// The same configuration measured in several processes, as one: every sample tagged
    /// with its process's index, the rounds every process took, a variant right only if
    /// right in every process; the setup and warm-up are the first process's.
    static func pooled(_ parts: [MeasuredConfiguration]) -> MeasuredConfiguration {
        precondition(!parts.isEmpty, "no process measured the configuration")
        var samples = [String: [RoundMeasurement]]()
        var verdicts = [String: OutcomeVerdict]()
        var rounds = Int.max
        for (process, part) in parts.enumerated() {
            rounds = min(rounds, part.rounds)
            for (variant, measurements) in part.samples {
                samples[variant, default: []] += measurements.map { sample in
                    var sample = sample
                    sample.process = process
                    return sample
                }
            }
            for (variant, verdict) in part.verdicts {
                verdicts[variant] = verdicts[variant].map { $0.pooled(with: verdict) } ?? verdict
            }
        }
        let first = parts[0]
        return MeasuredConfiguration(
            setup: first.setup, warmupRounds: first.warmupRounds, rounds: rounds,
            samples: samples, verdicts: verdicts, residentGrowth: first.residentGrowth)
    }
}
