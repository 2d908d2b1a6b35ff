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
    /// The checksum of a variant's first outcome, and whether every outcome so far equalled
    /// the baseline's.
    func verdict(variant: String) -> OutcomeVerdict
    /// Frees the shards, so that the next configuration starts from an empty fleet.
    func tearDown() async
}

/// What setting a configuration up cost; never part of a measurement.
struct SetupReport: Sendable {
    /// Building the shards: tapes, trees, texts.
    var shardNanoseconds: UInt64
    /// Each variant's own preparation (its tree representation, compiled rules, …).
    var prepareNanoseconds: [String: UInt64]
    var events: Int
}

/// One variant's run over the fleet.
public struct RoundMeasurement: Sendable {
    public var wallNanoseconds: UInt64
    public var cpuNanoseconds: UInt64
    /// Allocation calls the variant made; nil where the allocation counter is not active.
    public var allocations: UInt64?
    /// Instructions retired during the round; nil where perf events are not available.
    public var instructions: UInt64?
    /// The resident-memory high-water mark during the round.
    public var peakResidentBytes: UInt64?
}

/// Whether a variant computed what its baseline computed.
struct OutcomeVerdict: Sendable {
    var checksum: UInt64
    var matchesBaseline: Bool
    var summary: [(label: String, value: String)]
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
        PeakResidentMemory.reset()
        let instructionsBefore = instructions?.read()
        let cpuBefore = ResourceUsage.current().cpuNanoseconds
        let start = monotonicNanoseconds()
        let parts = await withTaskGroup(of: (Int, S.Outcome, UInt64).self) { group in
            for (slot, worker) in workers.enumerated() {
                group.addTask {
                    let (outcome, allocations) = await worker.run(variant: index)
                    return (slot, outcome, allocations)
                }
            }
            var parts = [S.Outcome?](repeating: nil, count: workers.count)
            var allocations: UInt64 = 0
            for await (slot, outcome, count) in group {
                parts[slot] = outcome
                allocations += count
            }
            return (outcomes: parts, allocations: allocations)
        }
        let wall = monotonicNanoseconds() - start
        let cpu = ResourceUsage.current().cpuNanoseconds - cpuBefore
        let allocations = AllocationCounter.isActive ? parts.allocations : nil
        let instructionCount = instructions?.read().flatMap { after in
            instructionsBefore.map { after &- $0 }
        }
        let peak = PeakResidentMemory.current()
        record(S.Outcome.merged(parts.outcomes.map { $0! }), of: name)
        return RoundMeasurement(
            wallNanoseconds: wall, cpuNanoseconds: cpu, allocations: allocations,
            instructions: instructionCount, peakResidentBytes: peak)
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
    private var shard: S.Shard?
    /// Prepared runs by variant index. The closures never leave this actor.
    private var runs: [Int: () -> S.Outcome] = [:]

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
        runs[index] = S.variants[index].prepare(shard)
    }

    /// Runs the shard once; returns the outcome and the allocator calls the run made.
    ///
    /// The run is synchronous, so it stays on one thread and the thread's own tally counts
    /// exactly its allocations: not the task group's or the actor runtime's, which are the
    /// harness's cost, not the variant's.
    func run(variant index: Int) -> (S.Outcome, UInt64) {
        guard let run = runs[index] else { preconditionFailure("run before prepare") }
        let before = AllocationCounter.countOnThisThread()
        let outcome = run()
        return (outcome, AllocationCounter.countOnThisThread() - before)
    }

    func release() {
        runs = [:]
        shard = nil
    }
}
