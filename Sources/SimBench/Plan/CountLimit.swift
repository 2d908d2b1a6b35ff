/// The values a whole-number setting accepts: declared once, checked by one function, and
/// named the same way in `--help` and in error messages.
public struct CountLimit: Sendable {
    public let range: ClosedRange<Int>

    public init(_ range: ClosedRange<Int>) {
        self.range = range
    }

    /// `a whole number from 1 to 4096`.
    public var expected: String {
        "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// Refuses `value` outside the range, naming `flag`.
    public func check(_ value: Int, flag: String) throws(UsageError) {
        guard range.contains(value) else { throw .invalid(flag, "\(value)", expected: expected) }
    }

    /// Parses `text` as a whole number in range; `_` may group digits (`1_000_000`).
    public func parse(_ text: String, flag: String) throws(UsageError) -> Int {
        let digits = text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            throw .invalid(flag, text, expected: expected)
        }
        guard range.contains(number) else { throw .invalid(flag, text, expected: expected) }
        return number
    }

    /// `a whole number from 1 to 4096, or a comma list of them (a sweep)`.
    public var expectedList: String { "\(expected), or a comma list of them (a sweep)" }

    /// Parses `1000` or a comma list `1000,10000,1_000_000` (a sweep), spaces around each
    /// value allowed, in the order given (`RunPlan` measures a repeated value once).
    ///
    /// A bad value is named alone, with the whole list's form in what is accepted.
    public func parseList(_ text: String, flag: String) throws(UsageError) -> [Int] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        var numbers = [Int]()
        for item in items {
            var value = Substring(item)
            while value.first == " " { value.removeFirst() }
            while value.last == " " { value.removeLast() }
            let digits = value.filter { $0 != "_" }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits),
                range.contains(number)
            else {
                let shown = items.count > 1 ? "\(value)' in '\(text)" : String(value)
                throw .invalid(flag, shown, expected: expectedList)
            }
            numbers.append(number)
        }
        return numbers
    }

    /// Refuses any value of `values` outside the range, and an empty list, naming `flag`.
    public func check(_ values: [Int], flag: String) throws(UsageError) {
        guard !values.isEmpty else { throw .invalid(flag, "", expected: expectedList) }
        for value in values { try check(value, flag: flag) }
    }
}

/// A duration in seconds: more than 0, at most `maximum`.
public struct SecondsLimit: Sendable {
    public let maximum: Double

    public init(maximum: Double) {
        self.maximum = maximum
    }

    public var expected: String { "seconds, more than 0 and at most \(Int(maximum))" }

    public func check(_ seconds: Double, flag: String) throws(UsageError) {
        guard seconds.isFinite, seconds > 0, seconds <= maximum else {
            throw .invalid(flag, "\(seconds)", expected: expected)
        }
    }

    /// Parses `2`, `0.5` or `2s`.
    public func parse(_ text: String, flag: String) throws(UsageError) -> Double {
        guard let seconds = Double(text.hasSuffix("s") ? String(text.dropLast()) : text),
            seconds.isFinite, seconds > 0, seconds <= maximum
        else {
            throw .invalid(flag, text, expected: expected)
        }
        return seconds
    }
}

/// A share of a whole, written as a percentage: more than 0% and less than 100%.
public struct ShareLimit: Sendable {
    public init() {}

    public var expected: String { "a percentage more than 0% and less than 100%, such as 5%" }

    public func check(_ share: Double, flag: String) throws(UsageError) {
        guard share.isFinite, share > 0, share < 1 else {
            throw .invalid(flag, RelativeChange.percent(share), expected: expected)
        }
    }

    /// Parses `5%` or `5` (both five percent) into 0.05.
    public func parse(_ text: String, flag: String) throws(UsageError) -> Double {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let percent = Double(digits), percent > 0, percent < 100
        else {
            throw .invalid(flag, text, expected: expected)
        }
        return percent / 100
    }
}
