/// Which measurement a results row is: (scenario, parameters, variant).
///
/// Two rows with the same identity in two runs measured the same thing, so they can be
/// compared; two rows with the same identity in one run are a broken file.
public struct ResultIdentity: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var scenario: String
    /// `key=value;key=value` as stored in the CSV's `params` column.
    public var parameters: String
    public var variant: String

    public init(scenario: String, parameters: String, variant: String) {
        self.scenario = scenario
        self.parameters = parameters
        self.variant = variant
    }

    /// `vending[products=40]`, or `selftest` without parameters.
    public var configuration: String {
        parameters.isEmpty ? scenario : "\(scenario)[\(parameters)]"
    }

    /// `vending.state-objects[products=40]`: the dotted benchmark name, parameters last so
    /// that names sort by scenario and variant.
    public var benchmarkName: String {
        parameters.isEmpty ? "\(scenario).\(variant)" : "\(scenario).\(variant)[\(parameters)]"
    }

    public var description: String { "\(configuration) \(variant)" }

    public static func < (a: ResultIdentity, b: ResultIdentity) -> Bool {
        (a.scenario, a.parameters, a.variant) < (b.scenario, b.parameters, b.variant)
    }
}
