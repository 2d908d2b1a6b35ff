import SimBenchCore

/// Bootstrap confidence intervals, resampled from a fixed seed so that analysing the same
/// samples again gives exactly the same interval.
///
/// The method is the percentile bootstrap: draw `resamples` samples of the same size with
/// replacement, compute the statistic of each, and take the `(1 - level) / 2` and
/// `(1 + level) / 2` percentiles (type 7, see `Percentile`) of those statistics as the
/// bounds. It assumes nothing about the shape of the distribution, which suits timings:
/// skewed to the right, sometimes bimodal. Indices are drawn with `SplitMix64`, whose
/// output is the same on every platform and in every run.
public enum Bootstrap {
    /// The resampling seed every interval uses unless told otherwise ("SIMBENCH").
    public static let fixedSeed: UInt64 = 0x5349_4D42_454E_4348
    /// Enough resamples that the bounds of a 95% interval move by well under a tenth of
    /// the interval's width between seeds.
    public static let defaultResamples = 2_000
    public static let defaultLevel = 0.95
    /// The fewest samples an interval is drawn from. Below it a bootstrap can only return
    /// the samples' own extremes (with 3 rounds the 95% interval of the median is [min,
    /// max]), which looks like an interval and says nothing, so none is given.
    public static let minimumSamples = 5

    /// Whether `count` samples are enough for an interval (`minimumSamples`).
    public static func hasEnoughSamples(_ count: Int) -> Bool { count >= minimumSamples }

    /// The percentile-bootstrap confidence interval of the median of `samples`.
    ///
    /// - Parameters:
    ///   - samples: the measurements, in any order; must be finite.
    ///   - level: the confidence level, strictly between 0 and 1.
    ///   - resamples: how many bootstrap samples to draw.
    ///   - seed: the resampling seed; the default makes the interval reproducible.
    /// - Returns: `nil` for no samples; `x...x` for one sample `x`.
    /// - Complexity: O(resamples × n).
    public static func medianInterval(
        of samples: [Double], level: Double = defaultLevel,
        resamples: Int = defaultResamples, seed: UInt64 = fixedSeed
    ) -> ConfidenceInterval? {
        medianInterval(
            of: samples, groups: ProcessGroups(singleProcess: samples.count), level: level,
            resamples: resamples, seed: seed)
    }

    /// The two-stage bootstrap interval of the median of samples taken by several
    /// processes (`ProcessGroups`); with one process, exactly `medianInterval(of:)`.
    static func medianInterval(
        of samples: [Double], groups: ProcessGroups, level: Double = defaultLevel,
        resamples: Int = defaultResamples, seed: UInt64 = fixedSeed
    ) -> ConfidenceInterval? {
        precondition(samples.allSatisfy(\.isFinite), "bootstrap of non-finite samples")
        precondition(groups.sampleCount == samples.count, "process groups of other samples")
        guard !samples.isEmpty else { return nil }
        var random = SplitMix64(seed: seed)
        var resample = ResampledMedian(samples: samples)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            groups.resample(using: &random) { resample.draw(index: $0) }
            medians.append(resample.takeMedian())
        }
        return percentileInterval(of: &medians, level: level)
    }

    /// The percentile interval of a bootstrap distribution of `statistics` (sorted in
    /// place).
    static func percentileInterval(
        of statistics: inout [Double], level: Double
    ) -> ConfidenceInterval {
        precondition(level > 0 && level < 1, "confidence level \(level) outside 0<..<1")
        precondition(!statistics.isEmpty, "bootstrap with no resamples")
        statistics.sort()
        let tail = (1 - level) / 2
        return ConfidenceInterval(
            lower: Percentile.of(sorted: statistics, fraction: tail),
            upper: Percentile.of(sorted: statistics, fraction: 1 - tail),
            level: level)
    }
}
