import SimBenchCore

/// Runs a plan: for each configuration, sets the fleet up, warms up, then measures the
/// variants interleaved round by round in a seeded shuffled order.
public struct BenchmarkRunner: Sendable {
    public let plan: RunPlan
    public let environment: RunEnvironment

    public init(plan: RunPlan, environment: RunEnvironment) {
        self.plan = plan
        self.environment = environment
    }

    /// Where the run is, for a progress line.
    public struct Progress: Sendable {
        public var configuration: Int
        public var configurations: Int
        public var label: String
        public var phase: String
    }

    /// Measures every configuration in turn; `progress` hears of each step.
    public func run(progress: @Sendable (Progress) -> Void = { _ in }) async -> RunResult {
        var configurations = [ConfigurationResult]()
        for (index, planned) in plan.configurations.enumerated() {
            let report = { (phase: String) in
                progress(
                    Progress(
                        configuration: index + 1, configurations: plan.configurations.count,
                        label: planned.label, phase: phase))
            }
            configurations.append(await measure(planned, report: report))
        }
        return RunResult(environment: environment, configurations: configurations)
    }

    private func measure(
        _ planned: PlannedConfiguration, report: (String) -> Void
    ) async -> ConfigurationResult {
        let names = planned.variants.map(\.name)
        report("setting up")
        let residentBefore = ResourceUsage.currentResidentBytes()
        PeakResidentMemory.reset()
        let session = planned.entry.makeSession(planned.configuration)
        let setup = await session.setUp(actors: plan.actors, variants: names)

        var samples = [String: [RoundMeasurement]]()
        // Warm-up: every variant in canonical order, the baseline first, so that its outcome
        // is the reference every other outcome is checked against.
        var warmupRounds = 0
        var previous = [String: UInt64]()
        while true {
            warmupRounds += 1
            var settled = true
            for name in names {
                report("warm-up \(warmupRounds) \(name)")
                let measurement = await session.measure(variant: name)
                if let last = previous[name] {
                    let change = abs(Double(measurement.wallNanoseconds) - Double(last)) / Double(max(last, 1))
                    if change > 0.05 { settled = false }
                } else {
                    settled = false
                }
                previous[name] = measurement.wallNanoseconds
            }
            if let fixed = plan.warmup {
                if warmupRounds >= fixed { break }
            } else if settled || warmupRounds >= 5 {
                break
            }
        }
        if plan.warmup == 0 { warmupRounds = 0 }

        var random = SplitMix64(seed: plan.seed, stream: 0x726F756E64, index: 0)
        var measuredTime = [String: UInt64]()
        var round = 0
        while true {
            round += 1
            for name in names.shuffled(using: &random) {
                report("round \(round)/\(plan.rounds) \(name)")
                let measurement = await session.measure(variant: name)
                samples[name, default: []].append(measurement)
                measuredTime[name, default: 0] += measurement.wallNanoseconds
            }
            if round >= RunPlan.roundLimit { break }
            let longest = Double(measuredTime.values.max() ?? 0) / 1e9
            let shortest = Double(measuredTime.values.min() ?? 0) / 1e9
            if let maximum = plan.maxTimeSeconds, longest >= maximum, round >= 3 { break }
            if round >= plan.rounds {
                if let minimum = plan.minTimeSeconds, shortest < minimum { continue }
                break
            }
        }

        var verdicts = [String: OutcomeVerdict]()
        for name in names { verdicts[name] = await session.verdict(variant: name) }
        let residentAfter = ResourceUsage.currentResidentBytes()
        let peak = PeakResidentMemory.current()
        await session.tearDown()

        return ConfigurationResult(
            planned: planned, setup: setup, warmupRounds: warmupRounds, rounds: round,
            samples: samples, verdicts: verdicts, actors: min(plan.actors, max(1, plan.machines)),
            peakResidentBytes: peak,
            residentGrowth: residentAfter.flatMap { after in residentBefore.map { Int64(after) - Int64($0) } })
    }
}

/// Everything measured for one scenario configuration.
public struct ConfigurationResult: Sendable {
    public let planned: PlannedConfiguration
    let setup: SetupReport
    public let warmupRounds: Int
    public let rounds: Int
    let samples: [String: [RoundMeasurement]]
    let verdicts: [String: OutcomeVerdict]
    public let actors: Int
    public let peakResidentBytes: UInt64?
    public let residentGrowth: Int64?

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

    /// One raw sample per round: for `--raw`.
    public func rawSamples(of variant: String) -> [RoundMeasurement] {
        samples[variant] ?? []
    }
}

/// The results of a whole run.
public struct RunResult: Sendable {
    public let environment: RunEnvironment
    public let configurations: [ConfigurationResult]

    public var hasWrongOutcome: Bool {
        configurations.contains { !$0.wrongVariants.isEmpty }
    }
}
