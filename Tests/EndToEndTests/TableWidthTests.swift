import Foundation
import Testing

/// `run` and `compare` fit the terminal by default (120 columns, or `COLUMNS`), and
/// `--wide` shows every column.
@Suite("tables that fit", .serialized)
struct TableWidthTests {
    /// Every default scenario, small: the tables' widths come from their columns and the
    /// figures' digits, which a few hundred machines give as 10,000 do.
    static let small = [
        "--machines", "500", "--events", "2", "--rounds", "3", "--warmup", "0", "--allow-debug",
        "--processes", "1",
    ]

    func longest(_ text: String) -> (Int, String) {
        let lines = text.split(separator: "\n").map(String.init)
        let line = lines.max { $0.count < $1.count } ?? ""
        return (line.count, line)
    }

    @Test("a default run prints no line longer than 120 characters; --wide shows every column")
    func runFits() throws {
        let scratch = try ScratchDirectory()
        let compact = try SimBenchBinary.run(
            ["run"] + Self.small + ["--csv", scratch.path("a.csv")], in: scratch.url)
        #expect(compact.status == 0, "\(compact.standardError)")
        let (width, line) = longest(compact.standardOutput)
        #expect(width <= 120, "\(width) characters: \(line)")
        #expect(
            compact.standardOutput.contains("CPU ns/event")
                && compact.standardOutput.contains("CPU ratio"))
        #expect(
            compact.standardOutput.contains("allocs/event") || compact.standardOutput.contains("CV")
        )

        let wide = try SimBenchBinary.run(
            ["run"] + Self.small + ["--csv", scratch.path("b.csv"), "--wide"], in: scratch.url)
        #expect(wide.status == 0)
        for column in [
            "min", "max", "events/s", "peak RSS", "prepare", "CV", "allocs/event", "95% CI",
        ] {
            #expect(wide.standardOutput.contains(column), "--wide lacks \(column)")
        }
        #expect(
            longest(wide.standardOutput).0 > 120,
            "the wide table should be wider than the compact one")
    }

    @Test("the width follows COLUMNS")
    func followsColumns() throws {
        let scratch = try ScratchDirectory()
        let narrow = try SimBenchBinary.run(
            ["run"] + Self.small + [
                "--scenario", "vending,calibrate", "--csv", scratch.path("a.csv"),
            ],
            in: scratch.url, columns: 90)
        #expect(narrow.status == 0)
        let (width, line) = longest(narrow.standardOutput)
        #expect(width <= 90, "\(width) characters: \(line)")
    }

    @Test(
        "compare prints verdict, benchmark, change and why within 120 columns; --wide every column")
    func compareFits() throws {
        let scratch = try ScratchDirectory()
        for name in ["a.csv", "b.csv"] {
            let run = try SimBenchBinary.run(
                ["run"] + Self.small + ["--machines", "200", "--csv", scratch.path(name)],
                in: scratch.url)
            #expect(run.status == 0)
        }
        let compact = try SimBenchBinary.run(["compare", "a.csv", "b.csv"], in: scratch.url)
        #expect([0, 2].contains(compact.status), "\(compact.standardError)")
        let (width, line) = longest(compact.standardOutput)
        #expect(width <= 120, "\(width) characters: \(line)")
        #expect(
            compact.standardOutput.contains("verdict") && compact.standardOutput.contains("why"))
        let wide = try SimBenchBinary.run(["compare", "a.csv", "b.csv", "--wide"], in: scratch.url)
        #expect(
            wide.standardOutput.contains("95% CI of change")
                && wide.standardOutput.contains("basis"))
    }
}
