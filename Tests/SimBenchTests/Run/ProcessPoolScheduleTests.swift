import Testing

@testable import SimBench

@Suite("the processes' starts spread over the span")
struct ProcessPoolScheduleTests {
    @Test("each process starts an equal share of the span after the last; the first at once")
    func equalShares() {
        let starts = (0..<5).map { ProcessPool.startOffset(ofChild: $0, of: 5, span: 20) }
        #expect(starts == [.zero, .seconds(4), .seconds(8), .seconds(12), .seconds(16)])
    }

    @Test("a span of 0 waits for nothing")
    func noSpan() {
        #expect(
            (0..<5).allSatisfy { ProcessPool.startOffset(ofChild: $0, of: 5, span: 0) == .zero })
    }

    @Test("the default run spreads its processes; the plan carries the span, refusing one below 0")
    func plan() throws {
        func plan(span: Double?) throws(RunPlanError) -> RunPlan {
            var options = RunOptions()
            if let span { options.spanSeconds = span }
            return try RunPlan(
                options: options, catalog: FakeScenarios.catalog, cores: 2,
                physicalMemory: 24_000_000_000)
        }
        #expect(try plan(span: nil).spanSeconds == RunOptions.Sampling.spanSeconds)
        #expect(RunOptions.Sampling.spanSeconds > 0)
        #expect(try plan(span: 0).spanSeconds == 0)
        #expect(try plan(span: 7.5).spanSeconds == 7.5)
        #expect(throws: RunPlanError.self) { try plan(span: -1) }
        #expect(throws: RunPlanError.self) { try plan(span: .infinity) }
    }
}
