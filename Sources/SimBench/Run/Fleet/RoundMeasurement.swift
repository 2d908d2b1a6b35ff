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
    /// The child process (of a run over several, `RunOptions.processes`) that took this sample, from 0.
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
