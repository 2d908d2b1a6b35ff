import SimBenchCore
import Testing

@testable import SimBench

/// What `report` tells of its rows from their bytes (a row repeating the one before in a run
/// of fields, its scenario, its run) is what the cells as text would tell: the environment's
/// values, the scenarios' groups and the runs' numbers, over rows of one file and of several.
@Suite("report's rows told from their bytes")
struct ReportRowsTests {
    /// Rows that repeat each other but for one cell at a time: the first and last byte of a
    /// run of fields (`run_id`, `git_commit`), a quoted cell (`cpu`), a column on its own
    /// (`seed`), and scenarios and runs that come back after others.
    static func rows(_ tag: String) -> [[String: String]] {
        var rows = [[String: String]]()
        for (index, change) in ["", "", "git_commit", "", "cpu", "run_id", "seed", "", "host"]
            .enumerated()
        {
            var row = [String: String].row(
                "v\(index)", scenario: index % 3 == 2 ? "workday" : "vending",
                role: index < 3 ? "baseline" : "pattern", median: 10, ratio: 1,
                run: "run-1\(tag)")
            switch change {
            case "git_commit": row["git_commit"] = "abc124"
            case "cpu": row["cpu"] = "test cpu, 3 GHz\(tag)"
            case "run_id": row["run_id"] = "sun-1\(tag)"
            case "seed": row["seed"] = "2"
            case "host": row["host"] = "other-host\(tag)"
            default: break
            }
            rows.append(row)
        }
        return rows
    }

    /// Two files' records, interleaved row by row when `interleaved`.
    static func records(interleaved: Bool) throws -> [ResultsRecord] {
        let one = try ResultsFixture(rows("")).file("one.csv", runs: .several).records
        let two = try ResultsFixture(rows("b")).file("two.csv", runs: .several).records
        guard interleaved else { return one + two }
        return zip(one, two).flatMap { [$0, $1] }
    }

    @Test("the environment lists each column's distinct cells in the order the rows give them")
    func environment() throws {
        for interleaved in [false, true] {
            let records = try Self.records(interleaved: interleaved)
            let html = HTMLReport.render(records, scenarios: [], sources: ["one.csv"])
            for column in HTMLReport.environmentColumns {
                var values = [String]()
                for record in records where !record[column].isEmpty {
                    if !values.contains(record[column]) { values.append(record[column]) }
                }
                guard !values.isEmpty else { continue }
                let entry =
                    "<dt>\(column.name)</dt><dd>"
                    + values.map(HTMLReport.escaped).joined(separator: "<br>") + "</dd>"
                #expect(html.contains(entry), "\(entry), interleaved: \(interleaved)")
            }
        }
    }

    @Test("a run of fields is the same exactly when each of its cells is")
    func fieldSpans() throws {
        let records = try Self.records(interleaved: false)
        let spans = records[0].fieldSpans(of: HTMLReport.environmentColumns)
        #expect(spans.map(\.columns.count).reduce(0, +) == HTMLReport.environmentColumns.count)
        for (before, now) in zip(records, records.dropFirst()) {
            for span in spans {
                let cellsSame = span.columns.allSatisfy {
                    now.hasSameCell(HTMLReport.environmentColumns[$0], as: before)
                }
                let sameTable = before.table === now.table
                #expect(now.hasSameFields(span.fields, as: before) == (cellsSame && sameTable))
            }
        }
    }

    @Test("cells repeated in several columns told as each column's cells tell it")
    func repeatedCells() throws {
        for interleaved in [false, true] {
            let records = try Self.records(interleaved: interleaved)
            for columns in [
                HTMLReport.environmentColumns, ChartRows.configurationColumns(byRun: true),
                [.variant, .gitCommit, .scenario], [.seed],
            ] {
                var repeated = RepeatedCells(columns)
                for (before, now) in zip(records, records.dropFirst()) {
                    #expect(
                        repeated.same(now, as: before)
                            == columns.allSatisfy { now.hasSameCell($0, as: before) },
                        "\(columns.map(\.name)), lines \(before.line), \(now.line)")
                }
            }
        }
    }

    @Test("scenarios grouped in the order first met, each with its rows in order")
    func scenarios() throws {
        for interleaved in [false, true] {
            let records = try Self.records(interleaved: interleaved)
            let grouped = HTMLReport.groupedByScenario(records)
            let expected = ChartRows.grouped(records) { $0[.scenario] }
            #expect(grouped.map(\.key) == expected.map(\.key))
            #expect(
                grouped.map { $0.records.map(\.line) } == expected.map { $0.records.map(\.line) })
            #expect(
                grouped.map { $0.records.map { ObjectIdentifier($0.table) } }
                    == expected.map { $0.records.map { ObjectIdentifier($0.table) } })
        }
    }

    @Test("configurations grouped as their keys group them, a stretch of one told from its bytes")
    func configurations() throws {
        for interleaved in [false, true] {
            // Sizes and parameters that change between rows of one run, and come back.
            let sizes = ["1000", "1000", "2000", "1000", "2000", "2000", "1000", "1000", "3000"]
            let files = try ["", "b"].map { tag in
                var rows = Self.rows(tag)
                for index in rows.indices {
                    rows[index]["machines"] = sizes[index % sizes.count]
                    rows[index]["params"] = index % 4 == 3 ? "products=50" : "products=40"
                }
                return try ChartTests.records(rows, runs: .several)
            }
            let records =
                interleaved ? zip(files[0], files[1]).flatMap { [$0, $1] } : files[0] + files[1]
            for except in [nil] + ChartRows.sizeColumns {
                for byRun in [false, true] {
                    let grouped = ChartRows.configurations(records, except: except, byRun: byRun)
                    let expected = ChartRows.grouped(records) {
                        ChartRows.configurationKey($0, except: except, byRun: byRun)
                    }
                    #expect(grouped.map(\.key) == expected.map(\.key))
                    #expect(
                        grouped.map { $0.records.map(\.line) }
                            == expected.map { $0.records.map(\.line) },
                        "except \(except?.name ?? "none"), by run: \(byRun)")
                }
            }
        }
    }

    @Test("runs numbered in the order the rows first name them, whatever file a row is of")
    func runNumbers() throws {
        for interleaved in [false, true] {
            let records = try Self.records(interleaved: interleaved)
            let numbers = RunNumbers(records)
            var ids = [String]()
            for record in records where !ids.contains(record[.runID]) {
                ids.append(record[.runID])
            }
            #expect(numbers.ids == ids)
            for record in records {
                #expect(numbers[record] == Double(ids.firstIndex(of: record[.runID])! + 1))
            }
            #expect(HTMLReport.holdsSeveral(.runID, records))
            #expect(!HTMLReport.holdsSeveral(.runID, Array(records.prefix(1))))
            #expect(
                !HTMLReport.holdsSeveral(.scenario, records.filter { $0[.scenario] == "workday" }))
        }
    }
}

/// The ratio chart counts a row's elements before drawing it, to refuse a chart past the
/// bound without drawing it: the count is what drawing the row adds.
@Suite("ratio chart's elements counted before drawing")
struct RatioChartCountTests {
    /// A pattern row with a ratio, its interval and its ratio net of the floor (with its
    /// interval) where given.
    static func pattern(
        _ variant: String, interval: Bool, net: Double?, netInterval: Bool
    ) -> [String: String] {
        var row = [String: String].row(
            variant, median: 150, ratio: 1.5, ratioCI: interval ? (1.4, 1.6) : nil)
        if let net {
            row["ratio_net_of_floor"] = "\(net)"
            if netInterval {
                row["ratio_net_ci_low"] = "\(net - 0.1)"
                row["ratio_net_ci_high"] = "\(net + 0.1)"
            }
        }
        return row
    }

    @Test(
        "a row's counted elements are the lines a second such row adds to the chart",
        arguments: [
            (true, nil, false), (false, nil, false), (true, 1.2, true), (true, 1.2, false),
            (false, 1.2, true), (true, 0, true), (true, -0.5, true),
        ] as [(Bool, Double?, Bool)])
    func counted(interval: Bool, net: Double?, netInterval: Bool) throws {
        let baseline = [String: String].row("enum-switch", role: "baseline", median: 100, ratio: 1)
        func chart(_ count: Int) throws -> (svg: String, records: [ResultsRecord]) {
            let rows =
                [baseline]
                + (0..<count).map {
                    Self.pattern("p\($0)", interval: interval, net: net, netInterval: netInterval)
                }
            let records = try ChartTests.records(rows)
            return (try #require(try Charts.svg(.ratios, records: records)), records)
        }
        let one = try chart(1)
        let two = try chart(2)
        #expect(
            HTMLReport.lineCount(two.svg) - HTMLReport.lineCount(one.svg)
                == RatioChart.elements(two.records[2]))
    }
}

/// The history chart judges a row against the run before as `compare` would: a time that
/// moved beyond the thresholds is ringed, whichever way it moved, unless the run was on
/// another processor (`EnvironmentChange`), which is looked for only where a time moved.
@Suite("history chart's rings")
struct HistoryRingTests {
    static func flagged(_ last: [[String: String]]) throws -> [SVGElements.Element] {
        let records = try ChartTests.records(
            ChartTests.suite(run: "r1") + ChartTests.suite(run: "r2") + last, runs: .several)
        return SVGElements(try #require(try Charts.svg(.history, records: records)))
            .all("circle", cssClass: "flagged")
    }

    @Test("an improvement is ringed as a regression is; a run on another CPU is not judged")
    func rings() throws {
        let faster = try Self.flagged(ChartTests.suite(run: "r3", tableMedian: 40, spread: 0.01))
        #expect(
            !faster.isEmpty && faster.allSatisfy { $0.tooltip.hasPrefix("table: improvement") },
            "\(faster.map(\.tooltip))")
        let slower = try Self.flagged(ChartTests.suite(run: "r3", tableMedian: 160, spread: 0.01))
        #expect(
            !slower.isEmpty && slower.allSatisfy { $0.tooltip.hasPrefix("table: regression") },
            "\(slower.map(\.tooltip))")
        var elsewhere = ChartTests.suite(run: "r3", tableMedian: 160, spread: 0.01)
        for row in elsewhere.indices { elsewhere[row]["cpu"] = "another cpu, 3 GHz" }
        #expect(try Self.flagged(elsewhere).isEmpty)
    }
}

extension HistoryRingTests {
    @Test(
        "a row's points are its time and its ratio where a chart draws them and an axis shows them")
    func points() throws {
        var rows = ChartTests.suite(run: "r1")
        var cpu = [String: String].row("cpu-only", median: 120, ratio: nil, run: "r1")
        cpu["cpu_ratio_to_baseline"] = "1.3"
        var tiny = [String: String].row("tiny", median: 1e-301, ratio: 1e-301, run: "r1")
        tiny["cpu_ratio_to_baseline"] = "2"
        rows += [
            cpu, tiny, .row("failed", median: 120, ratio: 1.2, status: "failed", run: "r1"),
            .row("no-ratio", median: 120, run: "r1"), .row("zero", median: 0, ratio: 0, run: "r1"),
        ]
        func shown(_ value: Double?) -> Bool {
            value.map { $0 >= ChartLimits.smallestPositive && $0 <= ChartLimits.largestMagnitude }
                == true
        }
        let records = try ChartTests.records(rows, runs: .several)
        for record in records {
            let time = ChartRows.hasTime(record) && shown(record.number(.nsPerEventMedian))
            let ratio =
                ChartRows.hasRatio(record)
                && shown(record.number(ChartRows.ratioColumns(record).value))
            #expect(
                HistoryChart.points(record) == (time ? 1 : 0) + (ratio ? 1 : 0),
                "\(record[.variant])")
        }
        #expect(records.map(HistoryChart.points).reduce(0, +) >= 5)
    }
}

/// A chart's elements are counted by its lines: every line feed, wherever it falls.
@Suite("report's line count")
struct ReportLineCountTests {
    @Test("the line feeds counted from feed to feed are those a split finds")
    func lineFeeds() {
        var random = SplitMix64(seed: 13)
        let pieces = ["\n", "a", "<circle cx=\"12.5\"/>", "é", "−", "\n\n", " "]
        var texts = ["", "\n", "no line feed", "\n\n\n", "ends with one\n"]
        for _ in 0..<2000 {
            texts.append(
                (0..<Int(random.next() % 60)).map { _ in
                    pieces[Int(random.next() % UInt64(pieces.count))]
                }.joined())
        }
        for text in texts {
            let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
            let expected = lines.count - 1
            #expect(HTMLReport.lineCount(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test("a group's title is its scenario, parameters and sizes, joined as the parts read")
    func titles() throws {
        /// The title as it was made of strings, part by part.
        func reference(_ record: ResultsRecord, except: Set<ResultColumn>) -> String {
            var parts = [record[.scenario]]
            if !record[.parameters].isEmpty { parts.append(record[.parameters]) }
            var sizes = [String]()
            if !except.contains(.machines), let machines = record.number(.machines) {
                sizes.append("\(ChartText.count(machines)) machines")
            }
            if !except.contains(.eventsPerMachine), let events = record.number(.eventsPerMachine) {
                sizes.append("\(ChartText.count(events)) events each")
            }
            if !sizes.isEmpty { parts.append(sizes.joined(separator: " × ")) }
            if !except.contains(.actors), let actors = record.number(.actors) {
                parts.append("\(ChartText.count(actors)) actors")
            }
            return parts.joined(separator: " · ")
        }
        var rows = [[String: String]]()
        let sizes = ["", "0", "7", "1000", "1234567", "2e15", "12.5"]
        let parameters = ["", "products=40", "matcher=é;n=2", "a,b=\"q\""]
        for (index, machines) in sizes.enumerated() {
            for (other, events) in sizes.enumerated() {
                var row = [String: String].row(
                    "v\(index)-\(other)", params: parameters[(index + other) % parameters.count],
                    median: 10)
                row["machines"] = machines
                row["events_per_machine"] = events
                row["actors"] = sizes[(index * 3 + other) % sizes.count]
                rows.append(row)
            }
        }
        let records = try ResultsFixture(rows).file("titles.csv").records
        let excepts: [Set<ResultColumn>] = [
            [], [.machines], [.eventsPerMachine], [.actors],
            [.machines, .eventsPerMachine, .actors],
        ]
        var mismatches = [String]()
        for record in records {
            for except in excepts {
                let title = ChartRows.title(record, except: except)
                if title != reference(record, except: except) {
                    mismatches.append("\(title), expected \(reference(record, except: except))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(records.count == sizes.count * sizes.count)
    }
}
