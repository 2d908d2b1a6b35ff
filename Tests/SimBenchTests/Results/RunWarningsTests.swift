import Testing

@testable import SimBench

@Suite("run: warnings under a table")
struct RunWarningsTests {
    /// An `ok` row of `rounds` samples at 10 ns/event, 100,000 events a round (1 ms).
    private func row(
        rounds: Int, processes: Int = 1, interfered: Int = 0, emptyRound: Double? = nil
    ) -> ResultRow {
        var row = ResultRow.measured(rounds: rounds)
        row.processes = processes
        row.interferedRounds = interfered
        row.emptyRoundNs = emptyRound
        return row
    }

    @Test("no warning for enough quiet samples with a negligible round cost")
    func quiet() {
        #expect(RunWarnings.line(for: [row(rounds: 10, emptyRound: 5_000)]) == nil)
    }

    @Test("one process: fewer than 10 rounds")
    func fewSamples() {
        let line = RunWarnings.line(for: [row(rounds: 9)])
        #expect(line == "  warning: few samples: napping 9", "\(line ?? "none")")
    }

    @Test("several processes: fewer than 5, whatever their rounds (t over processes)")
    func fewProcesses() {
        let line = RunWarnings.line(for: [row(rounds: 20, processes: 4)])
        #expect(line == "  warning: few processes: napping 4", "\(line ?? "none")")
        #expect(RunWarnings.line(for: [row(rounds: 2, processes: 5)]) == nil)
    }

    @Test("more than a fifth of the rounds interfered with")
    func interfered() {
        #expect(RunWarnings.line(for: [row(rounds: 10, interfered: 2)]) == nil)
        let line = RunWarnings.line(for: [row(rounds: 10, interfered: 3)])
        #expect(line == "  warning: rounds interfered with: napping 3 of 10", "\(line ?? "none")")
    }

    @Test("an empty fleet's round above 1% of the variant's round")
    func emptyRoundCost() {
        // The round takes 10 ns × 100,000 = 1 ms: 10 µs is 1%, 20 µs is 2%.
        #expect(RunWarnings.line(for: [row(rounds: 10, emptyRound: 9_000)]) == nil)
        let line = RunWarnings.line(for: [row(rounds: 10, emptyRound: 20_000)])
        #expect(line == "  warning: round cost in wall time: napping 2.0%", "\(line ?? "none")")
    }

    @Test("the round cost's advice says how much more work per round brings it under 1%")
    func roundCostAdvice() {
        // 2.0% and 2.5% of a 1 ms round: three times the work brings both under 1% (two
        // would leave 1.25%).
        let rows = [row(rounds: 10, emptyRound: 20_000), row(rounds: 10, emptyRound: 25_000)]
        let advice = RunWarnings.advice(.roundCost, in: [rows]).description
        #expect(
            advice.hasPrefix("round cost in wall time: ")
                && advice.hasSuffix(
                    ": about 3 times these rounds' work (machines or eventsPerMachine) brings it under 1.0% in every row"
                ), "\(advice)")
        #expect(advice != RunWarnings.Kind.roundCost.advice.description)
        #expect(
            RunWarnings.advice(.fewSamples, in: [rows]) == RunWarnings.Kind.fewSamples.advice)
    }

    @Test("a wrong variant gets no warning: it has no timing")
    func wrongVariant() {
        var wrong = row(rounds: 3, interfered: 3)
        wrong.status = .wrong
        #expect(RunWarnings.line(for: [wrong]) == nil)
    }

    @Test("folded: one line per table naming every row each kind touches, in the kinds' order")
    func folded() {
        var rows = [
            row(rounds: 10, interfered: 3), row(rounds: 10, emptyRound: 20_000),
            row(rounds: 10, interfered: 4, emptyRound: 30_000),
        ]
        for index in rows.indices { rows[index].variant = "v\(index)" }
        let line = RunWarnings.line(for: rows)
        #expect(
            line
                == "  warning: round cost in wall time: v1 2.0%, v2 3.0%; rounds interfered with: v0 3 of 10, v2 4 of 10",
            "\(line ?? "none")")
    }

    @Test("the advice is given once per run, whatever the number of tables that need it")
    func adviceOnce() {
        let interfered = [row(rounds: 10, interfered: 3)]
        let short = [row(rounds: 9)]
        let kinds = RunWarnings.kinds(in: [interfered, short, interfered, short])
        #expect(kinds == [.fewSamples, .interfered])
        let advice = RunWarnings.Kind.fewSamples.advice
        #expect(
            advice.parts.contains(.setting(.rounds)) && advice.parts.contains(.setting(.processes)),
            "\(advice)")
        #expect(RunWarnings.kinds(in: [[row(rounds: 10)]]).isEmpty)
    }

    @Test("a table without its wall times leaves out the warnings that concern them only")
    func wallTimeKinds() {
        let rows = [row(rounds: 9, interfered: 5)]
        let wall = Set(RunWarnings.Kind.allCases.filter(\.concernsWallTime))
        #expect(wall == [.roundCost, .interfered])
        #expect(
            RunWarnings.line(for: rows, leavingOut: wall) == "  warning: few samples: napping 9")
        #expect(RunWarnings.line(for: [row(rounds: 10, interfered: 5)], leavingOut: wall) == nil)
    }
}
