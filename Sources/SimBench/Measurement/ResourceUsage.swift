/// The process's CPU time and memory, as the kernel accounts them.
///
/// CPU time covers every thread (user plus system, from `getrusage(RUSAGE_SELF)`), so the
/// CPU time of a measured region is the difference of two readings; unlike wall time it
/// grows when the fleet's actors run in parallel. Peak resident memory is the high-water
/// mark of the whole process's life, so only its growth across a region says anything about
/// that region.
public struct ResourceUsage: Sendable, Equatable {
    /// Time spent running user code, in nanoseconds (the kernel keeps microseconds).
    public let userNanoseconds: UInt64
    /// Time spent in the kernel on the process's behalf, in nanoseconds.
    public let systemNanoseconds: UInt64
    /// The most memory the process has had resident at once, in bytes (`ru_maxrss`).
    public let peakResidentBytes: UInt64

    /// User plus system CPU time, in nanoseconds.
    public var cpuNanoseconds: UInt64 { userNanoseconds + systemNanoseconds }

    public init(userNanoseconds: UInt64, systemNanoseconds: UInt64, peakResidentBytes: UInt64) {
        self.userNanoseconds = userNanoseconds
        self.systemNanoseconds = systemNanoseconds
        self.peakResidentBytes = peakResidentBytes
    }

    /// The usage of the whole process so far.
    public static func current() -> ResourceUsage {
        let usage = Platform.processUsage()
        return ResourceUsage(
            userNanoseconds: usage.user, systemNanoseconds: usage.system,
            peakResidentBytes: usage.peakResidentBytes)
    }

    /// The memory resident right now, in bytes (Linux: `/proc/self/statm`); `nil` where it
    /// cannot be read.
    ///
    /// Its growth across the building of a fleet, divided by the machines, is the memory
    /// one machine costs.
    public static func currentResidentBytes() -> UInt64? {
        Platform.residentBytes()
    }

    /// The memory the system could give this process now without swapping, in bytes
    /// (Linux: `MemAvailable` in `/proc/meminfo`); nil where that cannot be read.
    public static func availableBytes() -> UInt64? {
        Platform.availableMemoryBytes()
    }
}
