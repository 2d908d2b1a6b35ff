import SimBenchCore

/// Every scenario family simbench knows, in the order `simbench list` shows them.
///
/// Each family registers itself with one line here.
public let allScenarios: [any Scenario.Type] = [
    VendingScenario.self,
    WorkdayScenario.self,
    ValidationScenario.self,
    MarksScenario.self,
    OptionalViewsScenario.self,
    FleetScenario.self,
    CalibrateScenario.self,
    MechanismsScenario.self,
    SelfTestScenario.self,
]
