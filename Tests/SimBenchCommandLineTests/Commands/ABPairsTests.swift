import SimBench
import Testing

@testable import SimBenchCommandLine

/// `simbench ab --pairs K|auto`, `--max-time` and `--counts`: how they parse, and when a pair
/// may start.
@Suite("ab: pairs, time and counts")
struct ABPairsTests {
    func parse(_ words: [String]) throws -> ABCommand {
        guard case .command(let command) = try CommandParser.parse(ABCommand.self, words) else {
            throw UsageError("help instead of a command")
        }
        return command
    }

    @Test("--pairs takes a count or auto; auto may run up to the pair limit")
    func pairs() throws {
        let fixed = try parse(["--base", "main", "--pairs", "7"])
        #expect(fixed.pairs == 7 && !fixed.autoPairs)
        let auto = try parse(["--base", "main", "--pairs", "auto"])
        #expect(auto.autoPairs && auto.pairs == ABCommand.pairLimit.range.upperBound)
        let plain = try parse(["--base", "main"])
        #expect(plain.pairs == 5 && !plain.autoPairs && plain.maxTime == nil)
        #expect(plain.counts == .auto)
        #expect(try parse(["--base", "main", "--counts", "off"]).counts == .off)
        #expect(try parse(["--base", "main", "--max-time", "90"]).maxTime == 90)
        for bad in [
            ["--pairs", "0"], ["--pairs", "many"], ["--max-time", "0"], ["--counts", "on"],
        ] {
            #expect(throws: (any Error).self, "\(bad)") { try parse(["--base", "main"] + bad) }
        }
    }

    @Test("a pair starts only when, at the pace so far, it ends within --max-time")
    func room() {
        #expect(ABCommand.roomForPair(1, elapsed: 0, budget: 1))
        // Two pairs took 100 s: a third ends near 150 s.
        #expect(ABCommand.roomForPair(3, elapsed: 100, budget: 150))
        #expect(!ABCommand.roomForPair(3, elapsed: 100, budget: 149))
        #expect(!ABCommand.roomForPair(2, elapsed: 60, budget: 100))
    }
}
