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
        precondition(samples.allSatisfy(\.isFinite), "bootstrap of non-finite samples")
        guard !samples.isEmpty else { return nil }
        var random = SplitMix64(seed: seed)
        var resample = ResampledMedian(samples: samples)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for _ in samples.indices {
                resample.draw(index: random.next(below: samples.count))
            }
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
