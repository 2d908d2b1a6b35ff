import SimBench
import Subjects

/// What this executable measures: the families of `Benchmarks/`, and calibrate's ruler for
/// `simbench doctor`. The harness library itself knows no scenario.
enum Suite {
    static let catalog = Catalog(allScenarios)
    static let ruler = CalibrateScenario.rulerCheck
    /// The harness's tax (`simbench doctor`): the State objects that allocate per
    /// transition, and the enum that does not.
    static let tax = TaxCheck(scenario: "workday", allocating: "state-objects-alloc", plain: "enum-switch")
}
