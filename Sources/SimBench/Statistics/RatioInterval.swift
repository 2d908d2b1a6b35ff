import SimBenchCore

/// How a variant compares with the baseline: their ratio, with a confidence interval from a
/// bootstrap paired by round.
///
/// Method. Each round gives one ratio, `variant / baseline` of that round's two samples, and
/// the point estimate is the median of those per-round ratios. The interval is a percentile
/// bootstrap that resamples rounds, not samples: each resample draws `n` round indices with
/// replacement (seeded, see `Bootstrap.fixedSeed`; processes first, then rounds within them,
/// see `ProcessGroups`), and takes the median of the drawn rounds' ratios; the bounds are the
/// `(1 - level) / 2` and `(1 + level) / 2` percentiles (type 7) of those medians. Since the
/// variants interleave within a round, a disturbance that slows a whole round or a whole
/// process (another tenant of the host, a frequency change, a process whose heap landed
/// badly for every variant) hits both samples of the round, and cancels in its ratio.
///
/// Why per-round ratios and not the ratio of the two medians (what this type computed
/// before): the two medians may come from different rounds, so a stretch of slow rounds moves
/// one more than the other. Over 30 runs of the CI suite on a shared 2-core host (20 processes
/// of 4 rounds each), the run-to-run spread of the pattern ratios, (max − min) / median, went
/// from 1.8–4.2% (ratio of medians) to 0.6–3.5% (median of per-round ratios), and no pattern
/// spread more. A ratio of 1.10 means the variant took 10% longer than the baseline.
public struct RatioInterval: Sendable, Equatable {
    /// The median of the per-round ratios `variant / baseline`.
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
        let ratios = zip(variant, baseline).map { $0 / $1 }
        estimate = Percentile.median(sorted: ratios.sorted())
        var random = SplitMix64(seed: seed)
        var resample = ResampledMedian(samples: ratios)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            groups.resample(using: &random) { round in resample.draw(index: round) }
            medians.append(resample.takeMedian())
        }
        interval = Bootstrap.percentileInterval(of: &medians, level: level)
        self.rounds = rounds
    }

    /// Whether the interval excludes 1: the variant is measurably faster or slower.
    public var isSignificant: Bool { !interval.contains(1) }
}
