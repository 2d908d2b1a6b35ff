import Foundation
import SimBench
import Testing

/// `simbench spread` through the built binary: the lines it prints in each mode, in order and
/// whole, and the exit status `--limit` gives.
@Suite("spread: the lines printed and the exit status")
struct SpreadCommandTests {
    /// A vending run: the baseline at `base` ns and CPU time `base / 100` of the reference,
    /// `table` at `ratio` (wall and CPU), and `table`'s counts when given (the baseline has
    /// none).
    static func writeRun(
        _ path: String, base: Double, ratio: Double, instructions: Double?
    ) throws {
        func row(_ variant: String, _ role: String, _ ratio: Double, counted: Bool) -> [String] {
            var cells: [String: String] = [
                "run_id": "r", "host": "h", "scenario": "vending", "params": "products=40",
                "variant": variant, "role": role, "status": "ok",
                "ns_per_event_median": "\(base * ratio)", "ratio_to_baseline": "\(ratio)",
                "cpu_ratio_to_baseline": "\(ratio)", "cpu_per_reference": "\(base / 100)",
            ]
            if counted, let instructions {
                cells["instructions_per_event"] = "\(instructions)"
                cells["estimated_cycles_per_event"] = "\(instructions * 2)"
            }
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let rows = [
            row("enum-switch", "baseline", 1, counted: false),
            row("table", "pattern", ratio, counted: true),
        ]
        try OutputFile.document(header: ResultRow.columns, rows: rows).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    /// Three runs: ratios 0.80, 0.82 and 0.81 (a spread of 0.02 / 0.81), baselines at 100,
    /// 110 and 90 ns, `table`'s instructions 1000, 1001 and 1000.
    static func runs() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        for (index, (base, ratio, instructions)) in [
            (100.0, 0.80, 1000.0), (110, 0.82, 1001), (90, 0.81, 1000),
        ].enumerated() {
            try writeRun(
                scratch.path("run\(index + 1).csv"), base: base, ratio: ratio,
                instructions: instructions)
        }
        return scratch
    }

    static let files = ["run1.csv", "run2.csv", "run3.csv"]

    @Test("ratios and the baselines' drift, then the widest spread; --limit judges it")
    func ratios() throws {
        let scratch = try Self.runs()
        let lines = [
            "ratio spread: vending.table[products=40] 2.5%",
            "baseline drift: vending.enum-switch[products=40] +0.0% +10.0% -10.0%",
        ]
        let plain = try SimBenchBinary.run(["spread"] + Self.files, in: scratch.url)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(
            plain.standardOutput
                == (lines + ["widest ratio spread (cpu): 2.5%"]).joined(separator: "\n") + "\n")
        let beyond = try SimBenchBinary.run(
            ["spread", "--limit", "2%"] + Self.files, in: scratch.url)
        #expect(beyond.status == 2, "\(beyond.standardError)")
        #expect(
            beyond.standardOutput
                == (lines + ["widest ratio spread (cpu): 2.5% (limit 2%)"]).joined(
                    separator: "\n") + "\n")
        let within = try SimBenchBinary.run(
            ["spread", "--limit", "3%"] + Self.files, in: scratch.url)
        #expect(within.status == 0, "\(within.standardError)")
    }

    @Test("--counts: each counted row's spread, each row without counts, then the widest")
    func counts() throws {
        let scratch = try Self.runs()
        let lines = [
            "count spread: vending.table[products=40] instructions 0.1000%",
            "count spread: vending.table[products=40] cycles 0.1000%",
            "count missing: vending.enum-switch[products=40] (a row without instructions or cycles)",
        ]
        let plain = try SimBenchBinary.run(["spread", "--counts"] + Self.files, in: scratch.url)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(
            plain.standardOutput
                == (lines + ["widest count spread: 0.1000%"]).joined(separator: "\n") + "\n")
        // A row without counts fails the limit, however narrow the counts' spread.
        let missing = try SimBenchBinary.run(
            ["spread", "--counts", "--limit", "5%"] + Self.files, in: scratch.url)
        #expect(missing.status == 2, "\(missing.standardError)")
        #expect(missing.standardOutput.hasSuffix("widest count spread: 0.1000% (limit 5%)\n"))
    }
}
