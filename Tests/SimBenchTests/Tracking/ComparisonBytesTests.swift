import Testing

@testable import SimBench

/// What `compare` writes among bytes, or skips, gives what its text and its full judging
/// give: changes and intervals written as bytes, and the baseline variants left unjudged where the environment leaves every time
/// verdict so.
@Suite("compare's byte paths")
struct ComparisonBytesTests {
    /// Fractions to print: signs, rounding at the last digit, a negative zero, none finite,
    /// and some too large for their digits to be written by hand (`NumberFormat.fixed`).
    static let fractions: [Double] = [
        0, -0.0, 0.05, -0.031, 0.00049, 0.00051, -0.00049, 1.2345, -0.99999, 12.5, 1e-12,
        .nan, .infinity, -.infinity, 999_999.99, 1e7, -2.5e8,
    ]

    @Test("a signed percent and an interval written as bytes are their text")
    func percentsAsBytes() {
        for fraction in Self.fractions {
            var text = [UInt8]()
            RelativeChange.appendSignedPercent(fraction, to: &text)
            #expect(
                String(decoding: text, as: UTF8.self) == RelativeChange.signedPercent(fraction),
                "\(fraction)")
        }
        for low in Self.fractions {
            for high in [0.1, -0.2, .nan] {
                let change = RelativeChange(point: 0, low: low, high: high)
                var text = [UInt8]()
                #expect(change.appendInterval(to: &text))
                #expect(String(decoding: text, as: UTF8.self) == change.intervalText)
            }
        }
        var none = [UInt8]()
        #expect(!RelativeChange(point: 0.1, low: nil, high: 0.2).appendInterval(to: &none))
        #expect(none.isEmpty)
    }

    @Test("a change's verdict against reasons written once is its verdict against the threshold")
    func verdictReasons() {
        let cases: [(RelativeChange, MetricComparison.Verdict, String)] = [
            (
                RelativeChange(point: 0.1, low: 0.02, high: 0.2), .regression,
                "beyond +5%, CI above 0"
            ),
            (
                RelativeChange(point: 0.1, low: -0.02, high: 0.2), .unchanged,
                "beyond +5%, but CI includes 0"
            ),
            (
                RelativeChange(point: -0.1, low: -0.2, high: -0.02), .improvement,
                "beyond −5%, CI below 0"
            ),
            (
                RelativeChange(point: -0.1, low: -0.2, high: 0.02), .unchanged,
                "beyond −5%, but CI includes 0"
            ),
            (RelativeChange(point: 0.01, low: -0.02, high: 0.04), .unchanged, "within ±5%"),
            (RelativeChange(point: 0.1, low: nil, high: nil), .notJudged, "no CI"),
        ]
        let reasons = RelativeChange.Reasons(threshold: 0.05)
        for (change, verdict, reason) in cases {
            for judged in [change.verdict(threshold: 0.05), change.verdict(reasons)] {
                #expect(judged.verdict == verdict, "\(change)")
                #expect(judged.reason == reason, "\(change)")
            }
        }
    }

    @Test("a change's interval after a blank is written where its text is an interval")
    func intervalAfterBlank() {
        let changes: [RelativeChange?] = [
            nil, RelativeChange(point: 0.1, low: nil, high: nil),
            RelativeChange(point: 0.1, low: 0.02, high: 0.19),
            RelativeChange(point: -0.1, low: -0.2, high: nil),
        ]
        let bases: [MetricComparison.Basis] = [
            .ratio, .nanoseconds, .cpuRatio, .cpuNanoseconds, .cpuPerReference, .allocations,
            .instructions, .cycles,
        ]
        for basis in bases {
            for change in changes {
                let figures = MetricComparison.Figures(
                    basis: basis, baseline: 1, current: 1.1, change: change)
                let interval = figures.intervalText
                let expected = interval == "—" || interval.isEmpty ? "" : " " + interval
                var text = [UInt8]()
                figures.appendIntervalAfterBlank(to: &text)
                #expect(
                    String(decoding: text, as: UTF8.self) == expected,
                    "\(basis) \(String(describing: change))")
            }
        }
    }

    @Test("a change written as bytes is its text: a percentage, a count's, a difference")
    func changeAsBytes() {
        let bases: [MetricComparison.Basis] = [
            .ratio, .nanoseconds, .cpuPerReference, .allocations, .instructions, .cycles,
        ]
        for basis in bases {
            for (baseline, current) in [(1.0, 1.25), (2.0, 0.5), (3.0, 3.0), (0.0, 0.0004)] {
                for change in [
                    nil, RelativeChange(point: current / baseline - 1, low: nil, high: nil),
                ] {
                    let figures = MetricComparison.Figures(
                        basis: basis, baseline: baseline, current: current, change: change)
                    // As the report has always written it.
                    let expected: String
                    if basis == .allocations {
                        let difference = current - baseline
                        expected =
                            (difference < 0 ? "−" : "+")
                            + NumberFormat.significant(abs(difference))
                    } else if [.instructions, .cycles].contains(basis), let point = change?.point {
                        expected =
                            (point < 0 ? "−" : "+")
                            + NumberFormat.fixed(abs(point) * 100, decimals: 2) + "%"
                    } else {
                        expected = change?.pointText ?? "—"
                    }
                    #expect(figures.changeText == expected, "\(basis) \(baseline) → \(current)")
                }
            }
        }
    }

    @Test(
        "the environment leaves time unjudged exactly where it makes a time verdict not judged",
        arguments: [false, true])
    func timeLeftUnjudged(anyway: Bool) throws {
        let epyc = try EnvironmentChangeTests.file(
            "a.csv", cpu: EnvironmentChangeTests.epyc, ratio: 1.5, allocations: 1, run: "a")
        let xeon = try EnvironmentChangeTests.file(
            "b.csv", cpu: EnvironmentChangeTests.xeon, ratio: 1.5, allocations: 1, run: "b")
        var thresholds = RegressionThresholds()
        thresholds.judgesTimeAcrossEnvironments = anyway
        let time = MetricComparison(
            identity: ResultIdentity(scenario: "s", parameters: "", variant: "v"),
            isBaselineVariant: true, metric: .time, basis: .cpuPerReference, baseline: 1,
            current: 2, change: RelativeChange(point: 1, low: 0.5, high: 1.5),
            verdict: .regression, note: "beyond +5%, CI above 0")
        for (before, after) in [(epyc, xeon), (epyc, epyc)] {
            let change = EnvironmentChange(baseline: before.records, current: after.records)
            #expect(
                change.leavesTimeUnjudged(thresholds)
                    == (change.judged(time, thresholds: thresholds).verdict == .notJudged),
                "\(after.path), judging time anyway: \(anyway)")
        }
    }
}

extension ComparisonBytesTests {
    @Test("a benchmark name counted from its cells' lengths is the name's count of characters")
    func benchmarkNameCounts() throws {
        let names: [(scenario: String, params: String, sweep: String, variant: String)] = [
            ("vending", "products=40", "", "table"), ("vending", "", "", "floor"),
            ("workday", "", "machines=1000", "enum-switch"), ("s", "a=1", "b=2", "v"),
            ("s", "", "", "w"), ("x", "a \"quoted\", b", "", "v"),
        ]
        func file(_ rows: [(String, String, String, String)], sweep: Bool = true) throws
            -> ResultsFile
        {
            var fixture = ResultsFixture(
                rows.map { scenario, params, sweepPoint, variant in
                    var row = [String: String].row(
                        variant, scenario: scenario, params: params, median: 1)
                    row["sweep"] = sweepPoint
                    return row
                })
            if !sweep { fixture.columns.removeAll { $0 == ResultColumn.sweep.name } }
            return try fixture.file()
        }
        for sweep in [true, false] {
            let plain = try file(names.map { ($0, $1, sweep ? $2 : "", $3) }, sweep: sweep)
            let counts = try #require(ResultsComparison.benchmarkNameCounts(of: plain.table))
            #expect(counts.count == plain.records.count)
            for (record, count) in zip(plain.records, counts) {
                #expect(
                    Int(count) == record.identity.benchmarkName.count,
                    "\(record.identity.benchmarkName)")
            }
        }
        // A name with a character beyond ASCII, or a line break, is measured as written.
        for odd in ["vending-é", "two\nlines", "cr\r\nlf"] {
            let rows = names.map { ($0, $1, $2, $3) } + [("vending", "", "", odd)]
            #expect(
                ResultsComparison.benchmarkNameCounts(of: try file(rows).table) == nil, "\(odd)")
        }
    }
}

extension ComparisonBytesTests {
    @Test("each row of the compact table prints its own change and interval")
    func compactRowsChanges() throws {
        // Long parameters, so that the reasons go under each row (the compact table).
        let params = "products=40;" + String(repeating: "long-parameter=1;", count: 4)
        func rows(_ factor: (Int) -> Double) -> [[String: String]] {
            (0..<8).map { index in
                let ratio = 0.5 + Double(index) * 0.1
                let moved = ratio * factor(index)
                return .row(
                    "v\(index)", role: index == 0 ? "baseline" : "pattern", params: params,
                    median: 100 * moved, ci: index % 3 == 0 ? nil : (99 * moved, 101 * moved),
                    ratio: moved,
                    ratioCI: index % 2 == 0 ? nil : (moved * 0.99, moved * 1.01),
                    allocations: Double(index))
            }
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture(rows { _ in 1 }).file("a.csv"),
            current: ResultsFixture(rows { 1 + Double($0 % 4) * 0.07 - 0.1 }).file("b.csv"))
        let text = comparison.render(.text, width: 140)
        let lines = text.split(separator: "\n")
        #expect(text.contains("            why: "), "the compact table: \(text)")
        for verdict in comparison.comparisons {
            let name = "\(verdict.identity.benchmarkName) \(verdict.metric.rawValue) "
            let line = try #require(lines.first { $0.contains(name) }, "\(name)")
            // The interval where the change has one ("—" and counts' nothing left out).
            let interval = verdict.intervalText
            let shown = interval.isEmpty || interval == "—" ? "" : " " + interval
            #expect(line.hasSuffix(verdict.changeText + shown), "\(line)")
        }
    }

    @Test("each row of the compact table is its cells laid out as a table lays them, fitted")
    func compactRowsLaidOut() throws {
        // Long parameters, so that the reasons go under each row (the compact table); names
        // with and without parameters and sweep points, and with runs of blanks; changes with
        // an interval, without one, and none (a failed row's `—`).
        let params = "products=40;" + String(repeating: "long-parameter=1;", count: 4)
        func rows(_ factor: Double) -> [[String: String]] {
            (0..<8).map { index in
                let moved = (0.5 + Double(index) * 0.1) * (index % 2 == 0 ? 1 : factor)
                var row = [String: String].row(
                    "v\(index)", role: index == 0 ? "baseline" : "pattern",
                    params: index % 4 == 3 ? "" : index == 6 ? " two  blanks " : params,
                    median: 100 * moved,
                    ci: index % 3 == 0 ? nil : (99 * moved, 101 * moved), ratio: moved,
                    ratioCI: (moved * 0.99, moved * 1.01), allocations: Double(index))
                row["sweep"] = index % 3 == 1 ? "machines=\(index)" : ""
                if index == 5 { row["status"] = "wrong" }
                return row
            }
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture(rows(1)).file("a.csv"),
            current: ResultsFixture(rows(1.2)).file("b.csv"))
        var table = TextTable(header: ["verdict", "benchmark", "change"])
        table.leftAligned = [0, 1]
        table.rows = comparison.comparisons.map { verdict in
            let interval = verdict.intervalText
            return [
                verdict.verdict.label,
                "\(verdict.identity.benchmarkName) \(verdict.metric.rawValue)",
                verdict.changeText + (interval.isEmpty || interval == "—" ? "" : " " + interval),
            ]
        }
        // The rows are sorted by verdict and kept in their tables: each table of one kind.
        var checked = 0
        // Narrow enough for the compact table, from rows too wide to fit to rows that fit.
        for width in 60...180 {
            let text = comparison.render(.text, width: width)
            #expect(text.contains("            why: "), "the compact table at width \(width)")
            let quiet =
                comparison.comparisons.firstIndex { $0.verdict == .unchanged }
                ?? table.rows.count
            for kind in [0..<quiet, quiet..<table.rows.count] {
                var part = table
                part.rows = Array(table.rows[kind])
                guard !part.rows.isEmpty else { continue }
                let lines = TextTable.Lines(part, indent: "  ")
                for row in 1...part.rows.count {
                    var line = [UInt8]()
                    lines.append(row: row, to: &line)
                    let fitted = TextWrap.fit(
                        line: Substring(String(decoding: line, as: UTF8.self)), width: width)
                    #expect(text.contains(fitted + "\n"), "width \(width): \(fitted)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("a verdict's reasons under its row fill each line as far as the width allows")
    func reasonsFillTheirLines() throws {
        let params = "products=40;" + String(repeating: "long-parameter=1;", count: 4)
        func rows(_ factor: (Int) -> Double) -> [[String: String]] {
            (0..<12).map { index in
                let moved = (0.5 + Double(index) * 0.1) * factor(index)
                return .row(
                    "variant-\(String(repeating: "v", count: index))",
                    role: index == 0 ? "baseline" : "pattern", params: params,
                    median: 100 * moved, ci: (99 * moved, 101 * moved), ratio: moved,
                    ratioCI: (moved * 0.99, moved * 1.01), allocations: Double(index))
            }
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture(rows { _ in 1 }).file("a.csv"),
            current: ResultsFixture(rows { 1 + Double($0 % 5) * 0.07 - 0.1 }).file("b.csv"))
        var blocks = 0
        for width in 60...140 {
            let lines = comparison.render(.text, width: width).split(separator: "\n").map {
                String($0)
            }
            // A block of reasons: its first line's blanks then `why: `, and the lines after it
            // with as many blanks and more text.
            for (index, line) in lines.enumerated() {
                let margin = line.prefix { $0 == " " }
                guard line.dropFirst(margin.count).hasPrefix("why: ") else { continue }
                blocks += 1
                var at = index
                while at + 1 < lines.count, lines[at + 1].hasPrefix(margin),
                    lines[at + 1].dropFirst(margin.count).first.map({ $0 != " " }) == true
                {
                    let next = lines[at + 1].dropFirst(margin.count)
                    let word = next.prefix { $0 != " " }
                    #expect(lines[at].count <= width, "\(width): \(lines[at])")
                    // Greedy: the next line's first word would not have fitted on this one.
                    #expect(
                        lines[at].count + 1 + word.count > width,
                        "\(width): \(lines[at]) | \(word)")
                    at += 1
                }
            }
        }
        #expect(blocks > 100)
    }
}

extension ComparisonBytesTests {
    @Test("an allocation verdict's note names its tolerance, each made once and kept as bytes")
    func allocationNotes() throws {
        // Tolerance 0.01 + 1% of the baseline: 0.11 for 10 allocations, 0.21 for 20.
        func rows(_ allocations: [Double]) -> [[String: String]] {
            allocations.enumerated().map { index, count in
                .row("v\(index)", median: 100, allocations: count)
            }
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture(rows([10, 10, 10, 20, 20])).file("a.csv"),
            current: ResultsFixture(rows([12, 8, 10.05, 20.2, 30])).file("b.csv"))
        let notes = Dictionary(
            uniqueKeysWithValues: comparison.comparisons.filter { $0.metric == .allocations }.map {
                ($0.identity.variant, $0.note)
            })
        #expect(
            notes == [
                "v0": "more than ±0.11/event", "v1": "fewer by more than ±0.11/event",
                "v2": "within ±0.11/event", "v3": "within ±0.21/event",
                "v4": "more than ±0.21/event",
            ])
    }

    @Test("a baseline variant run differently is said; cells alike or empty are not")
    func configurationNotes() throws {
        func rows(machines: [String], build: String) -> [[String: String]] {
            machines.enumerated().map { index, machines in
                var row = [String: String].row(
                    "v\(index)", scenario: "s\(index)", role: "baseline", median: 100)
                row["machines"] = machines
                row["build_config"] = build
                return row
            }
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture(
                rows(machines: ["1000", "1000", "", "1000"], build: "release")
            )
            .file("a.csv"),
            current: ResultsFixture(rows(machines: ["2000", "1000", "2000", ""], build: "debug"))
                .file("b.csv"))
        let said = comparison.notes.filter { $0.contains("run differently") }
        #expect(
            said == [
                "s0: run differently (machines 1000 → 2000, build_config release → debug)",
                "s1: run differently (build_config release → debug)",
                "s2: run differently (build_config release → debug)",
                "s3: run differently (build_config release → debug)",
            ])
    }
}
