import SimBenchCore

/// The scenario families a run may choose from, in the order `simbench list` shows them.
///
/// The harness knows no scenario of its own: whoever drives it hands it a catalog. The
/// `simbench` executable builds one from the `Subjects` suite; a user of the `SimBench`
/// library builds one from their own `Scenario` types.
public struct Catalog: Sendable {
    public let entries: [ScenarioEntry]

    /// A catalog of `scenarios`; their names must be unique.
    public init(_ scenarios: [any Scenario.Type]) {
        entries = scenarios.map { Catalog.entry(for: $0) }
        precondition(
            Set(entries.map(\.name)).count == entries.count, "two scenarios share a name")
    }

    private static func entry<S: Scenario>(for scenario: S.Type) -> ScenarioEntry {
        ScenarioEntry(scenario)
    }

    public func entry(named name: String) -> ScenarioEntry? {
        entries.first { $0.name == name }
    }

    /// The scenarios a run runs when its options name none (`RunOptions.scenarios` nil).
    public var defaultSuite: [ScenarioEntry] {
        entries.filter(\.descriptor.inDefaultSuite)
    }
}
