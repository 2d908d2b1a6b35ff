import Foundation
import Testing

@testable import SimBench

/// `compare --format json` is written as it is made, a figure at a time: its text is the one
/// `JSONEncoder` (pretty, sorted keys, slashes as they are) makes of the document as a tree,
/// byte for byte, for comparisons of every kind.
@Suite("compare's JSON is JSONEncoder's")
struct ComparisonJSONEncoderTests {
    /// The document as a tree for `JSONEncoder`: the fields of the manual's Output article,
    /// read from the comparison's verdicts made whole.
    struct Document: Encodable {
        let schema: String
        let title: String
        let baseline: Side
        let current: Side
        let thresholds: Thresholds
        let tally: Tally
        let figures: [Figure]
        let onlyInBaseline: [Identity]
        let onlyInCurrent: [Identity]
        let notes: [String]

        init(_ comparison: ResultsComparison) {
            schema = ResultsComparison.jsonSchema
            title = comparison.title
            baseline = Side(path: comparison.baselinePath, summary: comparison.baselineSummary)
            current = Side(path: comparison.currentPath, summary: comparison.currentSummary)
            let limits = comparison.thresholds
            thresholds = Thresholds(
                metric: limits.metric.rawValue, time: limits.time, ratio: limits.ratio,
                allocations: limits.allocations, allocationSlack: limits.allocationSlack,
                instructions: limits.instructions, cycles: limits.cycles,
                judgesAbsoluteTime: limits.judgesAbsoluteTime)
            tally = Tally(
                regressions: comparison.regressions, improvements: comparison.improvements,
                layoutShifts: comparison.layoutShifts, withinLayoutBand: 0,
                movedWithBaseline: comparison.movedWithBaseline,
                notJudged: comparison.notJudged, unchanged: comparison.unchanged)
            figures = comparison.comparisons.map {
                Figure($0, functions: comparison.shownFunctions($0))
            }
            onlyInBaseline = comparison.onlyInBaseline.map(Identity.init)
            onlyInCurrent = comparison.onlyInCurrent.map(Identity.init)
            notes = comparison.notes
        }
    }

    struct Side: Encodable {
        let path: String
        let summary: String
    }

    struct Thresholds: Encodable {
        let metric: String
        let time: Double
        let ratio: Double
        let allocations: Double
        let allocationSlack: Double
        let instructions: Double
        let cycles: Double
        let judgesAbsoluteTime: Bool
    }

    struct Tally: Encodable {
        let regressions: Int
        let improvements: Int
        let layoutShifts: Int
        let withinLayoutBand: Int
        let movedWithBaseline: Int
        let notJudged: Int
        let unchanged: Int
    }

    struct Identity: Encodable {
        let scenario: String
        let params: String
        let sweep: String
        let variant: String
        let benchmark: String

        init(_ identity: ResultIdentity) {
            scenario = identity.scenario
            params = identity.parameters
            sweep = identity.sweep
            variant = identity.variant
            benchmark = identity.benchmarkName
        }
    }

    /// One judged figure, its identity's fields flat in it, `null` for what is absent.
    struct Figure: Encodable {
        let comparison: MetricComparison
        let functions: FunctionDiff?

        init(_ comparison: MetricComparison, functions: FunctionDiff?) {
            self.comparison = comparison
            self.functions = functions
        }

        static func finite(_ value: Double?) -> Double? {
            value.flatMap { $0.isFinite ? $0 : nil }
        }

        enum CodingKeys: String, CodingKey {
            case scenario, params, sweep, variant, benchmark, isBaselineVariant, metric, basis
            case baseline, current, change, changeLow, changeHigh, verdict, reason
            case visibleChange, detectableChange, functions
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let identity = Identity(comparison.identity)
            try container.encode(identity.scenario, forKey: .scenario)
            try container.encode(identity.params, forKey: .params)
            try container.encode(identity.sweep, forKey: .sweep)
            try container.encode(identity.variant, forKey: .variant)
            try container.encode(identity.benchmark, forKey: .benchmark)
            try container.encode(comparison.isBaselineVariant, forKey: .isBaselineVariant)
            try container.encode(comparison.metric.rawValue, forKey: .metric)
            try container.encode(comparison.basis.rawValue, forKey: .basis)
            try container.encode(Self.finite(comparison.baseline), forKey: .baseline)
            try container.encode(Self.finite(comparison.current), forKey: .current)
            try container.encode(Self.finite(comparison.change?.point), forKey: .change)
            try container.encode(Self.finite(comparison.change?.low), forKey: .changeLow)
            try container.encode(Self.finite(comparison.change?.high), forKey: .changeHigh)
            try container.encode(
                ResultsComparison.jsonName(comparison.verdict), forKey: .verdict)
            try container.encode(comparison.note, forKey: .reason)
            try container.encode(
                Self.finite(comparison.pairedTest?.visible), forKey: .visibleChange)
            try container.encode(
                Self.finite(comparison.pairedTest?.detectable), forKey: .detectableChange)
            try container.encode(
                functions.map { diff in
                    diff.changes.map { MovedFunction(change: $0, share: diff.share(of: $0)) }
                }, forKey: .functions)
        }
    }

    struct MovedFunction: Encodable {
        let change: FunctionDiff.Change
        let share: Double?

        enum CodingKeys: String, CodingKey {
            case name, mechanism, side, baseline, current, change, share
            case inclusiveBaseline, inclusiveCurrent
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(change.name, forKey: .name)
            try container.encode(change.mechanism.rawValue, forKey: .mechanism)
            try container.encode(change.side.rawValue, forKey: .side)
            try container.encode(Figure.finite(change.baseline), forKey: .baseline)
            try container.encode(Figure.finite(change.current), forKey: .current)
            try container.encode(Figure.finite(change.change), forKey: .change)
            try container.encode(Figure.finite(share), forKey: .share)
            try container.encode(
                Figure.finite(change.inclusiveBaseline), forKey: .inclusiveBaseline)
            try container.encode(
                Figure.finite(change.inclusiveCurrent), forKey: .inclusiveCurrent)
        }
    }

    /// `JSONEncoder`'s text of `comparison`'s document.
    static func encoded(_ comparison: ResultsComparison) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(comparison)), as: UTF8.self)
    }

    /// Rows whose cells need escapes, whose names are not ASCII, with and without sweeps,
    /// intervals, ratios and allocations, and figures that print in exponent form.
    static func awkwardComparison() throws -> ResultsComparison {
        func rows(_ factor: Double, host: String, run: String) -> [[String: String]] {
            var rows: [[String: String]] = [
                .row(
                    "enum-switch", role: "baseline", median: 100 * factor,
                    ci: (99 * factor, 101 * factor), allocations: 0, run: run, host: host),
                .row(
                    "table", median: 1e-05 * factor, ci: (5e-324, 3e15),
                    ratio: 1.2345678901234568e+17 * factor, ratioCI: (0.1, 1e20),
                    allocations: 1.5 * factor, run: run, host: host),
                .row(
                    "wrong", median: factor > 1 ? nil : 60, status: factor > 1 ? "wrong" : "ok",
                    run: run),
                .row("ζ-variant", scenario: "ζ", params: "", median: 7 * factor, run: run),
                .row("slow", median: 50 * factor, ci: (40, 60), ratio: 0.5, run: run),
            ]
            rows[1]["params"] =
                "say=\"hi\" a/b \\ tab\tbell\u{7}\u{1A}\u{8}\u{C}\r é€😀 \u{2028}/"
            rows[1]["instructions_per_event"] = "\(123_456_789 * factor)"
            rows[1]["estimated_cycles_per_event"] = "0.000123"
            rows[1]["instructions_source"] = "callgrind"
            rows[3]["sweep"] = "machines=\(Int(10 * factor))"
            rows[4]["sweep"] = "n=1"
            rows[4]["build_config"] = factor > 1 ? "debug" : "release"
            return rows
        }
        var comparison = try ResultsComparison(
            baseline: ResultsFixture(rows(1, host: "ünïcode/host", run: "r/1")).file(
                "dir/a \"1\".csv"),
            current: ResultsFixture(rows(1.3, host: "other\\host", run: "r\t2")).file(
                "dir\\b.csv"))
        comparison.title = "title \"quoted\" / ζ\n"
        return comparison
    }

    /// The comparisons held equal: a regression with rows on one side only, figures without
    /// intervals, awkward cells, functions that moved (and an empty list of them), a change
    /// of environment, and `ab`'s pairs with their paired tests.
    static func comparisons() throws -> [(String, ResultsComparison)] {
        let functions = try FunctionDiffTests.comparison(
            FunctionDiffTests.base, FunctionDiffTests.retained, counts: (35, 40))
        let noneMoved = try FunctionDiffTests.comparison(
            FunctionDiffTests.base, FunctionDiffTests.base, counts: (35, 35), every: true)
        let nulls = try ResultsComparison(
            baseline: ResultsFixture([
                .row("enum-switch", role: "baseline", median: 100, ratio: 1),
                .row("table", median: 80, ratio: 0.8),
            ]).file("a.csv"),
            current: ResultsFixture([
                .row("enum-switch", role: "baseline", median: 100, ratio: 1),
                .row("table", median: 90, ratio: 0.9),
            ]).file("b.csv"))
        var otherCPU: [[String: String]] = [
            .row("enum-switch", role: "baseline", median: 120, ci: (119, 121), ratio: 1),
            .row("table", median: 80, ci: (79, 81), ratio: 0.7, ratioCI: (0.69, 0.71)),
        ]
        for index in otherCPU.indices { otherCPU[index]["cpu"] = "another cpu" }
        let environment = try ResultsComparison(
            baseline: ResultsFixture([
                .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
                .row("table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.79, 0.81)),
            ]).file("a.csv"),
            current: ResultsFixture(otherCPU).file("b.csv"))
        let pairs = PairedComparisonTests()
        return [
            ("regression", try ComparisonJSONTests.comparison()),
            ("nulls", nulls),
            ("awkward", try awkwardComparison()),
            ("functions", functions),
            ("no function moved", noneMoved),
            ("environment", environment),
            ("pairs", try pairs.compare(pairs.pairs([0.88, 0.876, 0.884, 0.88]))),
        ]
    }

    @Test("the streamed document is JSONEncoder's text of it, byte for byte")
    func streamedIsEncoded() throws {
        for (name, comparison) in try Self.comparisons() {
            let expected = try Self.encoded(comparison)
            let streamed = comparison.render(.json)
            #expect(streamed == expected, "\(name)")
        }
    }

}
