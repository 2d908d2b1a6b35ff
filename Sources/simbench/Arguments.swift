import SimBench

/// The words after a subcommand, consumed flag by flag.
///
/// Flags take their value as the next word (`--machines 100`) or after `=`
/// (`--machines=100`). Every failure names the flag, the value and what is accepted.
struct Arguments {
    private var words: ArraySlice<String>
    private var pendingValue: String?

    init(_ words: some Collection<String>) {
        self.words = ArraySlice(words)
    }

    /// The next flag or operand; `--flag=value` is split, and its value kept for `value(for:)`.
    mutating func next() -> String? {
        guard let word = words.popFirst() else { return nil }
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            pendingValue = String(word[word.index(after: equals)...])
            return String(word[..<equals])
        }
        pendingValue = nil
        return word
    }

    /// Fails if a flag that takes no value was written `--flag=value`.
    mutating func noValue(for flag: String) throws(UsageError) {
        if let value = pendingValue {
            throw UsageError("\(flag): takes no value, but was given '\(value)'")
        }
    }

    /// The value of `flag`.
    mutating func value(for flag: String, expected: String) throws(UsageError) -> String {
        if let value = pendingValue {
            pendingValue = nil
            return value
        }
        guard let value = words.first, !value.hasPrefix("--") else {
            throw UsageError("\(flag): missing value; expected \(expected)")
        }
        words.removeFirst()
        return value
    }

    /// A whole number in `range`; `_` may group digits (`1_000_000`).
    mutating func integer(for flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let text = try value(for: flag, expected: expected)
        let digits = text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits),
            range.contains(number)
        else {
            throw .invalid(flag, text, expected: expected)
        }
        return number
    }

    /// A seed: any 64-bit unsigned whole number.
    mutating func seed(for flag: String) throws(UsageError) -> UInt64 {
        let expected = "a whole number from 0 to \(UInt64.max)"
        let text = try value(for: flag, expected: expected)
        let digits = text.filter { $0 != "_" }
        guard digits.allSatisfy(\.isASCII), let seed = UInt64(digits) else {
            throw .invalid(flag, text, expected: expected)
        }
        return seed
    }

    /// A positive number of seconds.
    mutating func seconds(for flag: String) throws(UsageError) -> Double {
        let expected = "seconds, more than 0 and at most 86400"
        let text = try value(for: flag, expected: expected)
        guard let seconds = Double(text.hasSuffix("s") ? String(text.dropLast()) : text),
            seconds.isFinite, seconds > 0, seconds <= 86_400
        else {
            throw .invalid(flag, text, expected: expected)
        }
        return seconds
    }

    /// A comma list of names.
    mutating func list(for flag: String, expected: String) throws(UsageError) -> [String] {
        let text = try value(for: flag, expected: expected)
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces
        }
        guard !names.contains(where: \.isEmpty) else {
            throw .invalid(flag, text, expected: expected)
        }
        return names
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
