/// A confidence interval: the range `lower...upper` and the confidence it was built for.
public struct ConfidenceInterval: Sendable, Equatable {
    public let lower: Double
    public let upper: Double
    /// The confidence level, 0.95 for a 95% interval.
    public let level: Double

    public init(lower: Double, upper: Double, level: Double) {
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    /// Whether `value` lies in the interval, bounds included.
    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }

    /// Whether the two intervals share at least one value.
    public func overlaps(_ other: ConfidenceInterval) -> Bool {
        lower <= other.upper && other.lower <= upper
    }

    /// `upper - lower`.
    public var width: Double { upper - lower }
}
