import Testing

@testable import SimBench

@Suite("run: warnings under a table")
struct RunWarningsTests {
    /// An `ok` row of `rounds` samples at 10 ns/event, 100,000 events a round (1 ms).
    private func row(
        rounds: Int, processes: Int = 1, interfered: Int = 0, emptyRound: Double? = nil
    ) -> ResultRow {
        let time = TimeStatistics(
            median: 10, min: 9, max: 11, mean: 10, standardDeviation: 0.5,
            coefficientOfVariation: 0.05, p10: 9.5, p90: 10.5, medianLow: 9.8, medianHigh: 10.2,
            mildOutliers: 0, severeOutliers: 0)
        var row = ResultRow(
            environment: RunEnvironment.current(), scenario: "spin", parameters: "",
            variant: "napping", role: .pattern, status: .ok, eventUnit: "step", machines: 100,
            eventsPerMachine: 1000, eventsPerRound: 100_000, actors: 1, rounds: rounds,
            warmupRounds: 1, seed: 1, nsPerEvent: time, eventsPerSecond: 1e8,
            ratioToBaseline: Estimate(value: 1, low: 0.9, high: 1.1),
            cpuNsPerEventMedian: Estimate(value: 10), allocationsPerEvent: 0,
            peakResidentBytes: nil, residentBytesPerMachine: nil, instructionsPerEvent: nil,
            setupMilliseconds: 1, prepareMilliseconds: 0, checksum: 1)
        row.processes = processes
        row.interferedRounds = interfered
        row.emptyRoundNs = emptyRound
        return row
    }

    @Test("no warning for enough quiet samples with a negligible round cost")
    func quiet() {
        #expect(RunWarnings.lines(for: [row(rounds: 10, emptyRound: 5_000)]).isEmpty)
    }

    @Test("one process: fewer than 10 rounds")
    func fewSamples() {
        let lines = RunWarnings.lines(for: [row(rounds: 9)])
        #expect(
            lines.count == 1 && lines[0].description.contains("only 9 samples of napping"),
            "\(lines)")
    }

    @Test("several processes: fewer than 5, whatever their rounds (t over processes)")
    func fewProcesses() {
        let lines = RunWarnings.lines(for: [row(rounds: 20, processes: 4)])
        #expect(
            lines.count == 1 && lines[0].description.contains("only 4 processes of napping"),
            "\(lines)")
        #expect(RunWarnings.lines(for: [row(rounds: 2, processes: 5)]).isEmpty)
    }

    @Test("more than a fifth of the rounds interfered with")
    func interfered() {
        #expect(RunWarnings.lines(for: [row(rounds: 10, interfered: 2)]).isEmpty)
        let lines = RunWarnings.lines(for: [row(rounds: 10, interfered: 3)])
        #expect(
            lines.count == 1 && lines[0].description.contains("3 of 10 rounds interfered"),
            "\(lines)")
    }

    @Test("an empty fleet's round above 1% of the variant's round")
    func emptyRoundCost() {
        // The round takes 10 ns × 100,000 = 1 ms: 10 µs is 1%, 20 µs is 2%.
        #expect(RunWarnings.lines(for: [row(rounds: 10, emptyRound: 9_000)]).isEmpty)
        let lines = RunWarnings.lines(for: [row(rounds: 10, emptyRound: 20_000)])
        #expect(
            lines.count == 1 && lines[0].description.contains("fixed cost of a round")
                && lines[0].description.contains("napping 2.0%"), "\(lines)")
    }

    @Test("a wrong variant gets no warning: it has no timing")
    func wrongVariant() {
        var wrong = row(rounds: 3, interfered: 3)
        wrong.status = .wrong
        #expect(RunWarnings.lines(for: [wrong]).isEmpty)
    }
}
