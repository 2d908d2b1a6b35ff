import Testing

@testable import SimBench

/// compare of two files that differ only in their environment: the change is said first, time
/// verdicts become "not judged: different CPU", counts are still judged where the toolchain
/// is the same, and `--judge-time-anyway` judges time again.
@Suite("environment changes are seen")
struct EnvironmentChangeTests {
    /// A run of one pattern against its baseline, with allocations, on `cpu`.
    static func file(
        _ path: String, cpu: String, ratio: Double, allocations: Double,
        swift: String = "Swift version 6.3", run: String
    ) throws -> ResultsFile {
        func row(_ variant: String, role: String, median: Double, ratio: Double?) -> [String:
            String]
        {
            var row = [String: String].row(
                variant, role: role, median: median, ci: (median * 0.99, median * 1.01),
                ratio: ratio, ratioCI: ratio.map { ($0 * 0.99, $0 * 1.01) },
                allocations: allocations, run: run, host: "vm")
            row["cpu"] = cpu
            row["swift_version"] = swift
            row["cpu_ns_per_event_median"] = "\(median)"
            row["cpu_ns_per_event_ci_low"] = "\(median * 0.99)"
            row["cpu_ns_per_event_ci_high"] = "\(median * 1.01)"
            row["cpu_ratio_to_baseline"] = ratio.map { "\($0)" } ?? ""
            row["cpu_ratio_ci_low"] = ratio.map { "\($0 * 0.99)" } ?? ""
            row["cpu_ratio_ci_high"] = ratio.map { "\($0 * 1.01)" } ?? ""
            return row
        }
        return try ResultsFixture([
            row("enum-switch", role: "baseline", median: 10, ratio: nil),
            row("state-objects", role: "pattern", median: 10 * ratio, ratio: ratio),
        ]).file(path, runs: .one)
    }

    static let xeon = "Intel(R) Xeon(R) Processor @ 2.10GHz"
    static let epyc = "AMD EPYC 7B13"

    @Test("two files differing only in cpu: the change first, time not judged, counts judged")
    func differentCPU() throws {
        let before = try Self.file("xeon.csv", cpu: Self.xeon, ratio: 9.9, allocations: 1, run: "a")
        let after = try Self.file("epyc.csv", cpu: Self.epyc, ratio: 5.1, allocations: 3, run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let first = try #require(comparison.notes.first)
        #expect(first.hasPrefix("the environment changed: CPU \"\(Self.xeon)\" → \"\(Self.epyc)\""))
        #expect(first.contains("counts are judged (same toolchain)"), "\(first)")
        let time = comparison.comparisons.filter { $0.metric == .time }
        #expect(time.count == 2)
        for verdict in time {
            #expect(verdict.verdict == .notJudged, "\(verdict)")
            #expect(verdict.note.hasPrefix("not judged: different CPU"), "\(verdict.note)")
        }
        let allocations = comparison.comparisons.filter { $0.metric == .allocations }
        #expect(!allocations.isEmpty && allocations.allSatisfy { $0.verdict == .regression })
        #expect(comparison.regressions == 2 && comparison.improvements == 0)
    }

    @Test("the same files with --judge-time-anyway: the ratio's fall is judged, the note says so")
    func judgedAnyway() throws {
        let before = try Self.file("xeon.csv", cpu: Self.xeon, ratio: 9.9, allocations: 1, run: "a")
        let after = try Self.file("epyc.csv", cpu: Self.epyc, ratio: 5.1, allocations: 1, run: "b")
        var thresholds = RegressionThresholds()
        thresholds.judgesTimeAcrossEnvironments = true
        let comparison = try ResultsComparison(
            baseline: before, current: after, thresholds: thresholds)
        #expect(comparison.notes.first?.contains("time is judged anyway") == true)
        let pattern = try #require(
            comparison.comparisons.first { $0.metric == .time && !$0.isBaselineVariant })
        #expect(pattern.verdict == .improvement, "\(pattern)")
    }

    @Test("another Swift version: counts are not judged either")
    func differentToolchain() throws {
        let before = try Self.file("a.csv", cpu: Self.xeon, ratio: 2, allocations: 1, run: "a")
        let after = try Self.file(
            "b.csv", cpu: Self.xeon, ratio: 2, allocations: 3, swift: "Swift version 6.4",
            run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        #expect(comparison.notes.first?.contains("Swift version") == true)
        #expect(comparison.notes.first?.contains("counts are not judged either") == true)
        let allocations = comparison.comparisons.filter { $0.metric == .allocations }
        #expect(
            !allocations.isEmpty
                && allocations.allSatisfy {
                    $0.verdict == .notJudged && $0.note.hasPrefix("not judged: different toolchain")
                })
        #expect(comparison.regressions == 0)
    }

    @Test("the same environment: no note, time judged as before")
    func sameEnvironment() throws {
        let before = try Self.file("a.csv", cpu: Self.xeon, ratio: 2, allocations: 1, run: "a")
        let after = try Self.file("b.csv", cpu: Self.xeon, ratio: 3, allocations: 1, run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        #expect(!comparison.notes.contains { $0.contains("environment changed") })
        #expect(comparison.regressions >= 1)
    }
}
