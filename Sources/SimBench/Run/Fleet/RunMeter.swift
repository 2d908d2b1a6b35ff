/// What a worker reads around one run of its slice: the CPU clock and, in the allocation
/// pass only, the allocation tally; of its own thread or of the whole process.
///
/// Written once for the four runs a worker measures (a variant's or nothing, synchronous
/// or asynchronous), so that an empty round reads exactly what a variant's round reads.
/// The allocations are read outside the CPU clock's window, so that the tally's own cost is
/// not the variant's.
struct RunMeter: Sendable {
    enum Scope: Sendable {
        /// A synchronous run stays on one thread, so the thread's own tally and clock count
        /// exactly its allocations and its CPU time: not the task group's or the actor
        /// runtime's, which are the harness's cost, not the variant's.
        case thread
        /// An asynchronous variant's tasks run on any of the runtime's threads, so only
        /// process-wide counts see their work; they include the runtime's own, which is the
        /// design's cost too.
        case process
    }

    let scope: Scope
    /// Whether the allocation tally is read: only in the allocation pass, an untimed child
    /// with the counter preloaded (`AllocationPass`). The process that times reads the CPU
    /// clock and nothing else: no allocation counter, here or anywhere in that process.
    let counting: Bool

    /// The readings before a run.
    struct Start {
        let allocations: UInt64
        let cpuNanoseconds: UInt64
    }

    @inline(__always)
    func start() -> Start {
        let allocations = counting ? allocationCount() : 0
        return Start(allocations: allocations, cpuNanoseconds: cpuNanoseconds())
    }

    /// What the run that produced `outcome` cost since `start`.
    @inline(__always)
    func stop<Outcome>(_ outcome: Outcome, since start: Start) -> WorkerRun<Outcome> {
        let cpu = cpuNanoseconds() - start.cpuNanoseconds
        let allocations = counting ? allocationCount() - start.allocations : 0
        return WorkerRun(outcome: outcome, allocations: allocations, cpuNanoseconds: cpu)
    }

    @inline(__always)
    private func cpuNanoseconds() -> UInt64 {
        switch scope {
        case .thread: threadCPUNanoseconds()
        case .process: processCPUNanoseconds()
        }
    }

    @inline(__always)
    private func allocationCount() -> UInt64 {
        switch scope {
        case .thread: AllocationCounter.countOnThisThread()
        case .process: AllocationCounter.count()
        }
    }
}
