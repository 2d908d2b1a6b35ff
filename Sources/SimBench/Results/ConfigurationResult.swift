import SimBenchCore

/// Everything measured for one scenario configuration.
public struct ConfigurationResult: Sendable {
    public let planned: PlannedConfiguration
    /// What the fleet measured, as it came from the runner or the pooled child processes.
    var measured: MeasuredConfiguration
    var setup: SetupReport {
        get { measured.setup }
        set { measured.setup = newValue }
    }
    public var warmupRounds: Int { measured.warmupRounds }
    public var rounds: Int { measured.rounds }
    var samples: [String: [RoundMeasurement]] {
        get { measured.samples }
        set { measured.samples = newValue }
    }
    var verdicts: [String: OutcomeVerdict] { measured.verdicts }
    /// The worker actors the fleet was split over, as the plan decided them.
    public var actors: Int { planned.actors }
    /// Resident memory the setup added: inputs and every variant's prepared state.
    public var residentGrowth: Int64? { measured.residentGrowth }
    /// The first configuration of the same scenario, measured in the same rounds, when this
    /// one differs from it by axis values.
    public let axisReference: AxisReference?
    /// The share of an event's time below which an overhead stops mattering (`RunOptions.negligible`).
    public let negligible: Double

    init(
        planned: PlannedConfiguration, measured: MeasuredConfiguration,
        axisReference: ConfigurationResult?, negligible: Double
    ) {
        self.negligible = negligible
        self.planned = planned
        self.measured = measured
        self.axisReference = axisReference.map { reference in
            AxisReference(
                parameters: reference.planned.configuration.parameters.canonical,
                axisValues: AxisReference.differences(
                    reference.planned.configuration.parameters, planned.configuration.parameters),
                nanosecondsPerEvent: Dictionary(
                    uniqueKeysWithValues: reference.planned.variants.map {
                        ($0.name, reference.nanosecondsPerEvent(of: $0.name))
                    }),
                trusted: Set(
                    reference.planned.variants.map(\.name).filter {
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
        ProcessGroups(
            processOfSample: (samples[planned.entry.baseline.name] ?? []).map(\.process),
            layoutOfProcess: measured.layoutOfProcess)
    }

    /// One raw sample per round: for the raw samples file (`RawSamples`).
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
    public internal(set) var configurations: [ConfigurationResult]
    /// Metrics this host cannot measure, and why; printed once.
    public internal(set) var notes: [String]
    /// Over several processes, the span their starts were spread over (`ProcessSpread`);
    /// nil in one process.
    public internal(set) var spread: ProcessSpread?

    init(environment: RunEnvironment, configurations: [ConfigurationResult], notes: [String]) {
        self.environment = environment
        self.configurations = configurations
        self.notes = notes
    }

    /// The results of `plan`: each configuration's measurement wrapped with its plan, in the
    /// plan's order; within a group (`RunPlan.groups`) every configuration after the first
    /// is compared with the first, its axis reference. The one place results are assembled,
    /// whether measured here or pooled from child processes.
    init(
        plan: RunPlan, measured: [MeasuredConfiguration], environment: RunEnvironment,
        notes: [String]
    ) {
        precondition(
            measured.count == plan.configurations.count, "a measurement per planned configuration")
        var configurations = [ConfigurationResult]()
        for group in plan.groups {
            let first = configurations.count
            for planned in group {
                configurations.append(
                    ConfigurationResult(
                        planned: planned, measured: measured[configurations.count],
                        axisReference: configurations.count == first ? nil : configurations[first],
                        negligible: plan.negligible))
            }
        }
        self.init(environment: environment, configurations: configurations, notes: notes)
    }

    /// The same results with `note` added to the notes printed once.
    public func noting(_ note: String) -> RunResult {
        var result = self
        result.notes.append(note)
        return result
    }

    public var hasWrongOutcome: Bool {
        configurations.contains { !$0.wrongVariants.isEmpty }
    }
}
