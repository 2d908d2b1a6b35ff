import SimBenchCore

/// Everything measured for one scenario configuration.
public struct ConfigurationResult: Sendable {
    public let planned: PlannedConfiguration
    var setup: SetupReport
    public let warmupRounds: Int
    public let rounds: Int
    var samples: [String: [RoundMeasurement]]
    let verdicts: [String: OutcomeVerdict]
    /// The worker actors the fleet was split over, as the plan decided them.
    public var actors: Int { planned.actors }
    /// Resident memory the setup added: inputs and every variant's prepared state.
    public let residentGrowth: Int64?
    /// The first configuration of the same scenario, measured in the same rounds, when this
    /// one differs from it by axis values.
    public let axisReference: AxisReference?
    /// The share of an event's time below which an overhead stops mattering (`--negligible`).
    public let negligible: Double

    init(
        planned: PlannedConfiguration, setup: SetupReport, warmupRounds: Int, rounds: Int,
        samples: [String: [RoundMeasurement]], verdicts: [String: OutcomeVerdict],
        residentGrowth: Int64?, axisReference: ConfigurationResult?, negligible: Double
    ) {
        self.negligible = negligible
        self.planned = planned
        self.setup = setup
        self.warmupRounds = warmupRounds
        self.rounds = rounds
        self.samples = samples
        self.verdicts = verdicts
        self.residentGrowth = residentGrowth
        self.axisReference = axisReference.map { reference in
            AxisReference(
                parameters: reference.planned.configuration.parameters.canonical,
                axisValues: AxisReference.differences(
                    reference.planned.configuration.parameters, planned.configuration.parameters),
                nanosecondsPerEvent: Dictionary(
                    uniqueKeysWithValues: reference.planned.variants.map {
                        ($0.name, reference.nanosecondsPerEvent(of: $0.name))
                    }),
                trusted: Set(reference.planned.variants.map(\.name).filter {
                    reference.verdicts[$0]?.matchesBaseline == true
                }))
        }
    }

    public var events: Int { setup.events }

    /// The variants whose outcome differed from the baseline's.
    public var wrongVariants: [String] {
        planned.variants.map(\.name).filter { verdicts[$0]?.matchesBaseline != true }
    }

    /// The outcome summary of a variant, for showing what differed.
    public func outcomeSummary(of variant: String) -> [(label: String, value: String)] {
        verdicts[variant]?.summary ?? []
    }

    /// Wall nanoseconds per event of each measured round, in round order.
    public func nanosecondsPerEvent(of variant: String) -> [Double] {
        let events = Double(max(events, 1))
        return (samples[variant] ?? []).map { Double($0.wallNanoseconds) / events }
    }

    /// Thread CPU nanoseconds per event of each measured round, in round order.
    public func cpuNanosecondsPerEvent(of variant: String) -> [Double] {
        let events = Double(max(events, 1))
        return (samples[variant] ?? []).map { Double($0.cpuNanoseconds) / events }
    }

    /// Rounds of `variant` whose utilisation fell well below its median (`Interference`).
    public func interferedRounds(of variant: String) -> Int {
        Interference.interferedRounds((samples[variant] ?? []).map(\.utilization))
    }

    /// The processes whose rounds are pooled here.
    public var processes: Int { max(1, processGroups.processCount) }

    /// Which process took each round. Every variant ran in every round, so the baseline's
    /// rounds tell it for all.
    var processGroups: ProcessGroups {
        ProcessGroups(processOfSample: (samples[planned.entry.baseline.name] ?? []).map(\.process))
    }

    /// One raw sample per round: for `--raw`.
    public func rawSamples(of variant: String) -> [RoundMeasurement] {
        samples[variant] ?? []
    }
}

/// The configuration an axis value is compared with: the first value of the axis.
public struct AxisReference: Sendable {
    /// Its parameters, `key=value;…`, as in the CSV's `params` column.
    public let parameters: String
    /// Only the values that differ from the compared configuration: `matcher=scan`.
    public let axisValues: String
    let nanosecondsPerEvent: [String: [Double]]
    /// Variants whose outcome matched their baseline there.
    let trusted: Set<String>

    static func differences(_ reference: ParameterValues, _ other: ParameterValues) -> String {
        reference.values.keys.sorted().filter { reference[$0] != other[$0] }
            .map { "\($0)=\(reference[$0] ?? "")" }.joined(separator: ";")
    }
}

/// The results of a whole run.
public struct RunResult: Sendable {
    public let environment: RunEnvironment
    public let configurations: [ConfigurationResult]
    /// Metrics this machine cannot measure, and why; printed once.
    public let notes: [String]

    public var hasWrongOutcome: Bool {
        configurations.contains { !$0.wrongVariants.isEmpty }
    }
}
