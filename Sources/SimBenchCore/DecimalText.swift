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
        guard isPlainDecimal(text), exponent || !text.utf8.contains(where: isExponentMark),
            let value = Double(text), value.isFinite
        else { return nil }
        if value == 0 {
            // Only a zero written as one: every digit before the exponent is 0.
            let mantissa = text.utf8.prefix { !isExponentMark($0) }
            return mantissa.allSatisfy { !isDigit($0) || $0 == UInt8(ascii: "0") } ? value : nil
        }
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
        // A native string's bytes in place; any other's copied once.
        text.utf8.withContiguousStorageIfAvailable(isPlainDecimal)
            ?? Array(text.utf8).withUnsafeBufferPointer(isPlainDecimal)
    }

    /// Whether `buffer` holds a plain decimal number's UTF-8 bytes (`isPlainDecimal(_:)`).
    public static func isPlainDecimal(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var bytes = buffer[...]
        func digits() -> Int {
            let count = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static func isExponentMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
