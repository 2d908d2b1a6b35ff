import Testing

@testable import SimBench

/// A first-level miss that the second level cannot serve either: estimated from the run's
/// working set (its entities' bytes against the host's second level), priced by the miss
/// variants whose buffer outgrows the second level, and added to a prediction.
struct SecondLevelMissTests {
    typealias Price = CostModel.Price

    static let mib = 1024.0 * 1024

    @Test(
        "every first-level miss is a second-level one where a round's data outgrows the L2, none where it fits or a size is unknown",
        arguments: [
            // 2 MB beyond a 1 MiB L2.
            (2_000_000.0, mib, 1.5),
            // 800 KB, which the L2 holds.
            (800_000.0, mib, 0),
            // Exactly the L2: held.
            (mib, mib, 0),
            (2_000_000.0, nil, 0),
            (nil, mib, 0),
        ] as [(Double?, Double?, Double)])
    func workingSet(_ example: (Double?, Double?, Double)) {
        let (roundBytes, secondLevel, expected) = example
        #expect(
            CountedWork.secondLevelMisses(
                firstLevel: 1.5, roundBytes: roundBytes, secondLevelBytes: secondLevel)
                == expected)
    }

    @Test(
        "what a round holds: every row of a scenario's run summed (entities × machines), other scenarios and runs apart, rows without bytes left out"
    )
    func roundBytes() {
        let rows: [(group: String, bytes: Double?, machines: Double?)] = [
            ("marks 1", 3000, 200), ("marks 1", 900, 200), ("marks 1", nil, 200),
            ("vending 1", 300, 200), ("marks 2", 3000, 100), ("marks 2", 1000, nil),
        ]
        let bytes = CountedWork.roundBytes(
            rows, group: \.group, entityBytes: \.bytes, machines: \.machines)
        #expect(bytes == ["marks 1": 780_000, "vending 1": 60_000, "marks 2": 300_000])
    }

    /// A counted row of `machines` entities of `entityBytes` each, with `l1d` first-level
    /// misses per event, on a host of a 1 MiB L2.
    static func record(
        _ variant: String, role: String = "pattern", l1d: Double, entityBytes: Double,
        machines: Int, nanoseconds: Double? = nil
    ) -> [String: String] {
        var row = [String: String].row(
            variant, scenario: "mechanisms", role: role, params: "", median: 10)
        row["instructions_own_per_event"] = "10"
        for kind in MechanismCall.allCases { row[kind.columnName] = "0" }
        row[CacheMiss.l1d.columnName] = "\(l1d)"
        row[CacheMiss.lastLevel.columnName] = "0"
        row["bytes_per_entity"] = "\(entityBytes)"
        row["machines"] = "\(machines)"
        row["l2_cache_bytes"] = "1048576"
        row["overhead_ns_per_event"] = nanoseconds.map { "\($0)" } ?? ""
        return row
    }

    @Test(
        "a results file's row: by what a round of its group holds, against the L2 its host names or the one given"
    )
    func fromRecord() throws {
        let file = try ResultsFixture([
            Self.record("large", l1d: 2, entityBytes: 2000, machines: 1000),
            Self.record("small", l1d: 2, entityBytes: 2000, machines: 100),
        ]).file()
        let large = try #require(CountedWork(record: file.records[0], roundBytes: 2e6))
        let small = try #require(CountedWork(record: file.records[1], roundBytes: 2e5))
        #expect(large.secondLevelMisses == 2)
        #expect(small.secondLevelMisses == 0)
        #expect(large.count(of: .secondLevelMiss) == 2)
        // A host of a 4 MiB L2 holds the 2 MB of the first.
        let held = try #require(
            CountedWork(record: file.records[0], roundBytes: 2e6, secondLevelBytes: 4 * Self.mib))
        #expect(held.secondLevelMisses == 0)
        #expect(large.subtracting(small).secondLevelMisses == 2)
        #expect(
            try #require(CountedWork(record: file.records[0], roundBytes: nil)).secondLevelMisses
                == 0)
    }

    @Test(
        "a measured row: by what a round of its group holds, against its own host's L2; work whose misses were not counted has none to price"
    )
    func fromRow() throws {
        var row = ResultRow.measured()
        row.mechanismCalls = MechanismCalls()
        row.instructionsByMechanism = MechanismSplit([.own: 10])
        row.cacheMisses = CacheMisses([.l1d: 0.75])
        row.environment.hostIdentity.l2Bytes = 1 << 20
        #expect(CountedWork(row: row, roundBytes: 4e6)?.secondLevelMisses == 0.75)
        #expect(CountedWork(row: row, roundBytes: 4e5)?.secondLevelMisses == 0)
        row.cacheMisses = nil
        #expect(CountedWork(row: row, roundBytes: 4e6)?.count(of: .secondLevelMiss) == nil)
    }

    /// Marks at 200 machines on a 1 MiB L2: its baseline's class trees (3,338 bytes a page)
    /// and the flat arrays (872) each fit alone, 667 KB and 174 KB, and not together with the
    /// group's other configuration (two more trees of 2,000 bytes, 800 KB).
    /// `statsRun` names the run of the second configuration's rows.
    static func marksRound(statsRun: String) throws -> (records: [ResultsRecord], model: CostModel)
    {
        func counted(
            _ variant: String, role: String, params: String, l1d: Double, bytes: Double,
            run: String = "r1"
        ) -> [String: String] {
            var row = record(variant, role: role, l1d: l1d, entityBytes: bytes, machines: 200)
            row["scenario"] = "marks"
            row["params"] = params
            row["run_id"] = run
            return row
        }
        let rows = [
            counted(
                "type-cast", role: "baseline", params: "operation=bounds", l1d: 1.15, bytes: 3338),
            counted("flat", role: "pattern", params: "operation=bounds", l1d: 0.37, bytes: 872),
            counted(
                "type-cast", role: "baseline", params: "operation=stats", l1d: 1, bytes: 2000,
                run: statsRun),
            counted(
                "flat", role: "pattern", params: "operation=stats", l1d: 1, bytes: 2000,
                run: statsRun),
        ]
        let model = CostModel(
            mechanisms: withinL2 + [
                variant("miss-l3", 25, work(l1d: 1, secondLevel: 1, own: 4))
            ], plain: Price(0.125))
        return (try ResultsFixture(rows).file().records, model)
    }

    @Test(
        "a results file's pattern whose rows fit the L2 alone but not beside its group's: every first-level miss it saves is a second-level one it saves"
    )
    func roundOfRecords() throws {
        let (records, model) = try Self.marksRound(statsRun: "r1")
        let flat = try #require(model.predictions(records).first?.prediction)
        // 0.78 first-level misses saved, each at 4.5 ns and 20 beyond the L2.
        #expect(abs(flat.nanoseconds - -0.78 * 24.5) < 1e-9)
        // In a round of its own (the other configuration's rows another run's), its 841 KB
        // fit: it saves no miss beyond the L2.
        let (apart, _) = try Self.marksRound(statsRun: "r2")
        let alone = try #require(model.predictions(apart).first?.prediction)
        #expect(abs(alone.nanoseconds - -0.78 * 4.5) < 1e-9)
    }

    @Test(
        "the miss variants that outgrow the second level (miss-l3, miss-memory and their twins) add second-level misses, whatever their lists' bytes; miss-l2 none"
    )
    func mechanismVariants() throws {
        let rows = [
            Self.record("plain", role: "baseline", l1d: 0.1, entityBytes: 16, machines: 100),
            Self.record("miss-l2", l1d: 1.1, entityBytes: 16, machines: 100, nanoseconds: 3),
            Self.record("miss-l3", l1d: 1.1, entityBytes: 16, machines: 100, nanoseconds: 20),
            Self.record(
                "miss-l3-spread", l1d: 1.1, entityBytes: 16, machines: 100, nanoseconds: 2),
            Self.record(
                "miss-memory", l1d: 1.1, entityBytes: 16, machines: 100, nanoseconds: 150),
            // Lists outgrowing the L2 do not make miss-l2's misses second-level ones.
            Self.record(
                "miss-l2-spread", l1d: 1.1, entityBytes: 4096, machines: 1000, nanoseconds: 1),
        ]
        let records = try ResultsFixture(rows).file().records
        let variants = CostModel.mechanismVariants(
            scenario: "mechanisms", timed: records, counted: records)
        let added = Dictionary(
            uniqueKeysWithValues: variants.map { ($0.variant, $0.added.secondLevelMisses) })
        #expect(
            added == [
                "miss-l2": 0, "miss-l3": 1, "miss-l3-spread": 1, "miss-memory": 1,
                "miss-l2-spread": 0,
            ])
    }

    static func work(l1d: Double, secondLevel: Double, lastLevel: Double = 0, own: Double)
        -> CountedWork
    {
        CountedWork(
            calls: MechanismCalls(), cacheMisses: CacheMisses([.l1d: l1d, .lastLevel: lastLevel]),
            secondLevelMisses: secondLevel, ownInstructions: own)
    }

    static func variant(_ name: String, _ nanoseconds: Double, _ work: CountedWork)
        -> CostModel.MechanismVariant
    {
        CostModel.MechanismVariant(
            variant: name, nanoseconds: Estimate(value: nanoseconds), added: work)
    }

    /// Steps, 64 own instructions for 16 ns, and the chase the L2 holds, a first-level miss
    /// and 4 own for 5 ns.
    static let withinL2 = [
        variant("steps", 16, work(l1d: 0, secondLevel: 0, own: 64)),
        variant("miss-l2", 5, work(l1d: 1, secondLevel: 0, own: 4)),
    ]

    @Test(
        "by elimination: the chase the L2 holds prices a first-level miss, the one it does not a second-level miss beyond it, memory's the last level beyond both"
    )
    func prices() {
        let model = CostModel(
            mechanisms: Self.withinL2 + [
                Self.variant("miss-l3", 25, Self.work(l1d: 1, secondLevel: 1, own: 4)),
                Self.variant(
                    "miss-memory", 125, Self.work(l1d: 1, secondLevel: 1, lastLevel: 1, own: 4)),
            ], plain: Price(0.125))
        // 5 − 4 × 0.125; 25 − 0.5 − 4.5; 125 − 0.5 − 4.5 − 20.
        #expect(model.prices[.miss(.l1d)]?.latency == Price(4.5))
        #expect(model.prices[.secondLevelMiss]?.latency == Price(20))
        #expect(model.prices[.miss(.lastLevel)]?.latency == Price(100))
        // A pattern saving one miss beyond the L2 and 10 own instructions: at the point,
        // −(4.5 + 20) − 10 × 0.125.
        let saved = model.predict(Self.work(l1d: -1, secondLevel: -1, own: -10))
        #expect(saved.nanoseconds == -25.75)
        #expect(saved.terms.first?.cost == .secondLevelMiss)
        #expect(saved.phrase().contains("−20.0 ns from −1 second-level miss"))
    }

    @Test(
        "prices without a second-level miss's (a file from before it was measured): a stray fraction is left out, a whole one refuses the prediction"
    )
    func unpriced() {
        let model = CostModel(mechanisms: Self.withinL2, plain: Price(0.125))
        #expect(model.prices[.secondLevelMiss] == nil)
        #expect(model.predictWhole(Self.work(l1d: 0.2, secondLevel: 0.2, own: 0)) != nil)
        #expect(model.predictWhole(Self.work(l1d: 1, secondLevel: 1, own: 0)) == nil)
    }
}
