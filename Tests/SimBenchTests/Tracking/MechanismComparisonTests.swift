import Testing

@testable import SimBench

/// `compare` and `ab` on a row whose counted instructions changed: the note says which
/// mechanism moved, from the split columns.
struct MechanismComparisonTests {
    private func instructions(
        _ before: [Mechanism: Double], _ after: [Mechanism: Double]
    ) throws -> MetricComparison {
        func row(_ split: [Mechanism: Double], run: String) -> [String: String] {
            var row = [String: String].row("state-objects", median: 100, run: run)
            row["instructions_per_event"] = "\(MechanismSplit(split).total)"
            row["instructions_source"] = "callgrind"
            for mechanism in Mechanism.allCases {
                row[mechanism.columnName] = "\(split[mechanism, default: 0])"
            }
            return row
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture([row(before, run: "a")]).file("a.csv"),
            current: ResultsFixture([row(after, run: "b")]).file("b.csv"),
            thresholds: RegressionThresholds())
        return try #require(comparison.comparisons.first { $0.metric == .instructions })
    }

    @Test("a retain added in the hot loop: +18% instructions, all of it refcount")
    func oneMechanism() throws {
        let verdict = try instructions(
            [.own: 80, .refcount: 20], [.own: 80, .refcount: 38])
        #expect(verdict.verdict == .regression)
        #expect(verdict.changeText == "+18.00%", "\(verdict)")
        #expect(verdict.note.hasSuffix("; all of it refcount"), "\(verdict.note)")
    }

    @Test("a change in several mechanisms names each with its share, largest first")
    func severalMechanisms() throws {
        let verdict = try instructions(
            [.own: 100, .alloc: 50], [.own: 103, .alloc: 57])
        #expect(verdict.note.hasSuffix("; 70% alloc, 30% own"), "\(verdict.note)")
    }

    @Test("an unchanged count, or rows without the split, say nothing of mechanisms")
    func nothingToSay() throws {
        let same = try instructions([.own: 100], [.own: 100.5])
        #expect(same.verdict == .unchanged)
        #expect(!same.note.contains("own"), "\(same.note)")
    }
}
