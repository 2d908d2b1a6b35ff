import Testing

/// Words a command does not take, and numbers in forms no flag accepts, are refused with one
/// line and the usage status (64), before anything runs.
@Suite("command line: extra words and loose numbers are refused")
struct StrictArgumentTests {
    static let refused: [(arguments: [String], says: String)] = [
        (["version", "extra"], "simbench: version: takes no arguments, but got 'extra'"),
        (["--version", "--bogus"], "simbench: --version: takes no arguments, but got '--bogus'"),
        (
            ["help", "run", "extra"],
            "simbench: help: expected at most one command, but got 2 words ('run' 'extra'); see 'simbench help COMMAND'"
        ),
        (["run", "--machines", "1_0"], "simbench: --machines: '1_0' is not valid"),
        (["run", "--min-time", "0x1p-3"], "simbench: --min-time: '0x1p-3' is not valid"),
        (
            ["run", "--scenario", "validation", "--param", "validation.invalid=1e-400"],
            "simbench: --param: validation.invalid='1e-400' is not valid"
        ),
        (["run", "--seed", "1_2"], "simbench: --seed: '1_2' is not valid"),
    ]

    @Test("one line, exit 64", arguments: refused.indices)
    func refusal(index: Int) throws {
        let (arguments, says) = Self.refused[index]
        let result = try SimBenchBinary.run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.errorLines.count == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix(says), "\(arguments): \(result.standardError)")
    }

    @Test("a bad value of 100 KB is quoted clipped, on one short line")
    func longValueClipped() throws {
        let value = String(repeating: "x", count: 100_000)
        let result = try SimBenchBinary.run(["run", "--param", "vending.products=\(value)"])
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.utf8.count < 1_000, "\(result.standardError.prefix(300))")
        #expect(result.standardError.contains("… (100,000 characters)"))
    }
}
