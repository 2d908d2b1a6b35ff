import Foundation

/// `simbench ab`'s test of one row: a paired Student's t test over the pairs' log changes,
/// with a practical threshold.
///
/// Each pair gives one change, `log(head / base)`. The change is flagged when the mean of
/// those logs lies beyond the threshold and Student's t 95% interval of the mean excludes
/// zero. Under no change the interval excludes zero in at most 5% of rows (2.5% each way),
/// and the threshold only removes flags, so repeated A/A runs flag at most 5% of rows, and
/// fewer as pairs grow (the mean of more pairs passes the threshold less often). Under a
/// real change beyond the threshold the interval narrows as `1/√pairs` around it, so the
/// power grows with pairs towards 1. Nothing wider than the pairs themselves (such as the
/// spread between layouts) is added: with a fresh code layout in every run, the pairs'
/// spread already holds it.
///
/// For a row it does not flag, the test says what it could have seen:
///
/// - `visible`: the smallest observed change that would have been flagged, the larger of the
///   threshold and the interval's half-width. A change seen beyond it is flagged; a true
///   change of exactly that size is seen beyond it only about half the time.
/// - `detectable`: the true change that would be flagged 4 times in 5 (80% power) with as
///   many pairs and the spread seen: `visible` plus the 80th percentile of t times the
///   standard error.
///
/// Each is worked out both ways (a rise and a fall, which differ in log space) and the larger
/// is given, so that `±6.1%` holds for −6.1% as well as +6.1%.
public struct PairedTest: Sendable, Equatable {
    /// How many pairs the test rests on.
    public let pairs: Int
    /// The mean of the pairs' log changes.
    public let meanLog: Double
    /// The standard error of that mean; nil with fewer than 2 pairs.
    public let standardError: Double?
    /// The practical threshold, relative (`0.05` for 5%).
    public let threshold: Double

    /// Tests the pairs' log changes `logs` (one per pair) against `threshold`.
    public init(logs: [Double], threshold: Double) {
        pairs = logs.count
        self.threshold = threshold
        let count = Double(logs.count)
        meanLog = logs.isEmpty ? 0 : logs.reduce(0, +) / count
        guard logs.count >= 2 else {
            standardError = nil
            return
        }
        let mean = meanLog
        let variance = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (count - 1)
        standardError = (variance / count).squareRoot()
    }

    /// The relative change and its 95% interval (Student's t over the pairs).
    public var change: RelativeChange {
        RelativeChange(
            point: exp(meanLog) - 1, low: halfWidth.map { exp(meanLog - $0) - 1 },
            high: halfWidth.map { exp(meanLog + $0) - 1 })
    }

    /// The 95% interval's half-width in log space; nil with fewer than 2 pairs.
    public var halfWidth: Double? {
        standardError.map { PairedInterval.t975(degreesOfFreedom: pairs - 1) * $0 }
    }

    /// The threshold as a rise and as a fall in log space: `log(1.05)` and `−log(0.95)`.
    var logThresholds: (rise: Double, fall: Double) {
        (log1p(threshold), -log1p(-min(threshold, 0.999)))
    }

    /// The smallest observed change, either way, that the test would flag: the larger of
    /// the threshold and the interval's half-width as a rise (`0.061` for ±6.1%; a fall of
    /// the same half-width is smaller); nil with fewer than 2 pairs.
    public var visible: Double? {
        halfWidth.map { max(threshold, exp($0) - 1) }
    }

    /// The true change, either way, that the test flags with 80% power for this many pairs
    /// and the spread seen, the larger of a rise's and a fall's; nil with fewer than 2 pairs.
    public var detectable: Double? {
        guard let halfWidth, let standardError else { return nil }
        let power = PairedTest.t80(degreesOfFreedom: pairs - 1) * standardError
        let (rise, fall) = logThresholds
        return max(
            exp(max(rise, halfWidth) + power) - 1, 1 - exp(-(max(fall, halfWidth) + power)))
    }

    /// Whether an observed change of the threshold, either way, would be flagged: the
    /// half-width is no wider than the threshold as a rise (what `ab` waits for when it
    /// chooses the number of pairs itself).
    public var seesThreshold: Bool {
        halfWidth.map { $0 <= logThresholds.rise } ?? false
    }

    /// Regression, improvement or unchanged, by the rule `compare` uses (past the
    /// threshold, the interval excluding zero); not judged with fewer than 2 pairs.
    public var verdict: (verdict: MetricComparison.Verdict, reason: String) {
        change.verdict(threshold: threshold)
    }

    /// `no change beyond ±6.1% visible with 6 pairs (±9.0% caught 4 times in 5)`, for a
    /// row the test did not flag; nil with fewer than 2 pairs.
    public var visibilityText: String? {
        guard let visible, let detectable else { return nil }
        return
            "no change beyond ±\(String(format: "%.1f%%", visible * 100)) visible with \(pairs) pairs (a true ±\(String(format: "%.1f%%", detectable * 100)) is caught 4 times in 5)"
    }

    /// The 80th percentile of Student's t (one-sided 80% power), from the table for 1–30
    /// degrees of freedom; beyond, the value at 30, which is a little larger: conservative.
    static func t80(degreesOfFreedom df: Int) -> Double {
        let table: [Double] = [
            1.376, 1.061, 0.978, 0.941, 0.920, 0.906, 0.896, 0.889, 0.883, 0.879,
            0.876, 0.873, 0.870, 0.868, 0.866, 0.865, 0.863, 0.862, 0.861, 0.860,
            0.859, 0.858, 0.858, 0.857, 0.856, 0.856, 0.855, 0.855, 0.854, 0.854,
        ]
        if df >= 1, df <= table.count { return table[df - 1] }
        return 0.854
    }
}
