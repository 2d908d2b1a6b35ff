import Foundation
import Testing

@testable import SimBench

/// The summary `run` ends with: one row per pattern, in the run's order, named by scenario
/// and axis value; it fits the terminal by dropping columns, the CPU ratio's interval last.
@Suite("the run's summary")
struct RunSummaryTests {
    /// A pattern's (or baseline's) record with the figures the summary reads.
    static func record(
        _ variant: String, scenario: String, role: String = "pattern", params: String = "",
        cpuRatio: Double = 1.5, ns: (Double, Double, Double)? = (30, 20, 40),
        bytes: Double? = 124, breakeven: Double? = 600, status: String = "ok"
    ) -> [String: String] {
        var row = [String: String].row(
            variant, scenario: scenario, role: role, params: params, median: 100,
            status: status)
        row["cpu_ratio_to_baseline"] = "\(cpuRatio)"
        row["cpu_ratio_ci_low"] = "\(cpuRatio - 0.1)"
        row["cpu_ratio_ci_high"] = "\(cpuRatio + 0.1)"
        if role == "pattern", let ns {
            row["overhead_ns_per_event"] = "\(ns.0)"
            row["overhead_ci_low"] = "\(ns.1)"
            row["overhead_ci_high"] = "\(ns.2)"
        }
        if role == "pattern" {
            row["bytes_per_entity_over_baseline"] = bytes.map { "\($0)" } ?? ""
            row["breakeven_ns_per_event"] = breakeven.map { "\($0)" } ?? ""
        }
        return row
    }

    /// The default suite's widest names: a three-way axis and a long variant.
    static func suite() throws -> [ResultsRecord] {
        var rows = [
            record("enum-switch", scenario: "vending", role: "baseline"),
            record("state-objects", scenario: "vending"),
            record("table", scenario: "vending", ns: (-5, -20, 10)),
            record("floor", scenario: "vending", role: "floor"),
            record("broken", scenario: "vending", status: "wrong"),
        ]
        for matcher in ["scan", "regex", "nsregex"] {
            rows.append(
                record(
                    "if-else-chain", scenario: "validation", role: "baseline",
                    params: "invalid=0.3;matcher=\(matcher)"))
            rows.append(
                record(
                    "strategy-closures", scenario: "validation",
                    params: "invalid=0.3;matcher=\(matcher)", cpuRatio: 1.2))
        }
        rows.append(record("sliced", scenario: "fleet", role: "baseline"))
        rows.append(
            record(
                "actor-per-machine-batched", scenario: "fleet", cpuRatio: 2.5,
                ns: (1234, 1100, 1400), bytes: 1389, breakeven: 24_680))
        return try ResultsFixture(rows).file().records
    }

    @Test("the rows made up to a limit are the first rows of all, and their count is all's")
    func rowsUpToALimit() throws {
        let suite = try Self.suite()
        // Every limit over suites cut at every length: what is left varies the patterns.
        for length in 0...suite.count {
            let records = Array(suite.prefix(length))
            let all = RunSummary.rows(records)
            #expect(RunSummary.rowCount(records) == all.count, "\(length) records")
            for limit in 0...(all.count + 1) {
                #expect(
                    RunSummary.rows(records, limit: limit) == Array(all.prefix(limit)),
                    "\(length) records, limit \(limit)")
            }
        }
    }

    @Test("a row per pattern, in the run's order, a wrong one saying WRONG; baselines, floors none")
    func rowsAndOrder() throws {
        let rows = RunSummary.rows(try Self.suite())
        #expect(
            rows.map(\.name) == [
                "vending.state-objects", "vending.table", "vending.broken",
                "validation.strategy-closures (scan)",
                "validation.strategy-closures (regex)", "validation.strategy-closures (nsregex)",
                "fleet.actor-per-machine-batched",
            ])
        let first = try #require(rows.first)
        #expect(first.cpuRatio?.value == 1.5 && first.cpuRatio?.low == 1.4)
        #expect(first.nsAdded == Estimate(value: 30, low: 20, high: 40))
        #expect(first.bytesAdded == 124 && first.breakeven == 600)
        // Within noise: no break-even is claimed.
        #expect(rows[1].nsAdded?.value == -5 && rows[1].breakeven == nil)
        // Without counts, no mechanism.
        #expect(rows.allSatisfy { $0.mechanism == nil })
        // The wrong pattern's row: its name and WRONG, no figure (its outcome differed).
        #expect(rows.map(\.wrong) == [false, false, true, false, false, false, false])
        let table = RunSummary.table(rows)
        let broken = try #require(table.rows.first { $0.first == "vending.broken" })
        #expect(broken.dropFirst(2).allSatisfy { $0.isEmpty }, "\(broken)")
        #expect(broken[1] == "WRONG", "\(broken)")
        let line = RunSummary.lines(rows, width: 120).joined(separator: "\n")
        #expect(line.contains("vending.broken") && line.contains("WRONG"), "\(line)")
    }

    @Test(
        "every column at 120; at 80 the names grouped keep ns added with its CI; at 60 the CPU ratio's interval",
        arguments: [60, 80, 120])
    func width(width: Int) throws {
        let lines = RunSummary.lines(RunSummary.rows(try Self.suite()), width: width)
            .joined(separator: "\n").split(separator: "\n")
        for line in lines {
            #expect(line.count <= width, "\(width): \(line.count): \(line)")
        }
        let headerIndex = try #require(lines.firstIndex { $0.hasPrefix("pattern ") })
        let header = lines[headerIndex]
        // The title, however it wrapped.
        let title = lines[..<headerIndex].map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        #expect(header.contains("CPU ratio") && header.contains("95% CI"), "\(width): \(header)")
        switch width {
        case 120...:
            for column in ["ns added", "ns CI", "B added", "break-even"] {
                #expect(header.contains(column), "\(width): \(column) in \(header)")
            }
            #expect(!title.contains("left out"), "\(title)")
            // The row of the longest names is whole, in full.
            #expect(
                lines.contains { $0.hasPrefix("fleet.actor-per-machine-batched  ") }, "\(lines)")
        case 80...:
            // The flat names would leave no room for ns added and its CI: grouped, they keep
            // both, and the bytes and break-even give way.
            #expect(header.contains("ns added") && header.contains("ns CI"), "\(header)")
            #expect(title.contains("left out to fit: break-even, B added"), "\(title)")
        default:
            // The figure went with its interval, and the title names both.
            #expect(!header.contains("ns added") && !header.contains("ns CI"), "\(header)")
            #expect(title.contains("ns added, ns CI"), "\(width): \(title)")
        }
        // Grouped below 120: each configuration's line, its patterns under it.
        if width < 120 {
            let fleet = try #require(lines.firstIndex(of: "fleet"), "\(lines)")
            #expect(lines[fleet + 1].hasPrefix("  actor-per-machine-batched  "), "\(lines)")
            #expect(lines.contains("validation (nsregex)"), "\(lines)")
        }
    }

    @Test("grouped, each configuration's line comes once, before its patterns, in the run's order")
    func grouped() throws {
        let rows = RunSummary.rows(try Self.suite())
        let grouped = RunSummary.groupedTable(rows).rows.map { $0[0] }
        #expect(
            grouped == [
                "vending", "  state-objects", "  table", "  broken", "validation (scan)",
                "  strategy-closures", "validation (regex)", "  strategy-closures",
                "validation (nsregex)", "  strategy-closures", "fleet",
                "  actor-per-machine-batched",
            ])
        // Each pattern's cells are the flat table's.
        let flat = RunSummary.table(rows).rows
        #expect(
            RunSummary.groupedTable(rows).rows.filter { $0.count > 1 }.map { $0.dropFirst() }
                == flat.map { $0.dropFirst() })
    }

    @Test("the interval goes last: its column is dropped only after every other optional one")
    func intervalLast() {
        #expect(RunSummary.dropGroups.last == ["95% CI"])
        #expect(RunSummary.dropGroups.first == ["mechanism"])
    }

    @Test(
        "at every width, ns added is shown with its CI or not at all, and the title names what went",
        arguments: Array(stride(from: 40, through: 140, by: 4)))
    func noFigureWithoutItsInterval(width: Int) throws {
        #expect(RunSummary.dropGroups.contains(["ns added", "ns CI"]))
        let lines = RunSummary.lines(RunSummary.rows(try Self.suite()), width: width)
            .joined(separator: "\n").split(separator: "\n")
        let headerIndex = try #require(lines.firstIndex { $0.hasPrefix("pattern ") })
        let header = lines[headerIndex]
        let title = lines[..<headerIndex].map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        #expect(
            header.contains("ns added") == header.contains("ns CI"), "\(width): \(header)")
        for column in ["ns added", "ns CI", "B added", "break-even", "95% CI"]
        where !header.contains(column) {
            #expect(title.contains(column), "\(width): \(column) gone unnamed: \(title)")
        }
    }

    @Test("a row names its axis values, not the parameters every configuration shares")
    func scenarioLabels() throws {
        let records = try ResultsFixture([
            Self.record("type-cast", scenario: "marks", role: "baseline", params: "op=render;d=2"),
            Self.record("visitor", scenario: "marks", params: "op=render;d=2"),
            Self.record("type-cast", scenario: "marks", role: "baseline", params: "op=stats;d=2"),
            Self.record("visitor", scenario: "marks", params: "op=stats;d=2"),
        ]).file().records
        #expect(
            RunSummary.rows(records).map(\.name) == [
                "marks.visitor (render)", "marks.visitor (stats)",
            ])
    }

    @Test("a row's configuration is its own, beside rows of another sweep point or run")
    func configurationsOfAHistory() throws {
        /// A row of `run` at sweep point `sweep`.
        func row(
            _ variant: String, role: String = "pattern", params: String, sweep: String,
            run: String
        ) -> [String: String] {
            var row = Self.record(variant, scenario: "marks", role: role, params: params)
            row["sweep"] = sweep
            row["run_id"] = run
            return row
        }
        // A pattern at two sweep points in a row; then a second run that repeats one
        // configuration and brings the only other value of `d`.
        let records = try ResultsFixture([
            row("type-cast", role: "baseline", params: "op=render;d=2", sweep: "m=1", run: "r1"),
            row("visitor", params: "op=render;d=2", sweep: "m=1", run: "r1"),
            row("visitor", params: "op=render;d=2", sweep: "m=10", run: "r1"),
            row("type-cast", role: "baseline", params: "op=stats;d=2", sweep: "m=1", run: "r1"),
            row("visitor", params: "op=stats;d=2", sweep: "m=1", run: "r1"),
            row("visitor", params: "op=render;d=2", sweep: "m=1", run: "r2"),
            row("visitor", params: "op=stats;d=3", sweep: "m=1", run: "r2"),
        ]).file(runs: .several).records
        #expect(
            RunSummary.rows(records).map(\.name) == [
                "marks.visitor (render 2 m=1)", "marks.visitor (render 2 m=10)",
                "marks.visitor (stats 2 m=1)", "marks.visitor (render 2 m=1)",
                "marks.visitor (stats 3 m=1)",
            ])
    }

    @Test(
        "a configuration met again in a later run is named as that row writes it, bytes and all"
    )
    func configurationsMetAgain() throws {
        func row(_ variant: String, role: String = "pattern", params: String, run: String)
            -> [String: String]
        {
            var row = Self.record(variant, scenario: "marks", role: role, params: params)
            row["run_id"] = run
            return row
        }
        // `rénder` with its é composed, then decomposed: one text, other bytes. Each run
        // lists the configurations again, the one before each a different one.
        let composed = "op=r\u{E9}nder;d=2"
        let decomposed = "op=re\u{301}nder;d=2"
        var rows = [[String: String]]()
        for (run, params) in [("r1", composed), ("r2", composed), ("r3", decomposed)] {
            rows += [
                row("type-cast", role: "baseline", params: "op=stats;d=2", run: run),
                row("visitor", params: "op=stats;d=2", run: run),
                row("type-cast", role: "baseline", params: params, run: run),
                row("visitor", params: params, run: run),
            ]
        }
        let records = try ResultsFixture(rows).file(runs: .several).records
        let names = RunSummary.rows(records).map { Array($0.name.utf8) }
        let expected = [
            "marks.visitor (stats)", "marks.visitor (r\u{E9}nder)", "marks.visitor (stats)",
            "marks.visitor (r\u{E9}nder)", "marks.visitor (stats)", "marks.visitor (re\u{301}nder)",
        ].map { Array($0.utf8) }
        #expect(names == expected)
    }

    @Test("the README's summary is what a run of its committed CSV ends with at 80 columns")
    func readmeSummary() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let csv = root.appendingPathComponent("results/charts/suite.csv")
        let records = try ResultsFile(
            path: csv.path, bytes: Array(try Data(contentsOf: csv)), runs: .one
        ).records
        let readme = try String(
            contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "<!-- figures:summary -->\n```\n").dropFirst().first?
                .components(separatedBy: "\n```\n<!-- /figures:summary -->").first,
            "README.md has a figures:summary block")
        let lines = RunSummary.lines(RunSummary.rows(records), width: 80)
            .joined(separator: "\n")
        #expect(block == lines, "README:\n\(block)\nRunSummary:\n\(lines)")
    }
}

extension RunSummaryTests {
    @Test(
        "a pattern's mechanism is measured over its own run's baseline, in a file of several runs")
    func mechanismOverItsOwnRunsBaseline() throws {
        let (first, second) = (Mechanism.allCases[0], Mechanism.allCases[1])
        /// A row of `run` whose instructions are 10 per mechanism, and 110 in `raised`.
        func row(
            _ variant: String, role: String, run: String, raised: [Mechanism]
        ) -> [String: String] {
            var row = Self.record(variant, scenario: "vending", role: role)
            row["run_id"] = run
            for mechanism in Mechanism.allCases {
                row[ResultColumn.mechanism(mechanism).name] =
                    raised.contains(mechanism) ? "110.0" : "10.0"
            }
            return row
        }
        let records = try ResultsFixture([
            row("enum-switch", role: "baseline", run: "run-1", raised: []),
            row("state-objects", role: "pattern", run: "run-1", raised: [first]),
            row("enum-switch", role: "baseline", run: "run-2", raised: [first]),
            row("state-objects", role: "pattern", run: "run-2", raised: [first, second]),
        ]).file(runs: .several).records
        let rows = RunSummary.rows(records)
        #expect(rows.map(\.mechanism) == ["100% \(first.rawValue)", "100% \(second.rawValue)"])
    }
}
