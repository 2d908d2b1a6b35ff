/// What one worker's run of its slice produced and cost.
struct WorkerRun<Outcome: Sendable>: Sendable {
    var outcome: Outcome
    var allocations: UInt64
    var cpuNanoseconds: UInt64
}
