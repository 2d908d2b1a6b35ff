/// A results file's numeric cell read from its bytes, without a string made for it.
///
/// A reader parses millions of cells (a comparison, a coverage proof or a report of
/// 100,000 rows); most are short decimals such as `1234.5` or `1.2e-05`, which the exact
/// fast path below reads. Any other cell goes to `Double(String)`, whose value the fast
/// path always equals.
enum CellNumber {
    /// The number `cell` holds, as `Double(String(decoding: cell, as: UTF8.self))` reads it:
    /// nil for text that is not a number.
    static func value(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        exactDecimal(cell) ?? Double(String(decoding: cell, as: UTF8.self))
    }

    /// The value of a plain decimal (`-`, digits, a point, an exponent) of at most 15
    /// significant digits whose scale is at most 22 powers of ten; nil for any other text.
    ///
    /// Such a number is a whole number below 2^53 times or over a power of ten up to
    /// 10^22, both exact in a `Double`, so one multiplication or division, correctly
    /// rounded, gives the correctly rounded value, as `strtod` does (Clinger's fast path).
    static func exactDecimal(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        var at = 0
        let end = cell.count
        let negative = at < end && cell[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawPoint = false
        var sawDigit = false
        while at < end {
            let byte = cell[at]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                // Leading zeros add no significant digit.
                if mantissa > 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if sawPoint { scale -= 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            at += 1
        }
        guard sawDigit else { return nil }
        if at < end {
            guard cell[at] == UInt8(ascii: "e") || cell[at] == UInt8(ascii: "E") else {
                return nil
            }
            at += 1
            let exponentNegative = at < end && cell[at] == UInt8(ascii: "-")
            if at < end, cell[at] == UInt8(ascii: "-") || cell[at] == UInt8(ascii: "+") {
                at += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while at < end, cell[at] >= UInt8(ascii: "0"), cell[at] <= UInt8(ascii: "9") {
                exponent = exponent * 10 + Int(cell[at] - UInt8(ascii: "0"))
                exponentDigits += 1
                guard exponent <= 1000 else { return nil }
                at += 1
            }
            guard exponentDigits > 0, at == end else { return nil }
            scale += exponentNegative ? -exponent : exponent
        }
        guard scale >= -22, scale <= 22 else { return nil }
        var value = Double(mantissa)
        if scale < 0 {
            value /= powersOfTen[-scale]
        } else if scale > 0 {
            value *= powersOfTen[scale]
        }
        return negative ? -value : value
    }

    /// 10^0 … 10^22: every one exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }
}
