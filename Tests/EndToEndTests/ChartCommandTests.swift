import Foundation
import SimBench
import Testing

/// `plot` and `report` through the built binary: files written, exit statuses, one-line
/// errors, nothing written on failure.
@Suite("plot and report commands", .serialized)
struct ChartCommandTests {
    /// A vending results file at `machines`: the baseline and `table`, CIs of ±1%.
    func writeRun(_ path: String, machines: Int, run: String) throws {
        func row(_ variant: String, _ role: String, _ median: Double, _ ratio: Double) -> [String] {
            let cells: [String: String] = [
                "run_id": run, "host": "h", "scenario": "vending", "params": "products=40",
                "variant": variant,
                "role": role, "status": "ok", "machines": "\(machines)",
                "events_per_machine": "100", "actors": "8",
                "ns_per_event_median": "\(median)", "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)", "ratio_to_baseline": "\(ratio)",
                "ratio_ci_low": role == "baseline" ? "" : "\(ratio * 0.99)",
                "ratio_ci_high": role == "baseline" ? "" : "\(ratio * 1.01)",
                "allocs_per_event": "0",
            ]
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let base = 100 + Double(machines) / 1000
        let rows = [
            row("enum-switch", "baseline", base, 1), row("table", "pattern", base * 0.8, 0.8),
        ]
        try OutputFile.document(header: ResultRow.columns, rows: rows).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("plot: each kind the files allow is written as SVG; the same files give the same bytes")
    func plot() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("a.csv"), machines: 1000, run: "r1")
        try writeRun(scratch.path("b.csv"), machines: 10_000, run: "r2")
        for kind in ["ratios", "sweep", "allocs"] {
            let result = try SimBenchBinary.run(
                ["plot", "a.csv", "b.csv", "--chart", kind, "--out", "\(kind).svg"], in: scratch.url
            )
            #expect(result.status == 0, "\(kind): \(result.standardError)")
            #expect(result.standardOutput == "\(kind) chart: \(kind).svg\n")
            let svg = try String(contentsOfFile: scratch.path("\(kind).svg"), encoding: .utf8)
            #expect(
                svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                    && svg.contains("data-chart=\"\(kind)\""))
        }
        let again = try SimBenchBinary.run(
            ["plot", "a.csv", "b.csv", "--chart", "sweep", "--out", "-"], in: scratch.url)
        #expect(again.status == 0)
        #expect(
            again.standardOutput
                == (try String(contentsOfFile: scratch.path("sweep.svg"), encoding: .utf8)))
    }

    @Test(
        "plot: nothing to draw is one line and exit 1; bad flags and paths exit 64; nothing written"
    )
    func plotRefusals() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("a.csv"), machines: 1000, run: "r1")
        let cases: [([String], Int32, String)] = [
            (
                ["plot", "a.csv", "--chart", "sweep", "--out", "x.svg"], 1,
                "nothing to draw as --chart sweep"
            ),
            (
                ["plot", "a.csv", "--chart", "pie", "--out", "x.svg"], 64,
                "ratios, sweep, scaling, history, allocs"
            ),
            (["plot", "a.csv", "--out", "x.svg"], 64, "--chart"),
            (
                ["plot", "--chart", "ratios", "--out", "x.svg"], 64,
                "expected one or more results CSVs"
            ),
            (["plot", "a.csv", "--chart", "ratios", "--out", "missing/x.svg"], 64, "--out"),
            (["plot", "a.csv", "--chart", "ratios", "--out", "a.csv"], 64, "same file"),
            (["plot", "nope.csv", "--chart", "ratios", "--out", "x.svg"], 1, "nope.csv"),
            (["report", "a.csv", "--out", "."], 64, "--out"),
            (["report", "--out", "x.html"], 64, "expected one or more results CSVs"),
        ]
        for (arguments, status, mentions) in cases {
            let result = try SimBenchBinary.run(arguments, in: scratch.url)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.contains(mentions), "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.split(separator: "\n").count == 1,
                "\(arguments): one line: \(result.standardError)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path(".")).sorted()
        #expect(left == ["a.csv"], "nothing written: \(left)")
    }

    @Test("report: one HTML file with a section and charts per scenario")
    func report() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("a.csv"), machines: 1000, run: "r1")
        try writeRun(scratch.path("b.csv"), machines: 10_000, run: "r2")
        let result = try SimBenchBinary.run(
            ["report", "a.csv", "b.csv", "--out", "r.html"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOfFile: scratch.path("r.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<section class=\"scenario\" id=\"scenario-vending\""))
        #expect(html.contains("vending — State objects vs enum + switch"), "the catalog's title")
        for kind in ["ratios", "sweep", "allocs"] {
            #expect(html.contains("<figure class=\"chart\" data-chart=\"\(kind)\">"), "\(kind)")
        }
        #expect(
            !html.contains("data-chart=\"history\""),
            "two runs at two sizes are a sweep, not a history")
    }
}
