import Testing

@testable import SimBench

/// `simbench spread`: the A/A spread of ratios and counts over runs, and the baselines' drift.
@Suite("run spread")
struct RunSpreadTests {
    /// A vending run: the baseline at `base` ns, `table` at `ratio`, with counts when given.
    static func run(
        _ index: Int, base: Double, ratio: Double, instructions: Double? = nil
    ) throws -> ResultsFile {
        var fixture = ResultsFixture([
            .row("enum-switch", role: "baseline", median: base, ratio: 1),
            .row("table", median: base * ratio, ratio: ratio),
        ])
        for row in fixture.rows.indices {
            fixture.rows[row]["cpu_per_reference"] = "\(base / 100)"
            if let instructions {
                fixture.rows[row]["instructions_per_event"] = "\(instructions)"
                fixture.rows[row]["estimated_cycles_per_event"] = "\(instructions * 2)"
            }
        }
        return try fixture.file("run\(index).csv")
    }

    @Test("a ratio's spread is (max − min) / median over the runs, in the metric compare judges")
    func ratios() throws {
        let spread = RunSpread(files: [
            try Self.run(1, base: 100, ratio: 0.80), try Self.run(2, base: 110, ratio: 0.82),
            try Self.run(3, base: 90, ratio: 0.81),
        ])
        // The fixture has no CPU ratios: wall, as compare falls back.
        #expect(spread.metric == .wall)
        #expect(spread.ratios.map(\.identity.variant) == ["table"])
        let table = try #require(spread.ratios.first)
        #expect(table.values == [0.80, 0.82, 0.81])
        #expect(abs(table.spread! - 0.02 / 0.81) < 1e-12)
        #expect(spread.widestRatioSpread == table.spread)
    }

    @Test("the baselines' drift is each run against their median; it spreads nothing")
    func drift() throws {
        let spread = RunSpread(files: [
            try Self.run(1, base: 100, ratio: 0.8), try Self.run(2, base: 110, ratio: 0.8),
            try Self.run(3, base: 90, ratio: 0.8),
        ])
        let ruler = try #require(spread.baselineDrift.first)
        #expect(ruler.identity.variant == "enum-switch" && spread.baselineDrift.count == 1)
        #expect(ruler.spread == nil)
        let expected = [0.0, 0.1, -0.1]
        #expect(
            zip(ruler.changes, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(ruler.changes)")
    }

    @Test("counts spread by (max − min) / min; a row without counts is listed")
    func counts() throws {
        let counted = RunSpread(files: [
            try Self.run(1, base: 100, ratio: 0.8, instructions: 1000),
            try Self.run(2, base: 100, ratio: 0.8, instructions: 1001),
        ])
        #expect(counted.countsMissing.isEmpty)
        #expect(counted.counts.count == 4, "instructions and cycles of two rows")
        #expect(counted.counts.allSatisfy { abs($0.spread! - 0.001) < 1e-12 })
        let uncounted = RunSpread(files: [
            try Self.run(1, base: 100, ratio: 0.8, instructions: 1000),
            try Self.run(2, base: 100, ratio: 0.8),
        ])
        #expect(uncounted.countsMissing.map(\.variant) == ["enum-switch", "table"])
    }
}
