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
        swift: String = "Swift version 6.3", identity: [String: String] = [:], run: String,
        columns: [String] = ResultRow.columns
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
            row.merge(identity) { $1 }
            return row
        }
        var fixture = ResultsFixture([
            row("enum-switch", role: "baseline", median: 10, ratio: nil),
            row("state-objects", role: "pattern", median: 10 * ratio, ratio: ratio),
        ])
        fixture.columns = columns
        return try fixture.file(path, runs: .one)
    }

    /// Across a different CPU: the note says counts are judged, every time verdict is "not
    /// judged: different CPU", and the allocations' rise (1 → 3 per event) is a regression.
    static func expectTimeNotJudgedCountsJudged(_ comparison: ResultsComparison, note: String) {
        #expect(note.contains("counts are judged (same toolchain)"), "\(note)")
        let time = comparison.comparisons.filter { $0.metric == .time }
        #expect(time.count == 2)
        for verdict in time {
            #expect(verdict.verdict == .notJudged, "\(verdict)")
            #expect(verdict.note.hasPrefix("not judged: different CPU"), "\(verdict.note)")
        }
        let allocations = comparison.comparisons.filter { $0.metric == .allocations }
        #expect(!allocations.isEmpty && allocations.allSatisfy { $0.verdict == .regression })
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
        Self.expectTimeNotJudgedCountsJudged(comparison, note: first)
        #expect(comparison.regressions == 2 && comparison.improvements == 0)
    }

    /// The Xeon's file and the EPYC's, with the same allocations: only the CPU and the
    /// ratio differ.
    static func xeonThenEpyc() throws -> (before: ResultsFile, after: ResultsFile) {
        (
            try file("xeon.csv", cpu: xeon, ratio: 9.9, allocations: 1, run: "a"),
            try file("epyc.csv", cpu: epyc, ratio: 5.1, allocations: 1, run: "b")
        )
    }

    /// The thresholds of `--judge-time-anyway`.
    static var judgingTimeAnyway: RegressionThresholds {
        var thresholds = RegressionThresholds()
        thresholds.judgesTimeAcrossEnvironments = true
        return thresholds
    }

    @Test("the same files with --judge-time-anyway: the ratio's fall is judged, the note says so")
    func judgedAnyway() throws {
        let (before, after) = try Self.xeonThenEpyc()
        let comparison = try ResultsComparison(
            baseline: before, current: after, thresholds: Self.judgingTimeAnyway)
        #expect(comparison.notes.first?.contains("time is judged anyway") == true)
        let pattern = try #require(
            comparison.comparisons.first { $0.metric == .time && !$0.isBaselineVariant })
        #expect(pattern.verdict == .improvement, "\(pattern)")
    }

    /// The note of a verdict left unjudged by the change is the change's phrase, then the
    /// verdict's own reasons (those it has when time is judged anyway), or the phrase alone.
    @Test("a time verdict across the change: 'not judged: ' and the phrase, then its own note")
    func unjudgedNote() throws {
        let (before, after) = try Self.xeonThenEpyc()
        let judged = try ResultsComparison(
            baseline: before, current: after, thresholds: Self.judgingTimeAnyway)
        let unjudged = try ResultsComparison(baseline: before, current: after)
        let time = { (comparison: ResultsComparison) in
            comparison.comparisons.filter { $0.metric == .time }
        }
        let change = EnvironmentChange(
            baseline: before.environmentRows, current: after.environmentRows)
        #expect(time(judged).count == 2 && time(unjudged).count == 2)
        // Each row's verdicts paired: sorted by verdict, the two comparisons list them apart.
        for left in time(unjudged) {
            let own = try #require(
                time(judged).first { $0.isBaselineVariant == left.isBaselineVariant })
            #expect(!own.note.isEmpty)
            #expect(left.note == "not judged: \(change.phrase); \(own.note)", "\(left.note)")
        }
        // A verdict with no reasons of its own says the phrase alone.
        var bare = try #require(time(judged).first)
        bare.note = ""
        bare.verdict = .regression
        #expect(change.judged(bare, thresholds: .init()).note == "not judged: \(change.phrase)")
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

    // MARK: - The processor's identity

    /// Two EPYCs of one name: the identity columns as each host writes them.
    static let milan = [
        "cpu_vendor": "AuthenticAMD", "cpu_family": "25", "cpu_model": "1", "cpu_stepping": "1",
        "cpu_microcode": "0xa0011d1", "l2_cache_bytes": "524288", "hypervisor": "KVM",
    ]
    static let turin = milan.merging([
        "cpu_family": "26", "cpu_model": "2", "l2_cache_bytes": "1048576",
    ]) { $1 }

    @Test(
        "one cpu name, another identity: a different CPU said first, time not judged, counts judged"
    )
    func differentIdentity() throws {
        let before = try Self.file(
            "milan.csv", cpu: "AMD EPYC", ratio: 5.5, allocations: 1, identity: Self.milan,
            run: "a")
        let after = try Self.file(
            "turin.csv", cpu: "AMD EPYC", ratio: 7.7, allocations: 3, identity: Self.turin,
            run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let first = try #require(comparison.notes.first)
        #expect(
            first.hasPrefix(
                "the environment changed: CPU \"AMD EPYC: family 25, model 1, L2 512 KB\" → \"AMD EPYC: family 26, model 2, L2 1 MB\";"
            ), "\(first)")
        Self.expectTimeNotJudgedCountsJudged(comparison, note: first)
    }

    @Test("a microcode update alone is a different CPU too")
    func differentMicrocode() throws {
        let before = try Self.file(
            "a.csv", cpu: "AMD EPYC", ratio: 5.5, allocations: 1, identity: Self.milan, run: "a")
        let after = try Self.file(
            "b.csv", cpu: "AMD EPYC", ratio: 5.5, allocations: 1,
            identity: Self.milan.merging(["cpu_microcode": "0xa0011d5"]) { $1 }, run: "b")
        let change = EnvironmentChange(baseline: before.records, current: after.records)
        #expect(change.phrase == "different CPU")
        #expect(change.differences.first?.before == ["AMD EPYC: microcode 0xa0011d1"])
        #expect(change.differences.first?.after == ["AMD EPYC: microcode 0xa0011d5"])
    }

    @Test("another name and another identity: one CPU difference, named by the name")
    func differentNameAndIdentity() throws {
        let before = try Self.file(
            "a.csv", cpu: Self.xeon, ratio: 9.9, allocations: 1,
            identity: ["cpu_family": "6", "cpu_model": "207"], run: "a")
        let after = try Self.file(
            "b.csv", cpu: Self.epyc, ratio: 5.1, allocations: 1, identity: Self.milan, run: "b")
        let change = EnvironmentChange(baseline: before.records, current: after.records)
        #expect(change.differences.map(\.name) == ["CPU"])
        #expect(change.differences.first?.column == "cpu")
    }

    @Test("the same identity: no note")
    func sameIdentity() throws {
        let before = try Self.file(
            "a.csv", cpu: "AMD EPYC", ratio: 2, allocations: 1, identity: Self.milan, run: "a")
        let after = try Self.file(
            "b.csv", cpu: "AMD EPYC", ratio: 3, allocations: 1, identity: Self.milan, run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        #expect(!comparison.notes.contains { $0.contains("environment changed") })
        #expect(!comparison.notes.contains { $0.contains("identity unknown") })
        #expect(comparison.regressions >= 1)
    }

    @Test("a file from before the identity columns: identity unknown, said once, judged by name")
    func fileWithoutIdentity() throws {
        let old = ResultRow.columns.filter { name in
            !ResultColumn.hostIdentityColumns.contains { $0.name == name }
        }
        let before = try Self.file(
            "old.csv", cpu: "AMD EPYC", ratio: 2, allocations: 1, run: "a", columns: old)
        #expect(before.records.allSatisfy { !$0.hostIdentity.isKnown })
        let after = try Self.file(
            "new.csv", cpu: "AMD EPYC", ratio: 3, allocations: 1, identity: Self.turin, run: "b")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let unknown = comparison.notes.filter { $0.contains("identity unknown") }
        #expect(unknown.count == 1, "\(comparison.notes)")
        #expect(unknown.first?.hasPrefix("CPU identity unknown in old.csv") == true)
        #expect(!comparison.notes.contains { $0.contains("environment changed") })
        #expect(comparison.regressions >= 1, "the same name: time judged as before")
        let both = try ResultsComparison(
            baseline: before,
            current: try Self.file(
                "old2.csv", cpu: "AMD EPYC", ratio: 2, allocations: 1, run: "b", columns: old))
        #expect(!both.notes.contains { $0.contains("identity unknown") }, "\(both.notes)")
    }
}
