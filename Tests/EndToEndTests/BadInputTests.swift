import Foundation
import Testing

/// Bad input gets one line on stderr naming the flag and what is accepted, exit status 64,
/// and no file written.
@Suite("bad input", .serialized)
struct BadInputTests {
    static let cases: [(arguments: [String], mentions: String)] = [
        (["run", "--bogus"], "--bogus"),
        (["run", "--machines"], "--machines: missing value"),
        (["run", "--machines", "--rounds", "3"], "--machines: missing value"),
        (["run", "--machines", "ten"], "--machines: 'ten'"),
        (["run", "--machines", "0"], "--machines: '0'"),
        (["run", "--machines", "-5"], "--machines: '-5'"),
        (["run", "--machines", "1.5"], "--machines: '1.5'"),
        (["run", "--machines=99999999999999999999999"], "--machines"),
        (["run", "--events", "0"], "--events: '0'"),
        (
            ["run", "--machines", "1000,ten"],
            "--machines: 'ten' in '1000,ten' is not valid; expected a whole number from 1 to 2147483647, or a comma list of them"
        ),
        (["run", "--machines", "1000,,10000"], "--machines: '' in '1000,,10000'"),
        (["run", "--machines", "1000,"], "--machines: '' in '1000,'"),
        (["run", "--events", "10,0"], "--events: '0' in '10,0'"),
        (["run", "--actors", "1,2,5000"], "--actors: '5000' in '1,2,5000'"),
        (
            ["run", "--machines", "1000,2000000000", "--scenario", "vending"],
            "--machines 2000000000 with --events 100 (the largest of the sweep)"
        ),
        (["run", "--rounds", "0"], "--rounds: '0'"),
        (["run", "--actors", "0"], "--actors: '0'"),
        (["run", "--seed", "-1"], "--seed: '-1'"),
        (["run", "--max-time", "0"], "--max-time: '0'"),
        (["run", "--span", "-1"], "--span: '-1' is not valid; expected seconds, from 0 to 3600"),
        (["run", "--span", "soon"], "--span: 'soon'"),
        (["run", "--machines", "2000000000", "--events", "2000000000"], "would need about"),
        (["run", "--machines", "2000000000", "--scenario", "vending"], "memory"),
        (["run", "--scenario", "vendingx"], "unknown scenario 'vendingx'"),
        (["run", "--scenario", "vending,"], "--scenario"),
        (
            ["run", "--variant", "state-objectz"],
            "no selected scenario has a variant 'state-objectz'"
        ),
        (["run", "--scenario", "workday", "--variant", "vending.table"], "--variant"),
        (["run", "--param", "nonsense=1"], "unknown parameter 'nonsense'"),
        (["run", "--param", "products=-3"], "products='-3'"),
        (["run", "--param", "workday.step=3"], "step='3'"),
        (["run", "--param", "noequals"], "--param: 'noequals'"),
        (["run", "--param", "selftest.x=1"], "not selected"),
        (["run", "--quiet=yes"], "--quiet: takes no value"),
        (["run", "--csv", "/nonexistent-dir/x.csv", "--allow-debug"], "does not exist"),
        (["list", "extra"], "list: unknown argument 'extra'"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["help", "frobnicate"], "unknown command 'frobnicate'"),
    ]

    @Test("exit 64 with one line naming the problem", arguments: 0..<cases.count)
    func rejected(index: Int) throws {
        let (arguments, mentions) = Self.cases[index]
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(arguments, in: scratch.url)
        #expect(
            result.status == 64,
            "\(arguments): status \(result.status), stderr: \(result.standardError)")
        #expect(result.errorLines.count == 1, "\(arguments): stderr was \(result.standardError)")
        #expect(
            result.standardError.contains(mentions),
            "\(arguments): stderr was \(result.standardError)")
        #expect(result.standardError.hasPrefix("simbench: "), "\(arguments)")
        #expect(result.standardOutput.isEmpty, "\(arguments): printed \(result.standardOutput)")
        #expect(scratch.contents.isEmpty, "\(arguments) wrote \(scratch.contents)")
    }

    @Test("a failed run leaves an existing results file untouched")
    func existingFileSurvives() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("results.csv")
        try "precious\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try SimBenchBinary.run(
            ["run", "--csv", csv, "--machines", "0", "--allow-debug"], in: scratch.url)
        #expect(result.status == 64)
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == "precious\n")
        #expect(scratch.contents == ["results.csv"])
    }

    @Test("a debug build refuses to measure without --allow-debug")
    func debugBuildRefuses() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["run", "--machines", "5", "--events", "5"], in: scratch.url)
        #if DEBUG
            #expect(result.status == 64)
            #expect(result.standardError.contains("debug build"))
            #expect(scratch.contents.isEmpty)
        #else
            #expect(result.status == 0)
        #endif
    }
}
