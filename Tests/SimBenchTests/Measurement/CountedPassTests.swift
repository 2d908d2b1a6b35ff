import SimBenchCore
import Testing

@testable import SimBench

/// `run --instructions callgrind`: reading Callgrind's dumps, the counted child's own work,
/// and how counts reach the rows and are judged.
struct CountedPassTests {
    /// A dump as Callgrind 3.19 writes it after one call of the counted region.
    static let dump = """
        version: 1
        creator: callgrind-3.19.0
        pid: 16294
        cmd:  ./t
        part: 1
        desc: I1 cache: 32768 B, 64 B, 8-way associative
        desc: Trigger: --dump-after=region
        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 6011 1002 1002 4 3 2 1 1
        fn=(1) region
        0 3 1 1
        totals: 6011 1002 1002 4 3 2 1 1
        """

    @Test("a dump's totals, trailing zeros left out, and the cycle estimate of iai-callgrind")
    func readsDump() throws {
        let dump = try CallgrindDump(parsing: CountedPassTests.dump)
        #expect(dump.instructions == 6011)
        #expect(dump.totals["DLmw"] == 0, "a total left out is 0")
        // L1 hits: 8015 accesses − 9 L1 misses; LL hits: 9 − 2; RAM: 2.
        let l1Hits: UInt64 = 8015 - 9
        let expected: UInt64 = l1Hits + 5 * 7 + 35 * 2
        #expect(dump.estimatedCycles == expected)
    }

    @Test(
        "a dump that is not Callgrind's is refused, naming what is wrong",
        arguments: [
            ("totals: 1 2 3", "no 'events:' line"),
            ("events: Ir Dr", "no 'totals:' line"),
            ("events: Ir\ntotals: 1 2", "2 totals for 1 events"),
            ("events: Ir\ntotals: 12x", "holds something other than counts"),
        ])
    func refusesMalformed(text: String, reason: String) {
        #expect {
            _ = try CallgrindDump(parsing: text)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("without the cache simulation's events there is no cycle estimate")
    func noCacheSimulation() throws {
        let dump = try CallgrindDump(parsing: "events: Ir\ntotals: 500")
        #expect(dump.instructions == 500)
        #expect(dump.estimatedCycles == nil)
    }

    @Test(
        "the child counts each variant over the first machines, its second run's dump each, checked against the baseline"
    )
    func countsVariants() {
        let configuration = ScenarioConfiguration(
            entities: 100_000, eventsPerEntity: 20, seed: 3, parameters: ParameterValues([:]))
        let counted = CallgrindPass.countVariants(
            TallyScenario.self, configuration: configuration,
            variants: ["plain", "same", "off-by-one"],
            firstRegion: 4)
        #expect(counted.map(\.variant) == ["plain", "same", "off-by-one"])
        // Two dumps a variant, numbered in call order: its first run's (left unread, so that
        // none of its calls, which Callgrind counts even when it does not collect, lands in
        // the counted run's) and its counted run's.
        #expect(counted.map(\.region) == [5, 7, 9], "each variant's counted dump is its second")
        let machines = CallgrindPass.eventBudget / 20
        #expect(counted.allSatisfy { $0.machines == machines && $0.events == machines * 20 })
        #expect(
            counted.map(\.matchesBaseline) == [true, true, false],
            "off-by-one computes another outcome")
    }

    @Test("a fleet smaller than the budget is counted whole")
    func smallFleet() {
        let configuration = ScenarioConfiguration(
            entities: 7, eventsPerEntity: 20, seed: 1, parameters: ParameterValues([:]))
        #expect(CallgrindPass.countedMachines(of: configuration) == 7)
        let heavy = ScenarioConfiguration(
            entities: 1000, eventsPerEntity: 10 * CallgrindPass.eventBudget, seed: 1,
            parameters: ParameterValues([:]))
        #expect(CallgrindPass.countedMachines(of: heavy) == 1, "at least one machine")
    }

    @Test("counts fill ok rows only, and name their source")
    func fillsRows() throws {
        var ok = ResultRow.sample(variant: "plain")
        ok.instructionsSource = "perf"
        var wrong = ResultRow.sample(variant: "off-by-one")
        wrong.status = .wrong
        let counted = CountedResult(
            configurations: [
                [
                    "plain": CountedFigures(
                        instructionsPerEvent: 12.5, estimatedCyclesPerEvent: 15, machines: 1,
                        events: 2),
                    "off-by-one": CountedFigures(
                        instructionsPerEvent: 9, estimatedCyclesPerEvent: 10, machines: 1, events: 2
                    ),
                ]
            ],
            notes: [])
        let rows = counted.filled([ok, wrong], configuration: 0)
        #expect(rows[0].instructionsPerEvent == 12.5 && rows[0].estimatedCyclesPerEvent == 15)
        #expect(rows[0].instructionsSource == "callgrind")
        #expect(rows[1].instructionsPerEvent == nil && rows[1].instructionsSource == "")
        // Side by side where they were appended; columns added later follow them.
        let header = ResultRow.columns
        let cycles = try #require(header.firstIndex(of: "estimated_cycles_per_event"))
        #expect(header[cycles + 1] == "instructions_source")
        #expect(rows[0].cells[cycles...].prefix(2) == ["15.0", "callgrind"])
    }

    // MARK: - Judging counts

    private func comparison(
        _ before: (Double?, Double?, String), _ after: (Double?, Double?, String),
        thresholds: RegressionThresholds = .init()
    ) throws -> [MetricComparison] {
        func row(_ figures: (Double?, Double?, String), run: String) -> [String: String] {
            var row = [String: String].row("state-objects", median: 100, run: run)
            row["instructions_per_event"] = figures.0.map { "\($0)" } ?? ""
            row["estimated_cycles_per_event"] = figures.1.map { "\($0)" } ?? ""
            row["instructions_source"] = figures.2
            return row
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture([row(before, run: "a")]).file("a.csv"),
            current: ResultsFixture([row(after, run: "b")]).file("b.csv"), thresholds: thresholds)
        return comparison.comparisons.filter { [.instructions, .cycles].contains($0.metric) }
    }

    @Test("a count beyond its threshold is a regression or an improvement, with no interval")
    func judgesCounts() throws {
        let verdicts = try comparison((1000, 2000, "callgrind"), (1011, 1990, "callgrind"))
        let instructions = try #require(verdicts.first { $0.metric == .instructions })
        let cycles = try #require(verdicts.first { $0.metric == .cycles })
        #expect(instructions.verdict == .regression, "\(instructions)")
        #expect(instructions.intervalText == "")
        #expect(instructions.changeText == "+1.10%")
        #expect(cycles.verdict == .unchanged, "−0.5% is within 1%: \(cycles)")
        let strict = RegressionThresholds.with { $0.cycles = 0.004 }
        #expect(
            try comparison((1000, 2000, "callgrind"), (1000, 1990, "callgrind"), thresholds: strict)
                .first { $0.metric == .cycles }?.verdict == .improvement)
    }

    @Test("counts from different sources, or on one side only, are shown, not judged")
    func notJudged() throws {
        let mixed = try comparison((1000, nil, "perf"), (1000, 2000, "callgrind"))
        #expect(mixed.first { $0.metric == .instructions }?.verdict == .notJudged)
        #expect(mixed.first { $0.metric == .instructions }?.note.contains("not comparable") == true)
        #expect(mixed.first { $0.metric == .cycles }?.verdict == .notJudged)
        #expect(
            try comparison((nil, nil, ""), (nil, nil, "")).isEmpty,
            "no count on either side: no row")
    }
}

extension RegressionThresholds {
    static func with(_ change: (inout RegressionThresholds) -> Void) -> RegressionThresholds {
        var thresholds = RegressionThresholds()
        change(&thresholds)
        return thresholds
    }
}

extension ResultRow {
    /// An ok row of `variant` with no figures, to fill.
    static func sample(variant: String) -> ResultRow {
        ResultRow(
            environment: RunEnvironment.current(), scenario: "tally", parameters: "",
            variant: variant,
            role: .pattern, status: .ok, eventUnit: "number added", machines: 10,
            eventsPerMachine: 2,
            eventsPerRound: 20, actors: 1, rounds: 1, warmupRounds: 0, seed: 1, nsPerEvent: nil,
            eventsPerSecond: nil, ratioToBaseline: nil,
            cpuNsPerEventMedian: nil, allocationsPerEvent: nil, peakResidentBytes: nil,
            residentBytesPerMachine: nil, instructionsPerEvent: nil, setupMilliseconds: 0,
            prepareMilliseconds: 0, checksum: 0)
    }
}
