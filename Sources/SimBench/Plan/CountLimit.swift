import SimBenchCore

/// The values a whole-number setting accepts: declared once, checked by one function, and
/// named the same way in help and in error messages.
public struct CountLimit: Sendable {
    public let range: ClosedRange<Int>

    public init(_ range: ClosedRange<Int>) {
        self.range = range
    }

    /// `a whole number from 1 to 4096`.
    public var expected: String {
        "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// Refuses `value` outside the range, naming `setting`.
    public func check(_ value: Int, setting: RunSetting) throws(RunPlanError) {
        guard range.contains(value) else {
            throw .outOfRange(setting: setting, value: "\(value)", accepted: expected)
        }
    }

    /// Parses `text` as a whole number in range (`DecimalText.wholeNumber`: `_` may group
    /// digits in threes, `1_000_000`).
    public func parse(_ text: String) throws(ValueError) -> Int {
        guard let number = DecimalText.wholeNumber(text), range.contains(number) else {
            throw ValueError(value: text, accepted: expected)
        }
        return number
    }

    /// `a whole number from 1 to 4096, or a comma list of them (a sweep)`.
    public var expectedList: String { "\(expected), or a comma list of them (a sweep)" }

    /// Parses `1000` or a comma list `1000,10000,1_000_000` (a sweep), spaces around each
    /// value allowed, in the order given (`RunPlan` measures a repeated value once).
    ///
    /// A bad value is named alone, with the whole list's form in what is accepted.
    public func parseList(_ text: String) throws(ValueError) -> [Int] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        var numbers = [Int]()
        for item in items {
            var value = Substring(item)
            while value.first == " " { value.removeFirst() }
            while value.last == " " { value.removeLast() }
            guard let number = DecimalText.wholeNumber(String(value)), range.contains(number)
            else {
                let shown = items.count > 1 ? "\(value)' in '\(text)" : String(value)
                throw ValueError(value: shown, accepted: expectedList)
            }
            numbers.append(number)
        }
        return numbers
    }

    /// Refuses any value of `values` outside the range, and an empty list, naming `setting`.
    public func check(_ values: [Int], setting: RunSetting) throws(RunPlanError) {
        guard !values.isEmpty else {
            throw .outOfRange(setting: setting, value: "", accepted: expectedList)
        }
        for value in values { try check(value, setting: setting) }
    }
}

/// A duration in seconds: more than 0 (or 0 itself, where `allowsZero`), at most `maximum`.
public struct SecondsLimit: Sendable {
    public let maximum: Double
    /// 0 is a value of its own (`spanSeconds`: no wait), not a missing one.
    public let allowsZero: Bool

    public init(maximum: Double, allowsZero: Bool = false) {
        self.maximum = maximum
        self.allowsZero = allowsZero
    }

    public var expected: String {
        allowsZero
            ? "seconds, from 0 to \(Int(maximum))"
            : "seconds, more than 0 and at most \(Int(maximum))"
    }

    private func accepts(_ seconds: Double) -> Bool {
        seconds.isFinite && (seconds > 0 || (allowsZero && seconds == 0)) && seconds <= maximum
    }

    public func check(_ seconds: Double, setting: RunSetting) throws(RunPlanError) {
        guard accepts(seconds) else {
            throw .outOfRange(setting: setting, value: "\(seconds)", accepted: expected)
        }
    }

    /// Parses `2`, `0.5` or `2s` (`DecimalText.number`: plain decimal).
    public func parse(_ text: String) throws(ValueError) -> Double {
        guard
            let seconds = DecimalText.number(text.hasSuffix("s") ? String(text.dropLast()) : text),
            accepts(seconds)
        else {
            throw ValueError(value: text, accepted: expected)
        }
        return seconds
    }
}

/// A share of a whole, written as a percentage: more than 0% and less than 100%.
public struct ShareLimit: Sendable {
    public init() {}

    public var expected: String { "a percentage more than 0% and less than 100%, such as 5%" }

    public func check(_ share: Double, setting: RunSetting) throws(RunPlanError) {
        guard share.isFinite, share > 0, share < 1 else {
            throw .outOfRange(
                setting: setting, value: RelativeChange.percent(share), accepted: expected)
        }
    }

    /// Parses `5%` or `5` (both five percent) into 0.05.
    public func parse(_ text: String) throws(ValueError) -> Double {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = DecimalText.number(digits, exponent: false), percent > 0,
            percent < 100
        else {
            throw ValueError(value: text, accepted: expected)
        }
        return percent / 100
    }
}
