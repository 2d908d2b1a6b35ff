import Testing

@testable import SimBench

/// `plot --chart mechanisms` and the report's section: a stacked bar per variant, baseline
/// first, and the answers' instruction split.
struct MechanismChartTests {
    /// vending's baseline and a pattern, both split, the pattern's row first in the file;
    /// `secondBaseline`, a second baseline variant's split after them.
    static func rows(secondBaseline: [Mechanism: Double]? = nil) throws -> [ResultsRecord] {
        func row(_ variant: String, role: String, _ split: [Mechanism: Double]) -> [String: String]
        {
            var row = [String: String].row(
                variant, role: role, median: role == "baseline" ? 10 : 30,
                ratio: role == "baseline" ? 1 : 3)
            row["instructions_per_event"] = "\(MechanismSplit(split).total)"
            row["instructions_source"] = "callgrind"
            for mechanism in Mechanism.allCases {
                row[mechanism.columnName] = "\(split[mechanism, default: 0])"
            }
            if role == "pattern" {
                row["overhead_ns_per_event"] = "20"
                row["overhead_ci_low"] = "19"
                row["overhead_ci_high"] = "21"
                row["breakeven_ns_per_event"] = "400"
                row["negligible"] = "0.05"
            }
            return row
        }
        return try ResultsFixture(
            [
                row("state-objects", role: "pattern", [.own: 67, .refcount: 109, .alloc: 64]),
                row("enum-switch", role: "baseline", [.own: 27, .refcount: 1]),
            ] + (secondBaseline.map { [row("table", role: "baseline", $0)] } ?? [])
        ).file().records
    }

    @Test("a stacked bar per variant, baseline first, a segment per mechanism it ran")
    func chart() throws {
        let svg = try #require(try Charts.svg(.mechanisms, records: MechanismChartTests.rows()))
        let baseline = try #require(svg.range(of: ">enum-switch<"))
        let pattern = try #require(svg.range(of: ">state-objects<"))
        #expect(baseline.lowerBound < pattern.lowerBound, "baseline first")
        #expect(svg.components(separatedBy: "class=\"bar refcount\"").count == 3)
        #expect(svg.components(separatedBy: "class=\"bar alloc\"").count == 2)
        #expect(svg.components(separatedBy: "class=\"bar own\"").count == 3)
        #expect(svg.contains(">240<"), "the pattern's total")
        #expect(svg.contains("runtime-other"), "the legend names every mechanism")
    }

    @Test("rows without the split draw nothing")
    func nothingToDraw() throws {
        let rows = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 10, ratio: 1)
        ]).file().records
        #expect(try Charts.svg(.mechanisms, records: rows) == nil)
    }

    @Test("the answers split the instructions over the run's last baseline row")
    func lastBaseline() throws {
        let html = HTMLReport.render(
            try MechanismChartTests.rows(secondBaseline: [.own: 67, .refcount: 9]),
            scenarios: [], sources: ["a.csv"])
        // Over the last (own 67, refcount 9): +100 reference counting, +64 allocation.
        #expect(html.contains("its +164 instructions per"), "\(html)")
        #expect(!html.contains("+212 instructions"))
    }

    @Test(
        "the report shows the chart after the answers, whose sentence splits the extra instructions"
    )
    func report() throws {
        let html = HTMLReport.render(
            try MechanismChartTests.rows(),
            scenarios: [
                .init(
                    name: "vending", title: "State objects vs enum", event: "customer action",
                    entity: "vending machine")
            ],
            sources: ["a.csv"])
        let answers = try #require(html.range(of: "class=\"answers\""))
        let chart = try #require(html.range(of: "data-chart=\"mechanisms\""))
        let ratios = try #require(html.range(of: "data-chart=\"ratios\""))
        #expect(answers.lowerBound < chart.lowerBound && chart.lowerBound < ratios.lowerBound)
        #expect(
            html.contains(
                "its +212 instructions per customer action: 51% reference counting, 30% allocation, 19% its own code."
            ))
    }
}
