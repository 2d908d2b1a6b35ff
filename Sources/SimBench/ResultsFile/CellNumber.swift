import CSimBenchSystem
import SimBenchCore

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

    /// The value of a plain decimal (`-`, digits, a point, an exponent: the grammar of
    /// `DecimalText.Parts`) of at most 19 significant digits, read as `strtod` reads it; nil
    /// for any other text, and for a decimal whose scale is too large for the ways below.
    ///
    /// The digits are read in one pass, eight at a time where eight follow (most of a
    /// double written in its shortest form): a reader reads millions of them.
    ///
    /// A whole number up to 2^53 times or over a power of ten up to 10^22 is the quotient
    /// or product of two numbers exact in a `Double`, so one correctly rounded operation
    /// gives the correctly rounded value (Clinger's fast path). A longer whole number (16
    /// to 19 digits, as a double written in its shortest form mostly has) over a power of
    /// ten up to 10^19 is divided exactly among integers (`quotient`), and any whole number
    /// over a larger one up to 10^38 among 128-bit integers (`wideQuotient`).
    static func exactDecimal(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = cell.count
        guard count > 0 else { return nil }
        var at = 0
        let negative = cell[0] == UInt8(ascii: "-")
        if negative { at = 1 }
        // The significant digits (from the first that is not 0) as a whole number.
        var mantissa: UInt64 = 0
        var digits = 0
        let wholeStart = at
        while at < count, cell[at] == UInt8(ascii: "0") { at += 1 }
        // Beyond 19 digits the mantissa may wrap: the slow way reads it.
        guard readDigits(cell, &at, into: &mantissa, counting: &digits) else { return nil }
        let wholeCount = at - wholeStart
        var fractionCount = 0
        if at < count, cell[at] == UInt8(ascii: ".") {
            at += 1
            let fractionStart = at
            if mantissa == 0 {
                while at < count, cell[at] == UInt8(ascii: "0") { at += 1 }
            }
            guard readDigits(cell, &at, into: &mantissa, counting: &digits) else { return nil }
            fractionCount = at - fractionStart
        }
        guard wholeCount > 0 || fractionCount > 0 else { return nil }
        var scale = -fractionCount
        if at < count {
            guard cell[at] == UInt8(ascii: "e") || cell[at] == UInt8(ascii: "E") else {
                return nil
            }
            at += 1
            let exponentNegative = at < count && cell[at] == UInt8(ascii: "-")
            if at < count, cell[at] == UInt8(ascii: "-") || cell[at] == UInt8(ascii: "+") {
                at += 1
            }
            guard at < count else { return nil }
            var exponent = 0
            while at < count {
                let digit = cell[at] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                exponent = exponent * 10 + Int(digit)
                guard exponent <= 1000 else { return nil }
                at += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard mantissa <= 1 << 53 else {
            // Above 2^53 the whole number is not exact in a `Double`.
            let value: Double
            if scale == 0 {
                value = Double(mantissa)  // converted with one rounding, to nearest
            } else if scale < 0, scale >= -wideScale {
                value = quotientByProduct(mantissa, overPowerOfTen: -scale)
            } else {
                return nil
            }
            return negative ? -value : value
        }
        if scale < -22, scale >= -wideScale, mantissa > 0 {
            // Past Clinger's powers: as a long whole number is.
            let value = quotientByProduct(mantissa, overPowerOfTen: -scale)
            return negative ? -value : value
        }
        guard scale >= -22, scale <= 22 else { return nil }
        var value = Double(mantissa)
        if scale < 0 {
            value /= simbench_power_of_ten(-scale)
        } else if scale > 0 {
            value *= simbench_power_of_ten(scale)
        }
        return negative ? -value : value
    }

    /// Reads the digits of `cell` from `at` on into `mantissa` (times ten for each), `at`
    /// left on the first byte that is not a digit, and counts them in `digits`; false, with
    /// `mantissa` no longer meaningful, once `digits` passes 19.
    @inline(__always)
    private static func readDigits(
        _ cell: UnsafeBufferPointer<UInt8>, _ at: inout Int, into mantissa: inout UInt64,
        counting digits: inout Int
    ) -> Bool {
        let count = cell.count
        let base = UnsafeRawPointer(cell.baseAddress!)
        while at &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            guard let eight = eightDigits(word) else { break }
            digits &+= 8
            guard digits <= 19 else { return false }
            mantissa = mantissa &* 100_000_000 &+ eight
            at &+= 8
        }
        while at < count {
            let digit = cell[at] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            digits &+= 1
            guard digits <= 19 else { return false }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            at &+= 1
        }
        return true
    }

    /// The number the eight bytes of `word` (the first in its lowest byte) write in ASCII
    /// digits, the first the most significant; nil unless each is a digit.
    ///
    /// A byte is a digit when adding 0x46 leaves it below 0x80 (it is at most '9') and
    /// subtracting 0x30 does not borrow (it is at least '0'): no byte's high bit set in
    /// either (the borrows and carries of a word that passes stay inside their bytes).
    /// Then pairs, quads and the two halves are joined by multiplications that keep each
    /// partial sum inside its lanes (the method of fast_float's eight-digit parse).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        let outside = (word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)
        guard outside & 0x8080_8080_8080_8080 == 0 else { return nil }
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)
        value =
            ((value & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
                &+ ((value >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
        return value & 0xFFFF_FFFF
    }

    /// Whether the plain decimals (`-`, digits, a point; no exponent) `low` and `high` are
    /// known, from their digits, to hold `low ≤ high`; false when they are not, or when
    /// either is other text. Rounding keeps order, so their `Double`s then hold it too: an
    /// interval is checked without either bound parsed.
    static func decimalsInOrder(
        _ low: UnsafeBufferPointer<UInt8>, _ high: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let lowParts = DecimalText.Parts(low), let highParts = DecimalText.Parts(high)
        else { return false }
        return decimalsInOrder(low, lowParts, high, highParts)
    }

    /// `decimalsInOrder(_:_:)` for decimals whose parts are scanned already.
    static func decimalsInOrder(
        _ low: UnsafeBufferPointer<UInt8>, _ lowParts: DecimalText.Parts,
        _ high: UnsafeBufferPointer<UInt8>, _ highParts: DecimalText.Parts
    ) -> Bool {
        guard lowParts.exponentMark == nil, highParts.exponentMark == nil else { return false }
        let low = Digits(low, lowParts)
        let high = Digits(high, highParts)
        switch (lowParts.negative, highParts.negative) {
        case (true, false): return true
        case (false, false): return !Digits.magnitude(low, exceeds: high)
        case (true, true): return !Digits.magnitude(high, exceeds: low)
        case (false, true): return false
        }
    }

    /// A plain decimal's whole digits without leading zeros, and its fraction digits.
    private struct Digits {
        let whole: UnsafeBufferPointer<UInt8>
        let fraction: UnsafeBufferPointer<UInt8>

        init(_ cell: UnsafeBufferPointer<UInt8>, _ parts: DecimalText.Parts) {
            var start = parts.whole.lowerBound
            while start < parts.whole.upperBound, cell[start] == UInt8(ascii: "0") { start += 1 }
            whole = UnsafeBufferPointer(rebasing: cell[start..<parts.whole.upperBound])
            fraction = UnsafeBufferPointer(rebasing: cell[parts.fraction])
        }

        /// Whether `one`'s magnitude is above `other`'s: more whole digits, or the first
        /// digit that differs larger (a missing fraction digit is 0).
        static func magnitude(_ one: Digits, exceeds other: Digits) -> Bool {
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

    /// `whole` / 10^`power`, correctly rounded to nearest (ties to even), for `whole` > 0
    /// and `power` in 1…38 (`wideScale`): from one multiplication by 10^-`power` where it
    /// tells the rounding (`productQuotient`), else divided exactly.
    @inline(__always)
    static func quotientByProduct(_ whole: UInt64, overPowerOfTen power: Int) -> Double {
        if let value = productQuotient(whole, overPowerOfTen: power) { return value }
        return power <= 19
            ? quotient(whole, overPowerOfTen: power) : wideQuotient(whole, overPowerOfTen: power)
    }

    /// `whole` / 10^`power`, correctly rounded to nearest, from the 128-bit product of
    /// `whole` and 10^-`power` truncated to 64 bits (`Reciprocal`); nil, for the exact
    /// division to decide, where that product cannot tell which way the quotient rounds (one
    /// case in a few hundred, and every quotient that is a tie or a double itself). For
    /// `whole` > 0 and `power` in 1…38 (`wideScale`).
    ///
    /// Why it is exact: with m = ⌊2^e / 10^p⌋ and w the whole number shifted to 55 bits or
    /// more, the exact product X = w · 2^e / 10^p is above w · m (2^e / 10^p is no integer,
    /// so m falls short of it) and below w · m + w. Where adding w to the product's low word
    /// carries nothing, X / 2^64 lies strictly between the high word H and H + 1. H holds 54
    /// bits or more: its top 53 are the significand, and the bits below them, with the
    /// fraction of X / 2^64 past H (neither 0 nor 1), tell the rounding: up when they are half
    /// or more of the last significand bit, down when less; never a tie. (The method of
    /// Lemire's fast number parsing, with the exact division in place of a second word.)
    @inline(__always)
    static func productQuotient(_ whole: UInt64, overPowerOfTen power: Int) -> Double? {
        let reciprocal = reciprocals[power]
        let shift = max(0, 55 - (64 - whole.leadingZeroBitCount))
        let shifted = whole << shift
        let (high, low) = shifted.multipliedFullWidth(by: reciprocal.multiplier)
        // The exact product may carry into the high word: which way it rounds is unknown.
        guard low <= UInt64.max - shifted else { return nil }
        let dropped = (64 - high.leadingZeroBitCount) - 53
        let half = UInt64(1) << (dropped - 1)
        var significand = high >> dropped
        if high & (half << 1 - 1) >= half { significand += 1 }  // at most 2^53
        return normal(significand, timesTwoToThe: dropped + 64 - reciprocal.exponent - shift)
    }

    /// `significand` × 2^`exponent` for a significand in [2^52, 2^53] and a product that is
    /// a normal double, from its bits: the significand's top bit added onto the exponent
    /// field (its bias 1023) less one makes the field, and 2^53 carries into it as one more.
    @inline(__always)
    static func normal(_ significand: UInt64, timesTwoToThe exponent: Int) -> Double {
        let field = UInt64(exponent + 52 + 1023 - 1)
        return Double(bitPattern: field << 52 &+ significand)
    }

    /// 10^-p as ⌊2^exponent / 10^p⌋, the exponent chosen so that the multiplier has 64 bits:
    /// what `productQuotient` multiplies by.
    struct Reciprocal {
        let multiplier: UInt64
        let exponent: Int
    }

    /// The reciprocals of 10^0 … 10^38 (`wideScale`), each divided out bit by bit among 128-bit
    /// integers (10^38 < 2^127, so a remainder doubled still fits). The exponent is 63 more
    /// than ⌈log2 10^p⌉, which puts 2^exponent / 10^p in [2^63, 2^64).
    static let reciprocals: [Reciprocal] = widePowersOfTen.map { divisor in
        let exponent = 63 + (128 - (divisor - 1).leadingZeroBitCount)
        var remainder = UInt128(0)
        var multiplier = UInt64(0)
        for bit in stride(from: exponent, through: 0, by: -1) {
            remainder = remainder << 1 | (bit == exponent ? 1 : 0)
            // The quotient is below 2^64: the bits shifted out of it are zeros.
            multiplier = multiplier << 1
            if remainder >= divisor {
                remainder -= divisor
                multiplier |= 1
            }
        }
        return Reciprocal(multiplier: multiplier, exponent: exponent)
    }

    /// `whole` / 10^`power`, correctly rounded to nearest (ties to even), for `whole` > 0
    /// and `power` in 1…19, where 10^`power` fits in 64 bits.
    ///
    /// The quotient of `whole` × 2^shift by 10^`power` is taken among integers, the shift
    /// chosen so that it has 64 bits; its top 53 bits are the double's significand, rounded
    /// by the 11 bits below them and whether the division left a remainder. The result is
    /// far from the subnormals (at least 10^-19), so scaling by a power of two is exact.
    static func quotient(_ whole: UInt64, overPowerOfTen power: Int) -> Double {
        let divisor = exactPowersOfTen[power]
        let shift = quotientShift(whole, divisor)
        let high = shift >= 64 ? whole << (shift - 64) : whole >> (64 - shift)
        let low = shift >= 64 ? 0 : whole << shift
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        return rounded(quotient, inexact: remainder != 0, shift: shift)
    }

    /// The shift that puts the quotient of `whole` × 2^shift by `divisor` in [2^63, 2^64),
    /// decided before dividing, so that each number is divided once.
    ///
    /// With k the divisor's bits less the whole number's, a shift of 63 + k puts the quotient
    /// in [2^62, 2^64). It is below 2^63 exactly when `whole` × 2^k < `divisor`: then one
    /// more. Each side of that comparison fits in the divisor's width.
    @inline(__always)
    private static func quotientShift<Divisor: FixedWidthInteger & UnsignedInteger>(
        _ whole: UInt64, _ divisor: Divisor
    ) -> Int {
        let bits =
            (Divisor.bitWidth - divisor.leadingZeroBitCount) - (64 - whole.leadingZeroBitCount)
        let below = bits >= 0 ? Divisor(whole) << bits < divisor : Divisor(whole) < divisor << -bits
        return 63 + bits + (below ? 1 : 0)
    }

    /// The double nearest `quotient` × 2^-`shift`, ties to even, where `quotient` in
    /// [2^63, 2^64) is the integer part of the exact quotient and `inexact` says whether
    /// the division left a remainder: its top 53 bits are the significand, rounded by the
    /// 11 bits below them and the remainder.
    @inline(__always)
    private static func rounded(_ quotient: UInt64, inexact: Bool, shift: Int) -> Double {
        var significand = quotient >> 11
        let dropped = quotient & 0x7FF
        if dropped > 0x400 || (dropped == 0x400 && (inexact || significand & 1 == 1)) {
            significand += 1  // at most 2^53: still exact
        }
        return normal(significand, timesTwoToThe: 11 - shift)
    }

    /// How far down `wideQuotient` divides: 10^-38, the last power of ten in 128 bits. A
    /// cell such as `1.2518711676958778e-05` (17 digits over 10^21) is read there.
    static let wideScale = 38

    /// `whole` / 10^`power`, correctly rounded to nearest (ties to even), for `whole` > 0
    /// and `power` in 1…38 (`wideScale`): `quotient(_:overPowerOfTen:)` among 128-bit
    /// integers, the shifted whole number 256 bits wide.
    static func wideQuotient(_ whole: UInt64, overPowerOfTen power: Int) -> Double {
        let divisor = widePowersOfTen[power]
        let shift = quotientShift(whole, divisor)
        // The dividend 256 bits wide; the quotient below 2^64, its low 64 bits whole. At least
        // 10^-38: far above the subnormals, so scaling by a power of two is exact.
        let wide = UInt128(whole)
        let high = shift >= 128 ? wide << (shift - 128) : shift == 0 ? 0 : wide >> (128 - shift)
        let low = shift >= 128 ? 0 : wide << shift
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        return rounded(UInt64(truncatingIfNeeded: quotient), inexact: remainder != 0, shift: shift)
    }

    /// 10^0 … 10^38: every one that fits in 128 bits.
    private static let widePowersOfTen: [UInt128] = (0...wideScale).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }

    /// 10^0 … 10^19: every one that fits in 64 bits.
    private static let exactPowersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }
}
