import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// Charts and the report on any file the readers accept. Seeded files of
/// extreme finite numbers (5e-324, ±1.7976931348623157e308, 1e300, 0, -0, and mixes of tiny
/// and huge) go through every `ChartKind` and the HTML report, in process: a trap would end
/// the test run. Each chart is XML with finite coordinates and within `ChartLimits`, or is
/// refused with `ChartError.tooLarge`; each report stays within its bounds.
@Suite("chart fuzz")
struct ChartFuzzTests {
    /// Numbers every numeric column accepts, from the smallest subnormal to the largest
    /// Double.
    static let extremes: [Double] = [
        5e-324, 2.2250738585072014e-308, 1e-300, 1e-12, 0, -0.0, 0.5, 1, 3, 1e15,
        9_007_199_254_740_993, 1e19, 1e300, 1e308, 1.7976931348623157e308,
    ]
    /// Columns of either sign also take these.
    static let negatives: [Double] = [-5e-324, -1, -1e300, -1.7976931348623157e308]
    static let signed: Set<String> = [
        "ratio_net_of_floor", "ratio_net_ci_low", "ratio_net_ci_high",
    ]
    /// The columns charts and the report read numbers from.
    static let drawn = [
        "machines", "events_per_machine", "actors", "ns_per_event_median", "ns_per_event_ci_low",
        "ns_per_event_ci_high", "ratio_to_baseline", "ratio_ci_low", "ratio_ci_high",
        "allocs_per_event",
        "ratio_net_of_floor", "ratio_net_ci_low", "ratio_net_ci_high",
    ]
    static let intervals = [
        ("ns_per_event_ci_low", "ns_per_event_ci_high"), ("ratio_ci_low", "ratio_ci_high"),
        ("ratio_net_ci_low", "ratio_net_ci_high"),
    ]

    /// One file's rows: a baseline, two patterns and a floor, at one to four sizes (a sweep
    /// of machines or events, or of actors) in one to three runs, with `random` cells (or
    /// a whole column) set to extreme numbers.
    static func rows(_ random: inout SplitMix64) -> [[String: String]] {
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let swept = ["machines", "events_per_machine", "actors"][below(3)]
        let sizes = 1 + below(4)
        let runs = 1 + below(3)
        var rows = [[String: String]]()
        for run in 0..<runs {
            for size in 0..<sizes {
                var suite: [[String: String]] = [
                    .row(
                        "enum-switch", role: "baseline", median: 100, ci: (98, 102), ratio: 1,
                        allocations: 0, run: "r\(run)"),
                    .row(
                        "state-objects", median: 250, ci: (240, 260), ratio: 2.5,
                        ratioCI: (2.3, 2.7), allocations: 2, run: "r\(run)"),
                    .row(
                        "table", median: 80, ci: (78, 82), ratio: 0.8, ratioCI: (0.7, 0.9),
                        allocations: 0.5, run: "r\(run)"),
                    .row(
                        "floor", role: "floor", median: 30, ci: (29, 31), allocations: 0,
                        run: "r\(run)"),
                ]
                for index in suite.indices {
                    suite[index][swept] = "\(10 << size)"
                    suite[index]["sweep"] = sizes > 1 ? "s\(size)" : ""
                }
                suite[2]["ratio_net_of_floor"] = "0.7"
                rows += suite
            }
        }
        let wholeColumn = below(3) == 0
        for _ in 0..<[1, 2, 4, 8, 30][below(5)] {
            let column = drawn[below(drawn.count)]
            let choices = extremes + (signed.contains(column) ? negatives : [])
            let value = "\(choices[below(choices.count)])"
            if wholeColumn {
                for index in rows.indices { rows[index][column] = value }
            } else {
                rows[below(rows.count)][column] = value
            }
        }
        // Keep what the reader checks: an interval's low end is not above its high end.
        for index in rows.indices {
            for (low, high) in intervals {
                if let lowValue = Double(rows[index][low] ?? ""),
                    let highValue = Double(rows[index][high] ?? ""),
                    lowValue > highValue
                {
                    (rows[index][low], rows[index][high]) = (rows[index][high], rows[index][low])
                }
            }
        }
        return rows
    }

    /// Fails unless `svg` is XML whose coordinates are finite and within a billion pixels,
    /// of at most `ChartLimits.elementsPerChart` elements and `ChartLimits.ticksPerAxis`
    /// ticks per axis. (One expectation per check, not per element: the fuzz stays fast.)
    static func checkBounded(_ svg: String, _ what: String) {
        let parsed = SVGElements(svg)
        #expect(parsed.error == nil, "\(what): \(String(describing: parsed.error))")
        // The document's own lines: the root, its title, the background, `</svg>`.
        #expect(
            svg.utf8.count { $0 == UInt8(ascii: "\n") } <= ChartLimits.elementsPerChart + 4,
            "\(what)")
        var outside = [String]()
        for element in parsed.elements {
            for attribute in ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "width", "height"] {
                guard let text = element.attributes[attribute] else { continue }
                if let value = Double(text), value.isFinite, abs(value) <= 1e9 { continue }
                outside.append("\(element.name) \(attribute)=\(text)")
            }
        }
        #expect(outside.isEmpty, "\(what): \(outside.prefix(5))")
        // Tick labels are the texts of size 11 in the axes groups: two axes to a group.
        let axes = parsed.all("g", cssClass: "axes").count
        let ticks = parsed.all("text").filter {
            $0.attributes["font-size"] == "11" && $0.attributes["text-anchor"] != nil
        }.count
        #expect(
            ticks <= 2 * axes * ChartLimits.ticksPerAxis,
            "\(what): \(ticks) tick labels on \(axes) pairs of axes")
    }

    @Test("extreme finite numbers through every chart kind and the report: no trap, bounded output")
    func extremeNumbers() throws {
        var random = SplitMix64(seed: 24)
        var drawnCharts = 0
        for file in 0..<60 {
            let rows = Self.rows(&random)
            let records = try ResultsFixture(rows).file(runs: .several).records
            for kind in ChartKind.allCases {
                let what = "file \(file) (seed 24), \(kind)"
                do {
                    guard let svg = try Charts.svg(kind, records: records) else { continue }
                    drawnCharts += 1
                    Self.checkBounded(svg, what)
                } catch {
                    Issue.record("\(what): \(error) for \(records.count) rows")
                }
            }
            let html = HTMLReport.render(records, scenarios: [], sources: ["fuzz-\(file).csv"])
            #expect(
                html.hasSuffix("</html>\n") && html.utf8.count < 4 << 20,
                "file \(file): report of \(html.utf8.count) bytes")
            #expect(!html.contains("=\"inf") && !html.contains("=\"nan"), "file \(file)")
        }
        #expect(drawnCharts > 120, "the fuzz draws charts, not only refusals: \(drawnCharts)")
    }

    @Test(
        "a scale over any two numbers is finite, ordered, and has at most ChartLimits.ticksPerAxis ticks"
    )
    func scales() {
        let values = Self.extremes + Self.negatives + [.nan, .infinity, -.infinity]
        var failures = [String]()
        for kind in [ChartScale.Kind.linear, .logarithmic] {
            for low in values {
                for high in values {
                    for scale in [
                        ChartScale(kind, from: low, to: high, pixels: (0, 100)),
                        ChartScale.fitted(
                            kind, to: [low, high], pixels: (0, 100), fromZero: kind == .linear),
                    ] {
                        let domain = scale.domain
                        let ticks = scale.ticks()
                        let ordered =
                            domain.lowerBound.isFinite && domain.upperBound.isFinite
                            && domain.lowerBound < domain.upperBound
                        let positive = kind == .linear || domain.lowerBound > 0
                        let pixels = values.allSatisfy {
                            scale.pixel($0).isFinite && abs(scale.pixel($0)) <= 200
                        }
                        // Inside the domain, give or take rounding.
                        let ticksInside = ticks.allSatisfy { tick in
                            kind == .linear
                                ? abs(tick - min(max(tick, domain.lowerBound), domain.upperBound))
                                    <= (domain.upperBound - domain.lowerBound) * 1e-6
                                : tick >= domain.lowerBound * (1 - 1e-9)
                                    && tick <= domain.upperBound * (1 + 1e-9)
                        }
                        if !ordered || !positive || !pixels || !ticksInside
                            || ticks.count > ChartLimits.ticksPerAxis
                        {
                            failures.append(
                                "\(kind) \(low)…\(high): domain \(domain), ticks \(ticks)")
                        }
                    }
                }
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }

    @Test(
        "rows past ChartLimits: the chart is refused in one line, the report leaves it out and says so"
    )
    func tooManyRows() throws {
        // Built directly, not parsed: the reader is not what this measures, and it is slow
        // in a debug build.
        let columns = ResultRow.columns
        func record(_ row: [String: String], line: Int) -> ResultsRecord {
            ResultsRecord(
                line: line, fields: columns.map { row[$0] ?? "" }, columns: .current)
        }
        var records = [
            record(.row("enum-switch", role: "baseline", median: 100, ratio: 1), line: 2)
        ]
        for number in 0..<(ChartLimits.elementsPerChart / 5) {
            records.append(
                record(
                    .row("pattern-\(number)", median: 200, ratio: 2, ratioCI: (1.9, 2.1)),
                    line: number + 3))
        }
        #expect(throws: ChartError.tooLarge(kind: .ratios, rows: records.count)) {
            try Charts.svg(.ratios, records: records)
        }
        let message = ChartError.tooLarge(kind: .ratios, rows: records.count).description
        #expect(!message.contains("\n") && message.contains("10,001 rows"), "\(message)")
        let html = HTMLReport.render(records, scenarios: [], sources: ["many.csv"])
        #expect(
            html.contains(
                "The ratios chart is left out: the ratios chart of 10,001 rows would draw more than"
            ))
        // The summary (a row per pattern: 10,000) opens the report and spends the report's
        // table rows first; the scenario's table shows what is left, none, and says so.
        let tableRows = html.components(separatedBy: "<tr>").count - 3
        #expect(
            tableRows == ChartLimits.tableRowsPerReport, "\(tableRows) rows in the tables")
        #expect(html.contains("The table shows 0 of the scenario's 10,001 rows"))
    }
}
