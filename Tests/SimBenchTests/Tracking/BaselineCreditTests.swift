import Foundation
import Testing

@testable import SimBench

/// Each row credited with its own change: when a scenario's baseline variant moves, its
/// patterns' ratios move with it, and `compare` and `ab` judge those patterns on their own
/// figure instead.
@Suite("compare and ab: a baseline's change is the baseline's")
struct BaselineCreditTests {
    /// One run: the baseline variant at `base` ns/event, the pattern `table` at `table`, a
    /// second pattern `lookup` at 90; wall and CPU time alike, the machine-speed reference
    /// at 10 ns, every CI ±0.5%.
    static func run(base: Double, table: Double, lookup: Double = 90, path: String) throws
        -> ResultsFile
    {
        try ResultsFixture(rows(base: base, table: table, lookup: lookup)).file(path)
    }

    /// The rows of `run(base:table:lookup:path:)`, of the configuration `params`.
    static func rows(
        base: Double, table: Double, lookup: Double = 90, params: String = "products=40"
    ) -> [[String: String]] {
        func row(_ variant: String, role: String = "pattern", _ median: Double) -> [String: String]
        {
            let ratio = median / base
            var cells = [String: String].row(
                variant, role: role, params: params, median: median,
                ci: (median * 0.995, median * 1.005),
                ratio: ratio, ratioCI: role == "baseline" ? nil : (ratio * 0.995, ratio * 1.005),
                allocations: 0)
            func put(_ column: String, _ value: Double) { cells[column] = "\(value)" }
            put("cpu_ns_per_event_median", median)
            put("cpu_ns_per_event_ci_low", median * 0.995)
            put("cpu_ns_per_event_ci_high", median * 1.005)
            put("cpu_ratio_to_baseline", ratio)
            if role != "baseline" {
                put("cpu_ratio_ci_low", ratio * 0.995)
                put("cpu_ratio_ci_high", ratio * 1.005)
            }
            put("cpu_per_reference", median / 10)
            put("cpu_per_reference_ci_low", median / 10 * 0.995)
            put("cpu_per_reference_ci_high", median / 10 * 1.005)
            return cells
        }
        return [
            row("enum-switch", role: "baseline", base), row("table", table), row("lookup", lookup),
        ]
    }

    /// `pairs` pairs, the head's baseline variant at `headBase` and its table at `headTable`,
    /// with ±1% between pairs.
    static func pairs(
        _ count: Int, headBase: Double, headTable: Double
    ) throws -> [(base: ResultsFile, head: ResultsFile)] {
        try (0..<count).map { index in
            let wobble = 1 + 0.01 * Double(index % 3 - 1)
            return (
                try run(base: 100 * wobble, table: 80 * wobble, path: "base-\(index + 1).csv"),
                try run(
                    base: headBase * wobble, table: headTable * wobble,
                    path: "head-\(index + 1).csv")
            )
        }
    }

    static func time(_ comparison: ResultsComparison, _ variant: String) throws
        -> MetricComparison
    {
        try #require(
            comparison.comparisons.first { $0.identity.variant == variant && $0.metric == .time })
    }

    @Test("ab: only the baseline changed: it alone is flagged, its patterns moved with it")
    func abBaselineOnly() throws {
        let comparison = try ResultsComparison(
            pairs: Self.pairs(6, headBase: 140, headTable: 80), baseSummary: "base",
            headSummary: "head")
        let baseline = try Self.time(comparison, "enum-switch")
        #expect(baseline.verdict == .regression, "\(baseline)")
        for variant in ["table", "lookup"] {
            let pattern = try Self.time(comparison, variant)
            #expect(pattern.verdict == .movedWithBaseline, "\(pattern)")
            #expect(
                pattern.note.hasPrefix("ratio −28.6% moved with the baseline"), "\(pattern.note)")
            // Judged on its own figure, which did not move.
            #expect(pattern.basis == .cpuPerReference && abs(pattern.change!.point) < 1e-9)
        }
        #expect(comparison.regressions == 1 && comparison.improvements == 0)
        #expect(comparison.movedWithBaseline == 2)
        let json = comparison.render(.json)
        #expect(json.contains("\"verdict\" : \"moved-with-baseline\""), "\(json)")
        #expect(json.contains("\"movedWithBaseline\" : 2"))
    }

    @Test("ab: a pattern that changed too is judged on its own change, not its ratio's")
    func abBothChanged() throws {
        // The baseline 40% slower, table 25% slower: its ratio fell 11%, its own time rose.
        let comparison = try ResultsComparison(
            pairs: Self.pairs(6, headBase: 140, headTable: 100), baseSummary: "base",
            headSummary: "head")
        let table = try Self.time(comparison, "table")
        #expect(table.verdict == .regression, "\(table)")
        #expect(abs(table.change!.point - 0.25) < 1e-6)
        #expect(table.note.contains("moved with the baseline"))
        #expect(try Self.time(comparison, "lookup").verdict == .movedWithBaseline)
    }

    @Test("ab: with the baseline unchanged, patterns are judged on their ratios as before")
    func abBaselineStill() throws {
        let comparison = try ResultsComparison(
            pairs: Self.pairs(6, headBase: 100, headTable: 88), baseSummary: "base",
            headSummary: "head")
        let table = try Self.time(comparison, "table")
        #expect(table.verdict == .regression && table.basis == .cpuRatio, "\(table)")
        #expect(!table.note.contains("moved with the baseline"))
        #expect(try Self.time(comparison, "lookup").verdict == .unchanged)
        #expect(comparison.movedWithBaseline == 0)
    }

    @Test("compare: only the baseline changed: it alone is flagged, its patterns moved with it")
    func compareBaselineOnly() throws {
        let comparison = try ResultsComparison(
            baseline: Self.run(base: 100, table: 80, path: "a.csv"),
            current: Self.run(base: 140, table: 80, path: "b.csv"))
        #expect(try Self.time(comparison, "enum-switch").verdict == .regression)
        for variant in ["table", "lookup"] {
            let pattern = try Self.time(comparison, variant)
            #expect(pattern.verdict == .movedWithBaseline, "\(pattern)")
            #expect(pattern.note.contains("moved with the baseline"))
        }
        #expect(comparison.outcome(failOnImprovement: true) == .regression)
        #expect(comparison.regressions == 1 && comparison.improvements == 0)
    }

    @Test("compare: a baseline that moved in one configuration credits only that one's patterns")
    func compareBaselineMovedInOneConfiguration() throws {
        let before = try ResultsFixture(
            Self.rows(base: 100, table: 80, params: "products=40")
                + Self.rows(base: 100, table: 80, params: "products=80")
        ).file("a.csv")
        let after = try ResultsFixture(
            Self.rows(base: 140, table: 80, params: "products=40")
                + Self.rows(base: 100, table: 80, params: "products=80")
        ).file("b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let patterns = comparison.comparisons.filter {
            $0.metric == .time && $0.identity.variant != "enum-switch"
        }
        #expect(patterns.count == 4)
        for pattern in patterns {
            let moved = pattern.identity.parameters == "products=40"
            #expect(
                pattern.verdict == (moved ? .movedWithBaseline : .unchanged), "\(pattern)")
            #expect(pattern.note.contains("moved with the baseline") == moved, "\(pattern.note)")
        }
    }

    @Test("compare: a host 20% slower moves every row alike: the patterns moved with the baseline")
    func compareHostDrift() throws {
        let comparison = try ResultsComparison(
            baseline: Self.run(base: 100, table: 80, lookup: 90, path: "a.csv"),
            current: Self.run(base: 120, table: 96, lookup: 108, path: "b.csv"))
        // The baseline is judged on its own figure, which moved: a run an hour later on a
        // drifting host is what ab, not compare, is for.
        #expect(try Self.time(comparison, "enum-switch").verdict == .regression)
        for variant in ["table", "lookup"] {
            let pattern = try Self.time(comparison, variant)
            #expect(pattern.verdict == .movedWithBaseline, "\(pattern)")
            #expect(pattern.note.contains("while its ratio held"), "\(pattern.note)")
        }
        #expect(comparison.regressions == 1 && comparison.movedWithBaseline == 2)
    }

    @Test("compare: a pattern slower beyond its baseline's drift is still its regression")
    func compareDriftAndChange() throws {
        let comparison = try ResultsComparison(
            baseline: Self.run(base: 100, table: 80, lookup: 90, path: "a.csv"),
            current: Self.run(base: 120, table: 120, lookup: 108, path: "b.csv"))
        let table = try Self.time(comparison, "table")
        #expect(table.verdict == .regression, "\(table)")
        #expect(try Self.time(comparison, "lookup").verdict == .movedWithBaseline)
    }

    @Test(
        "compare without CPU time over the reference: a flagged ratio still moved with the baseline"
    )
    func compareWallOnly() throws {
        let before = try ResultsComparisonTests.run(path: "a.csv")
        let after = try ResultsComparisonTests.run(base: 140, ratio: 0.8 * 100 / 140, path: "b.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let table = try Self.time(comparison, "table")
        #expect(table.verdict == .movedWithBaseline && table.basis == .ratio, "\(table)")
        #expect(table.note.contains("no CPU time over the machine-speed reference"))
    }
}

/// `ab --pairs auto`'s stopping rule: every row judged over its pairs sees its threshold.
@Suite("ab: rows that cannot yet see their threshold")
struct BlindRowsTests {
    @Test("pairs that disagree leave a row blind; more pairs that agree make it see")
    func blindUntilEnoughPairs() throws {
        func pairs(_ ratios: [Double]) throws -> [(base: ResultsFile, head: ResultsFile)] {
            try ratios.enumerated().map { index, ratio in
                (
                    try ResultsComparisonTests.run(
                        ratio: 0.8, spread: 0.001, path: "base-\(index + 1).csv"),
                    try ResultsComparisonTests.run(
                        ratio: ratio, spread: 0.001, path: "head-\(index + 1).csv")
                )
            }
        }
        let noisy = try ResultsComparison(
            pairs: pairs([0.86, 0.74, 0.84, 0.76]), baseSummary: "base", headSummary: "head")
        #expect(noisy.rowsBlindToThreshold.map(\.identity.variant) == ["table"])
        let table = try #require(noisy.rowsBlindToThreshold.first)
        #expect(table.note.contains("no change beyond ±"), "\(table.note)")
        let steady = try ResultsComparison(
            pairs: pairs([0.801, 0.799, 0.8, 0.8005]), baseSummary: "base", headSummary: "head")
        #expect(steady.rowsBlindToThreshold.isEmpty, "\(steady.comparisons)")
    }
}
