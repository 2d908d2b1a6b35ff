import Foundation

/// How much a value changed between two runs, relative to the first, with a 95% interval.
///
/// The point change is `current / baseline − 1`. The interval combines the two runs' own
/// 95% intervals as independent estimates, in log space, where a ratio is a difference:
/// each side's half-widths are `log(high / value)` and `log(value / low)` (asymmetric, as
/// bootstrap intervals are), and the change's lower half-width is
/// `√(current's lower² + baseline's upper²)`, its upper one `√(current's upper² +
/// baseline's lower²)`: the usual propagation of two independent errors. The runs are
/// separate processes, so independence holds. (Adding the half-widths instead, the
/// interval-arithmetic corner `current.low / baseline.high − 1`, is √2 too wide for
/// independent errors and misses real 5% changes at a 3% threshold.) When either run has
/// no interval there is no interval for the change, and `simbench compare` does not judge
/// it ("no CI").
public struct RelativeChange: Sendable, Equatable {
    public let point: Double
    public let low: Double?
    public let high: Double?

    public init(point: Double, low: Double?, high: Double?) {
        self.point = point
        self.low = low
        self.high = high
    }

    /// The change from `baseline` to `current`; nil when the baseline value is not
    /// positive, so a relative change means nothing.
    public init?(from baseline: Estimate, to current: Estimate) {
        guard baseline.value > 0, current.value >= 0 else { return nil }
        point = current.value / baseline.value - 1
        if let before = baseline.interval, let after = current.interval,
            before.contains(baseline.value), after.contains(current.value), current.value > 0
        {
            let change = log(current.value / baseline.value)
            let beforeBelow = log(baseline.value / before.lowerBound)
            let beforeAbove = log(before.upperBound / baseline.value)
            let afterBelow = log(current.value / after.lowerBound)
            let afterAbove = log(after.upperBound / current.value)
            low =
                exp(change - (afterBelow * afterBelow + beforeAbove * beforeAbove).squareRoot()) - 1
            high =
                exp(change + (afterAbove * afterAbove + beforeBelow * beforeBelow).squareRoot()) - 1
        } else {
            low = nil
            high = nil
        }
    }

    public var hasInterval: Bool { low != nil && high != nil }

    /// Regression when the change passes `threshold` upwards and its interval lies above
    /// zero; improvement when it passes it downwards and the interval lies below zero; no
    /// change otherwise; not judged without an interval. (Larger is worse: time, ratio.)
    public func verdict(threshold: Double) -> (verdict: MetricComparison.Verdict, reason: String) {
        verdict(Reasons(threshold: threshold))
    }

    /// `verdict(threshold:)` with its reasons written once for the threshold: a comparison
    /// judges every row against the same two.
    func verdict(_ reasons: Reasons) -> (verdict: MetricComparison.Verdict, reason: String) {
        guard let low, let high else { return (.notJudged, "no CI") }
        if point > reasons.threshold {
            return low > 0 ? (.regression, reasons.aboveOut) : (.unchanged, reasons.aboveIn)
        }
        if point < -reasons.threshold {
            return high < 0 ? (.improvement, reasons.belowOut) : (.unchanged, reasons.belowIn)
        }
        return (.unchanged, reasons.within)
    }

    /// The reasons `verdict(threshold:)` gives against one threshold.
    struct Reasons: Sendable {
        let threshold: Double
        /// Beyond it upwards, the interval above zero; and with zero inside.
        let aboveOut: String
        let aboveIn: String
        /// Beyond it downwards, the interval below zero; and with zero inside.
        let belowOut: String
        let belowIn: String
        let within: String

        init(threshold: Double) {
            self.threshold = threshold
            let limit = RelativeChange.percent(threshold)
            aboveOut = "beyond +\(limit), CI above 0"
            aboveIn = "beyond +\(limit), but CI includes 0"
            belowOut = "beyond −\(limit), CI below 0"
            belowIn = "beyond −\(limit), but CI includes 0"
            within = "within ±\(limit)"
        }
    }

    /// `5%`, `2.5%`, `0.25%`.
    public static func percent(_ fraction: Double) -> String {
        var text = [UInt8]()
        appendPercent(fraction, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `percent(fraction)` to `text`, for a table of a million rows written as
    /// bytes.
    static func appendPercent(_ fraction: Double, to text: inout [UInt8]) {
        StackBytes.append(room: percentRoom, to: &text) { addPercent(fraction, to: &$0) }
    }

    /// Adds `percent(fraction)` to `bytes`, which has room for `percentRoom` more: the zeros
    /// and the point dropped before they are added, and the whole appended once with what
    /// surrounds it (a coverage cell), as a judge says it of every row.
    static func addPercent(_ fraction: Double, to bytes: inout StackBytes) {
        NumberFormat.addFixedTrimmed(fraction * 100, decimals: 2, to: &bytes)
        bytes.add(UInt8(ascii: "%"))
    }

    /// The most bytes `addPercent` adds.
    static let percentRoom = NumberFormat.fixedRoom(decimals: 2) + 1

    /// `+5.2%`, `−3.1%`.
    public static func signedPercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "—" }
        let text = NumberFormat.fixed(abs(fraction) * 100, decimals: 1) + "%"
        return (fraction < 0 ? "−" : "+") + text
    }

    /// Appends `signedPercent(fraction)` to `text`, no string made for it whole: written on
    /// the stack and appended once (`addSignedPercent`).
    static func appendSignedPercent(_ fraction: Double, to text: inout [UInt8]) {
        StackBytes.append(room: signedPercentRoom, to: &text) {
            addSignedPercent(fraction, to: &$0)
        }
    }

    /// The most bytes `addSignedPercent` adds: a sign of three, the figure, `%`.
    static let signedPercentRoom = 3 + NumberFormat.fixedRoom(decimals: 1) + 1

    /// Adds `signedPercent(fraction)` to `text`, which has room for `signedPercentRoom` more
    /// (`—` where not finite).
    static func addSignedPercent(_ fraction: Double, to text: inout StackBytes) {
        guard fraction.isFinite else {
            text.add("—")
            return
        }
        text.add(fraction < 0 ? "−" : "+")
        NumberFormat.addFixed(abs(fraction) * 100, decimals: 1, to: &text)
        text.add(UInt8(ascii: "%"))
    }

    /// `+5.2%`.
    public var pointText: String { RelativeChange.signedPercent(point) }

    /// `[+1.0%, +9.8%]`, or `—` without an interval.
    public var intervalText: String {
        guard let low, let high else { return "—" }
        return "[\(RelativeChange.signedPercent(low)), \(RelativeChange.signedPercent(high))]"
    }

    /// Appends `intervalText` to `text` where there is an interval; false, nothing
    /// appended, without one.
    func appendInterval(to text: inout [UInt8]) -> Bool {
        guard let low, let high else { return false }
        NumberFormat.appendInterval(low, high, to: &text) {
            RelativeChange.appendSignedPercent($0, to: &$1)
        }
        return true
    }
}
