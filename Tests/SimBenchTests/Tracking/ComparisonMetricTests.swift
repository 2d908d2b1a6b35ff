import Foundation
import Testing

@testable import SimBench

/// `simbench compare` on rows that carry CPU time and the machine-speed reference.
@Suite("compare decisions: CPU time and the machine-speed reference")
struct ComparisonMetricTests {
    /// A vending run with both wall and CPU columns: the baseline variant at `cpu` CPU ns
    /// (and `wall` wall ns), `table` at `ratio` × the baseline in CPU and `wallRatio` in
    /// wall time, every CI ±1%, and the reference at `reference` ns.
    static func run(
        cpu: Double = 100, wall: Double = 100, ratio: Double = 0.8, wallRatio: Double = 0.8,
        reference: Double? = 300_000, path: String
    ) throws -> ResultsFile {
        func ci(_ value: Double) -> (String, String) { ("\(value * 0.99)", "\(value * 1.01)") }
        func row(
            _ variant: String, role: String, cpu: Double, wall: Double, ratio: Double,
            wallRatio: Double
        ) -> [String: String] {
            var row = [String: String].row(
                variant, role: role, median: wall, ci: (wall * 0.99, wall * 1.01), ratio: wallRatio,
                ratioCI: (wallRatio * 0.99, wallRatio * 1.01), allocations: 0)
            row["cpu_ns_per_event_median"] = "\(cpu)"
            (row["cpu_ns_per_event_ci_low"], row["cpu_ns_per_event_ci_high"]) = ci(cpu)
            row["cpu_ratio_to_baseline"] = "\(ratio)"
            (row["cpu_ratio_ci_low"], row["cpu_ratio_ci_high"]) = ci(ratio)
            if let reference {
                let perReference = cpu / reference
                row["reference_ns_median"] = "\(reference)"
                row["cpu_per_reference"] = "\(perReference)"
                (row["cpu_per_reference_ci_low"], row["cpu_per_reference_ci_high"]) = ci(
                    perReference)
            }
            return row
        }
        return try ResultsFixture([
            row("enum-switch", role: "baseline", cpu: cpu, wall: wall, ratio: 1, wallRatio: 1),
            row(
                "table", role: "pattern", cpu: cpu * ratio, wall: wall * wallRatio, ratio: ratio,
                wallRatio: wallRatio),
        ]).file(path)
    }

    private func verdict(_ comparison: ResultsComparison, _ variant: String) -> MetricComparison? {
        comparison.comparisons.first { $0.identity.variant == variant && $0.metric == .time }
    }

    @Test(
        "patterns are judged on the CPU-time ratio by default, on the wall ratio with --metric wall"
    )
    func patternMetric() throws {
        // Wall time says the pattern got 25% slower, CPU time says it did not.
        let before = try Self.run(path: "a.csv")
        let after = try Self.run(wallRatio: 1.0, path: "b.csv")
        let byCPU = try ResultsComparison(baseline: before, current: after)
        let table = try #require(verdict(byCPU, "table"))
        #expect(table.basis == .cpuRatio && table.verdict == .unchanged, "\(table)")
        var wall = RegressionThresholds()
        wall.metric = .wall
        let byWall = try ResultsComparison(baseline: before, current: after, thresholds: wall)
        let wallTable = try #require(verdict(byWall, "table"))
        #expect(wallTable.basis == .ratio && wallTable.verdict == .regression, "\(wallTable)")
        #expect(byCPU.thresholds.summary.hasPrefix("cpu time"))
    }

    @Test(
        "a machine 20% slower in every round moves the baseline variant's CPU time, not its verdict"
    )
    func machineDriftCancels() throws {
        let before = try Self.run(path: "a.csv")
        let after = try Self.run(cpu: 120, wall: 120, reference: 360_000, path: "b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let ruler = try #require(verdict(comparison, "enum-switch"))
        #expect(ruler.basis == .cpuPerReference && ruler.verdict == .unchanged, "\(ruler)")
        #expect(ruler.note.contains("cpu ns/event +20.0%"), "\(ruler.note)")
        #expect(comparison.outcome(failOnImprovement: true) == .passed)
    }

    @Test("the baseline variant's own code 10% slower, the machine unchanged, is a regression")
    func baselineCodeRegression() throws {
        let before = try Self.run(path: "a.csv")
        let after = try Self.run(cpu: 110, wall: 110, path: "b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let ruler = try #require(verdict(comparison, "enum-switch"))
        #expect(ruler.basis == .cpuPerReference && ruler.verdict == .regression, "\(ruler)")
        #expect(abs(ruler.change!.point - 0.1) < 1e-9)
    }

    @Test("without the reference the baseline variant is judged on absolute CPU ns")
    func noReference() throws {
        let before = try Self.run(reference: nil, path: "a.csv")
        let after = try Self.run(cpu: 120, reference: nil, path: "b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let ruler = try #require(verdict(comparison, "enum-switch"))
        #expect(ruler.basis == .cpuNanoseconds && ruler.verdict == .regression, "\(ruler)")
    }

    @Test("a file without CPU columns is judged on wall time, with a note")
    func olderFile() throws {
        let old = try ResultsComparisonTests.run(path: "old.csv")
        let new = try Self.run(ratio: 1.0, wallRatio: 1.0, path: "new.csv")
        let comparison = try ResultsComparison(baseline: old, current: new)
        let table = try #require(verdict(comparison, "table"))
        #expect(table.basis == .ratio && table.verdict == .regression, "\(table)")
        #expect(table.note.contains("no CPU time in a file: wall time"), "\(table.note)")
    }

    @Test("markdown: a pattern whose time changed gets its sentence, before and now")
    func markdownAnswers() throws {
        func withOverhead(_ file: ResultsFile, overhead: Double, path: String) throws -> ResultsFile
        {
            var fixture = ResultsFixture([])
            for record in file.records {
                var row = Dictionary(uniqueKeysWithValues: ResultRow.columns.map { ($0, "") })
                for column in file.header { row[column] = record[ResultColumn.named(column)!] }
                if record.role == .pattern {
                    row["overhead_ns_per_event"] = "\(overhead)"
                    row["overhead_ci_low"] = "\(overhead - 1)"
                    row["overhead_ci_high"] = "\(overhead + 1)"
                    row["breakeven_ns_per_event"] = "\(overhead / 0.05 - 100)"
                    row["negligible"] = "0.05"
                    row["bytes_per_entity_over_baseline"] = "64"
                }
                fixture.rows.append(row)
            }
            return try fixture.file(path)
        }
        let before = try withOverhead(
            Self.run(ratio: 1.2, path: "a.csv"), overhead: 20, path: "a.csv")
        let after = try withOverhead(
            Self.run(ratio: 1.5, path: "b.csv"), overhead: 50, path: "b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        #expect(comparison.answers.count == 1)
        // Markdown escapes '<' as '&lt;', which renders as '<'.
        let markdown = comparison.render(.markdown, width: 120)
        #expect(
            markdown.contains(
                "now: vending.table (products=40): +50.0 ns per customer action [49.0, 51.0] (CPU) and +64.0 B per entity; negligible (&lt; 5%) once a customer action does ≥ 900 ns of real work."
            ), "\(markdown)")
        #expect(
            markdown.contains("was: vending.table (products=40): +20.0 ns per customer action"),
            "\(markdown)")
        // Unchanged patterns get no sentence.
        let same = try ResultsComparison(baseline: before, current: before)
        #expect(same.answers.isEmpty)
    }
}
