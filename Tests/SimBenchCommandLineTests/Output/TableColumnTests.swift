import SimBench
import SimBenchCore
import Testing

@testable import SimBench
@testable import SimBenchCommandLine

/// The terminal table's column registry: what both tables and the drop order derive from.
@Suite("terminal table columns")
struct TableColumnTests {
    @Test("the compact headers are unique, so that the drop order names one column each")
    func uniqueCompactHeaders() {
        let headers = TableColumn.shown(in: .compact, axisReference: true, rows: []).compactMap {
            $0.header(in: .compact, axisValues: "work=1000")
        }
        #expect(Set(headers).count == headers.count, "\(headers)")
        #expect(!headers.contains("variant"), "\(headers)")
    }

    @Test(
        "the compact table gives way from the axis CI to the allocations, the CPU ratio's interval last; the CPU figures never go"
    )
    func dropOrder() {
        #expect(
            TableColumn.dropOrder(axisValues: "work=1000")
                == [
                    "vs reference CI", "ns CI", "CV", "wall ns/event", "net CI", "net of floor",
                    "vs work=1000", "allocs/event", "ratio CI",
                ])
    }

    /// An ok pattern row with no figure measured: what a test gives the figures it needs.
    static func napping() -> ResultRow {
        ResultRow(
            environment: RunEnvironment.current(), scenario: "spin", parameters: "",
            variant: "napping", role: .pattern, status: .ok, eventUnit: "step", machines: 1,
            eventsPerMachine: 1, eventsPerRound: 1, actors: 1, rounds: 1, warmupRounds: 0,
            seed: 1, nsPerEvent: nil, eventsPerSecond: nil, ratioToBaseline: nil,
            cpuNsPerEventMedian: nil, allocationsPerEvent: nil, peakResidentBytes: nil,
            residentBytesPerMachine: nil, instructionsPerEvent: nil, setupMilliseconds: 0,
            prepareMilliseconds: 0, checksum: 0)
    }

    @Test("the wide table has every column and the compact one a part of them, in the same order")
    func forms() {
        var predicted = Self.napping()
        predicted.prediction = CostModel.Prediction(nanoseconds: 41, low: 35, high: 50)
        var floor = predicted
        floor.role = .floor
        floor.prediction = nil
        let wide = TableColumn.shown(in: .wide, axisReference: true, rows: [predicted, floor])
        #expect(wide.count == TableColumn.all.count)
        let compact = TableColumn.shown(
            in: .compact, axisReference: true, rows: [predicted, floor]
        ).map(\.compactHeader)
        let compactInWideOrder = wide.compactMap(\.compactHeader)
        #expect(compact == compactInWideOrder)
        #expect(
            TableColumn.shown(in: .wide, axisReference: false, rows: [floor]).compactMap {
                $0.header(in: .wide, axisValues: "")
            }
                == [
                    "CPU ns/event", "CPU ratio", "95% CI", "modes", "net of floor", "95% CI",
                    "allocs/event", "wall ns/event", "run's CI", "min", "max", "events/s",
                    "wall ratio", "95% CI", "CV", "peak RSS", "prepare",
                ], "without a predicted row, no predicted column")
        #expect(wide.suffix(2).map(\.wideHeader) == ["predicted ns added", "predicted CI"])
    }

    @Test("the predicted interval, and a miss named with the cost the prediction rests on most")
    func predictedInterval() throws {
        var row = Self.napping()
        let time = TimeStatistics(
            median: 10, min: 9, max: 11, mean: 10, standardDeviation: 1,
            coefficientOfVariation: 0.1, p10: 9.5, p90: 10.5, medianLow: 9.8, medianHigh: 10.2,
            mildOutliers: 0, severeOutliers: 0)
        row.overheadNsPerEvent = Estimate(value: 30, low: 25, high: 35)
        let interval = try #require(TableColumn.all.last)
        row.prediction = CostModel.Prediction(nanoseconds: 33, low: 28, high: 40)
        #expect(interval.cell(row, time, .wide) == "[+28.0, +40.0]")
        row.prediction = CostModel.Prediction(
            nanoseconds: 50, low: 45, high: 60,
            terms: [
                CostModel.Term(cost: .call(.retain), count: 10, nanoseconds: 50, low: 45, high: 60)
            ])
        #expect(interval.cell(row, time, .wide) == "[+45.0, +60.0] miss: retains")
    }

    /// A row of `role` with no figures: what `shown` reads of a configuration is its roles.
    static func row(_ role: VariantRole) -> ResultRow {
        ResultRow(
            environment: RunEnvironment.current(), scenario: "spin", parameters: "",
            variant: "napping", role: role, status: .ok, eventUnit: "step", machines: 1,
            eventsPerMachine: 1, eventsPerRound: 1, actors: 1, rounds: 1, warmupRounds: 0,
            seed: 1, nsPerEvent: nil, eventsPerSecond: nil, ratioToBaseline: nil,
            cpuNsPerEventMedian: nil, allocationsPerEvent: nil, peakResidentBytes: nil,
            residentBytesPerMachine: nil, instructionsPerEvent: nil, setupMilliseconds: 0,
            prepareMilliseconds: 0, checksum: 0)
    }

    @Test("a configuration without a floor has no net ratio columns, in either table")
    func noFloorNoNet() {
        let (baseline, pattern, floor) = (Self.row(.baseline), Self.row(.pattern), Self.row(.floor))
        for form in [TableColumn.Form.compact, .wide] {
            let headers = TableColumn.shown(
                in: form, axisReference: false, rows: [baseline, pattern]
            )
            .compactMap { $0.header(in: form, axisValues: "") }
            #expect(!headers.contains(TableColumn.netHeader), "\(form): \(headers)")
            #expect(!headers.contains(TableColumn.netIntervalHeader), "\(form): \(headers)")
            let withFloor = TableColumn.shown(
                in: form, axisReference: false, rows: [baseline, pattern, floor]
            ).compactMap { $0.header(in: form, axisValues: "") }
            #expect(withFloor.contains(TableColumn.netHeader), "\(form): \(withFloor)")
        }
    }

    @Test("at no width does the compact table show a net ratio without its interval")
    func netRatioKeepsItsInterval() {
        let headers = TableColumn.shown(
            in: .compact, axisReference: false, rows: [Self.row(.floor)]
        ).compactMap { $0.header(in: .compact, axisValues: "") }
        var full = TextTable(header: ["vending"] + headers)
        let cells: [String: String] = [
            "CPU ns/event": "98.0", "CPU ratio": "9.70×", "ratio CI": "[8.83, 10.65]",
            TableColumn.netHeader: "12.40×", TableColumn.netIntervalHeader: "[10.10, 15.20]",
            "allocs/event": "2.00", "wall ns/event": "51.1", "ns CI": "[50.2, 52.0]", "CV": "3.1%",
        ]
        full.rows = [["state-objects"] + headers.map { cells[$0] ?? "" }]
        var shown = 0
        for width in 40...140 {
            let (table, dropped) = ResultTable.compact(full, width: width, axisValues: "")
            guard let net = table.header.firstIndex(of: TableColumn.netHeader) else {
                #expect(dropped.contains(TableColumn.netHeader), "\(width): \(dropped)")
                continue
            }
            #expect(
                net + 1 < table.header.count && table.header[net + 1] == "95% CI"
                    && table.rows[0][net + 1] == "[10.10, 15.20]",
                "\(width): \(table.header)")
            shown += 1
        }
        // The widths tried include ones where the net ratio is shown, and ones where it went.
        #expect(shown > 0 && shown < 101)
    }
}
