/// A measured value with its 95% confidence interval, as a results row stores it: one value
/// in a `ResultRow`, three cells in its CSV (the figure, its `…_ci_low` and `…_ci_high`).
public struct Estimate: Sendable, Equatable {
    public var value: Double
    /// The interval's bounds; nil when the rounds were too few to bound the value, or no
    /// interval was computed.
    public var low: Double?
    public var high: Double?

    public init(value: Double, low: Double? = nil, high: Double? = nil) {
        self.value = value
        self.low = low
        self.high = high
    }

    /// `value` with `interval`'s bounds, as measured; nil without a value.
    init?(_ value: Double?, _ interval: ConfidenceInterval?) {
        guard let value else { return nil }
        self.init(value: value, low: interval?.lower, high: interval?.upper)
    }

    /// `value` with `interval`'s bounds only when `samples` (rounds, pooled over processes)
    /// are enough for an interval (`Bootstrap.minimumSamples`): the one place a row's
    /// bootstrap intervals are gated, so that every figure of a short run has its value and
    /// none has a meaningless interval.
    init?(_ value: Double?, _ interval: ConfidenceInterval?, samples: Int) {
        self.init(value, Bootstrap.hasEnoughSamples(samples) ? interval : nil)
    }

    /// The interval, if both ends are known and it makes sense: positive and around the value.
    var interval: ClosedRange<Double>? {
        guard let low, let high, low > 0, low <= high else { return nil }
        return low...high
    }
}
