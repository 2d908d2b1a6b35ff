import Testing

@testable import SimBenchCommandLine

/// The terminal table's column registry: what both tables and the drop order derive from.
@Suite("terminal table columns")
struct TableColumnTests {
    @Test("the compact headers are unique, so that the drop order names one column each")
    func uniqueCompactHeaders() {
        let headers = TableColumn.shown(in: .compact, axisReference: true).compactMap {
            $0.header(in: .compact, axisValues: "work=1000")
        }
        #expect(Set(headers).count == headers.count, "\(headers)")
        #expect(!headers.contains("variant"), "\(headers)")
    }

    @Test(
        "the compact table drops, least useful first: the axis CI, the ns CI, CV, allocations, the ratio CI"
    )
    func dropOrder() {
        #expect(
            TableColumn.dropOrder(axisValues: "work=1000")
                == ["vs reference CI", "ns CI", "CV", "allocs/event", "ratio CI"])
    }

    @Test("the wide table has every column and the compact one a part of them, in the same order")
    func forms() {
        let wide = TableColumn.shown(in: .wide, axisReference: true)
        #expect(wide.count == TableColumn.all.count)
        let compact = TableColumn.shown(in: .compact, axisReference: true).map(\.compactHeader)
        let compactInWideOrder = wide.compactMap(\.compactHeader)
        #expect(compact == compactInWideOrder)
        #expect(
            TableColumn.shown(in: .wide, axisReference: false).compactMap {
                $0.header(in: .wide, axisValues: "")
            }
                == [
                    "ns/event", "run's CI", "CPU ns/event", "min", "max", "events/s", "vs baseline",
                    "95% CI",
                    "net of floor", "95% CI", "CV", "allocs/event", "peak RSS", "prepare",
                ])
    }
}
