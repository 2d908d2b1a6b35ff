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

    /// `value` with `decimals` digits after the point: the text `String(format: "%.Nf")`
    /// writes (an ASCII `-`, also for a negative value that rounds to zero), made here
    /// because a reader of 100,000 rows writes millions of figures, and Foundation's
    /// formatter took up to an eighth of `compare`'s, `export`'s and `report`'s time.
    ///
    /// Made by hand where that is provably the same text: `decimals` ≤ 18 and the scaled
    /// value below 10⁹, where the product `|value| × 10^decimals` and what its rounding
    /// took off tell exactly which way the decimal expansion rounds, ties included
    /// (`handWrittenUnits`). Everything else (huge values, NaN, infinities) goes to
    /// `String(format:)`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard let units = handWrittenUnits(value, decimals: decimals) else {
            return String(format: "%.\(decimals)f", value)
        }
        return withFixed(units, decimals: decimals, negative: value.sign == .minus) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Appends `fixed(value, decimals:)` to `text`: no string made where the digits are
    /// written by hand, for a table of a million rows written as bytes.
    static func appendFixed(_ value: Double, decimals: Int, to text: inout [UInt8]) {
        guard let units = handWrittenUnits(value, decimals: decimals) else {
            text += String(format: "%.\(decimals)f", value).utf8
            return
        }
        withFixed(units, decimals: decimals, negative: value.sign == .minus) {
            text.append(contentsOf: $0)
        }
    }

    /// Adds `fixed(value, decimals:)` to `bytes`, which has room for `fixedRoom(decimals:)`
    /// more: its digits written where they go where they are written by hand, else
    /// `String(format:)`'s.
    static func addFixed(_ value: Double, decimals: Int, to bytes: inout StackBytes) {
        guard let units = handWrittenUnits(value, decimals: decimals) else {
            var formatted = String(format: "%.\(decimals)f", value)
            formatted.withUTF8 { bytes.add($0) }
            return
        }
        bytes.add(atMost: handWrittenRoom) { start in
            writeFixed(units, decimals: decimals, negative: value.sign == .minus, from: start)
        }
    }

    /// Adds `fixed(value, decimals:)` without the zeros that end its decimals, nor then its
    /// point (`12.5` for 12.50, `3` for 3.00), to `bytes`, which has room for
    /// `fixedRoom(decimals:)` more: trimmed where the digits are written, and on the stack,
    /// so that a piece made of several parts (a coverage cell) is appended once.
    static func addFixedTrimmed(_ value: Double, decimals: Int, to bytes: inout StackBytes) {
        /// `digits` up to their last digit that is not an ending zero of the decimals.
        func trimmed(_ digits: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            var end = digits.count
            if decimals > 0 {
                while end > 0, digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
                if end > 0, digits[end - 1] == UInt8(ascii: ".") { end -= 1 }
            }
            return UnsafeBufferPointer(rebasing: digits[..<end])
        }
        guard var units = handWrittenUnits(value, decimals: decimals) else {
            var formatted = String(format: "%.\(decimals)f", value)
            formatted.withUTF8 { bytes.add(trimmed($0)) }
            return
        }
        // The zeros that end the decimals taken off the units, and then the point with the
        // last of them: the digits left are written where they go, once.
        var decimals = decimals
        while decimals > 0, units % 10 == 0 {
            units /= 10
            decimals -= 1
        }
        bytes.add(atMost: handWrittenRoom) { start in
            writeFixed(units, decimals: decimals, negative: value.sign == .minus, from: start)
        }
    }

    /// The most bytes `fixed(_:decimals:)` writes, by hand or through `String(format:)`
    /// (which writes every whole digit): a sign, the 309 whole digits of the largest
    /// `Double`, a point and `decimals` digits (`nan` and `-inf` are shorter).
    static func fixedRoom(decimals: Int) -> Int { 311 + decimals }

    /// Writes the digits of `units`, at least `least` of them (zeros before), backwards from
    /// the end of `buffer`, with the byte `mark` gives before the digit it is asked of (0 the
    /// last) where it gives one; returns where they start.
    @inline(__always)
    private static func writeDigits(
        _ units: UInt64, least: Int, into buffer: UnsafeMutableBufferPointer<UInt8>,
        mark: (Int) -> UInt8?
    ) -> Int {
        var position = buffer.count
        var rest = units
        var digit = 0
        repeat {
            if let mark = mark(digit) {
                position -= 1
                buffer[position] = mark
            }
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            digit += 1
        } while rest > 0 || digit < least
        return position
    }

    /// The most bytes `fixed` writes by hand: a sign, the digits (ten for units up to 10⁹,
    /// or the most decimals and a 0), and a point.
    private static let handWrittenRoom = max(10, powersOfTen.count) + 2

    /// `|value|` in units of 10^-decimals, rounded as `String(format:)` rounds it, where
    /// `fixed` writes it by hand (above); nil where `String(format:)` writes it.
    ///
    /// The product `scaled` of `|value|` and the power (exact in a `Double`) is rounded;
    /// `error`, from a fused multiply-add, is what rounding took off, so `scaled + error`
    /// is the exact product (Dekker's two-product), and `|error|` is at most half of
    /// `scaled`'s last place. `fraction` (`scaled` less its whole part) is exact. From one
    /// half up to 10⁹, `fraction` and one half are whole multiples of that last place, so
    /// a fraction other than one half stays on its side of the half whatever `error` adds;
    /// below one half, `scaled + error` stays below it too. So only a fraction of exactly
    /// one half looks at `error`: its sign says which way, and none (the product is a tie)
    /// rounds to the even neighbour, as `printf` rounds the exact decimal expansion. (An
    /// error of a value below 10⁻²⁰⁰ may underflow, but no such value is near a tie.)
    private static func handWrittenUnits(_ value: Double, decimals: Int) -> UInt64? {
        guard decimals >= 0, decimals < powersOfTen.count, value.isFinite else { return nil }
        let magnitude = abs(value)
        let power = Double(powersOfTen[decimals])
        let scaled = magnitude * power
        guard scaled < 1e9 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        let units = UInt64(whole)
        guard fraction == 0.5 else { return units + (fraction > 0.5 ? 1 : 0) }
        let error = (-scaled).addingProduct(magnitude, power)
        if error != 0 { return units + (error > 0 ? 1 : 0) }
        return units + (units % 2 == 1 ? 1 : 0)
    }

    /// 10⁰ … 10¹⁸: the scales `fixed` writes by hand, each exact in a `Double` (to 10²²).
    private static let powersOfTen: [UInt64] = (0...18).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }

    /// `body` over the digits of `units` / 10^decimals (`writeFixed`), written on the stack.
    @inline(__always)
    private static func withFixed<Result>(
        _ units: UInt64, decimals: Int, negative: Bool,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: handWrittenRoom) { buffer in
            let count = writeFixed(
                units, decimals: decimals, negative: negative, from: buffer.baseAddress!)
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the digits of `units` / 10^decimals from `start`, a `-` first when `negative`:
    /// at least one digit before the point and `decimals` after it (no point without them),
    /// counted first and then written backwards from the last, each where it goes, in one
    /// pass (a reader writes millions). Returns how many bytes it wrote: at most
    /// `handWrittenRoom`, for units up to 10⁹ (`handWrittenUnits`).
    @inline(__always)
    private static func writeFixed(
        _ units: UInt64, decimals: Int, negative: Bool, from start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var digits = 1
        var power: UInt64 = 10
        while power <= units {
            digits += 1
            power *= 10
        }
        digits = max(digits, decimals + 1)
        let sign = negative ? 1 : 0
        let count = sign + digits + (decimals > 0 ? 1 : 0)
        let written = writeDigits(
            units, least: decimals + 1,
            into: UnsafeMutableBufferPointer(start: start + sign, count: count - sign)
        ) { digit in
            digit == decimals && decimals > 0 ? UInt8(ascii: ".") : nil
        }
        precondition(written == 0, "digits counted wrong: \(units)")
        if negative { start[0] = UInt8(ascii: "-") }
        return count
    }

    /// `3.14`, `31.4`, `314`, `3140`: three significant digits, but never a lost integer
    /// digit.
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        var text = [UInt8]()
        appendSignificant(value, digits: digits, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `significant(value, digits:)` to `text`, no string made: an export writes a
    /// few for every row.
    static func appendSignificant(_ value: Double, digits: Int = 3, to text: inout [UInt8]) {
        guard value.isFinite else {
            text += "—".utf8
            return
        }
        let magnitude = abs(value)
        guard magnitude > 0 else {
            text.append(UInt8(ascii: "0"))
            return
        }
        let integerDigits = Int(floor(log10(magnitude))) + 1
        appendFixedWithMinus(value, decimals: max(0, digits - integerDigits), to: &text)
    }

    /// Appends `withMinus(fixed(value, decimals:))` to `text`.
    @inline(__always)
    private static func appendFixedWithMinus(
        _ value: Double, decimals: Int, to text: inout [UInt8]
    ) {
        let start = text.count
        appendFixed(value, decimals: decimals, to: &text)
        if text[start] == UInt8(ascii: "-") {
            text.replaceSubrange(start..<(start + 1), with: minus.utf8)
        }
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
        var text = [UInt8]()
        appendGrouped(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `grouped(value)` to `text`: its digits written on the stack, from the last,
    /// a comma before each group of three but the first.
    static func appendGrouped(_ value: Int, to text: inout [UInt8]) {
        if value < 0 { StackBytes.append("−", to: &text) }
        // At most 19 digits and 6 commas (`Int.min`'s magnitude): within the 26 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { buffer in
            let start = writeDigits(UInt64(value.magnitude), least: 1, into: buffer) { digit in
                digit > 0 && digit % 3 == 0 ? UInt8(ascii: ",") : nil
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `12.5%`.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "—" }
        return withMinus(fixed(fraction * 100, decimals: 1) + "%")
    }

    /// `1.23×`.
    public static func ratio(_ value: Double) -> String {
        var text = [UInt8]()
        appendRatio(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `ratio(value)` to `text`: a chart's tooltips write one for every point.
    static func appendRatio(_ value: Double, to text: inout [UInt8]) {
        guard value.isFinite else {
            text += "—".utf8
            return
        }
        appendFixedWithMinus(value, decimals: 2, to: &text)
        text += "×".utf8
    }

    /// `[1.20, 1.25]`, or `—` without an interval.
    public static func interval(_ low: Double?, _ high: Double?, ratio: Bool = false) -> String {
        var text = [UInt8]()
        appendInterval(low, high, ratio: ratio, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `interval(low, high, ratio:)` to `text`.
    static func appendInterval(
        _ low: Double?, _ high: Double?, ratio: Bool = false, to text: inout [UInt8]
    ) {
        guard let low, let high, low.isFinite, high.isFinite else {
            text += "—".utf8
            return
        }
        appendInterval(low, high, to: &text) { value, text in
            if ratio {
                appendFixedWithMinus(value, decimals: 2, to: &text)
            } else {
                appendSignificant(value, to: &text)
            }
        }
    }

    /// Appends the interval `[low, high]` to `text`, each bound as `bound` appends it: the
    /// one way an interval is written in bytes.
    static func appendInterval(
        _ low: Double, _ high: Double, to text: inout [UInt8],
        bound: (Double, inout [UInt8]) -> Void
    ) {
        text.append(UInt8(ascii: "["))
        bound(low, &text)
        StackBytes.append(", ", to: &text)
        bound(high, &text)
        text.append(UInt8(ascii: "]"))
    }
}
