/// What `simbench doctor` needs to measure the harness's tax: a scenario with one variant
/// that allocates as it runs and one that does not.
///
/// The harness knows no scenario by name; the executable hands the doctor this value, and a
/// suite without one skips the tax check.
public struct TaxCheck: Sendable {
    /// The scenario's public name: `workday`.
    public let scenario: String
    /// A variant that allocates per event: `state-objects-alloc`.
    public let allocating: String
    /// A variant that does not: `enum-switch`.
    public let plain: String

    public init(scenario: String, allocating: String, plain: String) {
        self.scenario = scenario
        self.allocating = allocating
        self.plain = plain
    }
}
