import Testing

@testable import SimBench

/// A child's report is matched to its parent's plan by configuration identity: every planned
/// configuration answered once, in any order, and nothing else.
@Suite("ChildReport")
struct ChildReportTests {
    /// Two configurations of tally (a sweep) and one of echo.
    static func plan() throws -> RunPlan {
        var options = RunOptions()
        options.scenarios = ["tally", "echo"]
        options.machines = [4, 8]
        return try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2,
            physicalMemory: 1 << 34)
    }

    @Test("parts come back in the plan's order, whatever order the child wrote them in")
    func reordered() throws {
        let plan = try Self.plan()
        #expect(plan.configurations.count == 4)
        var report = ChildReport(plan, parts: plan.configurations.map(\.identity.description))
        report.entries.reverse()
        #expect(try report.parts(for: plan) == plan.configurations.map(\.identity.description))
    }

    @Test("a configuration missing, answered twice, or not asked for is refused by name")
    func mismatches() throws {
        let plan = try Self.plan()
        let whole = ChildReport(plan, parts: Array(plan.configurations.indices))
        let named = plan.configurations.map(\.identity.description)

        var missing = whole
        missing.entries.removeLast()
        #expect(throws: ChildRole.Failure.self) { try missing.parts(for: plan) }
        #expect(reason(missing, plan) == "left \(named.last!) unanswered")

        var twice = whole
        twice.entries.append(twice.entries[0])
        #expect(reason(twice, plan) == "answered \(named[0]) twice")

        var stranger = whole
        stranger.entries[1].configuration.sweep = "machines=16"
        let strange = stranger.entries[1].configuration
        #expect(reason(stranger, plan) == "answered \(strange), which was not asked for")
    }

    @Test("a child plans the same configurations from the request's inputs, restricted by name")
    func restricted() throws {
        let plan = try Self.plan()
        let again = try RunPlan(plan.inputs, catalog: FakeScenarios.catalog)
        #expect(again.configurations.map(\.identity) == plan.configurations.map(\.identity))
        let asked = [plan.configurations[2].identity, plan.configurations[0].identity]
        #expect(try again.restricted(to: asked).configurations.map(\.identity) == asked)
        var unknown = asked[0]
        unknown.scenario = "hidden"
        #expect(throws: ChildRole.Failure.self) { try again.restricted(to: [unknown]) }
    }

    private func reason<Part>(_ report: ChildReport<Part>, _ plan: RunPlan) -> String? {
        do {
            _ = try report.parts(for: plan)
            return nil
        } catch {
            return error.reason
        }
    }
}
