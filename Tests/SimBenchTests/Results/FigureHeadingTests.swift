import Testing

@testable import SimBench

/// A figure is one declaration: its CSV column names it in the file and heads it in tables,
/// reports and verdicts.
@Suite("figure headings")
struct FigureHeadingTests {
    @Test("the counted figures' headings are their columns', and the CSV names stay")
    func countedFigures() {
        #expect(ResultColumn.allocationsPerEvent.name == "allocs_per_event")
        #expect(ResultColumn.allocationsPerEvent.heading == "allocs/event")
        #expect(ResultColumn.instructionsPerEvent.name == "instructions_per_event")
        #expect(ResultColumn.estimatedCyclesPerEvent.name == "estimated_cycles_per_event")
        // A verdict's basis reads as the figure's heading.
        #expect(
            MetricComparison.Basis.allocations.rawValue
                == ResultColumn.allocationsPerEvent.heading)
        #expect(
            MetricComparison.Basis.instructions.rawValue
                == ResultColumn.instructionsPerEvent.heading)
        #expect(
            MetricComparison.Basis.cycles.rawValue == ResultColumn.estimatedCyclesPerEvent.heading)
    }

    @Test("a column without a heading of its own is headed by its name")
    func defaultHeading() {
        #expect(ResultColumn.checksum.heading == ResultColumn.checksum.name)
    }
}
