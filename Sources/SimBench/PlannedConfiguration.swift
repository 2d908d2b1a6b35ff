import SimBenchCore

/// One scenario with one set of parameter values.
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

    /// `vending`, or `validation[matcher=scan]`: parameters are shown where they differ
    /// from the scenario's defaults.
    public var label: String {
        let values = configuration.parameters.values
        let changed = entry.descriptor.parameters.filter { values[$0.name] != $0.defaultValue }
        guard !changed.isEmpty else { return entry.name }
        let text = changed.map { "\($0.name)=\(values[$0.name] ?? "")" }.joined(separator: ";")
        return "\(entry.name)[\(text)]"
    }
}
