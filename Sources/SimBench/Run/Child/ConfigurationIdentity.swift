/// Which configuration of a plan something belongs to: (scenario, parameters, sweep point),
/// a results row's identity without its variant.
///
/// A child process names each configuration it measured or counted by it, so that the
/// parent matches results to its own plan by what they are, never by where they stand.
public struct ConfigurationIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    public var scenario: String
    public var parameters: [String: String]
    /// `machines=1000;actors=4`, as in the CSV's `sweep` column; empty outside a sweep.
    public var sweep: String

    public init(scenario: String, parameters: [String: String], sweep: String) {
        self.scenario = scenario
        self.parameters = parameters
        self.sweep = sweep
    }

    /// `validation[matcher=scan;machines=1000]`.
    public var description: String {
        let parts =
            parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }
            + (sweep.isEmpty ? [] : [sweep])
        return parts.isEmpty ? scenario : "\(scenario)[\(parts.joined(separator: ";"))]"
    }
}

extension PlannedConfiguration {
    /// The configuration's identity within its plan.
    public var identity: ConfigurationIdentity {
        ConfigurationIdentity(
            scenario: entry.name, parameters: configuration.parameters.values, sweep: sweep)
    }
}
