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

    @Test("a short run does not wait: its span is a multiple of its processes' work")
    func shortRunIsNotSpread() {
        // Five processes of 0.1 s each: 0.5 s of work, spread over 2 s rather than 20 s.
        let span = ProcessSpread.span(asked: 20, count: 5, finished: [0.1])
        #expect(abs(span - ProcessSpread.workMultiple * 0.5) < 1e-9)
        #expect(span < 2.5)
        #expect(ProcessSpread(asked: 20, used: span).wasCut)
        // The estimate follows the processes finished so far.
        #expect(
            abs(
                ProcessSpread.span(asked: 20, count: 5, finished: [0.1, 0.3])
                    - ProcessSpread.workMultiple * 0.2 * 5)
                < 1e-9)
    }

    @Test("a long run is spread as before: processes of the default suite's length keep 20 s")
    func longRunIsSpread() {
        // The default suite at 10,000 machines: about 4 s a process; a second a process is
        // where a 20 s span starts being cut.
        for seconds in [4.0, 1.0] {
            let span = ProcessSpread.span(
                asked: RunOptions.Sampling.spanSeconds, count: RunOptions.Sampling.processes,
                finished: [seconds, seconds])
            #expect(span == RunOptions.Sampling.spanSeconds, "processes of \(seconds) s")
            #expect(
                !ProcessSpread(asked: RunOptions.Sampling.spanSeconds, used: span).wasCut,
                "processes of \(seconds) s")
        }
    }

    @Test("before any process has finished, and with no span asked, the rule keeps the span")
    func nothingFinished() {
        #expect(ProcessSpread.span(asked: 20, count: 5, finished: []) == 20)
        #expect(ProcessSpread.span(asked: 0, count: 5, finished: [0.1]) == 0)
    }

    @Test("each code layout is made once, after the child before it ended and before its own")
    func layoutsMadeBetweenChildren() throws {
        var log = [String]()
        let (children, _) = try ProcessPool.spread(
            processes: 5, spanSeconds: 0, layouts: 3,
            makeLayout: { log.append("make \($0)") }, progress: { log.append("start \($0 - 1)") },
            child: { index throws(ProcessPool.ChildFailure) in
                log.append("child \(index)")
                return index
            })
        #expect(children == [0, 1, 2, 3, 4])
        #expect(
            log == [
                "make 0", "start 0", "child 0", "make 1", "start 1", "child 1", "make 2",
                "start 2", "child 2", "start 3", "child 3", "start 4", "child 4",
            ])
    }

    @Test("a layout that cannot be made fails the run, naming its child; no child runs it")
    func layoutFailureNamesItsChild() {
        struct LinkFailed: Error, CustomStringConvertible {
            var description: String { "the relink failed" }
        }
        var ran = [Int]()
        #expect {
            _ = try ProcessPool.spread(
                processes: 4, spanSeconds: 0, layouts: 4,
                makeLayout: { if $0 == 2 { throw LinkFailed() } }, progress: { _ in },
                child: { index throws(ProcessPool.ChildFailure) in ran.append(index) })
        } throws: { error in
            (error as? ProcessPool.ChildFailure)?.description
                == "child process 3: the relink failed"
        }
        #expect(ran == [0, 1])
    }

    @Test("without layouts nothing is made")
    func noLayouts() throws {
        var made = [Int]()
        let (children, _) = try ProcessPool.spread(
            processes: 3, spanSeconds: 0, layouts: 0, makeLayout: { made.append($0) },
            progress: { _ in }, child: { index throws(ProcessPool.ChildFailure) in index })
        #expect(children == [0, 1, 2])
        #expect(made.isEmpty)
    }
}
