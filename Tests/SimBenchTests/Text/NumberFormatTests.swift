import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// The figures' own formatter writes what `String(format: "%.Nf")` writes, for every value
/// a table or an export can meet: it replaced that formatter in the readers, whose text
/// must not change.
@Suite("number formatting")
struct NumberFormatTests {
    /// Values of every magnitude and sign, from a fixed seed: the sign, the rounding, the
    /// leading zeros and the point are all exercised.
    static func values() -> [Double] {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 1.5, 2.5, 0.125, 0.375, -0.125, 1.005, 0.045, 2.675,
            0.0049999999, 0.005, 0.05, 0.95, 0.995, 9.995, 99.995, 999.5, 0.0005, 1e-7,
            -1e-7, 5e-324, -5e-324, 1e-300, 999_999_999.4, 999_999_999.6, 1e9, 1e9 + 0.5,
            -1e9, 4_294_967_295.5, 1e15, 1e300, -1e300, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .leastNormalMagnitude, .nan, -.nan, .infinity,
            -.infinity, 123.456, -123.456, 0.1, 0.2, 0.3, 0.7, 1.0 / 3, -2.0 / 3,
        ]
        // Halves at every scale written by hand: ties, and the doubles either side of them.
        for decimals in 0...18 {
            let scale = pow(10, Double(decimals))
            for units in [0, 1, 2, 5, 12, 99, 314, 9_999, 123_456] {
                let tie = (Double(units) + 0.5) / scale
                values += [tie, tie.nextUp, tie.nextDown, -tie]
            }
        }
        // Binary fractions (k / 2^m), which hold exact ties at several scales (0.125 at two
        // decimals, 2.5 at none, 0.0078125 at six), and the doubles either side of each.
        for exponent in 1...20 {
            let scale = Double(UInt64(1) << exponent)
            for odd in stride(from: 1, to: 100, by: 2) {
                let value = Double(odd) / scale
                values += [value, value.nextUp, value.nextDown, -value]
            }
        }
        // A fixed-seed spread over magnitudes 1e-12 … 1e12, both signs.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<10_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(UInt64(1) << 53)
            let exponent = Int((state >> 3) % 25) - 12
            let sign: Double = state & 1 == 0 ? 1 : -1
            values.append(sign * mantissa * pow(10, Double(exponent)))
        }
        return values
    }

    @Test(
        "fixed decimals: the text String(format:) writes, for every value and 0 to 20 decimals, as a string and appended as bytes"
    )
    func fixedMatchesFoundation() {
        var mismatches = [String]()
        for value in NumberFormatTests.values() {
            for decimals in 0...20 {
                let expected = String(format: "%.\(decimals)f", value)
                let text = NumberFormat.fixed(value, decimals: decimals)
                if text != expected {
                    mismatches.append("\(value) %.\(decimals)f: \(text), expected \(expected)")
                }
                // Appended after text already there, which it leaves alone.
                var bytes = Array("x".utf8)
                NumberFormat.appendFixed(value, decimals: decimals, to: &bytes)
                let appended = String(decoding: bytes, as: UTF8.self)
                if appended != "x" + expected {
                    mismatches.append(
                        "\(value) %.\(decimals)f appended: \(appended), expected x\(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("fixed decimals trimmed: String(format:)'s text without the zeros ending its decimals")
    func fixedTrimmed() {
        var mismatches = [String]()
        for value in NumberFormatTests.values() {
            for decimals in 0...8 {
                var expected = String(format: "%.\(decimals)f", value)
                if decimals > 0 {
                    while expected.hasSuffix("0") { expected.removeLast() }
                    if expected.hasSuffix(".") { expected.removeLast() }
                }
                var bytes = Array("x".utf8)
                StackBytes.append(room: NumberFormat.fixedRoom(decimals: decimals), to: &bytes) {
                    NumberFormat.addFixedTrimmed(value, decimals: decimals, to: &$0)
                }
                if String(decoding: bytes, as: UTF8.self) != "x" + expected {
                    mismatches.append("\(value) \(decimals): expected \(expected)")
                }
            }
        }
        #expect(RelativeChange.percent(0.5) == "50%")
        #expect(RelativeChange.percent(-0.00001) == "-0%")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("a grouped count is its digits with a comma before each group of three but the first")
    func groupedCounts() {
        /// The digits, grouped from the last as text.
        func reference(_ value: Int) -> String {
            var digits = Array(String(value.magnitude))
            var grouped = [Character]()
            while !digits.isEmpty {
                let group = digits.suffix(3)
                digits.removeLast(group.count)
                grouped.insert(contentsOf: group, at: 0)
                if !digits.isEmpty { grouped.insert(",", at: 0) }
            }
            return (value < 0 ? "−" : "") + String(grouped)
        }
        var random = SplitMix64(seed: 11)
        var values = [0, 1, -1, 999, 1_000, -1_000, 999_999, 1_000_000, Int.max, Int.min]
        for _ in 0..<20_000 {
            // Every length of digits, both signs.
            let value = Int(truncatingIfNeeded: random.next() >> (random.next() % 64))
            values.append(random.next() % 2 == 0 ? value : 0 &- value)
        }
        var mismatches = [String]()
        for value in values {
            var bytes = Array("x".utf8)
            NumberFormat.appendGrouped(value, to: &bytes)
            let appended = String(decoding: bytes, as: UTF8.self)
            if NumberFormat.grouped(value) != reference(value) || appended != "x" + reference(value)
            {
                mismatches.append("\(value): \(appended), expected x\(reference(value))")
            }
        }
        #expect(NumberFormat.grouped(12_345_678) == "12,345,678")
        #expect(NumberFormat.grouped(-1_234) == "−1,234")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("the figures built on it read as before: significant digits, percent, ratio, interval")
    func figures() {
        #expect(NumberFormat.significant(3.14159) == "3.14")
        #expect(NumberFormat.significant(-31.449) == "−31.4")
        #expect(NumberFormat.significant(3140.6) == "3141")
        #expect(NumberFormat.significant(0.000123) == "0.000123")
        #expect(NumberFormat.percent(0.125) == "12.5%")
        #expect(NumberFormat.percent(-0.0004) == "−0.0%")
        #expect(NumberFormat.ratio(1.235) == "1.24×")
        #expect(NumberFormat.ratio(.nan) == "—")
        #expect(NumberFormat.interval(-1.005, 2.675, ratio: true) == "[−1.00, 2.67]")
        #expect(RelativeChange.percent(0.025) == "2.5%")
        #expect(RelativeChange.signedPercent(-0.031) == "−3.1%")
        #expect(NumberFormat.significant(0) == "0")
        #expect(NumberFormat.significant(-0.0004) == "−0.000400")
        #expect(NumberFormat.significant(.infinity) == "—")
    }

    @Test(
        "a ratio and an interval appended as bytes are withMinus of their fixed or significant figures"
    )
    func ratioAndIntervalBytes() {
        var random = SplitMix64(seed: 7)
        func value() -> Double? {
            switch random.next() % 16 {
            case 0: return nil
            case 1: return .nan
            case 2: return -.infinity
            case 3: return 0
            default:
                let exponent = Double(Int(random.next() % 12)) - 5
                return (Double(random.next() % 2_000_000) / 1_000_000 - 1) * pow(10, exponent)
            }
        }
        /// A ratio and an interval as they were written as text: a string per figure.
        func ratio(_ value: Double) -> String {
            value.isFinite
                ? NumberFormat.withMinus(NumberFormat.fixed(value, decimals: 2) + "×") : "—"
        }
        func interval(_ low: Double?, _ high: Double?, ratio: Bool) -> String {
            guard let low, let high, low.isFinite, high.isFinite else { return "—" }
            let bound = { (value: Double) in
                ratio
                    ? NumberFormat.withMinus(NumberFormat.fixed(value, decimals: 2))
                    : NumberFormat.significant(value)
            }
            return "[\(bound(low)), \(bound(high))]"
        }
        var mismatches = [String]()
        for _ in 0..<20_000 {
            let (low, high) = (value(), value())
            if let low, NumberFormat.ratio(low) != ratio(low) { mismatches.append("ratio \(low)") }
            for asRatio in [false, true] {
                var bytes = Array("x".utf8)
                NumberFormat.appendInterval(low, high, ratio: asRatio, to: &bytes)
                let expected = "x" + interval(low, high, ratio: asRatio)
                if String(decoding: bytes, as: UTF8.self) != expected
                    || NumberFormat.interval(low, high, ratio: asRatio)
                        != interval(low, high, ratio: asRatio)
                {
                    mismatches.append(
                        "interval \(String(describing: low)) \(String(describing: high)) \(asRatio)"
                    )
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
    }

    @Test("a whole number appended as digits is its description")
    func wholeNumberDigits() {
        var random = SplitMix64(seed: 9)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min, .max - 1, .min + 1]
        for _ in 0..<20_000 {
            // Every length of digits, either sign.
            let bits = Int(random.next() % 64)
            values.append(Int64(bitPattern: random.next() >> UInt64(bits)))
        }
        var mismatches = [Int64]()
        for value in values {
            var bytes = Array("x".utf8)
            bytes.appendDescription(of: value)
            if String(decoding: bytes, as: UTF8.self) != "x\(value)" { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("significant digits appended as bytes are the figure's text: withMinus of fixed")
    func significantBytes() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let exponent = Double(Int(random.next() % 16)) - 8
            let value =
                (Double(random.next() % 2_000_000) / 1_000_000 - 1) * pow(10, exponent)
            let magnitude = abs(value)
            let expected =
                magnitude == 0
                ? "0"
                : NumberFormat.withMinus(
                    NumberFormat.fixed(
                        value, decimals: max(0, 3 - (Int(floor(log10(magnitude))) + 1))))
            var bytes = Array("x".utf8)
            NumberFormat.appendSignificant(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + expected, "\(value)")
        }
    }
}
