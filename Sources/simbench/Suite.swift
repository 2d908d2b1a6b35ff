import SimBench
import Subjects

/// What this executable measures: the families of `Benchmarks/`, and calibrate's ruler for
/// `simbench doctor`. The harness library itself knows no scenario.
enum Suite {
    static let catalog = Catalog(allScenarios)
    static let ruler = CalibrateScenario.rulerCheck
}
