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

    /// Whether the plain decimals (`-`, digits, a point; no exponent) `low` and `high` are
    /// known, from their digits, to hold `low ≤ high`; false when they are not, or when
    /// either is other text. Rounding keeps order, so their `Double`s then hold it too: an
    /// interval is checked without either bound parsed.
    static func decimalsInOrder(
        _ low: UnsafeBufferPointer<UInt8>, _ high: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let low = PlainDecimal(low), let high = PlainDecimal(high) else { return false }
        switch (low.negative, high.negative) {
        case (true, false): return true
        case (false, false): return !PlainDecimal.magnitude(low, exceeds: high)
        case (true, true): return !PlainDecimal.magnitude(high, exceeds: low)
        case (false, true): return false
        }
    }

    /// A decimal's sign, whole digits (without leading zeros) and fraction digits, where
    /// they are in its cell.
    private struct PlainDecimal {
        let negative: Bool
        let whole: UnsafeBufferPointer<UInt8>
        let fraction: UnsafeBufferPointer<UInt8>

        init?(_ cell: UnsafeBufferPointer<UInt8>) {
            var at = 0
            negative = at < cell.count && cell[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            let signEnd = at
            while at < cell.count, cell[at] == UInt8(ascii: "0") { at += 1 }
            let wholeStart = at
            while at < cell.count, Self.isDigit(cell[at]) { at += 1 }
            whole = UnsafeBufferPointer(rebasing: cell[wholeStart..<at])
            var fractionStart = at
            if at < cell.count, cell[at] == UInt8(ascii: ".") {
                at += 1
                fractionStart = at
                while at < cell.count, Self.isDigit(cell[at]) { at += 1 }
            }
            fraction = UnsafeBufferPointer(rebasing: cell[fractionStart..<at])
            let hasDigit = wholeStart > signEnd || !whole.isEmpty || !fraction.isEmpty
            guard at == cell.count, hasDigit else { return nil }
        }

        static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// Whether `one`'s magnitude is above `other`'s: more whole digits, or the first
        /// digit that differs larger (a missing fraction digit is 0).
        static func magnitude(_ one: PlainDecimal, exceeds other: PlainDecimal) -> Bool {
            if one.whole.count != other.whole.count { return one.whole.count > other.whole.count }
            for (mine, theirs) in zip(one.whole, other.whole) where mine != theirs {
                return mine > theirs
            }
            let digits = max(one.fraction.count, other.fraction.count)
            for index in 0..<digits {
                let mine = index < one.fraction.count ? one.fraction[index] : UInt8(ascii: "0")
                let theirs =
                    index < other.fraction.count ? other.fraction[index] : UInt8(ascii: "0")
                if mine != theirs { return mine > theirs }
            }
            return false
        }
    }

    /// 10^0 … 10^22: every one exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }
}
