import Testing

@testable import SimBench

/// What a pattern runs in runtime code beyond what its calls run in the mechanism scenario (a
/// release that frees, a value witness that copies): counted from the instructions by
/// mechanism, and priced as plain code's instructions.
struct RuntimeInstructionTests {
    typealias Variant = CostModel.MechanismVariant
    typealias Price = CostModel.Price

    static func work(
        _ calls: [MechanismCall: Double], own: Double, _ instructions: [Mechanism: Double]
    ) -> CountedWork {
        CountedWork(
            calls: MechanismCalls(calls), ownInstructions: own,
            instructions: MechanismSplit(instructions))
    }

    static func variant(_ name: String, _ nanoseconds: Double, _ work: CountedWork) -> Variant {
        Variant(variant: name, nanoseconds: Estimate(value: nanoseconds), added: work)
    }

    /// Waited for: a retain/release pair runs 40 reference-counting instructions (20 a call);
    /// a weak load with its release 143 (123 for the weak load); an allocation with its free
    /// 201 (100.5 each); an exclusivity check 117; a witness call none outside its own code.
    /// Among other work: the pair 40 again, the weak load with its release 205 (185), the
    /// check 76. Steps price own instructions.
    static let variants = [
        variant("steps", 16, work([:], own: 64, [.own: 64])),
        variant(
            "retain-release", 11,
            work([.retain: 1, .release: 1], own: 4, [.refcount: 40, .own: 4])),
        variant("weak-load", 30, work([.weakLoad: 1, .release: 1], own: 2, [.refcount: 143])),
        variant("allocation", 20, work([.allocation: 1, .free: 1], own: 2, [.alloc: 201])),
        variant("existential", 2, work([.witness: 1], own: 27, [.own: 27])),
        variant("exclusivity", 12, work([.exclusivity: 1], own: 3, [.exclusivity: 117])),
        variant("steps-spread", 4, work([:], own: 64, [.own: 64])),
        variant(
            "retain-release-spread", 14,
            work([.retain: 2, .release: 2], own: 8, [.refcount: 80, .own: 8])),
        variant(
            "weak-load-spread", 40, work([.weakLoad: 1, .release: 1], own: 4, [.refcount: 205])),
        variant("exclusivity-spread", 9, work([.exclusivity: 1], own: 3, [.exclusivity: 76])),
    ]

    @Test(
        "a call's own runtime instructions by elimination, halfway between the two contexts where both give one"
    )
    func perCall() {
        let perCall = CostModel.instructionsPerCall(Self.variants)
        #expect(perCall[.retain] == 20 && perCall[.release] == 20)
        // (123 + 185) / 2: net of the release's 20 in each context.
        #expect(perCall[.weakLoad] == 154)
        // Waited for only.
        #expect(perCall[.allocation] == 100.5 && perCall[.free] == 100.5)
        // (117 + 76) / 2.
        #expect(perCall[.exclusivity] == 96.5)
        // A witness's thunk is the code's own: nothing of it in runtime code.
        #expect(perCall[.witness] == nil)
        #expect(CostModel(mechanisms: Self.variants).runtimeInstructionsPerCall == perCall)
    }

    @Test("runtime instructions beyond the calls: every mechanism but own code, less each call's")
    func beyond() throws {
        let perCall: [MechanismCall: Double] = [.retain: 20, .release: 20, .allocation: 100]
        // Releases that free: 3 releases run 160 reference-counting instructions, 100 more
        // than 3 × 20; the allocation its 100; 30 in value witnesses and 10 in other runtime
        // code, which no call accounts for.
        let freeing = Self.work(
            [.release: 3, .allocation: 1], own: 50,
            [.refcount: 160, .alloc: 100, .dispatch: 30, .runtimeOther: 10, .own: 50])
        let beyond = try #require(freeing.runtimeInstructions(beyond: perCall))
        #expect(abs(beyond - (100 + 0 + 30 + 10)) < 1e-9)
        // Fewer calls than its baseline: what it saves beyond its calls is negative too.
        let saving = Self.work([.retain: -2], own: -5, [.refcount: -46, .own: -5])
        let saved = try #require(saving.runtimeInstructions(beyond: perCall))
        #expect(abs(saved - -6) < 1e-9)
        #expect(
            CountedWork(calls: MechanismCalls([.retain: 1]), ownInstructions: 4)
                .runtimeInstructions(beyond: perCall) == nil)
    }

    @Test(
        "priced at plain code's price at the point and both ends; unknown without the instructions' split, and then left out, not unpriced"
    )
    func priced() throws {
        let model = CostModel(mechanisms: Self.variants, plain: Price(0.125, halfWidth: 0.01))
        #expect(
            model.prices[.runtimeInstruction]
                == CostModel.Prices(
                    latency: Price(0.125, halfWidth: 0.01),
                    throughput: Price(0.125, halfWidth: 0.01)))
        // 40 instructions beyond one release (20) in reference counting.
        let release = Self.work([.release: 1], own: 0, [.refcount: 60])
        let prediction = try #require(model.predictWhole(release))
        let term = try #require(prediction.terms.first { $0.cost == .runtimeInstruction })
        #expect(term.count == 40 && term.nanoseconds == 5 && term.low == 5 && term.high == 5)
        #expect(
            prediction.phrase().contains("5.00 ns from 40 runtime instructions beyond the calls"))
        let unsplit = CountedWork(calls: MechanismCalls([.release: 1]), ownInstructions: 0)
        let without = try #require(model.predictWhole(unsplit))
        #expect(!without.terms.contains { $0.cost == .runtimeInstruction })
        #expect(without.unpriced.isEmpty)
    }

    @Test("a results file's row: its instructions by mechanism, or none where a column is empty")
    func fromRecord() throws {
        var row = [String: String].row(
            "pattern", scenario: "mechanisms", role: "pattern", params: "", median: 10)
        for kind in MechanismCall.allCases { row[kind.columnName] = "0" }
        for (index, mechanism) in Mechanism.allCases.enumerated() {
            row[mechanism.columnName] = "\(index + 1)"
        }
        var partial = row
        partial["variant"] = "partial"
        partial[Mechanism.dispatch.columnName] = ""
        let file = try ResultsFixture([row, partial]).file()
        let work = try #require(CountedWork(record: file.records[0], roundBytes: nil))
        #expect(work.instructions?[.refcount] == 1 && work.instructions?[.own] == 6)
        let partialWork = try #require(CountedWork(record: file.records[1], roundBytes: nil))
        #expect(partialWork.instructions == nil)
    }
}
