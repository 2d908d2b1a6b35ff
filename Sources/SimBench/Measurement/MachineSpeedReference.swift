import SimBenchCore

/// A fixed piece of work timed once in every round: how fast the machine's cores run now.
///
/// Absolute times drift between runs on a shared host: a throttled clock, a busy sibling
/// hyperthread, a slower host after a migration slow every variant for minutes, in CPU time
/// as well as in wall time. A scenario's baseline variant has no ratio to cancel that, so
/// `simbench compare` judges it on its CPU time divided by this reference's, measured in the
/// same rounds: what the machine did to both cancels, what the code did to one remains.
///
/// The work is a chain of dependent integer steps (an xorshift and a multiplication): the
/// fastest of five passes of about 70 µs each, timed with the thread's CPU clock, so that
/// neither a descheduled moment nor an interrupt counts. It touches no memory on purpose: a
/// pointer chase through a table was tried first, and its time moved by ±4% from one process
/// to the next with the physical pages it landed on (1 MiB and 128 KiB tables, seen on a
/// 2-core VM), more than the variants it was to correct. One pass of the chain in registers
/// measured the same within 3%, and the fastest of five within 0.05% across 8 processes.
public struct MachineSpeedReference: Sendable {
    /// Dependent steps per pass.
    static let steps = 20_000
    /// Passes per measurement, of which the fastest counts: an interrupt or a cache refill
    /// can only slow a pass, so the minimum is the core's speed.
    static let passes = 5

    public init() {}

    /// The thread CPU nanoseconds of the fastest of `passes` passes, now.
    public func measure() -> UInt64 {
        var fastest = UInt64.max
        for _ in 0..<MachineSpeedReference.passes {
            let start = threadCPUNanoseconds()
            var value: UInt64 = 0x9E37_79B9_7F4A_7C15
            // The step count goes through the opaque `identity`, so the loop cannot be
            // folded at compile time.
            for _ in 0..<identity(MachineSpeedReference.steps) {
                value ^= value << 13
                value ^= value >> 7
                value ^= value << 17
                value &*= 0xBF58_476D_1CE4_E5B9
            }
            fastest = min(fastest, threadCPUNanoseconds() - start)
            blackHole(value)
        }
        return fastest
    }
}
