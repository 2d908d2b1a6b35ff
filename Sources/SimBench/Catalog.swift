import SimBenchCore

/// The scenario families a run may choose from, in the order `simbench list` shows them.
///
/// The harness knows no scenario of its own: whoever drives it hands it a catalog. The
/// `simbench` executable builds one from the `Subjects` suite; a user of the `SimBench`
/// library builds one from their own `Scenario` types.
public struct Catalog: Sendable {
    public let entries: [ScenarioEntry]
    /// What keeps the harness from measuring the catalog as declared, one line each: a
    /// scenario without a baseline variant or with two (`ScenarioEntry.problems`), two
    /// scenarios of one name. Empty when every scenario can be measured. `RunPlan` refuses a
    /// plan of a catalog that has any, and a tool's `main` refuses to start.
    public let problems: [String]

    /// A catalog of `scenarios`, whose names must be unique and each of which must be
    /// measurable (`problems` says what is not).
    public init(_ scenarios: [any Scenario.Type]) {
        entries = scenarios.map { Catalog.entry(for: $0) }
        var problems = entries.flatMap(\.problems)
        var seen = Set<String>()
        for name in entries.map(\.name) where !seen.insert(name).inserted {
            problems.append(
                "two scenarios are named '\(name)'; expected each scenario's descriptor to have a name of its own"
            )
        }
        self.problems = problems
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
