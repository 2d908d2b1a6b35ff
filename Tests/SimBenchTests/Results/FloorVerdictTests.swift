import SimBenchCore
import Testing

@testable import SimBench

/// A scenario small enough to reason about: each entity sums its numbers.
private struct SummingScenario: Scenario {
    struct Outcome: ScenarioOutcome {
        var total = 0
        init() {}
        init(total: Int) { self.total = total }
        mutating func merge(_ other: Outcome) { total += other.total }
        var checksum: UInt64 { UInt64(truncatingIfNeeded: total) }
        var summary: [(label: String, value: String)] { [("total", "\(total)")] }
    }

    static let descriptor = ScenarioDescriptor(
        name: "summing", title: "test", seedArticle: "none", entityUnit: "counter",
        eventUnit: "number", defaultEventsPerEntity: 10, bytesPerEvent: 8, bytesPerEntity: 8,
        inDefaultSuite: false)

    static let variants: [Variant<[Int], Outcome>] = [
        Variant(name: "sum", role: .baseline, summary: "adds") { Outcome(total: $0.reduce(0, +)) },
        Variant(name: "sum-again", summary: "adds again") { Outcome(total: $0.reduce(0, +)) },
        Variant(name: "off", summary: "wrong on purpose") { Outcome(total: $0.reduce(0, +) + 1) },
        Variant(name: "floor", role: .floor, summary: "counts") { Outcome(total: $0.count) },
    ]

    let configuration: ScenarioConfiguration

    init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
    }

    func makeShard(entities: Range<Int>) -> [Int] {
        entities.flatMap { entity in (0..<configuration.eventsPerEntity).map { entity &+ $0 } }
    }

    func eventCount(of shard: [Int]) -> Int { shard.count }
}

@Suite("floor verdicts")
struct FloorVerdictTests {
    @Test("the floor is exempt from the outcome check; a wrong pattern is not")
    func floorIsExempt() async {
        let configuration = ScenarioConfiguration(
            entities: 12, eventsPerEntity: 10, seed: 1, parameters: ParameterValues())
        let session = FleetSession<SummingScenario>(configuration: configuration)
        let names = SummingScenario.variants.map(\.name)
        _ = await session.setUp(actors: 3, variants: names)
        // The floor first, so that no baseline outcome exists yet when it is recorded.
        for name in names.reversed() {
            _ = await session.measure(variant: name, instructions: nil)
            _ = await session.measure(variant: name, instructions: nil)
        }
        #expect(await session.verdict(variant: "sum").matchesBaseline)
        #expect(await session.verdict(variant: "sum-again").matchesBaseline)
        #expect(await !session.verdict(variant: "off").matchesBaseline)
        let floor = await session.verdict(variant: "floor")
        #expect(
            floor.matchesBaseline, "the floor's own outcome differs from the baseline's by design")
        #expect(floor.checksum != (await session.verdict(variant: "sum")).checksum)
        await session.tearDown()
    }
}
