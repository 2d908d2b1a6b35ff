import Foundation
import SimBench
import Testing

/// Every command that prints, with standard output on a full disk
/// (`/dev/full`, opened as the child's standard output). Each must exit 1 with one line
/// naming standard output, as `--out -` does, never 0 with its output lost.
@Suite("standard output on a full disk", .serialized)
struct StandardOutputTests {
    /// A small valid results file (also a valid history of one run).
    static func writeResults(_ path: String) throws {
        func row(_ variant: String, _ role: String, _ median: Double, _ ratio: Double) -> [String] {
            let cells: [String: String] = [
                "run_id": "r1", "host": "h", "scenario": "vending", "params": "products=40",
                "variant": variant,
                "role": role, "status": "ok", "machines": "1000", "events_per_machine": "100",
                "actors": "2",
                "ns_per_event_median": "\(median)", "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)", "ratio_to_baseline": "\(ratio)",
                "ratio_ci_low": role == "baseline" ? "" : "\(ratio * 0.99)",
                "ratio_ci_high": role == "baseline" ? "" : "\(ratio * 1.01)",
                "allocs_per_event": "1",
            ]
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let rows = [row("enum-switch", "baseline", 100, 1), row("table", "pattern", 80, 0.8)]
        try OutputFile.document(header: ResultRow.columns, rows: rows).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    /// Every command that writes to standard output, by default or with `-`.
    static let printing: [[String]] = [
        ["list"],
        ["completion", "bash"],
        ["completion", "zsh"],
        ["--help"],
        ["help", "run"],
        ["export", "--help"],
        ["--version"],
        ["export", "a.csv", "--format", "github"],
        ["export", "a.csv", "--format", "influx", "--out", "-"],
        ["compare", "a.csv", "a.csv"],
        ["compare", "a.csv", "a.csv", "--format", "markdown"],
        ["baseline", "list"],
        ["plot", "a.csv", "--chart", "ratios", "--out", "-"],
        ["plot", "a.csv", "--chart", "allocs", "--out", "chart.svg"],
        ["report", "a.csv", "--out", "-"],
        ["merge", "a.csv", "--out", "-"],
        ["repair-history", "a.csv"],
        ["render", "--out", "-"],
        [
            "run", "--scenario", "vending", "--machines", "2", "--events", "2", "--rounds", "1",
            "--warmup", "0",
            "--allow-debug", "--csv", "run.csv",
        ],
    ]

    @Test(
        "each printing command exits 1 with one line naming standard output when it cannot be written",
        .enabled(if: TestHost.isLinux, "Linux's /dev/full stands for the full disk"))
    func fullDisk() throws {
        #expect(FileManager.default.isWritableFile(atPath: "/dev/full"))
        for arguments in Self.printing {
            let scratch = try ScratchDirectory()
            try Self.writeResults(scratch.path("a.csv"))
            let result = try SimBenchBinary.run(
                arguments, in: scratch.url, standardOutput: .file("/dev/full"))
            #expect(
                !result.signaled && result.status == 1,
                "\(arguments): status \(result.status), \(result.standardError)")
            // A debug build's run warns first; the failure is the last line, and the only one
            // that names standard output.
            let lines = result.errorLines.filter { $0.contains("standard output") }
            #expect(lines.count == 1, "\(arguments): \(result.standardError)")
            #expect(
                result.errorLines.last?.hasPrefix(
                    "simbench: standard output: No space left on device") == true,
                "\(arguments): \(result.standardError)")
            let left = scratch.contents.filter { $0.hasPrefix(".simbench-") }
            #expect(left.isEmpty, "\(arguments): temporaries left: \(left)")
        }
    }

    @Test("the same commands exit 0 when standard output can be written")
    func writable() throws {
        for arguments in Self.printing {
            let scratch = try ScratchDirectory()
            try Self.writeResults(scratch.path("a.csv"))
            let result = try SimBenchBinary.run(
                arguments, in: scratch.url, standardOutput: .file("/dev/null"))
            #expect(
                result.status == 0, "\(arguments): status \(result.status), \(result.standardError)"
            )
        }
    }
}
