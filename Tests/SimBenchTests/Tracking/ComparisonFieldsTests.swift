import Testing

@testable import SimBench

/// compare reads each row's figures at the fields it found once for each file
/// (`ResultsComparison.VerdictFields`): files whose columns are in other orders, or lack some,
/// are judged as the same rows in this version's order.
@Suite("compare's fields found once per file")
struct ComparisonFieldsTests {
    /// Rows with CPU time, ratios, the machine-speed reference, allocations and counts, one
    /// with a wrong outcome, their figures moved by `factor`.
    static func rows(_ factor: Double, status: String = "ok") -> [[String: String]] {
        func row(_ variant: String, role: String = "pattern", median: Double, ratio: Double)
            -> [String: String]
        {
            var row = [String: String].row(
                variant, role: role, median: median * factor,
                ci: (median * factor * 0.99, median * factor * 1.01), ratio: ratio * factor,
                ratioCI: (ratio * factor * 0.98, ratio * factor * 1.02))
            let cpu = median * factor * 0.9
            row["cpu_ns_per_event_median"] = "\(cpu)"
            row["cpu_ns_per_event_ci_low"] = "\(cpu * 0.99)"
            row["cpu_ns_per_event_ci_high"] = "\(cpu * 1.01)"
            row["cpu_ratio_to_baseline"] = "\(ratio * factor * 1.1)"
            row["cpu_ratio_ci_low"] = "\(ratio * factor * 1.05)"
            row["cpu_ratio_ci_high"] = "\(ratio * factor * 1.15)"
            row["cpu_per_reference"] = "\(2 * factor)"
            row["cpu_per_reference_ci_low"] = "\(1.9 * factor)"
            row["cpu_per_reference_ci_high"] = "\(2.1 * factor)"
            row["allocs_per_event"] = "\(median / 10 * factor)"
            row["instructions_per_event"] = "\(median * 5 * factor)"
            row["estimated_cycles_per_event"] = "\(median * 3 * factor)"
            row["instructions_source"] = "callgrind"
            return row
        }
        var rows = [
            row("enum-switch", role: "baseline", median: 100, ratio: 1),
            row("table", median: 80, ratio: 0.8),
            row("objects", median: 120, ratio: 1.2),
            row("late", median: 90, ratio: 0.9),
        ]
        rows[3]["status"] = status
        // A ratio without its CI: judged on its own figure.
        rows[2]["cpu_ratio_ci_low"] = ""
        return rows
    }

    /// The rows in a file whose columns are `order` of this version's, less `dropping`.
    static func file(
        _ rows: [[String: String]], _ path: String, order: ([String]) -> [String] = { $0 },
        dropping: [String] = []
    ) throws -> ResultsFile {
        var fixture = ResultsFixture(rows)
        fixture.columns = order(fixture.columns).filter { !dropping.contains($0) }
        return try fixture.file(path)
    }

    @Test("columns in other orders, on either side, give the same verdicts")
    func otherOrders() throws {
        let orders: [([String]) -> [String]] = [
            { $0 }, { $0.reversed() }, { Array($0[40...] + $0[..<40]) },
        ]
        for (before, after, status) in [(1.0, 1.3, "ok"), (1.0, 0.7, "wrong")] {
            let expected = try ResultsComparison(
                baseline: Self.file(Self.rows(before), "a.csv"),
                current: Self.file(Self.rows(after, status: status), "b.csv")
            ).comparisons
            for baselineOrder in orders.indices {
                for currentOrder in orders.indices {
                    let comparison = try ResultsComparison(
                        baseline: Self.file(
                            Self.rows(before), "a.csv", order: orders[baselineOrder]),
                        current: Self.file(
                            Self.rows(after, status: status), "b.csv", order: orders[currentOrder]))
                    #expect(
                        comparison.comparisons == expected,
                        "orders \(baselineOrder), \(currentOrder), \(status)")
                }
            }
        }
    }

    @Test(
        "a file without the CPU columns, the reference or the counts is judged on what it has, in any order"
    )
    func fewerColumns() throws {
        let cpu = [
            "cpu_ns_per_event_median", "cpu_ns_per_event_ci_low", "cpu_ns_per_event_ci_high",
            "cpu_ratio_to_baseline", "cpu_ratio_ci_low", "cpu_ratio_ci_high",
        ]
        let reference = [
            "cpu_per_reference", "cpu_per_reference_ci_low", "cpu_per_reference_ci_high",
        ]
        let counts = ["allocs_per_event", "instructions_per_event", "estimated_cycles_per_event"]
        for dropped in [cpu, reference, cpu + reference, counts] {
            // Without the columns, as the cells of a file that has them empty read.
            var emptied = Self.rows(1.3)
            for index in emptied.indices { for column in dropped { emptied[index][column] = "" } }
            let expected = try ResultsComparison(
                baseline: Self.file(Self.rows(1), "a.csv"), current: Self.file(emptied, "b.csv")
            ).comparisons
            let comparison = try ResultsComparison(
                baseline: Self.file(Self.rows(1), "a.csv"),
                current: Self.file(
                    Self.rows(1.3), "b.csv", order: { $0.reversed() }, dropping: dropped))
            #expect(comparison.comparisons == expected, "\(dropped)")
        }
    }
}
