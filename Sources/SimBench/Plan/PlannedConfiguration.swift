import SimBenchCore

/// One scenario with one set of parameter values, at one point of a sweep.
public struct PlannedConfiguration: Sendable {
    public let entry: ScenarioEntry
    public let configuration: ScenarioConfiguration
    /// Baseline first.
    public let variants: [VariantInfo]
    /// Configurations with the same group are measured side by side in the same rounds.
    public let group: String
    /// The memory the process is expected to hold at its peak while this configuration's
    /// group is measured: what it holds already, and the group's inputs and variants
    /// (`RunPlan` refuses a run whose estimate exceeds what the machine has).
    public var estimatedPeakBytes: UInt64? = nil
    /// The worker actors the fleet is split over: `actors`, or a few per core, never more
    /// than machines, one for an asynchronous scenario (`ScenarioEntry.workers`). Decided
    /// here, by the plan, once; the runner, the fleet and the results read it.
    public var actors: Int = 1
    /// The swept settings' values at this point (`machines=1000`, `machines=1000;actors=4`),
    /// as in the CSV's `sweep` column; empty when the run sweeps nothing.
    public var sweep: String = ""

    /// `vending`, `validation[matcher=scan]`, `vending[machines=1000]`: parameters are shown
    /// where they differ from the scenario's defaults, then the sweep's values.
    public var label: String {
        let values = configuration.parameters.values
        let changed = entry.descriptor.parameters.filter { values[$0.name] != $0.defaultValue }
        let parts =
            changed.map { "\($0.name)=\(values[$0.name] ?? "")" } + (sweep.isEmpty ? [] : [sweep])
        guard !parts.isEmpty else { return entry.name }
        return "\(entry.name)[\(parts.joined(separator: ";"))]"
    }
}
