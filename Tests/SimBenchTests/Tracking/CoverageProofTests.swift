import Foundation
import SimBenchCore
import Testing

@testable import SimBench

@Suite("coverage proof: one run's intervals against every other run's value")
struct CoverageProofTests {
    /// K runs of one pattern row whose ratios are `ratios`, each with the interval
    /// `ratio ± halfWidth`, and ns/event `100 + run` with an interval ±0.1 (too narrow to
    /// hold the others).
    private func runs(_ ratios: [Double], halfWidth: Double) throws -> [ResultsFile] {
        try ratios.enumerated().map { run, ratio in
            var baseline = [String: String].row(
                "enum-switch", role: "baseline", median: 100, ratio: 1, ratioCI: (1, 1),
                run: "run-\(run)")
            baseline["cpu_ratio_to_baseline"] = "1.0"
            var pattern = [String: String].row(
                "state-objects", median: 100 + Double(run),
                ci: (99.9 + Double(run), 100.1 + Double(run)), ratio: ratio,
                ratioCI: (ratio - halfWidth, ratio + halfWidth), run: "run-\(run)")
            pattern["overhead_ns_per_event"] = "\(10 * ratio)"
            pattern["overhead_ci_low"] = "\(10 * (ratio - halfWidth))"
            pattern["overhead_ci_high"] = "\(10 * (ratio + halfWidth))"
            return try ResultsFixture([baseline, pattern]).file("run-\(run).csv")
        }
    }

    private let ratios = [1.50, 1.52, 1.48, 1.51, 1.49, 1.53, 1.47, 1.50]

    /// Ordered pairs (i, j), i ≠ j, whose `values[i] ± halfWidth` holds `values[j]`.
    private func pairsHeld(_ values: [Double], halfWidth: Double) -> Int {
        var held = 0
        for (i, value) in values.enumerated() {
            for (j, other) in values.enumerated() where j != i {
                if value - halfWidth <= other && other <= value + halfWidth { held += 1 }
            }
        }
        return held
    }

    @Test("the same run three times judges nothing: no pass to claim")
    func sameRunJudgesNothing() throws {
        let one = try runs([1.5], halfWidth: 0.025)[0]
        #expect(!CoverageProof(files: [one, one, one]).judgesAnything)
        #expect(CoverageProof(files: try runs(ratios, halfWidth: 0.025)).judgesAnything)
    }

    @Test(
        "a figure is judged on single re-runs: each run's interval against every other run's value")
    func judgedOnSingleReruns() throws {
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 0.025))
        let figure = CoverageProof.figures[0]
        let pairs = proof.pairTotal(of: figure)
        #expect(pairs.of == 8 * 7)
        #expect(pairs.held == pairsHeld(ratios, halfWidth: 0.025))
        // 32 of 56, 57.14%: outside the band, so the figure fails on its single re-runs ...
        #expect(pairs.held == 32, "\(pairs)")
        #expect(
            proof.failures.contains {
                $0.hasPrefix("ratio to baseline: holds 57.14% of single re-runs")
            },
            "\(proof.failures)")
        // ... while the others' median, held by 6 of 8, is reported beside it, not judged.
        #expect(proof.total(of: figure).held == 6)
        #expect(!proof.failures.contains { $0.contains("75%") })  // 6 of 8
        let report = proof.report(label: "test")
        #expect(report.contains("a single re-run") && report.contains("others' median"))
        // The absolute time, whose intervals hold none, is reported, not judged.
        let absolute = try #require(CoverageProof.figures.first { $0.name == "ns/event" })
        #expect(proof.pairTotal(of: absolute).held == 0)
        #expect(!proof.failures.contains { $0.hasPrefix("ns/event") })
    }

    @Test(
        "single re-runs held inside the band pass; the baseline's constant ratio is not a row")
    func heldPasses() throws {
        // 19 runs within 0.002 of each other and one at 1.511: every interval of ±0.01 holds
        // the 19, and some hold the one.
        let many = (0..<19).map { 1.5 + 0.001 * Double($0 % 3) } + [1.511]
        let proof = CoverageProof(files: try runs(many, halfWidth: 0.01))
        let pairs = proof.pairTotal(of: CoverageProof.figures[0])
        #expect(pairs.of == 20 * 19)
        #expect(pairs.held == pairsHeld(many, halfWidth: 0.01))
        let share = Double(pairs.held) / Double(pairs.of)
        #expect(share > 0.9 && share < 0.99, "\(pairs)")
        #expect(!proof.cells.contains { $0.row.variant == "enum-switch" && $0.judged })
        #expect(proof.failures.isEmpty, "\(proof.failures)")
    }

    @Test("intervals widened until they hold every run fail the upper bound")
    func tooWide() throws {
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 1))
        #expect(proof.pairTotal(of: CoverageProof.figures[0]).held == 56)
        #expect(
            proof.failures.contains {
                $0.hasPrefix("ratio to baseline: holds 100% of single re-runs")
            })
    }

    @Test(
        "misses are told by run: an outlier misses every pair it is in, each other run its two with it"
    )
    func missesByRun() throws {
        // Seven runs within 0.02 of each other, whose intervals of ±0.025 hold one another,
        // and the fifth at 1.70, which no other interval holds and whose own holds none.
        let values = [1.50, 1.50, 1.51, 1.49, 1.70, 1.50, 1.51, 1.49]
        let proof = CoverageProof(files: try runs(values, halfWidth: 0.025))
        // Two judged cells (the ratio and the ns added), each 2 · 7 pairs a run is in.
        let judged = proof.cells.count(where: \.judged)
        #expect(judged == 2)
        let misses = proof.missesByRun
        #expect(misses.count == 8)
        #expect(misses.allSatisfy { $0.of == judged * 2 * 7 })
        #expect(misses[4].missed == judged * 2 * 7)
        #expect(
            misses.enumerated().allSatisfy { $0.offset == 4 || $0.element.missed == judged * 2 })
        // Every miss is one pair counted for both its runs.
        let pairs = proof.cells.filter(\.judged).reduce(0) {
            $0 + $1.runs * ($1.runs - 1) - $1.pairsHeld
        }
        #expect(misses.reduce(0) { $0 + $1.missed } == 2 * pairs)
    }

    @Test("a row holding fewer than 5 in 8 of its single re-runs fails, whatever the totals")
    func rowFloor() throws {
        // ±0.001 holds only the other 1.50: 2 of 56 pairs.
        let proof = CoverageProof(files: try runs(ratios, halfWidth: 0.001))
        #expect(
            proof.failures.contains {
                $0.contains("state-objects ratio to baseline: 2 of 56 re-runs")
            }, "\(proof.failures)")
    }

    @Test(
        "a run named twice is judged as the same run read twice: its cells read once count for both"
    )
    func runNamedTwice() throws {
        let values = [1.50, 1.52, 1.47, 1.51]
        let files = try runs(values, halfWidth: 0.02)
        let again = try runs(values, halfWidth: 0.02)
        // The first run's file in third place as well: one table, and one read again.
        let shared = CoverageProof(files: [files[0], files[1], files[0], files[2], files[3]])
        let read = CoverageProof(files: [files[0], files[1], again[0], files[2], files[3]])
        #expect(shared.report(label: "runs") == read.report(label: "runs"))
        #expect(shared.failures == read.failures)
        #expect(shared.missesByRun.map(\.missed) == read.missesByRun.map(\.missed))
        #expect(shared.judgesAnything)
    }

    @Test("each row of the report and of its failures is named by its own identity")
    func rowsNamedByIdentity() throws {
        // The first run lists its rows in another order than the others.
        var files = try runs(ratios, halfWidth: 0.001)
        let first = try #require(files.first)
        let records = (0..<first.table.count).reversed().map { row in
            Dictionary(
                uniqueKeysWithValues: first.header.enumerated().map {
                    ($0.element, first.table.text(row: row, field: $0.offset))
                })
        }
        files[0] = try ResultsFixture(records).file("reversed.csv")
        let proof = CoverageProof(files: files)
        let report = proof.report(label: "runs")
        let line = try #require(
            report.split(separator: "\n").first { $0.contains("state-objects") })
        #expect(line.hasPrefix("  vending[products=40] state-objects  "), "\(line)")
        #expect(line.contains("2/56 ±"), "\(line)")
        #expect(!report.contains("enum-switch"), "\(report)")
        let failure = "vending[products=40] state-objects ratio to baseline: 2 of 56 re-runs"
        #expect(proof.failures.contains(failure), "\(proof.failures)")
    }

    @Test(
        "each column of the report's table is as wide as its widest cell, wherever that row is"
    )
    func columnsFitTheirWidestCells() throws {
        // Four pattern rows over three runs, in the report's order: a wide spread of ratios
        // and ns added, a longer name alone, a narrower spread, then the widest spread.
        let rows: [(variant: String, ratios: [Double])] = [
            ("a", [1, 100, 1000]),
            ("b-with-a-longer-name", [1.50, 1.51, 1.49]),
            ("c", [1.5, 3.0, 6.0]),
            ("d", [1, 100, 10000]),
        ]
        let files = try (0..<3).map { run in
            var records = [
                [String: String].row(
                    "enum-switch", role: "baseline", median: 100, ratio: 1, ratioCI: (1, 1),
                    run: "run-\(run)")
            ]
            for (variant, ratios) in rows {
                let ratio = ratios[run]
                var pattern = [String: String].row(
                    variant, median: 100, ratio: ratio, ratioCI: (ratio * 0.9, ratio * 1.1),
                    run: "run-\(run)")
                pattern["overhead_ns_per_event"] = "\(10 * ratio)"
                pattern["overhead_ci_low"] = "\(9 * ratio)"
                pattern["overhead_ci_high"] = "\(11 * ratio)"
                records.append(pattern)
            }
            return try ResultsFixture(records).file("run-\(run).csv")
        }
        let report = CoverageProof(files: files).report(label: "runs")
        // The row table: its header and a line per row, the last of a line's empty cells
        // left out.
        let lines = report.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  row ") })
        let table = lines[header...]
        #expect(table.count == 5, "\(report)")
        // Right-aligned cells padded to their column's width: each row's cells end where
        // their column's name does in the header, which a cell wider than its column would
        // push on.
        func end(_ name: String) throws -> Int {
            let range = try #require(lines[header].range(of: name))
            return lines[header].distance(from: lines[header].startIndex, to: range.upperBound)
        }
        let ratioEnd = try end("ratio to baseline")
        let addedEnd = try end("ns added")
        for line in table.dropFirst() {
            #expect(line.count == addedEnd, "\(report)")
            #expect(Array(line)[ratioEnd - 1] == "%", "\(report)")
        }
        #expect(table.last?.hasSuffix("0/6 ±4999.5%") == true, "\(report)")
    }

    /// A row's figure over K runs as the definition tallies it, run by run with nothing
    /// shared: each run's interval (an empty bound unbounded for `net of floor`, else holding
    /// nothing) against the median of the other values, sorted, and against each other
    /// value; the spread from the values sorted.
    private func definition(
        values: [Double], lows: [Double?], highs: [Double?], unbounded: Bool
    ) -> (held: Int, pairsHeld: Int, spread: Double, missesByRun: [Int]) {
        let sorted = values.sorted()
        var held = 0
        var pairsHeld = 0
        var misses = Array(repeating: 0, count: values.count)
        for (run, value) in values.enumerated() {
            var others = sorted
            others.remove(at: sorted.firstIndex(of: value)!)
            let median = Percentile.median(sorted: others)
            let low = lows[run] ?? (unbounded ? -.infinity : .nan)
            let high = highs[run] ?? (unbounded ? .infinity : .nan)
            if low <= median && median <= high { held += 1 }
            for (other, otherValue) in values.enumerated() where other != run {
                if low <= otherValue && otherValue <= high {
                    pairsHeld += 1
                } else {
                    misses[run] += 1
                    misses[other] += 1
                }
            }
        }
        let median = Percentile.median(sorted: sorted)
        let spread = median == 0 ? .nan : (sorted.last! - sorted.first!) / abs(median)
        return (held, pairsHeld, spread, misses)
    }

    @Test(
        "each row's tallies are the definition's, over many seeds: runs named twice, values alike or missing, empty bounds, rows not ok in some run"
    )
    func talliesMatchTheDefinition() throws {
        let figures = CoverageProof.figures
        for seed in UInt64(0)..<24 {
            var random = SplitMix64(seed: seed)
            // Two to six runs, read from fewer files where a file is named again.
            let runCount = 2 + random.next(below: 5)
            var fileOfRun = [Int]()
            for run in 0..<runCount {
                let named = fileOfRun.max().map { $0 + 1 } ?? 0
                fileOfRun.append(
                    run > 0 && random.next(below: 4) == 0 ? random.next(below: named) : named)
            }
            let fileCount = fileOfRun.max()! + 1
            let variants = (0..<12).map { "v\($0)" }
            // Per file, variant and figure: the value and bounds, or nil where empty; and
            // whether the row is ok.
            typealias Cell = (value: Double?, low: Double?, high: Double?)
            var cells = [[[Cell]]]()
            var ok = [[Bool]]()
            let choices: [Double] = [1, 1.5, 2, 2.25, 3, 10]
            for _ in 0..<fileCount {
                var fileCells = [[Cell]]()
                var fileOK = [Bool]()
                for _ in variants {
                    fileOK.append(random.next(below: 10) != 0)
                    fileCells.append(
                        figures.indices.map { figure in
                            // ns/event must be there in an ok row.
                            let empty = figure != 4 && random.next(below: 8) == 0
                            let value = empty ? nil : choices[random.next(below: choices.count)]
                            let half = [0, 0.3, 1][random.next(below: 3)]
                            func bound(_ bound: Double) -> Double? {
                                value == nil || random.next(below: 6) == 0 ? nil : bound
                            }
                            return (
                                value, bound((value ?? 0) - half),
                                bound((value ?? 0) + half)
                            )
                        })
                }
                cells.append(fileCells)
                ok.append(fileOK)
            }
            let files = try (0..<fileCount).map { file in
                try ResultsFixture(
                    variants.indices.map { variant in
                        var row = [String: String].row(
                            variants[variant], median: nil,
                            status: ok[file][variant] ? "ok" : "wrong", run: "run-\(file)")
                        for (figure, cell) in cells[file][variant].enumerated() {
                            func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
                            row[figures[figure].value.name] = text(cell.value)
                            row[figures[figure].low.name] = text(cell.low)
                            row[figures[figure].high.name] = text(cell.high)
                        }
                        return row
                    }
                ).file("run-\(file).csv")
            }
            let proof = CoverageProof(files: fileOfRun.map { files[$0] })
            var expected = [String]()
            for (variant, name) in variants.enumerated()
            where fileOfRun.allSatisfy({ ok[$0][variant] }) {
                for (figure, described) in figures.enumerated() {
                    let runs = fileOfRun.map { cells[$0][variant][figure] }
                    let values = runs.compactMap(\.value)
                    guard values.count == runCount, values.contains(where: { $0 != values[0] })
                    else { continue }
                    let tally = definition(
                        values: values, lows: runs.map(\.low), highs: runs.map(\.high),
                        unbounded: described.emptyBoundIsInfinite)
                    expected.append(
                        "\(name) \(described.name): \(tally.held) \(tally.pairsHeld) \(tally.spread) \(tally.missesByRun)"
                    )
                }
            }
            let tallied = proof.cells.map {
                "\($0.row.variant) \($0.figure): \($0.held) \($0.pairsHeld) \($0.spread) \($0.missesByRun)"
            }
            #expect(!expected.isEmpty, "seed \(seed)")
            // Both in the order of the variants' names: the proof's rows are in their
            // identities' order.
            #expect(
                tallied.sorted() == expected.sorted(), "seed \(seed), runs from files \(fileOfRun)")
        }
    }

    @Test(
        "a spread too large for digits written by hand, or with no median to be relative to, is written as String(format:) writes it"
    )
    func spreadsBeyondHandWrittenDigits() throws {
        // ns added (signed) over three runs: a median of 1e-300 makes a spread of about
        // 1e300; a median of 0 makes none (nan).
        func files(_ values: [Double]) throws -> [ResultsFile] {
            try values.enumerated().map { run, value in
                var row = [String: String].row(
                    "state-objects", median: 100, ci: (99, 101), run: "run-\(run)")
                row["overhead_ns_per_event"] = "\(value)"
                row["overhead_ci_low"] = "\(value - 1)"
                row["overhead_ci_high"] = "\(value + 1)"
                return try ResultsFixture([row]).file("run-\(run).csv")
            }
        }
        let huge = CoverageProof(files: try files([-1, 1e-300, 1])).report(label: "runs")
        // The spread as the proof makes it: (max − min) / |median|, then halved.
        var percent = String(format: "%.2f", (1 - -1) / 1e-300 / 2 * 100)
        while percent.hasSuffix("0") { percent.removeLast() }
        if percent.hasSuffix(".") { percent.removeLast() }
        #expect(percent.count > 300)
        #expect(huge.contains("3/6 ±\(percent)%"), "\(huge)")
        let none = CoverageProof(files: try files([-1, 0, 1])).report(label: "runs")
        #expect(none.contains("4/6 ±nan%"), "\(none)")
    }
}
