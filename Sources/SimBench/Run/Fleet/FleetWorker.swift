import SimBenchCore

/// One actor of the fleet: owns a slice of the entities, their inputs, and each variant's
/// prepared run.
actor FleetWorker<S: Scenario> {
    let entities: Range<Int>
    /// The reads around a run; whether they count allocations is decided once per process
    /// (`AllocationCounter.isActive`).
    private let threadMeter = RunMeter(scope: .thread, counting: AllocationCounter.isActive)
    private let processMeter = RunMeter(scope: .process, counting: AllocationCounter.isActive)
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
    /// pass, the allocator calls it made, all of this thread (`RunMeter.Scope.thread`).
    func run(variant index: Int) -> WorkerRun<S.Outcome> {
        guard let run = runs[index] else { preconditionFailure("run before prepare") }
        return measured(run, by: threadMeter)
    }

    /// Runs an asynchronous variant's shard once; returns the outcome, and the allocator
    /// calls and CPU time of the whole process meanwhile (`RunMeter.Scope.process`).
    func runAsynchronous(variant index: Int) async -> WorkerRun<S.Outcome> {
        guard let run = asynchronousRuns[index] else { preconditionFailure("run before prepare") }
        let start = processMeter.start()
        let outcome = await run()
        return processMeter.stop(outcome, since: start)
    }

    /// What `runAsynchronous` does around a variant's run, with no variant.
    func runNothingAsynchronous() async -> WorkerRun<S.Outcome> {
        measured(S.Outcome.init, by: processMeter)
    }

    /// What `run` does around a variant's run, with no variant: the same reads of the
    /// counters and clocks, and an empty outcome.
    func runNothing() -> WorkerRun<S.Outcome> {
        measured(S.Outcome.init, by: threadMeter)
    }

    private func measured(_ run: () -> S.Outcome, by meter: RunMeter) -> WorkerRun<S.Outcome> {
        let start = meter.start()
        let outcome = run()
        return meter.stop(outcome, since: start)
    }

    func release() {
        runs = [:]
        asynchronousRuns = [:]
        shard = nil
    }
}
