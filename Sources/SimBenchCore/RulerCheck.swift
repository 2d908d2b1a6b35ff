/// What `simbench doctor` needs to check the ruler: a calibration scenario with a baseline
/// variant, an identical twin of it, and a work parameter whose values differ by a known
/// step.
///
/// The harness knows no scenario by name; the suite hands the doctor this value
/// (`CalibrateScenario.rulerCheck`), and a suite without one skips the ruler checks.
public struct RulerCheck: Sendable {
    /// The scenario's public name: `calibrate`.
    public let scenario: String
    /// The parameter that sets the work per event: `work`.
    public let parameter: String
    /// The work of the A/A pair and of the step's reference: `1000`.
    public let reference: String
    /// The work that must measure slower than `reference`: `1100`.
    public let step: String
    /// The baseline variant: `ruler`.
    public let ruler: String
    /// The variant that runs the very same code as `ruler`: `ruler-twin`.
    public let twin: String

    public init(
        scenario: String, parameter: String, reference: String, step: String, ruler: String,
        twin: String
    ) {
        self.scenario = scenario
        self.parameter = parameter
        self.reference = reference
        self.step = step
        self.ruler = ruler
        self.twin = twin
    }
}
