import CSimBenchSystem
import SimBenchCore

/// Runs a plan, one scenario at a time.
///
/// The configurations of one scenario (its axis values: `matcher=scan,regex,nsregex`,
/// `work=1000,1100`) are set up together and measured as one group: every round runs every
/// (configuration, variant) once, in a seeded shuffled order. So a variant is compared with
/// its baseline, and an axis value with the first one, on samples taken side by side in the
/// same rounds, which is what makes the paired ratio intervals honest.
public struct BenchmarkRunner: Sendable {
    public let plan: RunPlan
    public let environment: RunEnvironment

    public init(plan: RunPlan, environment: RunEnvironment) {
        self.plan = plan
        self.environment = environment
    }

    /// Where the run is, for a progress line.
    public struct Progress: Sendable {
        /// The scenario being measured, counted from 1.
        public var scenario: Int
        public var scenarios: Int
        public var label: String
        public var phase: String
        /// How much of the whole run is done, 0 to 1: an estimate (`RunProgress`); nil when
        /// unknown.
        public var fraction: Double?

        public init(
            scenario: Int, scenarios: Int, label: String, phase: String, fraction: Double? = nil
        ) {
            self.scenario = scenario
            self.scenarios = scenarios
            self.label = label
            self.phase = phase
            self.fraction = fraction
        }
    }

    /// Measures every scenario in turn; `progress` hears of each step.
    public func run(progress: @Sendable (Progress) -> Void = { _ in }) async -> RunResult {
        let groups = plan.groups
        let instructions = plan.instructions.usesPerf ? try? InstructionCounter() : nil
        let reference = MachineSpeedReference()
        let estimate = RunProgress(groups: groups, plan: plan)
        var measured = [MeasuredConfiguration]()
        for (index, group) in groups.enumerated() {
            // Called between measurements, never inside a timed region.
            let report = { (label: String, phase: String, step: RunProgress.Step) in
                progress(
                    Progress(
                        scenario: index + 1, scenarios: groups.count, label: label, phase: phase,
                        fraction: estimate.fraction(group: index, at: step)))
            }
            measured += await measure(
                group, instructions: instructions, reference: reference, report: report)
        }
        return RunResult(
            plan: plan, measured: measured, environment: environment,
            notes: BenchmarkRunner.measurementNotes(instructions: plan.instructions))
    }

    /// The most warm-up rounds taken when `RunOptions.warmup` is nil: warm-up stops earlier as
    /// soon as every variant's time moved less than 5% from the round before.
    public static let automaticWarmupLimit = 3

    /// The fewest measured rounds a time limit (`RunOptions.maxTimeSeconds`) leaves a variant with.
    public static let minimumRoundsUnderMaxTime = 3

    /// Which metric is missing on this host, said once per run and shortly: the `doctor`
    /// command says why in full. (Allocations are counted apart, by `AllocationPass`, which says why
    /// when it cannot.)
    static func measurementNotes(instructions: InstructionSource = .auto) -> [String] {
        var notes = [String]()
        if instructions.usesPerf, InstructionCounter.unavailableReason() != nil {
            notes.append(unavailableInstructionsNote)
        }
        return notes
    }

    /// The note of a host whose kernel does not count instructions (most VMs).
    public static let unavailableInstructionsNote =
        "no instruction counts here (doctor says why)"

    /// Rounds of an empty fleet timed to tell the harness's fixed cost per round.
    static let emptyRounds = 21

    /// The median wall time of `emptyRounds` rounds that run no variant.
    static func emptyRoundCost(of session: any ScenarioSession) async -> UInt64 {
        var times = [UInt64]()
        for _ in 0..<emptyRounds { times.append(await session.measureEmptyRound()) }
        return times.sorted()[times.count / 2]
    }

    /// One (configuration, variant) of a group.
    private struct Unit: Hashable {
        var configuration: Int
        var variant: String
    }

    /// Tells the progress line where the run is: label, phase, step.
    private typealias Report = (String, String, RunProgress.Step) -> Void

    /// A group's configurations, set up: their sessions and what setting each up cost.
    private struct SetUpGroup {
        var sessions = [any ScenarioSession]()
        var setups = [SetupReport]()
        var residentGrowth = [Int64?]()
    }

    /// Measures one group: set up, warm up, the rounds, then each configuration's samples
    /// and verdicts; the sessions are torn down before it returns.
    private func measure(
        _ group: [PlannedConfiguration], instructions: InstructionCounter?,
        reference: MachineSpeedReference, report: Report
    ) async -> [MeasuredConfiguration] {
        let prepared = await setUp(group, report: report)
        let units = group.indices.flatMap { index in
            group[index].variants.map { Unit(configuration: index, variant: $0.name) }
        }
        func measureOnce(_ unit: Unit) async -> RoundMeasurement {
            await prepared.sessions[unit.configuration].measure(
                variant: unit.variant, instructions: instructions)
        }
        let warmupRounds = await warmUp(group, units, measureOnce: measureOnce, report: report)
        let (rounds, samples) = await measureRounds(
            group, units, reference: reference, measureOnce: measureOnce, report: report)

        var results = [MeasuredConfiguration]()
        for (index, planned) in group.enumerated() {
            var verdicts = [String: OutcomeVerdict]()
            var configurationSamples = [String: [RoundMeasurement]]()
            for variant in planned.variants {
                verdicts[variant.name] =
                    await prepared.sessions[index].verdict(variant: variant.name)
                configurationSamples[variant.name] =
                    samples[Unit(configuration: index, variant: variant.name)] ?? []
            }
            results.append(
                MeasuredConfiguration(
                    setup: prepared.setups[index], warmupRounds: warmupRounds, rounds: rounds,
                    samples: configurationSamples, verdicts: verdicts,
                    residentGrowth: prepared.residentGrowth[index]))
        }
        for session in prepared.sessions { await session.tearDown() }
        // Hand the freed inputs back to the system, so that the next group's resident growth
        // is its own and not hidden by pages malloc kept.
        simbench_release_free_memory()
        return results
    }

    /// Sets each configuration of `group` up, with its empty-round cost and bytes per
    /// entity, and the resident memory it added.
    private func setUp(_ group: [PlannedConfiguration], report: Report) async -> SetUpGroup {
        var prepared = SetUpGroup()
        for (index, planned) in group.enumerated() {
            report(planned.label, "setting up", .settingUp(index: index, count: group.count))
            let before = ResourceUsage.currentResidentBytes()
            let session = planned.entry.makeSession(planned.configuration)
            var setup = await session.setUp(
                actors: planned.actors, variants: planned.variants.map(\.name))
            if !plan.isAllocationPass {
                setup.emptyRoundNanoseconds = await BenchmarkRunner.emptyRoundCost(of: session)
            }
            for variant in planned.variants {
                setup.bytesPerEntity[variant.name] = await session.bytesPerEntity(
                    variant: variant.name)
            }
            prepared.setups.append(setup)
            let after = ResourceUsage.currentResidentBytes()
            prepared.residentGrowth.append(
                after.flatMap { after in before.map { Int64(after) - Int64($0) } })
            prepared.sessions.append(session)
        }
        return prepared
    }

    /// Warm-up: each configuration's variants in canonical order, until `RunOptions.warmup` rounds
    /// or, without it, until every variant's time moved less than 5% from the round before
    /// (at most `automaticWarmupLimit`). Outcomes are checked against the baseline's
    /// whatever the order (FleetSession.verdict). Returns the rounds taken.
    private func warmUp(
        _ group: [PlannedConfiguration], _ units: [Unit],
        measureOnce: (Unit) async -> RoundMeasurement, report: Report
    ) async -> Int {
        var warmupRounds = 0
        var previous = [Unit: UInt64]()
        while plan.warmup != 0 {
            warmupRounds += 1
            var settled = true
            for (position, unit) in units.enumerated() {
                report(
                    group[unit.configuration].label, "warm-up \(warmupRounds) \(unit.variant)",
                    .warmingUp(round: warmupRounds, unit: position, units: units.count))
                let wall = await measureOnce(unit).wallNanoseconds
                if let last = previous[unit] {
                    if abs(Double(wall) - Double(last)) > 0.05 * Double(max(last, 1)) {
                        settled = false
                    }
                } else {
                    settled = false
                }
                previous[unit] = wall
            }
            if let fixed = plan.warmup {
                if warmupRounds >= fixed { break }
            } else if settled || warmupRounds >= BenchmarkRunner.automaticWarmupLimit {
                break
            }
        }
        return warmupRounds
    }

    /// The measured rounds: every unit once a round, in a seeded shuffled order, until
    /// `RunOptions.rounds` (longer under a minimum time, shorter under a maximum time, never past
    /// `RunPlan.roundLimit`). Returns the rounds taken and each unit's samples.
    private func measureRounds(
        _ group: [PlannedConfiguration], _ units: [Unit], reference: MachineSpeedReference,
        measureOnce: (Unit) async -> RoundMeasurement, report: Report
    ) async -> (rounds: Int, samples: [Unit: [RoundMeasurement]]) {
        var samples = [Unit: [RoundMeasurement]]()
        var random = SplitMix64(seed: plan.seed, stream: 0x72_6F75_6E64, index: 0)
        var measuredTime = [Unit: UInt64]()
        var round = 0
        while round < RunPlan.roundLimit {
            if round >= BenchmarkRunner.minimumRoundsUnderMaxTime,
                let maximum = plan.maxTimeSeconds,
                Double(measuredTime.values.max() ?? 0) / 1e9 >= maximum
            {
                break
            }
            if round >= plan.rounds {
                guard let minimum = plan.minTimeSeconds,
                    Double(measuredTime.values.min() ?? 0) / 1e9 < minimum
                else { break }
            }
            round += 1
            let referenceNanoseconds = plan.isAllocationPass ? 0 : reference.measure()
            for (position, unit) in units.shuffled(using: &random).enumerated() {
                report(
                    group[unit.configuration].label,
                    "round \(round)/\(plan.rounds) \(unit.variant)",
                    .measuring(
                        round: round, unit: position, units: units.count,
                        measured: Double(measuredTime.values.max() ?? 0) / 1e9,
                        leastMeasured: units.count == measuredTime.count
                            ? Double(measuredTime.values.min() ?? 0) / 1e9 : 0))
                var measurement = await measureOnce(unit)
                measurement.referenceNanoseconds = referenceNanoseconds
                samples[unit, default: []].append(measurement)
                measuredTime[unit, default: 0] += measurement.wallNanoseconds
            }
        }
        return (round, samples)
    }
}
