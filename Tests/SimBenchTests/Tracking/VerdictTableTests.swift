import Testing

@testable import SimBench

/// The verdicts compare keeps lean (`VerdictTable`): each comes back as it was kept, its
/// note from the buffers that hold every note, and the sort by verdict keeps the order kept.
@Suite("compare's verdict table")
struct VerdictTableTests {
    /// Verdicts on the rows of `file`, `count` of them, every field varied: each metric,
    /// basis and verdict, figures present and missing, notes with text beyond ASCII, some
    /// with a paired test. Their notes fill more than one buffer of the table.
    static func verdicts(on file: ResultsFile, count: Int) -> [(MetricComparison, ResultsRecord)] {
        let metrics: [MetricComparison.Metric] = [.time, .allocations, .instructions, .cycles]
        let bases: [MetricComparison.Basis] = [
            .ratio, .nanoseconds, .cpuRatio, .cpuNanoseconds, .cpuPerReference, .allocations,
            .instructions, .cycles,
        ]
        let verdicts = MetricComparison.Verdict.allCases
        return (0..<count).map { index in
            let record = file.records[index % file.records.count]
            let value = Double(index)
            let comparison = MetricComparison(
                identity: record.identity, isBaselineVariant: record.isBaselineVariant,
                metric: metrics[index % metrics.count], basis: bases[index % bases.count],
                baseline: index % 5 == 0 ? nil : value, current: index % 7 == 0 ? nil : value * 2,
                change: index % 3 == 0
                    ? nil
                    : RelativeChange(
                        point: value / 100, low: index % 2 == 0 ? nil : -value,
                        high: index % 2 == 0 ? nil : value),
                verdict: verdicts[(index / 3) % verdicts.count],
                note: index % 11 == 0
                    ? ""
                    : "beyond ±\(index)%, CI above 0 → note \(index) "
                        + String(repeating: "é", count: index % 13),
                pairedTest: index % 97 == 0
                    ? PairedTest(logs: [0.01, 0.02, value / 1e6], threshold: 0.05) : nil)
            return (comparison, record)
        }
    }

    static func file() throws -> ResultsFile {
        try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 80, ratio: 0.8),
            .row("state-objects", params: "products=40;cash=1", median: 120, ratio: 1.2),
        ]).file()
    }

    /// `count` verdicts (`verdicts(on:count:)`) on the rows of `file()`, and the table they
    /// were kept in.
    static func kept(_ count: Int) throws -> (
        table: VerdictTable, kept: [(MetricComparison, ResultsRecord)]
    ) {
        let file = try Self.file()
        let kept = Self.verdicts(on: file, count: count)
        var table = VerdictTable(rows: file.table)
        for (comparison, record) in kept { table.append(comparison, of: record) }
        return (table, kept)
    }

    @Test("each verdict comes back as kept, its note read from the buffer that holds it")
    func keptAsGiven() throws {
        // About 2.3 MB of notes: three buffers.
        let (table, kept) = try Self.kept(40_000)
        #expect(table.count == kept.count)
        for index in kept.indices {
            guard table[index] == kept[index].0 else {
                Issue.record("verdict \(index) is \(table[index]), kept as \(kept[index].0)")
                return
            }
            #expect(table.record(at: index).row == kept[index].1.row)
        }
    }

    @Test("sorted by verdict, each verdict's rows stay in the order they were kept")
    func sortedStably() throws {
        let (unsorted, kept) = try Self.kept(5_000)
        var table = unsorted
        table.sortByVerdict()
        let expected = kept.map(\.0).enumerated().sorted {
            ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset)
        }.map(\.element)
        #expect(table.count == expected.count)
        let first = table.indices.first { table[$0] != expected[$0] }
        #expect(first == nil, "first out of place: \(first.map { "\(table[$0])" } ?? "")")
        for verdict in MetricComparison.Verdict.allCases {
            #expect(table.count(verdict) == expected.count { $0.verdict == verdict })
        }
    }
}
