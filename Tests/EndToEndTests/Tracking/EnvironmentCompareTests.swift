import Foundation
import SimBench
import Testing

/// `simbench compare` of two files that differ only in their `cpu` column: the change is said
/// right under the title, no time verdict counts, and `--judge-time-anyway` judges again.
@Suite("compare across CPUs", .serialized)
struct EnvironmentCompareTests {
    /// A results file of vending's baseline and one pattern whose ratio is `ratio`, on `cpu`.
    static func write(_ path: String, cpu: String, ratio: Double) throws {
        func row(_ variant: String, _ role: String, _ median: Double, _ ratio: Double?)
            -> [String]
        {
            var cells: [String: String] = [
                "run_id": "r-\(cpu.prefix(3))", "host": "vm", "cpu": cpu, "cores": "2",
                "scenario": "vending", "params": "products=40", "variant": variant,
                "role": role, "status": "ok", "machines": "1000", "events_per_machine": "100",
                "actors": "2", "ns_per_event_median": "\(median)",
                "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)",
                "cpu_ns_per_event_median": "\(median)",
                "cpu_ns_per_event_ci_low": "\(median * 0.99)",
                "cpu_ns_per_event_ci_high": "\(median * 1.01)",
            ]
            if let ratio {
                for prefix in ["", "cpu_"] {
                    cells["\(prefix)ratio_to_baseline"] = "\(ratio)"
                    cells["\(prefix)ratio_ci_low"] = "\(ratio * 0.99)"
                    cells["\(prefix)ratio_ci_high"] = "\(ratio * 1.01)"
                }
            }
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let rows = [
            row("enum-switch", "baseline", 10, nil),
            row("state-objects", "pattern", 10 * ratio, ratio),
        ]
        try OutputFile.document(header: ResultRow.columns, rows: rows).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("the CPU change comes first; no regression or improvement; exit 0")
    func differentCPU() throws {
        let scratch = try ScratchDirectory()
        try Self.write(scratch.path("xeon.csv"), cpu: "Intel(R) Xeon(R) Processor", ratio: 9.9)
        try Self.write(scratch.path("epyc.csv"), cpu: "AMD EPYC 7B13", ratio: 5.1)
        let result = try SimBenchBinary.run(["compare", "xeon.csv", "epyc.csv"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.count > 1
                && lines[1].hasPrefix(
                    "  the environment changed: CPU \"Intel(R) Xeon(R) Processor\" → \"AMD EPYC 7B13\""
                ),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("not judged: different CPU"))
        #expect(
            result.standardOutput.contains("--judge-time-anyway judges it"),
            "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("REGRESSION"))
        #expect(!result.standardOutput.contains("improvement "), "\(result.standardOutput)")

        let anyway = try SimBenchBinary.run(
            ["compare", "xeon.csv", "epyc.csv", "--judge-time-anyway", "--format", "markdown"],
            in: scratch.url)
        // The note names the flag that set it, as the command line calls it.
        #expect(
            anyway.standardOutput.contains("time is judged anyway (--judge-time-anyway)"),
            "\(anyway.standardOutput)")
        #expect(anyway.standardOutput.contains("improvement"), "\(anyway.standardOutput)")
    }
}
