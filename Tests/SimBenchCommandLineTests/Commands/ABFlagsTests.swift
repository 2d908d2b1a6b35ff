import SimBench
import Testing

@testable import SimBenchCommandLine

/// `simbench ab --pairs K|auto`, `--max-time`, `--counts` and `--layouts`: how they parse.
@Suite("ab: its flags")
struct ABFlagsTests {
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

    @Test(
        "--layouts: on by default, off, and one line for anything else",
        arguments: [
            ([String](), CodeLayouts.Mode.on), (["--layouts", "on"], .on),
            (["--layouts", "off"], .off),
        ])
    func flag(words: [String], mode: CodeLayouts.Mode) throws {
        guard
            case .command(let ab) = try CommandParser.parse(
                ABCommand.self, ["--base", "main"] + words)
        else {
            Issue.record("\(words): not parsed as a command")
            return
        }
        #expect(ab.layouts == mode, "\(words)")
    }

    @Test("a --layouts value that is neither on nor off is refused, naming both")
    func badFlag() {
        for value in ["yes", "ON", ""] {
            #expect(throws: UsageError.self, "\(value)") {
                _ = try CommandParser.parse(ABCommand.self, ["--base", "main", "--layouts", value])
            }
            do {
                _ = try CommandParser.parse(ABCommand.self, ["--base", "main", "--layouts", value])
            } catch {
                #expect("\(error)".contains("expected on, off"), "\(value): \(error)")
            }
        }
    }
}
