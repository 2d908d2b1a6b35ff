import SimBenchCore

/// One scenario configuration, prepared on a fleet of actors and measured variant by
/// variant.
protocol ScenarioSession: Actor {
    /// Builds every worker's shard and prepares the chosen variants. Untimed by the rounds;
    /// its own duration is reported as setup.
    func setUp(actors: Int, variants: [String]) async -> SetupReport
    /// Runs one variant once over the whole fleet; counts instructions with `instructions`
    /// where the kernel allows it.
    func measure(variant: String, instructions: InstructionCounter?) async -> RoundMeasurement
    /// The heap bytes a variant's own representation holds for one entity at its peak: a
    /// fresh preparation and one run of a one-entity shard, untimed, the shard built before
    /// counting starts. Nil where allocations are not counted.
    func bytesPerEntity(variant: String) async -> Double?
    /// The wall time of a round that runs no variant: the task group, one message to each
    /// worker and back, and merging empty outcomes. The harness's fixed cost per round.
    func measureEmptyRound() async -> UInt64
    /// The checksum of a variant's first outcome, and whether every outcome so far equalled
    /// the baseline's.
    func verdict(variant: String) -> OutcomeVerdict
    /// Frees the shards, so that the next configuration starts from an empty fleet.
    func tearDown() async
}

/// What setting a configuration up cost; never part of a measurement.
struct SetupReport: Sendable, Codable {
    /// Building the shards: tapes, trees, texts.
    var shardNanoseconds: UInt64
    /// Each variant's own preparation (its tree representation, compiled rules, …).
    var prepareNanoseconds: [String: UInt64]
    var events: Int
    /// The median wall time of a round that runs no variant (`measureEmptyRound`).
    var emptyRoundNanoseconds: UInt64 = 0
    /// Each variant's peak heap bytes per entity (`bytesPerEntity(variant:)`).
    var bytesPerEntity: [String: Double] = [:]
}

/// One variant's run over the fleet.
public struct RoundMeasurement: Sendable, Codable {
    public var wallNanoseconds: UInt64
    /// The CPU time of the workers' threads while they ran their slices, summed: the
    /// variant's own work on one core, without the runtime's other threads and blind to
    /// time a worker spent descheduled. For an asynchronous scenario, the whole process's CPU
    /// time during the round: its variants' work runs on whichever threads their tasks land.
    public var cpuNanoseconds: UInt64
    /// `cpuNanoseconds / (wall × workers that could run at once)`: 1 when every worker kept
    /// a core for the whole round, lower when workers waited for a core.
    public var utilization: Double
    /// The child process (of `run --processes K`) that took this sample, from 0.
    public var process: Int = 0
    /// The thread CPU time of the machine-speed reference in the same round
    /// (`MachineSpeedReference`); 0 where it was not measured.
    public var referenceNanoseconds: UInt64 = 0
    /// Allocation calls the variant made (for an asynchronous scenario, the whole process
    /// made during the round); nil where the allocation counter is not active.
    public var allocations: UInt64?
    /// Instructions retired during the round; nil where perf events are not available.
    public var instructions: UInt64?
    /// The resident-memory high-water mark during the round.
    public var peakResidentBytes: UInt64?
}

/// Whether a variant computed what its baseline computed.
struct OutcomeVerdict: Sendable, Codable {
    var checksum: UInt64
    var matchesBaseline: Bool
    var summary: [(label: String, value: String)]

    init(checksum: UInt64, matchesBaseline: Bool, summary: [(label: String, value: String)]) {
        self.checksum = checksum
        self.matchesBaseline = matchesBaseline
        self.summary = summary
    }

    private enum CodingKeys: String, CodingKey { case checksum, matchesBaseline, summary }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checksum = try container.decode(UInt64.self, forKey: .checksum)
        matchesBaseline = try container.decode(Bool.self, forKey: .matchesBaseline)
        summary = try container.decode([[String]].self, forKey: .summary).compactMap { pair in
            pair.count == 2 ? (label: pair[0], value: pair[1]) : nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checksum, forKey: .checksum)
        try container.encode(matchesBaseline, forKey: .matchesBaseline)
        try container.encode(summary.map { [$0.label, $0.value] }, forKey: .summary)
    }
}

/// The actor fleet of one scenario configuration.
///
/// Entities are split into contiguous slices, one per worker actor; each worker builds and
/// owns its slice's shard and runs it whole for every measurement, so actor messaging costs
/// one message per worker per round, not per entity. Outcomes are merged in worker order, and
/// outcome merging is slicing-independent, so results never depend on the actor count.
actor FleetSession<S: Scenario>: ScenarioSession {
    private let scenario: S
    private let entities: Int
    private var workers: [FleetWorker<S>] = []
    /// Each variant's first outcome, and whether every later one equalled it.
    private var outcomes: [String: (first: S.Outcome, consistent: Bool)] = [:]

    init(configuration: ScenarioConfiguration) {
        scenario = S(configuration: configuration)
        entities = configuration.entities
    }

    func setUp(actors: Int, variants: [String]) async -> SetupReport {
        let count = max(1, min(actors, entities))
        workers = (0..<count).map { part in
            FleetWorker<S>(entities: (entities * part / count)..<(entities * (part + 1) / count))
        }
        let scenario = scenario
        let shardStart = monotonicNanoseconds()
        let events = await withTaskGroup(of: Int.self) { group in
            for worker in workers {
                group.addTask { await worker.build(scenario) }
            }
            var events = 0
            for await count in group { events += count }
            return events
        }
        let shardNanoseconds = monotonicNanoseconds() - shardStart
        var prepare = [String: UInt64]()
        for name in variants {
            guard let index = S.variants.firstIndex(where: { $0.name == name }) else { continue }
            let start = monotonicNanoseconds()
            await withTaskGroup(of: Void.self) { group in
                for worker in workers {
                    group.addTask { await worker.prepare(variant: index) }
                }
            }
            prepare[name] = monotonicNanoseconds() - start
        }
        return SetupReport(
            shardNanoseconds: shardNanoseconds, prepareNanoseconds: prepare, events: events)
    }

    func measure(variant name: String, instructions: InstructionCounter?) async -> RoundMeasurement {
        guard let index = S.variants.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("unknown variant \(name)")
        }
        let workers = workers
        let asynchronous = S.isAsynchronous
        PeakResidentMemory.reset()
        let instructionsBefore = instructions?.read()
        let start = monotonicNanoseconds()
        let parts = await withTaskGroup(of: (Int, WorkerRun<S.Outcome>).self) { group in
            for (slot, worker) in workers.enumerated() {
                if asynchronous {
                    group.addTask { (slot, await worker.runAsynchronous(variant: index)) }
                } else {
                    group.addTask { (slot, await worker.run(variant: index)) }
                }
            }
            var parts = [S.Outcome?](repeating: nil, count: workers.count)
            var allocations: UInt64 = 0
            var cpu: UInt64 = 0
            for await (slot, run) in group {
                parts[slot] = run.outcome
                allocations += run.allocations
                cpu += run.cpuNanoseconds
            }
            return (outcomes: parts, allocations: allocations, cpu: cpu)
        }
        let wall = monotonicNanoseconds() - start
        let cpu = parts.cpu
        // An asynchronous variant spreads its work over every core from its one worker.
        let parallel = Double(
            asynchronous
                ? RunEnvironment.activeProcessorCount
                : min(workers.count, RunEnvironment.activeProcessorCount))
        let allocations = AllocationCounter.isActive ? parts.allocations : nil
        let instructionCount = instructions?.read().flatMap { after in
            instructionsBefore.map { after &- $0 }
        }
        let peak = PeakResidentMemory.current()
        record(S.Outcome.merged(parts.outcomes.map { $0! }), of: name)
        return RoundMeasurement(
            wallNanoseconds: wall, cpuNanoseconds: cpu,
            utilization: Double(cpu) / (Double(max(wall, 1)) * parallel), allocations: allocations,
            instructions: instructionCount, peakResidentBytes: peak)
    }

    func bytesPerEntity(variant name: String) async -> Double? {
        // Counted in the allocation pass only; the process that times has no counter.
        guard AllocationCounter.isActive,
            let index = S.variants.firstIndex(where: { $0.name == name })
        else { return nil }
        if case .asynchronous(let prepare) = S.variants[index].body {
            return await asynchronousBytesPerEntity(prepare)
        }
        // Entities run one after another in every driver, so a run holds one entity's
        // objects at a time: measure entities alone, each with a shard of its own built
        // before the count starts, at a few places spread over the fleet.
        let samples = min(entities, FleetSession.bytesSampleEntities)
        // One run first, uncounted: what the process allocates once and keeps (runtime
        // caches, lazily built tables) is nobody's per-entity cost, and whether the process
        // had allocated it already depends on what ran before.
        if samples > 0 {
            let run = S.variants[index].prepare(scenario.makeShard(entities: 0..<1))
            blackHole(run())
        }
        var total: Int64 = 0
        for sample in 0..<samples {
            let entity = entities * sample / samples
            let shard = scenario.makeShard(entities: entity..<(entity + 1))
            let (_, peak) = AllocationCounter.peakBytes {
                let run = S.variants[index].prepare(shard)
                blackHole(run())
            }
            guard let peak else { return nil }
            total += max(peak, 0)
        }
        return Double(total) / Double(max(samples, 1))
    }

    /// How many entities `bytesPerEntity` measures, one at a time.
    static var bytesSampleEntities: Int { 8 }

    /// How many entities `bytesPerEntity` runs together for an asynchronous variant.
    static var asynchronousBytesSampleEntities: Int { 4096 }

    /// An asynchronous variant's peak heap bytes per entity: one run over a shard of the
    /// first `asynchronousBytesSampleEntities` entities, built before counting starts.
    ///
    /// Such a variant may hold all its entities at once (an actor per machine), and its
    /// tasks run on any thread, so it is measured over many entities together and counted
    /// process-wide; its fixed costs (a task per slice, a task group) are shared out over
    /// the sample. The fleet's workers are idle meanwhile.
    private func asynchronousBytesPerEntity(
        _ prepare: @Sendable (S.Shard) -> @Sendable () async -> S.Outcome
    ) async -> Double? {
        let samples = max(1, min(entities, FleetSession.asynchronousBytesSampleEntities))
        let shard = scenario.makeShard(entities: 0..<samples)
        let (_, peak) = await AllocationCounter.processPeakBytes {
            let run = prepare(shard)
            blackHole(await run())
        }
        return peak.map { Double(max($0, 0)) / Double(samples) }
    }

    func measureEmptyRound() async -> UInt64 {
        let workers = workers
        let asynchronous = S.isAsynchronous
        let start = monotonicNanoseconds()
        let parts = await withTaskGroup(of: (Int, WorkerRun<S.Outcome>).self) { group in
            for (slot, worker) in workers.enumerated() {
                if asynchronous {
                    group.addTask { (slot, await worker.runNothingAsynchronous()) }
                } else {
                    group.addTask { (slot, await worker.runNothing()) }
                }
            }
            var parts = [S.Outcome?](repeating: nil, count: workers.count)
            for await (slot, run) in group { parts[slot] = run.outcome }
            return parts
        }
        blackHole(S.Outcome.merged(parts.map { $0! }))
        return monotonicNanoseconds() - start
    }

    private func record(_ outcome: S.Outcome, of variant: String) {
        if let earlier = outcomes[variant] {
            outcomes[variant] = (earlier.first, earlier.consistent && earlier.first == outcome)
        } else {
            outcomes[variant] = (outcome, true)
        }
    }

    func verdict(variant: String) -> OutcomeVerdict {
        guard let recorded = outcomes[variant] else {
            return OutcomeVerdict(checksum: 0, matchesBaseline: false, summary: [])
        }
        // Every outcome of the variant must equal its first, and that one the baseline's
        // (itself consistent): whatever order the rounds ran the variants in.
        let reference = outcomes[S.baselineName]
        // The floor computes another outcome by design: it only has to be the same each round.
        let isFloor = S.variants.contains { $0.name == variant && $0.role == .floor }
        let matches =
            isFloor
            ? recorded.consistent
            : recorded.consistent && reference?.consistent == true
                && reference?.first == recorded.first
        return OutcomeVerdict(
            checksum: recorded.first.checksum, matchesBaseline: matches,
            summary: recorded.first.summary)
    }

    func tearDown() async {
        for worker in workers { await worker.release() }
        workers = []
    }
}

/// One actor of the fleet: owns a slice of the entities, their inputs, and each variant's
/// prepared run.
actor FleetWorker<S: Scenario> {
    let entities: Range<Int>
    /// Whether this process counts allocations: only in the allocation pass, an untimed
    /// child with the counter preloaded (`AllocationPass`). Decided once per process.
    private let counting = AllocationCounter.isActive
    private var shard: S.Shard?
    /// Prepared runs by variant index. The closures never leave this actor.
    private var runs: [Int: () -> S.Outcome] = [:]
    /// Prepared runs of asynchronous variants by variant index.
    private var asynchronousRuns: [Int: @Sendable () async -> S.Outcome] = [:]

    init(entities: Range<Int>) {
        self.entities = entities
    }

    /// Builds the shard; returns its event count.
    func build(_ scenario: S) -> Int {
        let shard = scenario.makeShard(entities: entities)
        self.shard = shard
        return scenario.eventCount(of: shard)
    }

    func prepare(variant index: Int) {
        guard let shard else { preconditionFailure("prepare before build") }
        switch S.variants[index].body {
        case .synchronous(let prepare): runs[index] = prepare(shard)
        case .asynchronous(let prepare): asynchronousRuns[index] = prepare(shard)
        }
    }

    /// Runs the shard once; returns the outcome, the CPU time it took and, in the allocation
    /// pass, the allocator calls it made.
    ///
    /// The run is synchronous, so it stays on one thread, and the thread's own tally and
    /// clock count exactly its allocations and its CPU time: not the task group's or the
    /// actor runtime's, which are the harness's cost, not the variant's.
    func run(variant index: Int) -> WorkerRun<S.Outcome> {
        guard let run = runs[index] else { preconditionFailure("run before prepare") }
        return counting ? countedRun(run) : timedRun(run)
    }

    /// The run as the process that times does it: the thread's CPU clock around it, and
    /// nothing else. No allocation counter is read, here or anywhere in that process.
    private func timedRun(_ run: () -> S.Outcome) -> WorkerRun<S.Outcome> {
        let cpuBefore = threadCPUNanoseconds()
        let outcome = run()
        let cpu = threadCPUNanoseconds() - cpuBefore
        return WorkerRun(outcome: outcome, allocations: 0, cpuNanoseconds: cpu)
    }

    /// The run as the allocation pass does it: the thread's allocations around it too.
    private func countedRun(_ run: () -> S.Outcome) -> WorkerRun<S.Outcome> {
        let allocationsBefore = AllocationCounter.countOnThisThread()
        let cpuBefore = threadCPUNanoseconds()
        let outcome = run()
        let cpu = threadCPUNanoseconds() - cpuBefore
        return WorkerRun(
            outcome: outcome, allocations: AllocationCounter.countOnThisThread() - allocationsBefore,
            cpuNanoseconds: cpu)
    }

    /// Runs an asynchronous variant's shard once; returns the outcome, and the allocator
    /// calls and CPU time of the whole process meanwhile.
    ///
    /// The variant's tasks run on any of the runtime's threads, so only process-wide counts
    /// see their work; they include the runtime's own, which is the design's cost too.
    func runAsynchronous(variant index: Int) async -> WorkerRun<S.Outcome> {
        guard let run = asynchronousRuns[index] else { preconditionFailure("run before prepare") }
        let allocationsBefore = counting ? AllocationCounter.count() : 0
        let cpuBefore = processCPUNanoseconds()
        let outcome = await run()
        let cpu = processCPUNanoseconds() - cpuBefore
        let allocations = counting ? AllocationCounter.count() - allocationsBefore : 0
        return WorkerRun(outcome: outcome, allocations: allocations, cpuNanoseconds: cpu)
    }

    /// What `runAsynchronous` does around a variant's run, with no variant.
    func runNothingAsynchronous() async -> WorkerRun<S.Outcome> {
        let allocationsBefore = counting ? AllocationCounter.count() : 0
        let cpuBefore = processCPUNanoseconds()
        let outcome = S.Outcome()
        let cpu = processCPUNanoseconds() - cpuBefore
        let allocations = counting ? AllocationCounter.count() - allocationsBefore : 0
        return WorkerRun(outcome: outcome, allocations: allocations, cpuNanoseconds: cpu)
    }

    /// What `run` does around a variant's run, with no variant: the same reads of the
    /// counters and clocks, and an empty outcome.
    func runNothing() -> WorkerRun<S.Outcome> {
        counting ? countedRun(S.Outcome.init) : timedRun(S.Outcome.init)
    }

    func release() {
        runs = [:]
        asynchronousRuns = [:]
        shard = nil
    }
}

/// What one worker's run of its slice produced and cost.
struct WorkerRun<Outcome: Sendable>: Sendable {
    var outcome: Outcome
    var allocations: UInt64
    var cpuNanoseconds: UInt64
}
