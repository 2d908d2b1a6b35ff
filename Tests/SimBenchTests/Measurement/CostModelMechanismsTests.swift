import Testing

@testable import SimBench

/// A host's model from its mechanism variants (own instructions priced by the plain steps,
/// each kind by elimination net of them), and from a prices file, which must be this CPU's.
struct CostModelMechanismsTests {
    typealias Variant = CostModel.MechanismVariant
    typealias Price = CostModel.Price

    static func work(
        _ calls: [MechanismCall: Double], misses: [CacheMiss: Double] = [:], own: Double
    ) -> CountedWork {
        CountedWork(
            calls: MechanismCalls(calls), cacheMisses: CacheMisses(misses), ownInstructions: own)
    }

    static func variant(
        _ name: String, _ nanoseconds: Double, halfWidth: Double = 0, _ work: CountedWork
    )
        -> Variant
    {
        Variant(
            variant: name,
            nanoseconds: Estimate(
                value: nanoseconds, low: nanoseconds - halfWidth, high: nanoseconds + halfWidth),
            added: work)
    }

    /// Waited for: steps, 64 own instructions for 16 ns (0.25 each); a retain/release pair
    /// with 4 own instructions for 11 ns; a weak load with its release and 2 own for 30 ns;
    /// a class method, no counted call, 6 own for 3 ns; a chase, one first-level miss and 4
    /// own for 5 ns. Among other work: steps 64 own for 4 ns; the pair with 8 own for 14 ns;
    /// the gather, a miss and 4 own for 1.5 ns.
    static let variants = [
        variant("steps", 16, halfWidth: 3.2, work([:], own: 64)),
        variant("retain-release", 11, halfWidth: 1, work([.retain: 1, .release: 1], own: 4)),
        variant("weak-load", 30, work([.weakLoad: 1, .release: 1], own: 2)),
        variant("class-method", 3, work([:], own: 6)),
        variant("miss-l2", 5, work([:], misses: [.l1d: 1], own: 4)),
        variant("steps-spread", 4, work([:], own: 64)),
        variant("retain-release-spread", 14, work([.retain: 1, .release: 1], own: 8)),
        variant("miss-l2-spread", 1.5, work([:], misses: [.l1d: 1], own: 4)),
    ]

    @Test(
        "own instructions priced by each set's steps; waited-for calls and misses net of plain code's price, spread ones of the steps-spread's"
    )
    func model() {
        let model = CostModel(mechanisms: Self.variants, plain: Price(0.125))
        let steps = model.prices[.ownInstruction]?.latency
        #expect(steps?.nanoseconds == 0.25 && abs((steps?.halfWidth ?? 0) - 0.05) < 1e-12)
        #expect(model.prices[.ownInstruction]?.throughput == Price(0.0625))
        #expect(model.plainInstruction == Price(0.125))
        // (11 − 4 × 0.125) / 2, its interval ±1 over the pair.
        #expect(model.prices[.call(.retain)]?.latency == Price(5.25, halfWidth: 0.5))
        #expect(model.prices[.call(.release)]?.latency == Price(5.25, halfWidth: 0.5))
        // (14 − 8 × 0.0625) / 2: the spread pair's own instructions at the spread steps' price.
        #expect(model.prices[.call(.retain)]?.throughput == Price(6.75))
        // 30 − 2 × 0.125 − 5.25, widened by the release's.
        #expect(model.prices[.call(.weakLoad)]?.latency == Price(24.5, halfWidth: 0.5))
        #expect(model.prices[.call(.weakLoad)]?.throughput == nil)
        // 5 − 4 × 0.125; 1.5 − 4 × 0.0625.
        #expect(
            model.prices[.miss(.l1d)]
                == CostModel.Prices(latency: Price(4.5), throughput: Price(1.25)))
        #expect(model.prices[.call(.allocation)] == nil)
    }

    @Test("without plain code's price, variants are netted halfway between the steps' two")
    func withoutPlain() {
        let model = CostModel(mechanisms: Self.variants)
        #expect(model.plainInstruction == nil)
        // (0.25 + 0.0625) / 2 = 0.15625: (11 − 4 × 0.15625) / 2.
        #expect(model.prices[.call(.retain)]?.latency?.nanoseconds == 5.1875)
    }

    @Test("a prediction that would leave out unpriced work is none; a stray fraction is not")
    func whole() {
        let model = CostModel(mechanisms: Self.variants, plain: Price(0.125))
        #expect(model.predictWhole(Self.work([.retain: 2, .allocation: 1], own: 0)) == nil)
        let stray = model.predictWhole(Self.work([.retain: 2, .allocation: 0.01], own: 8))
        // 2 × (5.25 + 6.75) / 2 + 8 × 0.125
        #expect(stray?.nanoseconds == 13)
    }

    // MARK: - Prices files

    static let identity: HostIdentity = {
        var identity = HostIdentity()
        identity.vendor = "GenuineIntel"
        identity.family = "6"
        identity.model = "207"
        identity.stepping = "2"
        return identity
    }()

    /// The mechanism scenario's rows of a counted and timed run on `identity`.
    static func pricesFile(
        family: String = "6", counted: Bool = true, scenario: String = "mechanisms"
    ) throws -> ResultsFile {
        func row(_ variant: String, role: String, own: Double, calls: [MechanismCall: Double])
            -> [String: String]
        {
            var row = [String: String].row(
                variant, scenario: scenario, role: role, params: "", median: 10)
            row["cpu"] = "Intel Xeon"
            row["cpu_vendor"] = "GenuineIntel"
            row["cpu_family"] = family
            row["cpu_model"] = "207"
            row["cpu_stepping"] = "2"
            if counted {
                row["instructions_own_per_event"] = "\(own)"
                for kind in MechanismCall.allCases {
                    row[kind.columnName] = "\(calls[kind, default: 0])"
                }
            }
            return row
        }
        var plain = row("plain", role: "baseline", own: 10, calls: [:])
        plain["ns_per_event_median"] = "2"
        plain["cpu_ns_per_event_median"] = "4"
        plain["instructions_per_event"] = "16"
        var steps = row("steps", role: "pattern", own: 74, calls: [:])
        steps["overhead_ns_per_event"] = "16"
        var pair = row(
            "retain-release", role: "pattern", own: 14, calls: [.retain: 1, .release: 1])
        pair["overhead_ns_per_event"] = "11"
        return try ResultsFixture([plain, steps, pair]).file("prices.csv")
    }

    @Test("a file of this CPU prices the run")
    func sameCPU() throws {
        let model = try CostModel.host(
            pricesFile: Self.pricesFile(), scenario: "mechanisms", cpu: "Intel Xeon",
            identity: Self.identity)
        // Plain code: 4 ns for 16 instructions; the steps 64 own for 16 ns.
        #expect(model.plainInstruction?.nanoseconds == 0.25)
        #expect(model.prices[.ownInstruction]?.latency?.nanoseconds == 0.25)
        // (11 − 4 × 0.25) / 2
        #expect(model.prices[.call(.retain)]?.latency?.nanoseconds == 5)
    }

    @Test(
        "refused: another identity, another name, no identity, no mechanism rows, no counts",
        arguments: [
            ("7", "Intel Xeon", true, "mechanisms", "another CPU's prices"),
            ("6", "AMD EPYC", true, "mechanisms", "another CPU's prices"),
            ("", "Intel Xeon", true, "mechanisms", "identity unknown"),
            ("6", "Intel Xeon", true, "vending", "has no row of the mechanisms scenario"),
            ("6", "Intel Xeon", false, "mechanisms", "not both counted"),
        ])
    func refused(family: String, cpu: String, counted: Bool, scenario: String, says: String)
        throws
    {
        var file = try Self.pricesFile(family: family, counted: counted, scenario: scenario)
        if family.isEmpty {
            // A file from before the identity columns: no vendor, model or stepping either.
            let records = file.records.map { record in
                var fields = [String: String]()
                for column in ResultColumn.all { fields[column.name] = record[column] }
                for column in ResultColumn.hostIdentityColumns { fields[column.name] = "" }
                return fields
            }
            file = try ResultsFixture(records).file("prices.csv")
        }
        #expect(throws: CostModel.PricesFileError.self) {
            try CostModel.host(
                pricesFile: file, scenario: "mechanisms", cpu: cpu, identity: Self.identity)
        }
        do {
            _ = try CostModel.host(
                pricesFile: file, scenario: "mechanisms", cpu: cpu, identity: Self.identity)
        } catch {
            #expect(error.description.contains(says), "\(error.description)")
        }
    }
}

/// Every counted pattern of a counts file predicted on this host, as `simbench host` lists
/// them: what each adds over its own run's baseline of its configuration.
struct CostModelPatternsTests {
    static func row(
        _ variant: String, scenario: String = "vending", role: String = "pattern",
        params: String = "products=40", calls: [MechanismCall: Double]?, own: Double
    ) -> [String: String] {
        var row = [String: String].row(
            variant, scenario: scenario, role: role, params: params, median: 10)
        if let calls {
            row["instructions_own_per_event"] = "\(own)"
            for kind in MechanismCall.allCases {
                row[kind.columnName] = "\(calls[kind, default: 0])"
            }
        }
        return row
    }

    @Test("a prediction per counted pattern, named as the summary names it; mechanisms left out")
    func predictions() throws {
        let records = try ResultsFixture([
            Self.row("enum-switch", role: "baseline", calls: [.retain: 1, .release: 1], own: 20),
            Self.row("state-objects", calls: [.retain: 4, .release: 4, .allocation: 1], own: 40),
            Self.row("uncounted", calls: nil, own: 0),
            Self.row(
                "if-else", scenario: "validation", role: "baseline", params: "m=scan", calls: [:],
                own: 10),
            Self.row(
                "rules", scenario: "validation", params: "m=scan", calls: [.witness: 2], own: 10),
            Self.row(
                "rules", scenario: "validation", params: "m=regex", calls: [.witness: 2], own: 10),
            Self.row(
                "plain", scenario: "mechanisms", role: "baseline", params: "", calls: [:], own: 1),
            Self.row("steps", scenario: "mechanisms", params: "", calls: [:], own: 65),
        ]).file().records
        let model = CostModel(
            prices: [
                .call(.retain): .init(latency: .init(2)), .call(.release): .init(latency: .init(3)),
                .call(.allocation): .init(latency: .init(10)),
                .ownInstruction: .init(latency: .init(0.5)),
            ])
        let predictions = model.predictions(records, excluding: "mechanisms")
        #expect(predictions.map(\.name) == ["vending.state-objects", "validation.rules (scan)"])
        // 3 × 2 + 3 × 3 + 10 + 20 × 0.5
        #expect(predictions.first?.prediction?.nanoseconds == 35)
        #expect(predictions.last?.prediction == nil, "witness calls have no price here")
    }
}
