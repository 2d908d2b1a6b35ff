import SimBenchCore

/// A fixed piece of work timed once in every round: how fast the machine is right now.
///
/// Absolute times drift between runs on a shared host: a neighbour that fills the cache,
/// a throttled clock, a slower host after a migration slow every variant for minutes, in
/// CPU time as well as in wall time. A scenario's baseline variant has no ratio to cancel
/// that, so `simbench compare` judges it on its CPU time divided by this reference's, measured
/// in the same rounds: what the machine did to both cancels, what the code did to one
/// remains.
///
/// The work mixes what the scenarios spend their time on: dependent loads that chase a
/// random cycle through a 1 MiB table (larger than L1 and L2 caches of most cores, within
/// L3), each followed by a few dependent integer steps. It takes about 0.3 ms, timed with
/// the thread's CPU clock, so that a descheduled moment does not count.
public struct MachineSpeedReference: Sendable {
    /// A random cycle through every slot: `next[i]` is the slot after `i`.
    private let next: [UInt32]
    /// Loads chased per measurement.
    static let steps = 40_000

    public init() {
        let count = 1 << 18  // 256 Ki slots of 4 bytes: 1 MiB.
        // Sattolo's algorithm: a uniformly random single cycle, from a fixed seed.
        var order = Array(0..<UInt32(count))
        var random = SplitMix64(seed: 0x5245_4652)
        for index in stride(from: count - 1, to: 0, by: -1) {
            order.swapAt(index, random.next(below: index))
        }
        var next = [UInt32](repeating: 0, count: count)
        for position in 0..<count {
            next[Int(order[position])] = order[(position + 1) % count]
        }
        self.next = next
    }

    /// The thread CPU nanoseconds one pass takes now.
    public func measure() -> UInt64 {
        let start = threadCPUNanoseconds()
        let result = next.withUnsafeBufferPointer { next in
            var slot: UInt32 = 0
            var mix: UInt64 = 0x9E37_79B9_7F4A_7C15
            for _ in 0..<MachineSpeedReference.steps {
                slot = next[Int(slot)]
                mix = (mix ^ UInt64(slot)) &* 0xBF58_476D_1CE4_E5B9
                mix ^= mix >> 31
            }
            return mix
        }
        let elapsed = threadCPUNanoseconds() - start
        blackHole(result)
        return elapsed
    }
}
