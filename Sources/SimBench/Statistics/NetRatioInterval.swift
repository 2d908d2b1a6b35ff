import SimBenchCore

/// How a variant compares with the baseline once the scenario's floor (the simulation's own
/// cost: inputs and recording) is taken out of both: `(variant − floor) / (baseline − floor)`,
/// with a confidence interval from a bootstrap paired by round.
///
/// Method. In each round the floor ran beside the variant and the baseline, so its sample of
/// that round is subtracted from theirs. The point estimate is the ratio of the medians of
/// the two net series. The interval is a percentile bootstrap over whole rounds, as in
/// `RatioInterval`: a disturbance shared by the three samples of a round cancels. The net
/// ratio answers "what does the pattern cost next to the plain code, not counting what every
/// variant pays alike"; the gross ratio stays the headline, since a program pays its
/// bookkeeping too.
///
/// The denominator is a difference, so noise can make it small or negative in a resample.
/// A resample whose net baseline median is not positive has no finite ratio; it counts as
/// +∞ (or −∞ when the variant's net median is negative), so when such resamples reach a
/// tail, that bound is infinite: the data cannot bound the ratio on that side. Infinite
/// bounds are written as empty CSV cells, and as ∞ in the table. (The baseline's own row is
/// 1 and the floor's 0 in every resample, by construction.)
public struct NetRatioInterval: Sendable, Equatable {
    /// `median(variant − floor) / median(baseline − floor)`.
    public let estimate: Double
    public let interval: ConfidenceInterval
    /// The number of rounds the three series were paired over.
    public let rounds: Int

    /// - Parameters:
    ///   - variant: the variant's per-event time in each round; finite.
    ///   - baseline: the baseline's, for the same rounds in the same order; finite.
    ///   - floor: the floor's, for the same rounds in the same order; finite.
    ///   - level: the confidence level, strictly between 0 and 1.
    ///   - resamples: how many bootstrap resamples of rounds to draw.
    ///   - seed: the resampling seed; the default makes the interval reproducible.
    /// - Returns: `nil` when the series are empty or differ in length (they are not paired),
    ///   or when the baseline's net median is not positive (the ratio is undefined).
    /// - Complexity: O(resamples × n).
    public init?(
        variant: [Double], baseline: [Double], floor: [Double],
        level: Double = Bootstrap.defaultLevel, resamples: Int = Bootstrap.defaultResamples,
        seed: UInt64 = Bootstrap.fixedSeed
    ) {
        self.init(
            variant: variant, baseline: baseline, floor: floor,
            groups: ProcessGroups(singleProcess: floor.count), level: level, resamples: resamples,
            seed: seed)
    }

    /// The same, for rounds taken by several processes: the bootstrap draws processes, then
    /// rounds within them (`ProcessGroups`), keeping each round's three samples together.
    init?(
        variant: [Double], baseline: [Double], floor: [Double], groups: ProcessGroups,
        level: Double = Bootstrap.defaultLevel, resamples: Int = Bootstrap.defaultResamples,
        seed: UInt64 = Bootstrap.fixedSeed
    ) {
        precondition(
            (variant + baseline + floor).allSatisfy(\.isFinite), "net ratio of non-finite samples")
        precondition(level > 0 && level < 1, "confidence level \(level) outside 0<..<1")
        guard !floor.isEmpty, variant.count == floor.count, baseline.count == floor.count,
            groups.sampleCount == floor.count
        else {
            return nil
        }
        let netVariant = zip(variant, floor).map { $0 - $1 }
        let netBaseline = zip(baseline, floor).map { $0 - $1 }
        let denominator = Percentile.median(sorted: netBaseline.sorted())
        guard denominator > 0 else { return nil }
        estimate = Percentile.median(sorted: netVariant.sorted()) / denominator

        let rounds = floor.count
        var random = SplitMix64(seed: seed)
        var variantResample = ResampledMedian(samples: netVariant)
        var baselineResample = ResampledMedian(samples: netBaseline)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            groups.resample(using: &random) { round in
                variantResample.draw(index: round)
                baselineResample.draw(index: round)
            }
            let top = variantResample.takeMedian()
            let bottom = baselineResample.takeMedian()
            ratios.append(NetRatioInterval.ratio(top, bottom))
        }
        ratios.sort()
        let tail = (1 - level) / 2
        interval = ConfidenceInterval(
            lower: NetRatioInterval.percentile(ratios, tail),
            upper: NetRatioInterval.percentile(ratios, 1 - tail), level: level)
        self.rounds = rounds
    }

    /// One resample's ratio. Equal medians are 1 and a zero numerator is 0 whatever the
    /// denominator (the baseline's and the floor's own rows, whose ratios are 1 and 0 by
    /// construction); otherwise a denominator that is not positive bounds nothing.
    static func ratio(_ top: Double, _ bottom: Double) -> Double {
        if top == bottom { return 1 }
        if top == 0 { return 0 }
        if bottom > 0 { return top / bottom }
        return top < 0 ? -.infinity : .infinity
    }

    /// The type 7 percentile of `sorted`, which may hold infinities: between a finite value
    /// and an infinite one, the percentile is the infinite one (not NaN).
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let position = Double(sorted.count - 1) * fraction
        let below = Int(position.rounded(.down))
        let above = Swift.min(below + 1, sorted.count - 1)
        let low = sorted[below]
        let high = sorted[above]
        if low == high || position == Double(below) { return low }
        if !low.isFinite || !high.isFinite { return low.isFinite ? high : low }
        return low + (high - low) * (position - Double(below))
    }

    /// Whether both bounds are finite.
    public var isBounded: Bool { interval.lower.isFinite && interval.upper.isFinite }
}
