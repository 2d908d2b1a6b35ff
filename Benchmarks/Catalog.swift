import SimBenchCore

/// Every scenario family simbench knows, in the order `simbench list` shows them.
///
/// Each family registers itself with one line here.
public let allScenarios: [any Scenario.Type] = [
    VendingScenario.self,
    WorkdayScenario.self,
    MarksScenario.self,
]
