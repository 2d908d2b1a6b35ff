/// What a series of samples (one per round, for one variant) says: location, spread,
/// percentiles, outliers and a confidence interval of the median.
///
/// Percentiles, the median and the quartiles of the fences are type 7 (see `Percentile`).
/// The standard deviation is the sample one (divided by n − 1); the coefficient of
/// variation is the standard deviation over the mean's magnitude.
///
/// Statistics a series is too short for are `Double.nan`, never a made-up number: with no
/// samples, every statistic; with one sample, the standard deviation and the coefficient of
/// variation (the other statistics are that sample, the median interval is `x...x`, and
/// there are no outliers). Also `nan`: the coefficient of variation of a zero mean.
public struct SampleSummary: Sendable {
    public let count: Int
    public let median: Double
    public let minimum: Double
    public let maximum: Double
    public let mean: Double
    public let standardDeviation: Double
    public let coefficientOfVariation: Double
    /// The 10th percentile.
    public let p10: Double
    /// The 90th percentile.
    public let p90: Double
    /// The 95% percentile-bootstrap interval of the median (`Bootstrap.medianInterval`,
    /// fixed seed); `nil` with fewer than `Bootstrap.minimumSamples` samples.
    public let medianInterval: ConfidenceInterval?
    /// The quartiles and fences; `nil` with no samples.
    public let fences: TukeyFences?
    /// Every sample outside the inner fences, in sample order; none are dropped from the
    /// statistics above.
    public let outliers: [TukeyFences.Outlier]

    /// Summarises `samples`, which must be finite.
    ///
    /// - Complexity: O(n log n), plus the bootstrap's O(2000 × n).
    public init(samples: [Double]) {
        self.init(samples: samples, groups: ProcessGroups(singleProcess: samples.count))
    }

    /// Summarises samples taken by several processes: the median's interval is the
    /// two-stage bootstrap's (`ProcessGroups`).
    init(samples: [Double], groups: ProcessGroups) {
        precondition(samples.allSatisfy(\.isFinite), "summary of non-finite samples")
        let sorted = samples.sorted()
        count = sorted.count
        median = Percentile.median(sorted: sorted)
        minimum = sorted.first ?? .nan
        maximum = sorted.last ?? .nan
        p10 = Percentile.of(sorted: sorted, fraction: 0.1)
        p90 = Percentile.of(sorted: sorted, fraction: 0.9)
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(count)
        if count > 1 {
            // Two passes: the deviations from the mean, not the difference of two large
            // sums, so nanosecond timings in the millions lose no precision.
            let mean = mean
            let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            standardDeviation = (squares / Double(count - 1)).squareRoot()
        } else {
            standardDeviation = .nan
        }
        coefficientOfVariation = mean == 0 ? .nan : standardDeviation / abs(mean)
        medianInterval =
            Bootstrap.hasEnoughSamples(count)
            ? Bootstrap.medianInterval(of: samples, groups: groups) : nil
        fences = TukeyFences(sorted: sorted)
        outliers = fences?.outliers(in: samples) ?? []
    }

    /// Outliers beyond an inner fence but within the outer ones.
    public var mildOutlierCount: Int { outliers.count { $0.severity == .mild } }
    /// Outliers beyond an outer fence.
    public var severeOutlierCount: Int { outliers.count { $0.severity == .severe } }
    /// The indices (rounds) of all outliers, ascending.
    public var outlierIndices: [Int] { outliers.map(\.index) }
}
