import SimBenchCore

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
        // The plan decided the count (`PlannedConfiguration.actors`): every worker gets at
        // least one entity.
        precondition(
            (1...max(1, entities)).contains(actors), "\(actors) workers for \(entities) entities")
        let count = actors
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

    func measure(variant name: String, instructions: InstructionCounter?) async -> RoundMeasurement
    {
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
