import SimBenchCore
import Testing

@testable import SimBench

/// Each counted pattern row's predicted ns added: what its counts add over its baseline's,
/// priced by the host's model, in the row's last CSV column and in its sentence.
struct ResultRowPredictionTests {
    static let model = CostModel(
        prices: [
            .call(.retain): .init(latency: .init(2)),
            .call(.release): .init(latency: .init(3), throughput: .init(5)),
            .call(.allocation): .init(latency: .init(10)), .call(.free): .init(latency: .init(6)),
            .ownInstruction: .init(latency: .init(0.5)),
        ])

    static func row(
        _ variant: String, role: VariantRole, calls: [MechanismCall: Double]?, own: Double
    ) -> ResultRow {
        var row = ResultRow.measured()
        row.variant = variant
        row.role = role
        row.mechanismCalls = calls.map(MechanismCalls.init)
        row.instructionsByMechanism = calls.map { _ in MechanismSplit([.own: own]) }
        row.overheadNsPerEvent = role == .pattern ? Estimate(value: 30, low: 25, high: 35) : nil
        return row
    }

    static let group = ResultRow.predicting(
        [
            [
                row("plain", role: .baseline, calls: [.retain: 1, .release: 1], own: 20),
                row(
                    "objects", role: .pattern,
                    calls: [.retain: 7, .release: 7, .allocation: 1, .free: 1], own: 28),
                row("uncounted", role: .pattern, calls: nil, own: 0),
            ]
        ], model: model)[0]

    /// A configuration of `scenario` on a host of a 1 MiB L2: a baseline of one first-level
    /// miss an event and a pattern of none, 200 machines of `bytes` each for both.
    static func configuration(_ scenario: String, parameters: String, bytes: Double)
        -> [ResultRow]
    {
        [(role: VariantRole.baseline, misses: 1.0), (.pattern, 0)].map { role, misses in
            var row = row(role == .baseline ? "plain" : "flat", role: role, calls: [:], own: 10)
            row.scenario = scenario
            row.parameters = parameters
            row.cacheMisses = CacheMisses([.l1d: misses, .lastLevel: 0])
            row.bytesPerEntity = bytes
            row.machines = 200
            row.environment.hostIdentity.l2Bytes = 1 << 20
            return row
        }
    }

    @Test(
        "a run's rows: a second-level miss where the configurations of the row's scenario outgrow the L2 together, though each fits alone; another scenario's rows apart"
    )
    func round() throws {
        let model = CostModel(
            prices: [
                .miss(.l1d): .init(latency: .init(4)), .secondLevelMiss: .init(latency: .init(20)),
                .ownInstruction: .init(latency: .init(0.5)),
            ])
        // 2 × 200 × 1,500 bytes: 600 KB; with the second configuration, 1.2 MB.
        let bounds = Self.configuration("marks", parameters: "operation=bounds", bytes: 1500)
        let stats = Self.configuration("marks", parameters: "operation=stats", bytes: 1500)
        let other = Self.configuration("vending", parameters: "", bytes: 1500)
        let together = ResultRow.predicting([bounds, stats], model: model)
        #expect(together[0][1].prediction?.nanoseconds == -24)
        #expect(together[1][1].prediction?.nanoseconds == -24)
        let apart = ResultRow.predicting([bounds, other], model: model)
        #expect(apart[0][1].prediction?.nanoseconds == -4)
        #expect(apart[1][1].prediction?.nanoseconds == -4)
    }

    @Test("a pattern's calls and own instructions added over its baseline's, priced")
    func predicted() throws {
        let prediction = try #require(Self.group[1].prediction)
        // 6 × 2 + 6 × 4 (halfway between 3 and 5) + 10 + 6 + 8 × 0.5
        #expect(prediction.nanoseconds == 56)
        // The releases at 3 to 5 each.
        #expect(prediction.low == 50 && prediction.high == 62)
        #expect(
            prediction.terms.first?.cost == .call(.release) && prediction.terms.first?.count == 6)
        #expect(Self.group[0].prediction == nil, "a baseline adds nothing")
        #expect(Self.group[2].prediction == nil, "an uncounted row is not predicted")
    }

    @Test(
        "the CSV's prediction columns: the point and the interval for a predicted row, empty for the others"
    )
    func column() throws {
        let names = [
            "predicted_ns_added_per_event", "predicted_ns_added_low", "predicted_ns_added_high",
        ]
        let columns: [ResultColumn] = [
            .predictedNsAddedPerEvent, .predictedNsAddedLow, .predictedNsAddedHigh,
        ]
        #expect(columns.map(\.name) == names)
        #expect(ResultColumn.all.suffix(2) == columns.suffix(2))
        let file = try ResultsFixture([]).file()
        #expect(file.header.suffix(2) == names.suffix(2))
        let cells = Self.group.map { row in columns.map { $0.cell(of: row) } }
        #expect(cells == [["", "", ""], ["56.0", "50.0", "62.0"], ["", "", ""]])
    }

    @Test("the sentence puts the prediction and its largest terms beside the measured figure")
    func sentence() throws {
        let answer = try #require(
            PatternAnswer(row: Self.group[1], eventNoun: "step", entityNoun: "machine"))
        #expect(answer.sentence.hasPrefix("napping: +30.0 ns per step [25.0, 35.0] (CPU)") == false)
        #expect(answer.sentence.contains("+30.0 ns per step [25.0, 35.0] (CPU)"))
        #expect(
            answer.sentence.hasSuffix(
                "; the model predicts +56.0 ns [+50.0, +62.0]: 24.0 ns from 6 releases, 12.0 ns from 6 retains, 10.0 ns from 1 allocation (a miss: the measured interval lies below it; mostly releases)."
            ), "\(answer.sentence)")
    }

    @Test("a file's row gives the figure alone; a row without one, no prediction")
    func fromFile() throws {
        var row = [String: String].row("objects", median: 40)
        row["overhead_ns_per_event"] = "30"
        row["predicted_ns_added_per_event"] = "41.5"
        row["predicted_ns_added_low"] = "35"
        row["predicted_ns_added_high"] = "50"
        var plain = [String: String].row("other", median: 40)
        plain["overhead_ns_per_event"] = "30"
        let records = try ResultsFixture([row, plain]).file().records
        let answer = try #require(PatternAnswer(record: records[0]))
        #expect(
            answer.sentence.hasSuffix("; the model predicts +41.5 ns [+35.0, +50.0]."),
            "\(answer.sentence)")
        #expect(PatternAnswer(record: records[1])?.sentence.contains("predicts") == false)
        #expect(
            RunSummary.rows(records).map(\.predicted)
                == [Estimate(value: 41.5, low: 35, high: 50), nil])
    }
}
