import Foundation
import Testing

@testable import SimBench

/// The decisions of `simbench compare` on hand-written runs with known changes.
@Suite("compare decisions")
struct ResultsComparisonTests {
    /// A vending run: the baseline variant at `base` ns, `table` at `ratio` × that, both
    /// with CIs of ±`spread` (relative), and allocation counts.
    static func run(
        base: Double = 100, ratio: Double = 0.8, spread: Double = 0.01, allocations: Double? = 0,
        tableAllocations: Double? = 0, path: String
    ) throws -> ResultsFile {
        let table = base * ratio
        return try ResultsFixture([
            .row(
                "enum-switch", role: "baseline", median: base,
                ci: (base * (1 - spread), base * (1 + spread)),
                ratio: 1, allocations: allocations),
            .row(
                "table", median: table, ci: (table * (1 - spread), table * (1 + spread)),
                ratio: ratio,
                ratioCI: (ratio * (1 - spread), ratio * (1 + spread)), allocations: tableAllocations
            ),
        ]).file(path)
    }

    func compare(
        _ before: ResultsFile, _ after: ResultsFile, thresholds: RegressionThresholds = .init()
    ) throws -> ResultsComparison {
        try ResultsComparison(baseline: before, current: after, thresholds: thresholds)
    }

    func verdict(
        _ comparison: ResultsComparison, _ variant: String,
        _ metric: MetricComparison.Metric = .time
    ) -> MetricComparison? {
        comparison.comparisons.first { $0.identity.variant == variant && $0.metric == metric }
    }

    @Test("identical runs: nothing changed, exit 0")
    func identical() throws {
        let comparison = try compare(Self.run(path: "a.csv"), Self.run(path: "b.csv"))
        #expect(comparison.regressions == 0 && comparison.improvements == 0)
        #expect(
            comparison.unchanged == 4,
            "time and allocations of two variants: \(comparison.comparisons)")
        #expect(comparison.outcome(failOnImprovement: true) == .passed)
    }

    @Test("a pattern 25% slower against its baseline variant is a regression resting on the ratio")
    func patternRegression() throws {
        let comparison = try compare(Self.run(path: "a.csv"), Self.run(ratio: 1.0, path: "b.csv"))
        let table = try #require(verdict(comparison, "table"))
        #expect(table.verdict == .regression)
        #expect(table.basis == .ratio)
        #expect(abs(table.change!.point - 0.25) < 1e-9)
        #expect(comparison.comparisons.first?.identity.variant == "table", "regressions come first")
        #expect(verdict(comparison, "enum-switch")?.verdict == .unchanged)
        #expect(comparison.outcome(failOnImprovement: false) == .regression)
    }

    @Test("the baseline variant 20% slower is a regression resting on absolute ns")
    func baselineVariantRegression() throws {
        let comparison = try compare(Self.run(path: "a.csv"), Self.run(base: 120, path: "b.csv"))
        let ruler = try #require(verdict(comparison, "enum-switch"))
        #expect(ruler.verdict == .regression && ruler.basis == .nanoseconds)
        // The whole machine got slower: the pattern's ratio did not move.
        let table = try #require(verdict(comparison, "table"))
        #expect(table.verdict == .unchanged && table.basis == .ratio, "\(table)")
        #expect(table.note.contains("ns/event +20.0%"), "\(table.note)")
    }

    @Test("every scenario's baseline variant slower by the same amount is called machine drift")
    func machineDrift() throws {
        func run(_ scale: Double, _ path: String) throws -> ResultsFile {
            try ResultsFixture([
                .row(
                    "enum-switch", role: "baseline", median: 100 * scale,
                    ci: (99 * scale, 101 * scale), ratio: 1),
                .row(
                    "enum-switch", scenario: "workday", role: "baseline", params: "step=1",
                    median: 50 * scale,
                    ci: (49.5 * scale, 50.5 * scale), ratio: 1),
            ]).file(path)
        }
        let drifted = try compare(run(1, "a.csv"), run(1.3, "b.csv"))
        #expect(drifted.regressions == 2)
        #expect(
            drifted.notes.contains { $0.contains("more likely the host than the code") },
            "\(drifted.notes)")
        let same = try compare(run(1, "a.csv"), run(1, "b.csv"))
        #expect(!same.notes.contains { $0.contains("machine than the code") })
    }

    @Test("a change within the threshold is not flagged, even with a tight CI")
    func withinThreshold() throws {
        let comparison = try compare(
            Self.run(spread: 0.001, path: "a.csv"),
            Self.run(base: 104, ratio: 0.83, spread: 0.001, path: "b.csv"))
        #expect(comparison.regressions == 0)
        #expect(verdict(comparison, "table")?.note.contains("within") == true)
        #expect(verdict(comparison, "enum-switch")?.verdict == .unchanged)
    }

    @Test("a change beyond the threshold whose CI includes zero is not flagged")
    func intervalIncludesZero() throws {
        // 8% slower, but each run's CI is ±6%: the change's CI spans zero.
        let comparison = try compare(
            Self.run(spread: 0.06, path: "a.csv"),
            Self.run(base: 108, ratio: 0.864, spread: 0.06, path: "b.csv"))
        for variant in ["enum-switch", "table"] {
            let result = try #require(verdict(comparison, variant))
            #expect(result.verdict == .unchanged, "\(variant): \(result)")
            #expect(result.change!.low! < 0 && result.change!.high! > 0)
            #expect(result.note.contains("CI includes 0"), "\(result.note)")
        }
    }

    @Test("the change's CI combines the two runs' CIs as independent errors in log space")
    func intervalPropagation() throws {
        let change = try #require(
            RelativeChange(
                from: Estimate(value: 100, low: 95, high: 105),
                to: Estimate(value: 120, low: 114, high: 126)))
        #expect(abs(change.point - 0.2) < 1e-12)
        // Hand-computed: log(1.2) ∓ √(log(120/114)² + log(105/100)²) and
        // √(log(126/120)² + log(100/95)²).
        let lower =
            exp(log(1.2) - (pow(log(120.0 / 114), 2) + pow(log(105.0 / 100), 2)).squareRoot()) - 1
        let upper =
            exp(log(1.2) + (pow(log(126.0 / 120), 2) + pow(log(100.0 / 95), 2)).squareRoot()) - 1
        #expect(abs(change.low! - lower) < 1e-12)
        #expect(abs(change.high! - upper) < 1e-12)
        // Narrower than the interval-arithmetic corners, wider than either run's own interval.
        #expect(change.low! > 114.0 / 105 - 1 && change.high! < 126.0 / 95 - 1)
        #expect(change.low! < 114.0 / 100 - 1 && change.high! > 126.0 / 100 - 1)
        // Identical runs: the interval straddles 0.
        let same = try #require(
            RelativeChange(
                from: Estimate(value: 100, low: 98, high: 103),
                to: Estimate(value: 100, low: 98, high: 103)))
        #expect(same.low! < 0 && same.high! > 0)
        #expect(change.verdict(threshold: 0.05).verdict == .regression)
        #expect(change.verdict(threshold: 0.25).verdict == .unchanged)
        let noInterval = try #require(
            RelativeChange(from: Estimate(value: 100), to: Estimate(value: 200)))
        #expect(noInterval.verdict(threshold: 0.05).verdict == .notJudged)
    }

    @Test("without CIs, time is 'not judged (no CI)' and never flagged")
    func noIntervals() throws {
        let before = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 80, ratio: 0.8),
        ]).file("a.csv")
        let after = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 200, ratio: 1),
            .row("table", median: 300, ratio: 1.5),
        ]).file("b.csv")
        let comparison = try compare(before, after)
        #expect(comparison.regressions == 0)
        #expect(comparison.notJudged == 2)
        #expect(comparison.comparisons.allSatisfy { $0.note.contains("no CI") })
        #expect(comparison.notes.contains { $0.contains("no confidence intervals") })
        #expect(comparison.notes.contains { $0.contains("allocations not compared") })
        #expect(comparison.outcome(failOnImprovement: true) == .passed)
    }

    @Test("a pattern without a ratio CI but with a time CI is judged on absolute ns")
    func ratioWithoutInterval() throws {
        func file(_ median: Double, _ path: String) throws -> ResultsFile {
            try ResultsFixture([
                .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
                .row(
                    "table", median: median, ci: (median * 0.99, median * 1.01), ratio: median / 100
                ),
            ]).file(path)
        }
        let comparison = try compare(file(80, "a.csv"), file(100, "b.csv"))
        let table = try #require(verdict(comparison, "table"))
        #expect(table.basis == .nanoseconds && table.verdict == .regression)
        #expect(table.note.contains("ratio has no CI"))
    }

    @Test("one more allocation per event is a regression; counting noise is not")
    func allocations() throws {
        let before = try Self.run(allocations: 0, tableAllocations: 2, path: "a.csv")
        let more = try compare(before, Self.run(allocations: 0, tableAllocations: 3, path: "b.csv"))
        let table = try #require(verdict(more, "table", .allocations))
        #expect(table.verdict == .regression && table.basis == .allocations)
        #expect(table.changeText == "+1.00")
        #expect(more.outcome(failOnImprovement: false) == .regression)

        let noise = try compare(
            before, Self.run(allocations: 0.005, tableAllocations: 2.02, path: "b.csv"))
        #expect(noise.regressions == 0, "\(noise.comparisons)")

        let fewer = try compare(
            before, Self.run(allocations: 0, tableAllocations: 1, path: "b.csv"))
        #expect(verdict(fewer, "table", .allocations)?.verdict == .improvement)
        #expect(fewer.outcome(failOnImprovement: false) == .passed)
        #expect(fewer.outcome(failOnImprovement: true) == .improvement)

        let uncounted = try compare(
            before, Self.run(allocations: nil, tableAllocations: nil, path: "b.csv"))
        #expect(verdict(uncounted, "table", .allocations)?.verdict == .notJudged)
    }

    @Test("a stricter allocation tolerance flags what the default lets pass")
    func allocationThreshold() throws {
        var strict = RegressionThresholds()
        strict.allocations = 0
        strict.allocationSlack = 0
        let before = try Self.run(tableAllocations: 2, path: "a.csv")
        let after = try Self.run(tableAllocations: 2.005, path: "b.csv")
        #expect(try compare(before, after).regressions == 0)
        #expect(try compare(before, after, thresholds: strict).regressions == 1)
    }

    @Test("a faster pattern is an improvement; exit 4 only with --fail-on-improvement")
    func improvement() throws {
        let comparison = try compare(Self.run(path: "a.csv"), Self.run(ratio: 0.6, path: "b.csv"))
        #expect(verdict(comparison, "table")?.verdict == .improvement)
        #expect(comparison.outcome(failOnImprovement: false) == .passed)
        #expect(comparison.outcome(failOnImprovement: true) == .improvement)
    }

    @Test("a wrong outcome is not judged, and says why")
    func wrongOutcome() throws {
        let after = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
            .row("table", median: nil, status: "wrong"),
        ]).file("b.csv")
        let comparison = try compare(Self.run(path: "a.csv"), after)
        let table = try #require(verdict(comparison, "table"))
        #expect(
            table.verdict == .notJudged && table.note.contains("status 'wrong' in the current run"))
    }

    @Test("rows on one side only are listed on their side")
    func partlyDisjoint() throws {
        let after = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
            .row("shared-states", median: 90, ci: (89, 91), ratio: 0.9, ratioCI: (0.89, 0.91)),
        ]).file("b.csv")
        let comparison = try compare(Self.run(path: "a.csv"), after)
        #expect(comparison.onlyInBaseline.map(\.variant) == ["table"])
        #expect(comparison.onlyInCurrent.map(\.variant) == ["shared-states"])
        let text = comparison.render(.text)
        #expect(
            text.contains("Only in the baseline, not measured now (1): vending.table[products=40]"))
        #expect(
            text.contains(
                "Only in the current run, no baseline yet (1): vending.shared-states[products=40]"))
    }

    @Test("files with nothing in common are bad input naming both scenario sets")
    func nothingInCommon() throws {
        let other = try ResultsFixture([
            .row(
                "ruler", scenario: "calibrate", role: "baseline", params: "work=1000", median: 3000)
        ]).file("b.csv")
        let vending = try Self.run(path: "a.csv")
        do throws(ResultsFileError) {
            _ = try ResultsComparison(baseline: vending, current: other)
            Issue.record("compared files with nothing in common")
        } catch {
            #expect(error.path == "b.csv" && error.line == 2 && error.column == "scenario")
            #expect(
                error.message.contains("'calibrate'") && error.message.contains("'vending'"),
                "\(error)")
        }
    }

    @Test("a file with only a header is bad input for compare")
    func headerOnly() throws {
        let empty = try ResultsFixture([]).file("empty.csv")
        #expect(throws: ResultsFileError.self) {
            try ResultsComparison(baseline: empty, current: Self.run(path: "b.csv"))
        }
    }

    @Test("--ignore-params compares two parameter values of one scenario")
    func ignoringParameters() throws {
        func ruler(_ work: Int, _ median: Double, _ path: String) throws -> ResultsFile {
            try ResultsFixture([
                .row(
                    "ruler", scenario: "calibrate", role: "baseline", params: "work=\(work)",
                    median: median,
                    ci: (median * 0.995, median * 1.005), ratio: 1),
                .row(
                    "ruler-twin", scenario: "calibrate", params: "work=\(work)", median: median,
                    ci: (median * 0.995, median * 1.005), ratio: 1, ratioCI: (0.99, 1.01)),
            ]).file(path)
        }
        let before = try ruler(1000, 3000, "a.csv")
        let after = try ruler(1050, 3150, "b.csv")
        #expect(throws: ResultsFileError.self) {
            try ResultsComparison(baseline: before, current: after)
        }
        var threshold = RegressionThresholds()
        threshold.time = 0.03
        threshold.ratio = 0.03
        let comparison = try ResultsComparison(
            baseline: before, current: after, thresholds: threshold, ignoringParameters: true)
        #expect(verdict(comparison, "ruler")?.verdict == .regression)
        #expect(verdict(comparison, "ruler")?.basis == .nanoseconds)
        #expect(verdict(comparison, "ruler-twin")?.verdict == .unchanged)
        #expect(comparison.notes.contains { $0.contains("params work=1000 → work=1050") })

        let two = try ResultsFixture([
            .row("ruler", scenario: "calibrate", role: "baseline", params: "work=1", median: 1),
            .row("ruler", scenario: "calibrate", role: "baseline", params: "work=2", median: 2),
        ]).file("two.csv")
        do throws(ResultsFileError) {
            _ = try ResultsComparison(baseline: two, current: after, ignoringParameters: true)
            Issue.record("matched a file with two parameter sets")
        } catch {
            #expect(error.path == "two.csv" && error.line == 3 && error.column == "params")
        }
    }

    @Test("markdown puts regressions in the table and folds unchanged rows")
    func markdown() throws {
        let comparison = try compare(Self.run(path: "a.csv"), Self.run(ratio: 1.0, path: "b.csv"))
        let text = comparison.render(.markdown)
        #expect(text.hasPrefix("### comparison: **1 regression**"))
        let details = try #require(text.range(of: "<details>"))
        let regression = try #require(
            text.range(of: "| **regression** | `vending.table[products=40]` | time | ratio"))
        #expect(regression.lowerBound < details.lowerBound)
        #expect(
            text[details.upperBound...].contains("| unchanged | `vending.enum-switch[products=40]`")
        )
        #expect(text.contains("</details>"))
    }

    @Test(
        "thresholds read as percentages",
        arguments: [("5%", 0.05), ("5", 0.05), ("2.5%", 0.025), ("0", 0.0)])
    func thresholds(text: String, value: Double) throws {
        #expect(abs(try RegressionThresholds.percent(text) - value) < 1e-12)
    }

    @Test(
        "bad thresholds are usage errors naming the flag",
        arguments: ["abc", "-5%", "5%%", "", "1e3", "2000%", "nan"])
    func badThreshold(text: String) {
        #expect(throws: ValueError.self, "\(text)") {
            try RegressionThresholds.percent(text)
        }
    }

    @Test("a reason is wrapped at its spaces as its characters split, however its bytes do")
    func wrappedAtCharacters() {
        let notes = [
            "not judged: different CPU and OS; beyond +5%, CI above 0; ns/event +219.8%",
            "within ±5%; −12.8% [−25.3%, +1.8%]", "  two  spaces  ", "",
            // A space carrying a combining mark is no space: a split of the bytes breaks it.
            "caf\u{E9} au lait \u{301}accent here and there again", "x \u{301}y z w v u",
        ]
        for note in notes {
            for width in [4, 10, 30] {
                let words = note.split(separator: " ")
                let expected = words.isEmpty ? [] : TextWrap.breakLines(words, width: width)
                #expect(
                    ResultsComparison.wrap(note, width: width) == expected,
                    "\(note.debugDescription) at \(width)")
            }
        }
    }
}

/// A time verdict judged with no note written (what a history chart asks, for every pair of
/// runs) is the verdict judged with it, its note aside.
@Suite("time verdicts without their note")
struct TimeVerdictWithoutNoteTests {
    @Test("every pair of the gallery's hosts' rows: the same verdict, basis and figures")
    func sameVerdict() throws {
        let hosts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("results/hosts")
        let names = try FileManager.default.contentsOfDirectory(atPath: hosts.path)
            .filter { $0.hasSuffix(".csv") && $0 != "counts.csv" }.sorted()
        let files = try names.map { try ResultsFile.read(hosts.appendingPathComponent($0).path) }
        #expect(files.count >= 3)
        var pairs = 0
        var flagged = 0
        for before in files {
            for after in files {
                for (old, new) in zip(before.records, after.records) {
                    let noted = ResultsComparison.time(
                        from: old, to: new, thresholds: RegressionThresholds())
                    let unnoted = ResultsComparison.time(
                        from: old, to: new, thresholds: RegressionThresholds(),
                        identity: VerdictTable.rowsIdentity, writingNote: false)
                    #expect(unnoted.verdict == noted.verdict, "\(new.identity)")
                    #expect(unnoted.figures == noted.figures, "\(new.identity)")
                    #expect(unnoted.note.isEmpty && !noted.note.isEmpty, "\(new.identity)")
                    pairs += 1
                    if noted.verdict == .regression || noted.verdict == .improvement {
                        flagged += 1
                    }
                }
            }
        }
        // Pairs of every kind: some flagged, most not.
        #expect(pairs > 100 && flagged > 0 && flagged < pairs, "\(pairs) pairs, \(flagged)")
    }
}
