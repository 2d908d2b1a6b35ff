import SimBenchCore
import Testing

@testable import Subjects

@Suite("calibrate")
struct CalibrateTests {
    @Test("the twin agrees with the ruler", arguments: 0..<40)
    func variantsAgree(seed: UInt64) {
        for (rulers, items) in [(0, 3), (1, 1), (1, 50), (7, 4), (20, 2)] {
            expectVariantsAgree(CalibrateScenario.self, entities: rulers, events: items, seed: seed)
        }
        for work in ["1", "2", "999", "1100"] {
            expectVariantsAgree(
                CalibrateScenario.self, entities: 6, events: 3, seed: seed,
                parameters: ["work": work])
        }
    }

    @Test("the outcome depends on work, seed and every ruler")
    func outcomeChanges() {
        func outcome(work: String = "1000", seed: UInt64 = 1, rulers: Int = 5) -> CalibrateOutcome {
            runVariant(
                CalibrateScenario.self, "ruler", entities: rulers, events: 2, seed: seed,
                parameters: ["work": work])
        }
        let reference = outcome()
        #expect(reference.rulers == 5 && reference.workItems == 10)
        for work in ["1", "999", "1001", "1100"] {
            #expect(outcome(work: work) != reference, "work=\(work) gave work=1000's outcome")
            #expect(outcome(work: work).checksum != reference.checksum, "work=\(work)")
        }
        #expect(outcome(seed: 2) != reference)
        #expect(outcome(rulers: 6).resultDigest != reference.resultDigest)
    }

    @Test("a work item is a chain whose every step changes the result")
    func chainSteps() {
        // Consecutive prefixes of one chain: were a step folded or skipped, two would repeat.
        for seed in [0, 1, 0xDEAD_BEEF, .max] as [UInt64] {
            let results = (0...200).map { Ruler.workItem(seed: seed, steps: $0) }
            #expect(Set(results).count == results.count, "seed \(seed): a repeated value")
            #expect(results[0] == seed | 1, "seed \(seed): zero steps must return the start")
        }
    }

    @Test("one step is an xorshift64 round and a multiplication")
    func oneStep() {
        // 1 → 1 ^ 1<<13 = 0x2001 → ^ 0x2001>>7 = 0x2001 ^ 0x40 = 0x2041
        // → ^ 0x2041<<17 = 0x4082_2041 → × 0x2545_F491_4F6C_DD1D (wrapping).
        let expected = UInt64(0x4082_2041) &* 0x2545_F491_4F6C_DD1D
        #expect(Ruler.workItem(seed: 1, steps: 1) == expected)
    }

    @Test("work accepts whole numbers in range and comma lists of them")
    func workParameter() throws {
        let spec = try #require(CalibrateScenario.descriptor.parameters.first { $0.name == "work" })
        #expect(spec.isAxis && spec.defaultValue == "1000")
        for value in ["1", "1000", "1000,1100", "10000000", "5,6,7"] {
            #expect(spec.accepts(value), "rejected '\(value)'")
        }
        let rejected = [
            "", "0", "-5", "10000001", "1000,", ",1000", "1000,,1100", "abc", "1e3", " 1000",
        ]
        for value in rejected {
            #expect(!spec.accepts(value), "accepted '\(value)'")
        }
    }

    @Test("a calibration tool: ruler is the baseline, and it is not in the default suite")
    func descriptor() {
        #expect(!CalibrateScenario.descriptor.inDefaultSuite)
        #expect(CalibrateScenario.baselineName == "ruler")
        #expect(CalibrateScenario.variants.map(\.name) == ["ruler", "ruler-twin", "floor"])
    }

    @Test(
        "extra twin steps change the work but not the outcome", arguments: ["1", "5", "10", "1000"])
    func twinExtra(extra: String) {
        for seed: UInt64 in 0..<10 {
            expectVariantsAgree(
                CalibrateScenario.self, entities: 7, events: 3, seed: seed,
                parameters: ["work": "50", "twin-extra": extra])
        }
        for seed: UInt64 in [1, 99, 12345] {
            #expect(
                Ruler.workItem(seed: seed, steps: 40, extraSteps: 40 * Int(extra)! / 100)
                    == Ruler.workItem(seed: seed, steps: 40))
        }
        let configuration = CalibrateScenario.makeConfiguration(
            entities: 2, events: 1, seed: 1, parameters: ["work": "1000", "twin-extra": extra])
        let shard = CalibrateScenario(configuration: configuration).makeShard(entities: 0..<2)
        #expect(shard.twinExtraSteps == 1000 * Int(extra)! / 100)
    }
}
