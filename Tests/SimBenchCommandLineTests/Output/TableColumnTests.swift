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
                    "CPU ns/event", "CPU ratio", "95% CI", "modes", "net of floor", "95% CI",
                    "allocs/event", "wall ns/event", "run's CI", "min", "max", "events/s",
                    "wall ratio", "95% CI", "CV", "peak RSS", "prepare",
                ])
    }
}
