/// How a variant compares with the baseline once the scenario's floor (the simulation's own
/// cost: inputs and recording) is taken out of both: `(variant − floor) / (baseline − floor)`,
/// with a confidence interval from a bootstrap paired by round.
///
/// Method. In each round the floor ran beside the variant and the baseline, so its sample of
/// that round is subtracted from theirs; the net series are then compared exactly as
/// `RatioInterval` compares gross ones (the ratio of their medians, and a percentile
/// bootstrap that resamples whole rounds, so a disturbance shared by the three samples of a
/// round cancels). The net ratio answers "what does the pattern cost next to the plain
/// code, not counting what every variant pays alike"; the gross ratio stays the headline,
/// since a program pays its bookkeeping too.
///
/// The net ratio is only defined when the baseline costs more than the floor in every round
/// (a positive denominator); otherwise there is none, rather than a ratio of noise.
public struct NetRatioInterval: Sendable, Equatable {
    /// The ratio of the net medians and its interval.
    public let ratio: RatioInterval

    /// - Parameters:
    ///   - variant: the variant's per-event time in each round.
    ///   - baseline: the baseline's, for the same rounds in the same order.
    ///   - floor: the floor's, for the same rounds in the same order.
    /// - Returns: `nil` when the series are empty or differ in length, or when in some round
    ///   the baseline did not cost more than the floor.
    public init?(
        variant: [Double], baseline: [Double], floor: [Double],
        level: Double = Bootstrap.defaultLevel, resamples: Int = Bootstrap.defaultResamples,
        seed: UInt64 = Bootstrap.fixedSeed
    ) {
        guard !floor.isEmpty, variant.count == floor.count, baseline.count == floor.count else {
            return nil
        }
        let netVariant = zip(variant, floor).map { $0 - $1 }
        let netBaseline = zip(baseline, floor).map { $0 - $1 }
        guard
            let ratio = RatioInterval(
                variant: netVariant, baseline: netBaseline, level: level, resamples: resamples,
                seed: seed)
        else { return nil }
        self.ratio = ratio
    }

    public var estimate: Double { ratio.estimate }
    public var interval: ConfidenceInterval { ratio.interval }
}
