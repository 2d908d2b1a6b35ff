import Foundation
import Testing

@testable import SimBench

/// Time changes the code did not make: `simbench ab`'s layout band, and a time change whose
/// instruction counts stood still.
@Suite("layout band and layout shifts")
struct LayoutBandTests {
    @Test("the band is the larger build's span between its runs, in log space")
    func band() throws {
        // The base spans 5%, the head 10%: the band is the head's.
        let band = try #require(LayoutBand(base: [1.0, 1.05, 1.02], head: [2.0, 2.2, 2.1]))
        #expect(abs(band.width - 0.10) < 1e-12, "\(band.width)")
        #expect(band.text == "±10.0%")
        #expect(band.contains(0.10) && band.contains(-0.05))
        // −9.09% is the same factor as +10%, and is inside; −10% is a larger factor.
        #expect(band.contains(1 / 1.1 - 1 + 1e-9))
        #expect(!band.contains(-0.10), "−10% is 1/0.9 = 11.1% as a factor")
        #expect(!band.contains(0.11) && !band.contains(-1))
    }

    @Test(
        "no band without two usable figures in one build",
        arguments: [
            ([1.0], [2.0]), ([], []), ([1.0, 0], [2.0, .nan]), ([-1.0, 1.0], [.infinity, 2.0]),
        ])
    func noBand(base: [Double], head: [Double]) {
        #expect(LayoutBand(base: base, head: head) == nil, "base \(base), head \(head)")
    }

    @Test("one build's runs give the band even where the other has one run")
    func oneSided() throws {
        let band = try #require(LayoutBand(base: [1.0, 1.2], head: [3.0]))
        #expect(abs(band.width - 0.2) < 1e-12)
    }

    // MARK: - ab with layouts

    /// One pair per (base ratio, head ratio): the table's ratio to its baseline variant in
    /// each build's run of that pair, every run's own CI a tight ±0.1%.
    func pairs(_ ratios: [(Double, Double)]) throws -> [(base: ResultsFile, head: ResultsFile)] {
        try ratios.enumerated().map { index, ratio in
            (
                try ResultsComparisonTests.run(
                    ratio: ratio.0, spread: 0.001, path: "base-\(index + 1).csv"),
                try ResultsComparisonTests.run(
                    ratio: ratio.1, spread: 0.001, path: "head-\(index + 1).csv")
            )
        }
    }

    func table(_ pairs: [(base: ResultsFile, head: ResultsFile)], layouts: Bool) throws -> (
        ResultsComparison, MetricComparison
    ) {
        let comparison = try ResultsComparison(
            pairs: pairs, layouts: layouts, baseSummary: "base", headSummary: "head")
        let row = try #require(
            comparison.comparisons.first { $0.identity.variant == "table" && $0.metric == .time })
        return (comparison, row)
    }

    /// The base moves 11.1% between its layouts (0.72 to 0.80); the head sits about 10%
    /// above the base's mean in every pair: past the 5% threshold with a CI above 0.
    let insideBand = [(0.72, 0.84), (0.80, 0.86), (0.76, 0.84), (0.80, 0.86)]

    @Test("with layouts, a change past the threshold but inside the band is not a regression")
    func withinBand() throws {
        // Without layouts the same figures are a regression...
        let (plain, plainRow) = try table(pairs(insideBand), layouts: false)
        #expect(plainRow.verdict == .regression, "\(plainRow)")
        #expect(plain.regressions == 1 && !plainRow.note.contains("layout band"))

        // ...with layouts they are within the band: shown, with the band, not counted.
        let (comparison, row) = try table(pairs(insideBand), layouts: true)
        #expect(row.verdict == .withinLayoutBand, "\(row)")
        #expect(row.note.hasPrefix("within the layout band (±11.1%"), "\(row.note)")
        #expect(comparison.regressions == 0 && comparison.withinLayoutBand == 1)
        #expect(comparison.outcome(failOnImprovement: true) == .passed)
        #expect(comparison.tally.contains("1 within the layout band"), "\(comparison.tally)")
        let markdown = comparison.render(.markdown)
        #expect(markdown.contains("| within layout band | `vending.table"), "\(markdown)")
        #expect(comparison.render(.text, width: nil).contains("within layout band"))
        #expect(comparison.methodText.contains("layout band"))
    }

    @Test("with layouts, a change beyond the band stays a regression, its band in the note")
    func beyondBand() throws {
        let (comparison, row) = try table(
            pairs([(0.80, 0.88), (0.804, 0.88), (0.80, 0.884)]), layouts: true)
        #expect(row.verdict == .regression, "\(row)")
        #expect(row.note.contains("layout band ±0.5%"), "\(row.note)")
        #expect(comparison.outcome(failOnImprovement: false) == .regression)
    }

    @Test("an unchanged row shows its band too")
    func unchangedShowsBand() throws {
        let (_, row) = try table(pairs([(0.80, 0.81), (0.82, 0.80), (0.80, 0.80)]), layouts: true)
        #expect(row.verdict == .unchanged, "\(row)")
        #expect(row.note.contains("layout band ±2.5%"), "\(row.note)")
    }

    // MARK: - Time moved, counts did not

    /// One run: a state-objects row at `median` ns (CI ±1%) with the given counts.
    func counted(
        median: Double, instructions: Double?, cycles: Double?, source: String = "callgrind",
        path: String
    )
        throws -> ResultsFile
    {
        var row = [String: String].row(
            "state-objects", median: median, ci: (median * 0.99, median * 1.01))
        row["instructions_per_event"] = instructions.map { "\($0)" } ?? ""
        row["estimated_cycles_per_event"] = cycles.map { "\($0)" } ?? ""
        row["instructions_source"] = instructions == nil ? "" : source
        return try ResultsFixture([row]).file(path)
    }

    func time(
        _ before: (Double, Double?, Double?), _ after: (Double, Double?, Double?),
        source: String = "callgrind"
    ) throws -> MetricComparison {
        let comparison = try ResultsComparison(
            baseline: counted(
                median: before.0, instructions: before.1, cycles: before.2, path: "a.csv"),
            current: counted(
                median: after.0, instructions: after.1, cycles: after.2, source: source,
                path: "b.csv"))
        return try #require(comparison.comparisons.first { $0.metric == .time })
    }

    @Test("time +20% with instructions and cycles unmoved is a layout or environment shift")
    func countsStill() throws {
        let verdict = try time((100, 1000, 2000), (120, 1000.5, 2001))
        #expect(verdict.verdict == .layoutShift, "\(verdict)")
        #expect(
            verdict.note.hasPrefix("instructions per event unchanged (+0.05%)"), "\(verdict.note)")
        // Without a cycles estimate (perf counts), the instructions alone decide.
        #expect(try time((100, 1000, nil), (80, 1000, nil)).verdict == .layoutShift)
    }

    @Test("in ab's pairs too: time +20% in every pair with instructions unmoved is a shift")
    func pairedCountsStill() throws {
        let pairs = try (1...3).map { pair in
            (
                base: try counted(
                    median: 100, instructions: 1000, cycles: nil, path: "base-\(pair).csv"),
                head: try counted(
                    median: 120, instructions: 1000, cycles: nil, path: "head-\(pair).csv")
            )
        }
        let comparison = try ResultsComparison(
            pairs: pairs, baseSummary: "base", headSummary: "head")
        let verdict = try #require(comparison.comparisons.first { $0.metric == .time })
        #expect(verdict.verdict == .layoutShift, "\(verdict)")
        #expect(comparison.layoutShifts == 1 && comparison.regressions == 0)
        #expect(comparison.tally.contains("1 layout/env shift"), "\(comparison.tally)")
        #expect(comparison.outcome(failOnImprovement: true) == .passed)
    }

    @Test(
        "time moved and a count moved, or no count on a side: the time verdict stands",
        arguments: [
            ((100.0, 1000.0, 2000.0), (120.0, 1050.0, 2000.0)),  // instructions +5%
            ((100.0, 1000.0, 2000.0), (120.0, 1000.0, 2300.0)),  // cache misses: cycles +15%
        ])
    func countsMoved(before: (Double, Double, Double), after: (Double, Double, Double)) throws {
        let verdict = try time(before, after)
        #expect(verdict.verdict == .regression, "\(before) → \(after): \(verdict)")
    }

    @Test("no count in one file, or counts from different sources: not a shift")
    func noComparableCount() throws {
        #expect(try time((100, nil, nil), (120, 1000, 2000)).verdict == .regression)
        #expect(try time((100, 1000, nil), (120, 1000, nil), source: "perf").verdict == .regression)
    }
}
