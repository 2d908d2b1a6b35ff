import SimBenchCore
import Testing

@testable import SimBench

/// A scenario whose variants hold a known number of objects of a known size per entity.
struct HoldingScenario: Scenario {
    struct Shard: Sendable { var entities: Int }

    struct Outcome: ScenarioOutcome {
        var held = 0
        init() {}
        mutating func merge(_ other: Outcome) { held += other.held }
        var checksum: UInt64 { UInt64(held) }
        var summary: [(label: String, value: String)] { [("held", "\(held)")] }
    }

    /// 240 bytes of payload: with the object header, a 256-byte allocation.
    final class Block {
        var payload:
            (
                Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
                Int,
                Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int
            ) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0
            )
    }

    static let descriptor = ScenarioDescriptor(
        name: "holding", title: "objects held per entity", seedArticle: "none",
        entityUnit: "holder", eventUnit: "an entity held", defaultEventsPerEntity: 1,
        bytesPerEvent: 8, bytesPerEntity: 8, inDefaultSuite: false)

    static let variants: [Variant<Shard, Outcome>] = [
        Variant(
            name: "none", role: .baseline, summary: "holds nothing", run: { hold($0, blocks: 0) }),
        Variant(
            name: "four", summary: "holds four blocks per entity", run: { hold($0, blocks: 4) }),
    ]

    /// Each entity in turn holds `blocks` blocks while it runs, as the drivers do.
    static func hold(_ shard: Shard, blocks: Int) -> Outcome {
        var outcome = Outcome()
        for _ in 0..<shard.entities {
            let held = (0..<blocks).map { _ in Block() }
            blackHole(held)
            outcome.held += 1
        }
        return outcome
    }

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> Shard { Shard(entities: entities.count) }
    func eventCount(of shard: Shard) -> Int { shard.entities }
}

@Suite("the answer in the user's units: overhead, break-even, bytes per entity")
struct OverheadTests {
    @Test("the overhead interval contains a known difference and excludes zero")
    func knownDifference() throws {
        let baseline = noisySamples(center: 100, spread: 0.02, count: 30, seed: 1)
        let variant = zip(baseline, noisySamples(center: 30, spread: 0.02, count: 30, seed: 2)).map
        { $0 + $1 }
        let estimate = try #require(
            OverheadEstimate(
                variant: variant, baseline: baseline, groups: ProcessGroups(singleProcess: 30),
                negligible: 0.05))
        #expect(abs(estimate.overhead - 30) < 2, "\(estimate.overhead)")
        #expect(estimate.overheadInterval.contains(30) && !estimate.overheadInterval.contains(0))
        #expect(estimate.overheadInterval.width < 6)
    }

    @Test("break-even: overhead / negligible − baseline, with its interval")
    func breakevenArithmetic() throws {
        // Exactly 100 and 130 in every round: overhead 30, break-even 30 / 0.05 − 100 = 500.
        let estimate = try #require(
            OverheadEstimate(
                variant: [Double](repeating: 130, count: 10),
                baseline: [Double](repeating: 100, count: 10),
                groups: ProcessGroups(singleProcess: 10), negligible: 0.05))
        #expect(estimate.overhead == 30)
        #expect(estimate.breakeven == 500)
        #expect(
            estimate.breakevenInterval?.lower == 500 && estimate.breakevenInterval?.upper == 500)
        #expect(estimate.breakevenNote.isEmpty)
        // At 10% the same overhead is negligible sooner: 30 / 0.1 − 100 = 200.
        let looser = try #require(
            OverheadEstimate(
                variant: [Double](repeating: 130, count: 10),
                baseline: [Double](repeating: 100, count: 10),
                groups: ProcessGroups(singleProcess: 10), negligible: 0.1))
        #expect(looser.breakeven == 200)
    }

    @Test("a faster pattern, or an overhead already negligible, has no break-even and says why")
    func noBreakeven() throws {
        let faster = try #require(
            OverheadEstimate(
                variant: [Double](repeating: 90, count: 10),
                baseline: [Double](repeating: 100, count: 10),
                groups: ProcessGroups(singleProcess: 10), negligible: 0.05))
        #expect(
            faster.overhead == -10 && faster.breakeven == nil && faster.breakevenInterval == nil)
        #expect(faster.breakevenNote.contains("not slower"))
        // 2 ns over 100: 2 / 0.05 = 40 < 100, already under 5%.
        let small = try #require(
            OverheadEstimate(
                variant: [Double](repeating: 102, count: 10),
                baseline: [Double](repeating: 100, count: 10),
                groups: ProcessGroups(singleProcess: 10), negligible: 0.05))
        #expect(small.breakeven == nil && small.breakevenNote.contains("already under 5%"))
    }

    @Test("the sentence: ns, bytes and break-even; '—' cases in words")
    func sentences() {
        var answer = PatternAnswer(
            variant: "state-objects", event: "customer action", entity: "vending machine",
            overhead: 30.2, overheadLow: 29.8, overheadHigh: 30.9, bytesOverBaseline: 212,
            breakeven: 600, breakevenNote: "", negligible: 0.05)
        #expect(
            answer.sentence
                == "state-objects: +30.2 ns per customer action [29.8, 30.9] (CPU) and +212 B per vending machine; negligible (< 5%) once a customer action does ≥ 600 ns of real work."
        )
        answer.overhead = -3
        answer.breakeven = nil
        #expect(
            answer.sentence.contains("−3.00 ns per customer action")
                && answer.sentence.contains("nothing to amortise"))
        #expect(PatternAnswer.article("hour tick") == "an" && PatternAnswer.article("page") == "a")
        #expect(PatternAnswer.noun("customer action (putMoney, ejectMoney)") == "customer action")
    }

    @Test(
        "bytes per entity: four 256-byte blocks a holder, none for the baseline",
        .enabled(
            if: AllocationCounter.isActive, "the allocation counter is off (under a sanitizer)"))
    func bytesPerEntity() async {
        // The counter sees every thread of its process, and other suites allocate beside this
        // one: so the count runs in a process of its own (an exit test), where nothing else
        // allocates, and is taken once.
        await #expect(processExitsWith: .success) {
            let session = FleetSession<HoldingScenario>(
                configuration: ScenarioConfiguration(
                    entities: 64, eventsPerEntity: 1, seed: 1, parameters: ParameterValues()))
            _ = await session.setUp(actors: 2, variants: ["none", "four"])
            // Four blocks of 256 bytes (16-byte header + 240), and the array holding them.
            let blocks = 4.0 * 256
            // No count (nil) is no number: it fails the claim.
            let none = await session.bytesPerEntity(variant: "none") ?? .nan
            let four = await session.bytesPerEntity(variant: "four") ?? .nan
            #expect(
                four - none >= blocks && four - none <= blocks + 128, "four \(four), none \(none)")
            await session.tearDown()
        }
    }
}
