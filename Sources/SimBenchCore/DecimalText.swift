/// How simbench reads a number a person typed (a flag's value, a `--param`): plain decimal
/// text, one rule for every flag and parameter, so that none is looser than another.
///
/// Refused everywhere: a sign `+`, spaces, hexadecimal (`0x10`, `0x1p-3`), `inf` and `nan`,
/// digits other than ASCII's, `_` anywhere but between groups of three digits (`1_0`), and a
/// decimal so small that it reads as 0 or loses precision (`1e-400`, `1e-310`).
public enum DecimalText {
    /// `text` as a whole number of type `T`: an optional `-`, then ASCII digits, which `_`
    /// may group in threes (`1_000_000`); nil for any other text or a value `T` cannot hold.
    public static func wholeNumber<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let groups = bytes.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
        for (index, group) in groups.enumerated() {
            guard !group.isEmpty, group.allSatisfy(isDigit) else { return nil }
            // The first group holds 1 to 3 digits when more follow; every other holds 3.
            guard groups.count == 1 || (index == 0 ? group.count <= 3 : group.count == 3) else {
                return nil
            }
        }
        let digits = String(decoding: groups.joined(), as: UTF8.self)
        return T(negative ? "-" + digits : digits)
    }

    /// `text` as a whole number: `wholeNumber(_:as:)` for `Int`.
    public static func wholeNumber(_ text: String) -> Int? {
        wholeNumber(text, as: Int.self)
    }

    /// `text` as a finite number, written in plain decimal (`isPlainDecimal`), and either 0
    /// or a normal `Double`: `1e-400`, which would read as 0, and `1e-310`, which would read
    /// as a subnormal without a normal's precision, are refused, as is `1e400`.
    ///
    /// - Parameter exponent: whether an exponent is accepted (`2.5e-3`); a percentage is
    ///   written without one.
    public static func number(_ text: String, exponent: Bool = true) -> Double? {
        var text = text
        let zeroWrittenAsZero: Bool? = text.withUTF8 { bytes in
            guard let parts = Parts(bytes), exponent || parts.exponentMark == nil else {
                return nil
            }
            return !parts.hasNonZeroDigit(bytes)
        }
        guard let zeroWrittenAsZero, let value = Double(text), value.isFinite else { return nil }
        // A zero only when written as one: every digit before the exponent is 0.
        if value == 0 { return zeroWrittenAsZero ? value : nil }
        return value.isNormal ? value : nil
    }

    /// Whether `text` is a plain decimal number: an optional `-`, digits with at most one
    /// point (and a digit on at least one side of it), and an optional exponent (`e` or `E`,
    /// an optional sign, digits). No hex (`0x1p3`), no `inf` or `nan`, no spaces, no `+`
    /// before the number, no NUL, no other digits than ASCII's.
    ///
    /// - Complexity: O(n) in the length of `text`, with no allocation: a results file of
    ///   100,000 rows has millions of numeric cells.
    public static func isPlainDecimal(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isPlainDecimal)
    }

    /// Whether `buffer` holds a plain decimal number's UTF-8 bytes (`isPlainDecimal(_:)`).
    public static func isPlainDecimal(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        Parts(buffer) != nil
    }

    /// Where a plain decimal's sign, digits and exponent are among its bytes: the grammar of
    /// `isPlainDecimal(_:)`, scanned once, for every reader of it (a flag's value, a results
    /// file's cell checked, read as a number, or two cells ordered by their digits).
    public struct Parts {
        /// Whether the text starts with `-`.
        public let negative: Bool
        /// The digits before the point, as indices of the buffer (possibly empty: `.5`).
        public let whole: Range<Int>
        /// The digits after the point (empty without one, or for `5.`).
        public let fraction: Range<Int>
        /// Where the exponent's `e` or `E` is; nil without an exponent.
        public let exponentMark: Int?

        /// The parts of `buffer`, or nil when it is not a plain decimal.
        ///
        /// - Complexity: O(n) in the length of `buffer`, one pass, with no allocation: a
        ///   results file of 100,000 rows has millions of numeric cells.
        @inlinable
        public init?(_ buffer: UnsafeBufferPointer<UInt8>) {
            let end = buffer.count
            var at = 0
            negative = at < end && buffer[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            let wholeStart = at
            while at < end, DecimalText.isDigit(buffer[at]) { at += 1 }
            whole = wholeStart..<at
            if at < end, buffer[at] == UInt8(ascii: ".") {
                at += 1
                let fractionStart = at
                while at < end, DecimalText.isDigit(buffer[at]) { at += 1 }
                fraction = fractionStart..<at
            } else {
                fraction = at..<at
            }
            guard !whole.isEmpty || !fraction.isEmpty else { return nil }
            if at < end, buffer[at] == UInt8(ascii: "e") || buffer[at] == UInt8(ascii: "E") {
                exponentMark = at
                at += 1
                if at < end, buffer[at] == UInt8(ascii: "+") || buffer[at] == UInt8(ascii: "-") {
                    at += 1
                }
                let digits = at
                while at < end, DecimalText.isDigit(buffer[at]) { at += 1 }
                guard at > digits else { return nil }
            } else {
                exponentMark = nil
            }
            guard at == end else { return nil }
        }

        /// Whether a digit of the mantissa is other than 0: the number is not zero (without
        /// an exponent too large or small for a `Double`).
        @inlinable
        public func hasNonZeroDigit(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            for index in whole where buffer[index] != UInt8(ascii: "0") { return true }
            for index in fraction where buffer[index] != UInt8(ascii: "0") { return true }
            return false
        }
    }

    @usableFromInline
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
