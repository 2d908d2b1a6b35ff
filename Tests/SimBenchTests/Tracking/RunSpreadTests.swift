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

    @Test(
        "CPU ratios where every run's pattern rows have them; one run without turns every run's ratios to wall"
    )
    func cpuRatiosOrWall() throws {
        /// Run `index` of `run(_:base:ratio:)`, its pattern row's CPU ratio `cpu` where given.
        func run(_ index: Int, ratio: Double, cpu: Double?) throws -> ResultsFile {
            let file = try Self.run(index, base: 100, ratio: ratio)
            var fixture = ResultsFixture(
                (0..<file.table.count).map { row in
                    Dictionary(
                        uniqueKeysWithValues: file.header.enumerated().map {
                            ($0.element, file.table.text(row: row, field: $0.offset))
                        })
                })
            fixture.rows[0]["cpu_ratio_to_baseline"] = "1.0"
            fixture.rows[1]["cpu_ratio_to_baseline"] = cpu.map { "\($0)" } ?? ""
            return try fixture.file("cpu\(index).csv")
        }
        let cpu = RunSpread(files: [
            try run(1, ratio: 0.80, cpu: 0.70), try run(2, ratio: 0.82, cpu: 0.72),
        ])
        #expect(cpu.metric == .cpu)
        #expect(cpu.ratios.map(\.values) == [[0.70, 0.72]])
        // The first run's CPU ratio is read before the second's is found missing: wall
        // for both, none of the first's CPU ratio kept.
        let wall = RunSpread(files: [
            try run(1, ratio: 0.80, cpu: 0.70), try run(2, ratio: 0.82, cpu: nil),
        ])
        #expect(wall.metric == .wall)
        #expect(wall.ratios.map(\.values) == [[0.80, 0.82]])
        // Wall asked for: wall, CPU ratios or not.
        let asked = RunSpread(
            files: [try run(1, ratio: 0.80, cpu: 0.70), try run(2, ratio: 0.82, cpu: 0.72)],
            metric: .wall)
        #expect(asked.ratios.map(\.values) == [[0.80, 0.82]])
    }
}
