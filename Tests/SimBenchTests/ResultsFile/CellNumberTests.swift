import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// A numeric cell read from its bytes has the value `Double(String)` gives it, bit for bit.
@Suite("cell numbers from bytes")
struct CellNumberTests {
    static func value(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(CellNumber.value)
    }

    static func fastValue(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(CellNumber.exactDecimal)
    }

    @Test(
        "edge cases read as Double(String) reads them",
        arguments: [
            "0", "-0", "0.0", "-0.0", "1", "-1", "12.5", "1.2e-05", "1.2E+05", "1e22", "1e23",
            "1e-22", "1e-23", "123456789012345", "1234567890123456", "0.1", "0.3",
            "9007199254740993", "000000000000000001.5", "1.000000000000000", "5.", ".5", "-.5",
            "", "-", ".", "e5", "1e", "1e+", "1e-", "+1", "1.2.3", "1,5", " 1", "1 ", "0x10",
            "inf", "nan", "1e400", "1e-400", "4.9e-324", "1_0", "1e0000000000000000001",
            "2.2250738585072014e-308", "179769313486231570000000000000000000000",
        ])
    func edgeCases(text: String) {
        let expected = Double(text)
        let read = Self.value(text)
        #expect(read?.bitPattern == expected?.bitPattern, "\(text.debugDescription)")
    }

    @Test(
        "any byte in place of a digit, where digits are read eight at a time, reads as Double(String) reads it",
        arguments: ["1234567890123456", "0.1234567890123456", "98765432.12345678e-3"])
    func everyByteAmongDigits(digits: String) {
        for position in 0..<digits.utf8.count {
            for byte in UInt8.min...UInt8.max {
                var cell = Array(digits.utf8)
                cell[position] = byte
                let expected = Double(String(decoding: cell, as: UTF8.self))
                let read = cell.withUnsafeBufferPointer(CellNumber.value)
                #expect(
                    read?.bitPattern == expected?.bitPattern,
                    "byte \(byte) at \(position) of \(digits)")
            }
        }
    }

    @Test("random decimals: the fast path, where it reads, and the whole read equal Double(String)")
    func randomDecimals() {
        var random = SplitMix64(seed: 11)
        var fastReads = 0
        for _ in 0..<20000 {
            var text = Bool.random(using: &random) ? "-" : ""
            let whole = Int.random(in: 0...17, using: &random)
            text += String((0..<whole).map { _ in "0123456789".randomElement(using: &random)! })
            if Bool.random(using: &random) {
                text += "."
                let fraction = Int.random(in: 0...17, using: &random)
                text += String(
                    (0..<fraction).map { _ in "0123456789".randomElement(using: &random)! })
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text += ["e", "E", "e-", "e+"].randomElement(using: &random)!
                text += String(Int.random(in: 0...40, using: &random))
            }
            let expected = Double(text)
            if let fast = Self.fastValue(text) {
                fastReads += 1
                #expect(fast.bitPattern == expected?.bitPattern, "\(text)")
            }
            #expect(Self.value(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
        // Most of these decimals are short enough for the fast path.
        #expect(fastReads > 5000)
    }

    @Test(
        "decimals of 16 to 19 significant digits, as results files hold them: read as Double(String), bit for bit"
    )
    func longDecimals() {
        var random = SplitMix64(seed: 17)
        var fastReads = 0
        var cases = 0
        func check(_ text: String) {
            cases += 1
            let expected = Double(text)
            if let fast = Self.fastValue(text) {
                fastReads += 1
                #expect(fast.bitPattern == expected?.bitPattern, "\(text)")
            }
            #expect(Self.value(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
        for _ in 0..<30_000 {
            // A double as simbench writes it (its shortest form, 16 or 17 digits for most),
            // and printed to 16 … 20 digits: each is next to a double, where rounding is
            // closest to a tie.
            let magnitude = Double.random(in: -22...22, using: &random)
            let value = Double.random(in: 1..<10, using: &random) * pow(10, magnitude.rounded())
            check("\(value)")
            check(String(format: "%.\(Int.random(in: 15...19, using: &random))g", value))
            check(String(format: "%.\(Int.random(in: 0...21, using: &random))f", -value))
            // Random digits: 16 to 20 of them, the point anywhere, zeros in front at times.
            let count = Int.random(in: 16...20, using: &random)
            var digits = String(
                (0..<count).map { _ in "0123456789".randomElement(using: &random)! })
            digits.insert(
                ".",
                at: digits.index(
                    digits.startIndex, offsetBy: Int.random(in: 0...count, using: &random)))
            check(digits)
            // Near ties: the 19-digit decimal halfway between a double and the next, and its
            // neighbours a last digit away.
            for tie in Self.nearTies(value) { check(tie) }
        }
        #expect(cases >= 150_000)
        // Most of them have at most 19 digits and a small enough scale for the fast path.
        #expect(fastReads > 60_000)
    }

    /// Small figures as results files hold them (a time ratio of 10^-4, a rate of 10^-12):
    /// 16 to 19 digits over powers of ten from 10^20 to 10^38, read by the exact path, not
    /// by `Double(String)`, and to the same bits.
    @Test("decimals over powers of ten from 10^20 to 10^38 read exactly, bit for bit")
    func smallDecimals() {
        var random = SplitMix64(seed: 19)
        var cases = 0
        func check(_ text: String) {
            cases += 1
            let expected = Double(text)
            let fast = Self.fastValue(text)
            #expect(fast != nil, "\(text) not read by the exact path")
            #expect(fast?.bitPattern == expected?.bitPattern, "\(text)")
        }
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -20...(-2), using: &random).rounded()
            let value = Double.random(in: 1..<10, using: &random) * pow(10, magnitude)
            // Its shortest form (`1.2518711676958778e-05`), a fixed form of 20 decimals or
            // more and at most 19 digits, and the near ties of 19 digits.
            check("\(value)")
            let decimals = Int.random(in: 20...min(38, 18 - Int(magnitude)), using: &random)
            check(String(format: "%.\(decimals)f", value))
            for tie in Self.nearTies(value) { check(tie) }
            // Short and long mantissas, down to the last scale read.
            let digits = Int.random(in: 1...19, using: &random)
            let mantissa = String(
                (0..<digits).map { _ in "123456789".randomElement(using: &random)! })
            check("\(mantissa)e-\(Int.random(in: 20...(CellNumber.wideScale), using: &random))")
        }
        #expect(cases >= 80_000)
    }

    /// A whole number over a power of ten whose quotient is a power of two (5^p × 2^j over
    /// 10^p, so 2^(j-p)) lies where the shifted quotient is exactly 2^63: the boundary at
    /// which the exact division decides on one more shift.
    @Test("decimals whose quotient is exactly a power of two read exactly, at the shift's bound")
    func powerOfTwoQuotients() {
        var cases = 0
        for power in 1...CellNumber.wideScale {
            var five = UInt128(1)
            for _ in 0..<power { five *= 5 }
            // Every whole number 5^p × 2^j of 1 to 19 digits: written with p decimals.
            var whole = five
            while whole < 10_000_000_000_000_000_000 {
                if whole >= 1 {
                    var digits = String(whole)
                    let zeros = max(0, power + 1 - digits.count)
                    digits = String(repeating: "0", count: zeros) + digits
                    digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -power))
                    let expected = Double(digits)
                    #expect(Self.value(digits)?.bitPattern == expected?.bitPattern, "\(digits)")
                    cases += 1
                }
                whole *= 2
            }
        }
        #expect(cases > 500)
    }

    /// The quotient from one multiplication (`productQuotient`) against the exact division,
    /// over whole numbers of every length and every power the division reads: equal bit for
    /// bit where it reads, and it reads nearly all of 17 digits or fewer (a double's shortest
    /// form); a longer one, whose carry it is less sure of, it leaves more often.
    @Test("a quotient from one multiplication equals the exact division, and reads nearly all")
    func productQuotients() {
        var random = SplitMix64(seed: 23)
        var cases = 0
        var read = 0
        var shortCases = 0
        var shortRead = 0
        func exact(_ whole: UInt64, _ power: Int) -> Double {
            power <= 19
                ? CellNumber.quotient(whole, overPowerOfTen: power)
                : CellNumber.wideQuotient(whole, overPowerOfTen: power)
        }
        func check(_ whole: UInt64, _ power: Int) {
            cases += 1
            if whole < 100_000_000_000_000_000 { shortCases += 1 }
            // Nil leaves the division to decide: counted, not checked.
            if let product = CellNumber.productQuotient(whole, overPowerOfTen: power) {
                read += 1
                if whole < 100_000_000_000_000_000 { shortRead += 1 }
                let expected = exact(whole, power)
                #expect(product.bitPattern == expected.bitPattern, "\(whole) / 10^\(power)")
            }
        }
        for _ in 0..<200_000 {
            let bits = Int.random(in: 1...64, using: &random)
            let whole = UInt64.random(in: 1...UInt64.max, using: &random) >> (64 - bits)
            check(max(whole, 1), Int.random(in: 1...CellNumber.wideScale, using: &random))
        }
        #expect(shortRead > shortCases * 99 / 100, "read \(shortRead) of \(shortCases)")
        #expect(read > cases * 9 / 10, "read \(read) of \(cases)")
        // Ties and doubles: (2s + 1) · 5^p over 10^p is halfway between two doubles (54
        // bits), s · 5^p over 10^p a double; the product cannot tell these, the division does.
        var five = UInt64(1)
        for power in 1...4 {
            five *= 5
            for _ in 0..<2_000 {
                let significand = UInt64.random(in: 1 << 52..<1 << 53, using: &random)
                for whole in [(2 * significand + 1) * five, significand * five] {
                    check(whole, power)
                    #expect(
                        CellNumber.productQuotient(whole, overPowerOfTen: power) == nil,
                        "\(whole) / 10^\(power) is exact or a tie")
                }
            }
        }
    }

    /// The 19-digit decimals nearest halfway between `value` and the next double, and a
    /// last digit either side: where a read rounds closest to a tie.
    static func nearTies(_ value: Double) -> [String] {
        // `d.dddddddddddddddddde±x`: 19 significant digits and the exponent.
        func digits(_ value: Double) -> (UInt64, String)? {
            let text = String(format: "%.18e", value)
            guard let e = text.firstIndex(of: "e") else { return nil }
            return (UInt64(text[..<e].filter { $0 != "." })!, String(text[e...]))
        }
        guard let (low, exponent) = digits(value), let (high, same) = digits(value.nextUp),
            exponent == same
        else { return [] }
        let middle = low / 2 + high / 2 + (low % 2 + high % 2) / 2
        return [middle - 1, middle, middle + 1].map { mantissa in
            var text = String(mantissa)
            text.insert(".", at: text.index(after: text.startIndex))
            return text + exponent
        }
    }

    @Test("bounds in order by their digits are in order as numbers, and as decimals")
    func decimalsInOrder() {
        var random = SplitMix64(seed: 13)
        func decimal() -> String {
            var text = Int.random(in: 0..<3, using: &random) == 0 ? "-" : ""
            text += String(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    "0012345679".randomElement(using: &random)!
                })
            if Bool.random(using: &random) {
                text += "."
                text += String(
                    (0..<Int.random(in: 0...18, using: &random)).map { _ in
                        "0012345679".randomElement(using: &random)!
                    })
            }
            return text
        }
        var inOrder = 0
        for _ in 0..<20000 {
            let (low, high) = (decimal(), decimal())
            let told = Array(low.utf8).withUnsafeBufferPointer { low in
                Array(high.utf8).withUnsafeBufferPointer { high in
                    CellNumber.decimalsInOrder(low, high)
                }
            }
            guard let lowDecimal = Decimal(string: low), let highDecimal = Decimal(string: high),
                DecimalText.isPlainDecimal(low), DecimalText.isPlainDecimal(high)
            else {
                #expect(!told, "\(low) \(high)")
                continue
            }
            if told {
                inOrder += 1
                #expect(lowDecimal <= highDecimal, "\(low) \(high)")
                #expect(Double(low)! <= Double(high)!, "\(low) \(high)")
            } else if !(low.first != "-" && high.first == "-") {
                // Only a non-negative low against a negative high is left to the parse.
                #expect(lowDecimal > highDecimal, "\(low) \(high)")
            }
        }
        #expect(inOrder > 5000)
    }

    @Test("a list cell's numbers from its bytes are those its text splits into, bit for bit")
    func semicolonLists() {
        let cells = [
            "", "1.25", "1.25;1.31;1.27", ";;1.5;;", "1.5;x;2", "nan;inf;-0", " 1.5; 2",
            "1e-05;0x1p3;12345678901234567890", "1;2\u{301};3", "1;\u{301}2;3", "π;3.14", "-1.5;+2",
        ]
        for cell in cells {
            let record = ResultsRecord(
                line: 2, fields: [cell], columns: ColumnPositions(header: ["process_cpu_ratios"]))
            let read = record.numbers(separatedBySemicolonsIn: .processCPURatios)
            let split = cell.split(separator: ";").compactMap { Double($0) }
            #expect(read.map(\.bitPattern) == split.map(\.bitPattern), "\(cell)")
        }
    }
}
