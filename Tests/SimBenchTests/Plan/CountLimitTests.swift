import SimBenchCore
import Testing

@testable import SimBench

/// Every number a person types (a flag's value, a `--param`) is read by one rule
/// (`DecimalText`): plain decimal, `_` only between groups of three digits.
@Suite("numbers typed: one strict rule for every flag and parameter")
struct CountLimitTests {
    static let counts = CountLimit(1...Int(Int32.max))

    @Test(
        "whole numbers: refused forms",
        arguments: [
            "1_0", "1__000", "_100", "100_", "1_0000", "+5", " 5", "5 ", "0x10", "1e3", "", "-",
            "١٢",
        ])
    func refusedWholeNumbers(text: String) {
        #expect(throws: ValueError.self, "\(text.debugDescription)") {
            try Self.counts.parse(text)
        }
        #expect(DecimalText.wholeNumber(text) == nil, "\(text.debugDescription)")
    }

    @Test("whole numbers: accepted forms")
    func acceptedWholeNumbers() throws {
        #expect(try Self.counts.parse("10") == 10)
        #expect(try Self.counts.parse("1_000") == 1000)
        #expect(try Self.counts.parse("1_000_000") == 1_000_000)
        #expect(try Self.counts.parseList("10, 1_000") == [10, 1000])
        #expect(DecimalText.wholeNumber("18446744073709551615", as: UInt64.self) == .max)
        #expect(DecimalText.wholeNumber("-12") == -12)
    }

    @Test(
        "decimals: refused forms, also in seconds and parameters",
        arguments: ["0x1p-3", "inf", "nan", "1e-400", "1e-310", "1e400", "+1", ".", "1e", " 1"])
    func refusedDecimals(text: String) {
        #expect(DecimalText.number(text) == nil, "\(text)")
        #expect(throws: ValueError.self, "\(text)") { try SecondsLimit(maximum: 10).parse(text) }
        let spec = ParameterSpec.number("p", "", default: 0.5, range: 0...1)
        #expect(!spec.accepts(text), "\(text)")
    }

    @Test("decimals: accepted forms")
    func acceptedDecimals() throws {
        #expect(DecimalText.number("0") == 0)
        #expect(DecimalText.number("0.0e-400") == 0)
        #expect(DecimalText.number("-2.5e-3") == -0.0025)
        #expect(try SecondsLimit(maximum: 10).parse("0.125s") == 0.125)
        #expect(ParameterSpec.number("p", "", default: 0.5, range: 0...1).accepts("1e-3"))
        #expect(!ParameterSpec.integer("n", "", default: 1, range: 1...100).accepts("1_0"))
        #expect(ParameterSpec.integer("n", "", default: 1, range: 1...100).accepts("10"))
    }
}
