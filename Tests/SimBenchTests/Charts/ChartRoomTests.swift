import Testing

@testable import SimBench

/// A chart a report's budget cannot hold is left out as it was when drawn and then dropped:
/// the allocations chart, which counts its elements to its ticks before drawing, is left out
/// before the work exactly when the elements it surely draws pass the room left, and the
/// report says so in the same words.
@Suite("a chart left out for want of room")
struct ChartRoomTests {
    /// Two runs of the chart fixtures: two configurations (a history keeps runs apart), each
    /// with its variants' rows.
    static func records() throws -> [ResultsRecord] {
        try ChartTests.records(
            ChartTests.suite(run: "run-1") + ChartTests.suite(run: "run-2", tableMedian: 120),
            runs: .several)
    }

    @Test(
        "allocations: left out before drawing exactly when the elements it surely draws pass the room"
    )
    func allocationsCountTheirElements() throws {
        let records = try Self.records()
        let svg = try #require(try Charts.svg(.allocs, records: records))
        let elements = HTMLReport.lineCount(svg) - SVGCanvas.documentLines
        // Every element but a tick's grid line and label is counted before drawing.
        let ticks = SVGElements(svg).all("line").filter {
            $0.attributes["stroke"] == ChartPalette.grid
        }.count
        #expect(ticks >= 2)
        let least = elements - 2 * ticks
        #expect(try Charts.svg(.allocs, records: records, room: least) == svg)
        #expect(throws: ChartError.pastRoom(kind: .allocs, room: least - 1)) {
            try Charts.svg(.allocs, records: records, room: least - 1)
        }
    }

    @Test("a section leaves out the charts its budget cannot hold, as drawing them all would")
    func sectionKeepsToItsBudget() throws {
        let records = try Self.records()
        // What each chart of a section takes, drawn whole.
        let lines = try HTMLReport.sectionCharts.map { kind in
            (kind, try Charts.svg(kind, records: records).map(HTMLReport.lineCount))
        }
        let allocs = try #require(lines.firstIndex { $0.0 == .allocs })
        // The charts before it, all shown: the budget left for it is the rest.
        let before = lines[..<allocs].compactMap(\.1).reduce(0, +)
        let total = lines.compactMap(\.1).reduce(0, +)
        let fits = before + lines[allocs].1!
        // Budgets that hold no chart, then each around the one that holds the allocations
        // chart exactly, then all of them.
        for chartElements in [0, 1, fits - 2, fits - 1, fits, fits + 1, total - 1, total] {
            var budget = HTMLReport.Budget(chartElements: chartElements)
            var page = [UInt8]()
            HTMLReport.section(
                "vending", records, scenario: nil, budget: &budget, settingName: { $0.optionName },
                into: &page)
            let html = String(decoding: page, as: UTF8.self)
            var left = chartElements
            var shown = [String]()
            var leftOut = [(kind: String, held: Int)]()
            for case (let kind, let count?) in lines {
                if count <= left {
                    left -= count
                    shown.append(kind.rawValue)
                } else {
                    leftOut.append((kind.rawValue, ChartLimits.elementsPerReport - left))
                }
            }
            #expect(budget.chartElements == left, "budget \(chartElements)")
            for kind in shown {
                #expect(html.contains("<figure class=\"chart\" data-chart=\"\(kind)\">"))
            }
            for (kind, held) in leftOut {
                #expect(
                    html.contains(
                        "<p class=\"left-out\" data-chart=\"\(kind)\">The \(kind) chart is left out: "
                            + "the report's charts already hold \(NumberFormat.grouped(held)) elements"
                    ),
                    "budget \(chartElements): \(kind)")
            }
        }
    }
}
