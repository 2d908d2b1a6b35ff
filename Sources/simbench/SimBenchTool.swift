import SimBench
import SimBenchCommandLine
import Subjects

extension BenchmarkTool {
    /// What this executable measures: the families of `Benchmarks/`, calibrate's ruler and
    /// workday's tax for `simbench doctor`, and `render`, which draws from the marks family.
    /// The command-line library itself knows no scenario.
    static let simbench = BenchmarkTool(
        name: "simbench",
        description: "what do the classic design patterns cost at run time?",
        about: """
            Simulates thousands to millions of machines on Swift actors and measures each \
            pattern against the plain code it replaces, on identical work, checking that both \
            compute the same outcome.
            """,
        // Every scenario's entities are the machines it simulates (vending machines,
        // workers, pages…): the header of a run of several says machines.
        entities: "machines",
        version: BenchmarkTool.libraryVersion,
        catalog: Catalog(allScenarios),
        ruler: CalibrateScenario.rulerCheck,
        // The harness's tax: the State objects that allocate per transition, and the enum
        // that does not.
        tax: TaxCheck(scenario: "workday", allocating: "state-objects-alloc", plain: "enum-switch"),
        // `host`'s price list: one runtime mechanism per variant beside plain work.
        mechanisms: MechanismsScenario.descriptor.name,
        commands: [RenderCommand.self])
}
