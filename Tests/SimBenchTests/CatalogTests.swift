import SimBench
import SimBenchCore
import Testing

/// A scenario whose variants take the roles `roles` names, over the fake tape of numbers.
private protocol RoleScenario: Scenario where Shard == NumberTape, Outcome == TapeSum {
    static var name: String { get }
    static var roles: [(String, VariantRole)] { get }
    var configuration: ScenarioConfiguration { get }
}

extension RoleScenario {
    static var descriptor: ScenarioDescriptor {
        ScenarioDescriptor(
            name: name, title: "sums a tape", entityUnit: "counter", eventUnit: "number added",
            defaultEventsPerEntity: 5, bytesPerEvent: 8, bytesPerEntity: 16)
    }
    static var variants: [Variant<NumberTape, TapeSum>] {
        roles.map { name, role in
            Variant(name: name, role: role, summary: "adds every number") { TapeSum($0) }
        }
    }
    func makeShard(entities: Range<Int>) -> NumberTape { NumberTape(configuration, entities) }
    func eventCount(of shard: NumberTape) -> Int { shard.numbers.count }
}

private struct NoBaseline: RoleScenario {
    static let name = "shapes"
    static let roles: [(String, VariantRole)] = [("existential", .pattern), ("enum", .pattern)]
    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
}

private struct TwoBaselines: RoleScenario {
    static let name = "twins"
    static let roles: [(String, VariantRole)] = [
        ("plain", .baseline), ("also-plain", .baseline), ("pattern", .pattern),
    ]
    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
}

private struct Measurable: RoleScenario {
    static let name = "fine"
    static let roles: [(String, VariantRole)] = [
        ("pattern", .pattern), ("plain", .baseline), ("floor", .floor),
    ]
    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
}

/// A catalog says what keeps the harness from measuring a scenario as declared, one line
/// naming the scenario and what is accepted, and a plan of it is refused: without a
/// baseline the first variant would silently be measured against itself.
@Suite("the catalog's declarations")
struct CatalogTests {
    @Test("a scenario with no baseline variant is one line naming it and what is accepted")
    func noBaseline() {
        #expect(
            Catalog([NoBaseline.self]).problems == [
                "scenario 'shapes' has no variant of role .baseline; expected exactly one: the plain code every other variant is measured against"
            ])
    }

    @Test("a scenario with two baseline variants names them")
    func twoBaselines() {
        #expect(
            Catalog([TwoBaselines.self]).problems == [
                "scenario 'twins' has 2 variants of role .baseline ('plain', 'also-plain'); expected exactly one: the plain code every other variant is measured against"
            ])
    }

    @Test("a measurable scenario has none, whatever the order of its variants")
    func measurable() {
        #expect(Catalog([Measurable.self]).problems.isEmpty)
        #expect(FakeScenarios.catalog.problems.isEmpty)
    }

    @Test("two scenarios of one name are one line")
    func sharedName() {
        #expect(
            Catalog([Measurable.self, Measurable.self]).problems == [
                "two scenarios are named 'fine'; expected each scenario's descriptor to have a name of its own"
            ])
    }

    @Test("a plan of a catalog with a problem is refused with its line, whatever it would run")
    func planRefused() {
        var options = RunOptions()
        options.scenarios = ["fine"]
        let catalog = Catalog([Measurable.self, NoBaseline.self])
        #expect(throws: RunPlanError.self) {
            try RunPlan(options: options, catalog: catalog, cores: 2, physicalMemory: 1 << 32)
        }
        do {
            _ = try RunPlan(options: options, catalog: catalog, cores: 2, physicalMemory: 1 << 32)
        } catch {
            #expect(error.description == catalog.problems[0])
        }
        let measurable = try? RunPlan(
            options: options, catalog: Catalog([Measurable.self]), cores: 2,
            physicalMemory: 1 << 32)
        #expect(measurable != nil)
    }
}
