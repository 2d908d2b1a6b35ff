import Testing

@testable import SimBench

/// compare's answers (in its Markdown report too) carry their parameters, so that one
/// variant's answers under several parameter sets can be told apart, and speak of the
/// scenario's own entity, not of "machines".
@Suite("markdown answers")
struct MarkdownAnswersTests {
    /// marks' visitor against its baseline under two operations, its overhead `overhead`.
    static func file(_ path: String, run: String, overhead: Double) throws -> ResultsFile {
        var rows = [[String: String]]()
        for operation in ["render", "bounds"] {
            let params = "op=\(operation)"
            var baseline = [String: String].row(
                "type-cast", scenario: "marks", role: "baseline", params: params, median: 20,
                ci: (19.9, 20.1), ratio: 1, run: run)
            var visitor = [String: String].row(
                "visitor", scenario: "marks", params: params, median: 20 + overhead,
                ci: (19.9 + overhead, 20.1 + overhead), ratio: 1 + overhead / 20,
                ratioCI: (0.99 + overhead / 20, 1.01 + overhead / 20), run: run)
            for index in [0, 1] {
                var row = index == 0 ? baseline : visitor
                row["event_unit"] = "mark visited"
                row["entity_unit"] = "page of marks"
                if index == 1 {
                    row["overhead_ns_per_event"] = "\(overhead)"
                    row["overhead_ci_low"] = "\(overhead - 0.5)"
                    row["overhead_ci_high"] = "\(overhead + 0.5)"
                    row["bytes_per_entity_over_baseline"] = "224"
                    row["breakeven_ns_per_event"] = "\(overhead * 20)"
                    row["negligible"] = "0.05"
                }
                if index == 0 { baseline = row } else { visitor = row }
            }
            rows += [baseline, visitor]
        }
        return try ResultsFixture(rows).file(path)
    }

    @Test("each answer names its parameters and the scenario's entity")
    func parametersAndEntity() throws {
        let comparison = try ResultsComparison(
            baseline: try Self.file("before.csv", run: "a", overhead: 5),
            current: try Self.file("after.csv", run: "b", overhead: 15))
        #expect(comparison.answers.count == 2, "\(comparison.answers)")
        let now = comparison.answers.map(\.now)
        #expect(
            now.contains { $0.hasPrefix("marks.visitor (op=render): +15.0 ns per mark visited") })
        #expect(
            now.contains { $0.hasPrefix("marks.visitor (op=bounds): +15.0 ns per mark visited") })
        #expect(Set(now).count == 2, "answers that cannot be told apart: \(now)")
        for answer in comparison.answers {
            #expect(answer.now.contains("+224 B per page of marks"), "\(answer.now)")
            #expect(!answer.now.contains("per machine"), "\(answer.now)")
        }
        let markdown = comparison.render(.markdown)
        #expect(markdown.contains("- now: marks.visitor (op=render): +15.0 ns"), "\(markdown)")
        #expect(markdown.contains("- now: marks.visitor (op=bounds): +15.0 ns"), "\(markdown)")
    }

    @Test("a file from before the entity column says 'entity', never 'machine'")
    func olderFile() throws {
        var row = [String: String].row("visitor", scenario: "marks", median: 25, run: "a")
        row["overhead_ns_per_event"] = "5"
        row["bytes_per_entity_over_baseline"] = "8"
        let record = try #require(try ResultsFixture([row]).file().records.first)
        let answer = try #require(PatternAnswer(record: record))
        #expect(answer.sentence.contains("+8.00 B per entity"), "\(answer.sentence)")
    }
}
