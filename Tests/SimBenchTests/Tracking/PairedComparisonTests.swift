import Foundation
import Testing

@testable import SimBench

/// `simbench ab`'s verdicts: pairs of runs, one per build, with the pair as the unit.
@Suite("ab: paired comparison")
struct PairedComparisonTests {
    /// One pair per ratio: the base's table at 0.8 of its baseline variant, the head's at
    /// `ratio`; every run's own CI a tight ±0.1%.
    func pairs(_ ratios: [Double], headTable: String = "table") throws -> [(
        base: ResultsFile, head: ResultsFile
    )] {
        try ratios.enumerated().map { index, ratio in
            (
                try ResultsComparisonTests.run(
                    ratio: 0.8, spread: 0.001, path: "base-\(index + 1).csv"),
                try ResultsComparisonTests.run(
                    ratio: ratio, spread: 0.001, path: "head-\(index + 1).csv")
            )
        }
    }

    func compare(_ pairs: [(base: ResultsFile, head: ResultsFile)]) throws -> ResultsComparison {
        try ResultsComparison(pairs: pairs, baseSummary: "base", headSummary: "head")
    }

    func table(_ comparison: ResultsComparison) -> MetricComparison? {
        comparison.comparisons.first { $0.identity.variant == "table" && $0.metric == .time }
    }

    @Test("Student's t interval of the mean: 0.1, 0.2, 0.3 give 0.2 ± 4.303 × 0.1/√3")
    func interval() {
        let interval = PairedInterval([0.1, 0.2, 0.3])
        #expect(abs(interval.mean - 0.2) < 1e-12)
        #expect(abs(interval.halfWidth! - 4.303 * 0.1 / 3.0.squareRoot()) < 1e-9)
        #expect(PairedInterval([0.5]).halfWidth == nil)
        // Past the table, the next lower entry's value: never narrower than the true one.
        #expect(PairedInterval.t975(degreesOfFreedom: 35) == 2.042)
        #expect(PairedInterval.t975(degreesOfFreedom: 1000) == 1.980)
    }

    @Test(
        "a change every pair shows is a regression on the ratio, with the pairs' mean as its size")
    func consistentRegression() throws {
        let comparison = try compare(pairs([0.88, 0.876, 0.884, 0.88]))
        let verdict = try #require(table(comparison))
        #expect(verdict.verdict == .regression, "\(verdict)")
        #expect(verdict.basis == .ratio)
        #expect(abs(verdict.change!.point - 0.10) < 0.002)
        #expect(verdict.note.contains("4 pairs"))
        #expect(comparison.outcome(failOnImprovement: false) == .regression)
        #expect(comparison.title == "paired comparison")
    }

    @Test("pairs that disagree leave the change unflagged, though each run's own CI is tight")
    func betweenPairSpread() throws {
        let all = try pairs([0.96, 0.76, 0.96, 0.76])
        // One pair alone, as compare judges it, would be a regression...
        let single = try ResultsComparison(baseline: all[0].base, current: all[0].head)
        #expect(single.regressions == 1)
        // ...but across the pairs the +20% and −5% average to +6.8%, with a CI that holds 0.
        let verdict = try #require(table(try compare(all)))
        #expect(verdict.verdict == .unchanged, "\(verdict)")
        #expect(verdict.note.contains("CI includes 0"))
        #expect(verdict.change!.low! < 0 && verdict.change!.high! > 0)
    }

    @Test("one pair: no CI, so not judged")
    func onePair() throws {
        let verdict = try #require(table(try compare(pairs([1.2]))))
        #expect(verdict.verdict == .notJudged)
        #expect(verdict.note.contains("fewer than 2 pairs"))
    }

    @Test("a variant of one build only is listed, not judged or failed")
    func differentVariantSets() throws {
        var all = try pairs([0.8, 0.8])
        all = try all.map { pair in
            let extra = try ResultsFixture([
                .row(
                    "enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1,
                    allocations: 0),
                .row(
                    "table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.79, 0.81),
                    allocations: 0),
                .row(
                    "new-variant", median: 90, ci: (89, 91), ratio: 0.9, ratioCI: (0.89, 0.91),
                    allocations: 0),
            ]).file(pair.head.path)
            return (pair.base, extra)
        }
        let comparison = try compare(all)
        #expect(comparison.onlyInCurrent.map(\.variant) == ["new-variant"])
        #expect(comparison.onlyInBaseline.isEmpty)
        #expect(comparison.regressions == 0)
        #expect(comparison.render(.markdown).contains("`vending.new-variant"))
    }

    @Test("a wrong outcome in any pair: that row is not judged and says why")
    func wrongOutcome() throws {
        var all = try pairs([0.8, 0.8, 0.8])
        all[1].head = try ResultsFixture([
            .row(
                "enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1,
                allocations: 0),
            .row("table", median: nil, status: "wrong-outcome"),
        ]).file("head-2.csv")
        let verdict = try #require(table(try compare(all)))
        #expect(verdict.verdict == .notJudged)
        #expect(verdict.note.contains("status 'wrong-outcome'"), "\(verdict.note)")
    }

    @Test("the base's file must hold every column the verdicts read")
    func missingColumn() {
        let full = ResultRow.columns
        #expect(TimeMetric.cpu.missingColumn(in: full) == nil)
        #expect(
            TimeMetric.cpu.missingColumn(in: full.filter { $0 != "cpu_per_reference" })
                == "cpu_per_reference")
        #expect(TimeMetric.cpu.missingColumn(in: full.filter { $0 != "variant" }) == "variant")
        // Judged on wall time, a file from before the CPU columns is enough.
        #expect(TimeMetric.wall.missingColumn(in: full.filter { !$0.hasPrefix("cpu_") }) == nil)
    }
}
