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

    @Test("the wide table has every column and the compact one a part of them, in the same order")
    func forms() {
        var predicted = ResultRow(
            environment: RunEnvironment.current(), scenario: "spin", parameters: "",
            variant: "napping", role: .pattern, status: .ok, eventUnit: "step", machines: 1,
            eventsPerMachine: 1, eventsPerRound: 1, actors: 1, rounds: 1, warmupRounds: 0,
            seed: 1, nsPerEvent: nil, eventsPerSecond: nil, ratioToBaseline: nil,
            cpuNsPerEventMedian: nil, allocationsPerEvent: nil, peakResidentBytes: nil,
            residentBytesPerMachine: nil, instructionsPerEvent: nil, setupMilliseconds: 0,
            prepareMilliseconds: 0, checksum: 0)
        predicted.prediction = CostModel.Prediction(nanoseconds: 41, terms: [], unpriced: [])
        let wide = TableColumn.shown(in: .wide, axisReference: true, rows: [predicted])
        #expect(wide.count == TableColumn.all.count)
        let compact = TableColumn.shown(in: .compact, axisReference: true, rows: [predicted])
            .map(\.compactHeader)
        let compactInWideOrder = wide.compactMap(\.compactHeader)
        #expect(compact == compactInWideOrder)
        #expect(
            TableColumn.shown(in: .wide, axisReference: false, rows: []).compactMap {
                $0.header(in: .wide, axisValues: "")
            }
                == [
                    "CPU ns/event", "CPU ratio", "95% CI", "modes", "net of floor", "95% CI",
                    "allocs/event", "wall ns/event", "run's CI", "min", "max", "events/s",
                    "wall ratio", "95% CI", "CV", "peak RSS", "prepare",
                ], "without a predicted row, no predicted column")
        #expect(wide.last?.wideHeader == "predicted ns added")
    }
}
