import SimBench
import SimBenchCore
import Testing

/// A scenario a user of the `SimBench` library writes: nothing of it is known to the
/// harness. The README's "Measuring your own code" shows the same steps.
private struct Doubling: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "doubling", title: "doubles numbers two ways", seedArticle: "none",
        entityUnit: "list", eventUnit: "number doubled", defaultEventsPerEntity: 50,
        bytesPerEvent: 8, bytesPerEntity: 32)

    static let variants: [Variant<[Int], Sum>] = [
        Variant(name: "add", role: .baseline, summary: "x + x") { numbers in
            Sum(value: numbers.reduce(0) { $0 &+ ($1 &+ $1) })
        },
        Variant(name: "shift", summary: "x << 1") { numbers in
            Sum(value: numbers.reduce(0) { $0 &+ ($1 << 1) })
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }

    func makeShard(entities: Range<Int>) -> [Int] {
        entities.flatMap { index in
            (0..<configuration.eventsPerEntity).map { index * 1000 + $0 }
        }
    }

    func eventCount(of shard: [Int]) -> Int { shard.count }

    struct Sum: ScenarioOutcome {
        var value = 0
        mutating func merge(_ other: Sum) { value &+= other.value }
        var checksum: UInt64 { UInt64(bitPattern: Int64(value)) }
        var summary: [(label: String, value: String)] { [("sum", "\(value)")] }
    }
}

@Suite("a user's own scenario")
struct OwnScenarioTests {
    @Test("the SimBench library measures a scenario defined outside it")
    func measuresOwnScenario() async throws {
        var options = RunOptions()
        options.machines = [40]
        options.rounds = 3
        options.warmup = 0
        let plan = try RunPlan(
            options: options, catalog: Catalog([Doubling.self]), cores: 2,
            physicalMemory: 1 << 32)
        let environment = RunEnvironment.current()
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        let rows = result.configurations.flatMap {
            $0.rows(environment: environment, seed: plan.seed)
        }

        #expect(rows.map(\.variant) == ["add", "shift"])
        #expect(rows.allSatisfy { $0.scenario == "doubling" && $0.status == .ok })
        #expect(rows.allSatisfy { $0.eventsPerRound == 40 * 50 })
        #expect(rows[0].checksum == rows[1].checksum)
        let shift = try #require(rows.last)
        #expect(shift.nsPerEvent != nil && shift.ratioToBaseline != nil)
        #expect(!result.hasWrongOutcome)
    }

    @Test("a name the user's catalog does not hold is refused, naming the ones it does")
    func unknownName() {
        var options = RunOptions()
        options.scenarios = ["vending"]
        #expect(
            throws: RunPlanError(
                .scenarios, "\(.scenarios): unknown scenario 'vending'; expected 'doubling'")
        ) {
            _ = try RunPlan(
                options: options, catalog: Catalog([Doubling.self]), cores: 2,
                physicalMemory: 1 << 32)
        }
    }
}
