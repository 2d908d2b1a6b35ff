import Foundation

/// How figures read in terminal tables, sentences, charts and reports.
///
/// Text for people writes one minus sign, `−` (U+2212), everywhere: in an estimate, an
/// interval and an axis alike. Files for programs (CSV, JSON, line protocol) never come
/// through here and keep ASCII `-`.
public enum NumberFormat {
    /// The minus sign of text for people.
    public static let minus = "−"

    /// `text` with a leading ASCII `-` written as ``minus``.
    static func withMinus(_ text: String) -> String {
        text.hasPrefix("-") ? minus + text.dropFirst() : text
    }

    /// `3.14`, `31.4`, `314`, `3140`: three significant digits, but never a lost integer
    /// digit.
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        guard magnitude > 0 else { return "0" }
        let integerDigits = Int(floor(log10(magnitude))) + 1
        let decimals = max(0, digits - integerDigits)
        return withMinus(String(format: "%.\(decimals)f", value))
    }

    /// `12.3 M`: SI prefixes for rates.
    public static func si(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let prefixes = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (scale, prefix) in prefixes where abs(value) >= scale {
            return "\(significant(value / scale)) \(prefix)"
        }
        return significant(value)
    }

    /// `+929`, `−12.5`: a difference, its sign always written; none is `0`.
    public static func signed(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        guard value != 0 else { return "0" }
        return (value < 0 ? minus : "+") + significant(abs(value))
    }

    /// `124 B`, `1.64 kB`, `35.2 MB`: a number of bytes, a space before the unit.
    public static func bytes(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return si(value) + (abs(value) >= 1e3 ? "B" : " B")
    }

    /// `929 ns`, `17.8 µs`, `1.20 ms`, `3.40 s`: a time given in nanoseconds, a space before
    /// the unit.
    public static func duration(_ nanoseconds: Double) -> String {
        guard nanoseconds.isFinite else { return "—" }
        let units = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        for (scale, unit) in units where abs(nanoseconds) >= scale {
            return "\(significant(nanoseconds / scale)) \(unit)"
        }
        return "\(significant(nanoseconds)) ns"
    }

    /// `10,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var groups = [Substring]()
        var end = digits.endIndex
        while end > digits.startIndex {
            let start =
                digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? minus : "") + groups.joined(separator: ",")
    }

    /// `12.5%`.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "—" }
        return withMinus(String(format: "%.1f%%", fraction * 100))
    }

    /// `1.23×`.
    public static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return withMinus(String(format: "%.2f×", value))
    }

    /// `[1.20, 1.25]`, or `—` without an interval.
    public static func interval(_ low: Double?, _ high: Double?, ratio: Bool = false) -> String {
        guard let low, let high, low.isFinite, high.isFinite else { return "—" }
        if ratio {
            let bound = { (value: Double) in withMinus(String(format: "%.2f", value)) }
            return "[\(bound(low)), \(bound(high))]"
        }
        return "[\(significant(low)), \(significant(high))]"
    }
}
