import SimBenchCore

/// How a variant's median compares with the baseline's: their ratio, with a confidence
/// interval from a bootstrap paired by round.
///
/// Method. The point estimate is `median(variant) / median(baseline)` over all rounds. The
/// interval is a percentile bootstrap that resamples rounds, not samples: each resample
/// draws `n` round indices with replacement (seeded, see `Bootstrap.fixedSeed`), takes the
/// variant's and the baseline's samples of the same rounds, and computes the ratio of their
/// medians; the bounds are the `(1 - level) / 2` and `(1 + level) / 2` percentiles (type 7)
/// of those ratios. Since the variants interleave within a round, a disturbance that slows
/// a whole round (another process, a frequency change) hits both series; drawing rounds
/// keeps that pairing, so shared noise cancels in the ratio instead of widening the
/// interval. A ratio of 1.10 means the variant took 10% longer than the baseline.
public struct RatioInterval: Sendable, Equatable {
    /// `median(variant) / median(baseline)`.
    public let estimate: Double
    public let interval: ConfidenceInterval
    /// The number of paired rounds the ratio is drawn from.
    public let rounds: Int

    /// Compares `variant` with `baseline`, both indexed by round.
    ///
    /// - Parameters:
    ///   - variant: the variant's sample of each round; finite.
    ///   - baseline: the baseline's sample of the same rounds, in the same order; positive.
    ///   - level: the confidence level, strictly between 0 and 1.
    ///   - resamples: how many bootstrap resamples of rounds to draw.
    ///   - seed: the resampling seed; the default makes the interval reproducible.
    /// - Returns: `nil` when the series are empty, differ in length (they are not paired),
    ///   or a baseline sample is not positive (the ratio is undefined).
    /// - Complexity: O(resamples × n).
    public init?(
        variant: [Double], baseline: [Double], level: Double = Bootstrap.defaultLevel,
        resamples: Int = Bootstrap.defaultResamples, seed: UInt64 = Bootstrap.fixedSeed
    ) {
        self.init(
            variant: variant, baseline: baseline,
            groups: ProcessGroups(singleProcess: baseline.count), level: level,
            resamples: resamples, seed: seed)
    }

    /// The same, for rounds taken by several processes: the bootstrap draws processes, then
    /// rounds within them (`ProcessGroups`), keeping each round's pair together.
    init?(
        variant: [Double], baseline: [Double], groups: ProcessGroups,
        level: Double = Bootstrap.defaultLevel,
        resamples: Int = Bootstrap.defaultResamples, seed: UInt64 = Bootstrap.fixedSeed
    ) {
        precondition(variant.allSatisfy(\.isFinite), "ratio of non-finite samples")
        guard !baseline.isEmpty, variant.count == baseline.count,
            groups.sampleCount == baseline.count,
            baseline.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return nil }
        let rounds = baseline.count
        estimate =
            Percentile.median(sorted: variant.sorted())
            / Percentile.median(sorted: baseline.sorted())
        var random = SplitMix64(seed: seed)
        var variantResample = ResampledMedian(samples: variant)
        var baselineResample = ResampledMedian(samples: baseline)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            groups.resample(using: &random) { round in
                variantResample.draw(index: round)
                baselineResample.draw(index: round)
            }
            ratios.append(variantResample.takeMedian() / baselineResample.takeMedian())
        }
        interval = Bootstrap.percentileInterval(of: &ratios, level: level)
        self.rounds = rounds
    }

    /// Whether the interval excludes 1: the variant is measurably faster or slower.
    public var isSignificant: Bool { !interval.contains(1) }
}
