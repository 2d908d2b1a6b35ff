/// Tukey's fences: which samples lie unusually far from the middle half of a set.
///
/// With quartiles Q1 and Q3 (type 7 percentiles, see `Percentile`) and IQR = Q3 − Q1, a
/// sample below Q1 − 1.5 IQR or above Q3 + 1.5 IQR (the inner fences) is an outlier: mild
/// if it is still within Q1 − 3 IQR ... Q3 + 3 IQR (the outer fences), severe beyond them.
/// A sample exactly on a fence is not an outlier. Outliers are counted and reported, never
/// dropped: a slow round is a fact about the machine, and hiding it would flatter the
/// figures.
public struct TukeyFences: Sendable, Equatable {
    public let firstQuartile: Double
    public let thirdQuartile: Double

    public init(firstQuartile: Double, thirdQuartile: Double) {
        precondition(firstQuartile <= thirdQuartile, "first quartile above the third")
        self.firstQuartile = firstQuartile
        self.thirdQuartile = thirdQuartile
    }

    /// The fences of `sorted` (ascending), or `nil` if it is empty.
    public init?(sorted: [Double]) {
        guard !sorted.isEmpty else { return nil }
        self.init(
            firstQuartile: Percentile.of(sorted: sorted, fraction: 0.25),
            thirdQuartile: Percentile.of(sorted: sorted, fraction: 0.75))
    }

    public var interquartileRange: Double { thirdQuartile - firstQuartile }
    /// Q1 − 1.5 IQR and Q3 + 1.5 IQR: beyond them a sample is an outlier.
    public var innerFences: ClosedRange<Double> {
        (firstQuartile - 1.5 * interquartileRange)...(thirdQuartile + 1.5 * interquartileRange)
    }
    /// Q1 − 3 IQR and Q3 + 3 IQR: beyond them an outlier is severe.
    public var outerFences: ClosedRange<Double> {
        (firstQuartile - 3 * interquartileRange)...(thirdQuartile + 3 * interquartileRange)
    }

    /// How far outside the fences a sample lies.
    public enum Severity: String, Sendable, Equatable {
        /// Beyond an inner fence, within the outer ones.
        case mild
        /// Beyond an outer fence.
        case severe
    }

    /// One sample outside the inner fences.
    public struct Outlier: Sendable, Equatable {
        /// The sample's position in the series given to `outliers(in:)`: its round.
        public let index: Int
        public let value: Double
        public let severity: Severity
        /// Whether it lies above the fences (slow, for timings) rather than below.
        public let isHigh: Bool

        public init(index: Int, value: Double, severity: Severity, isHigh: Bool) {
            self.index = index
            self.value = value
            self.severity = severity
            self.isHigh = isHigh
        }
    }

    /// The severity of `value`, or `nil` if it lies within the inner fences.
    public func classify(_ value: Double) -> Severity? {
        if innerFences.contains(value) { return nil }
        return outerFences.contains(value) ? .mild : .severe
    }

    /// The outliers of `samples` (in their original order), by index.
    public func outliers(in samples: [Double]) -> [Outlier] {
        samples.indices.compactMap { index in
            let value = samples[index]
            return classify(value).map {
                Outlier(index: index, value: value, severity: $0, isHigh: value > thirdQuartile)
            }
        }
    }
}
