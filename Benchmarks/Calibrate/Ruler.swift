import SimBenchCore

/// `calibrate.ruler` and `calibrate.ruler-twin`: both variants are this code.
///
/// A work item is a chain of dependent steps, each an xorshift64 round followed by a
/// multiplication by an odd constant. Every step needs the previous step's result, so the
/// processor cannot overlap them and the time is the chain's latency, linear in the number
/// of steps; the compiler cannot fold the loop (no closed form, the step count and the seed
/// arrive at run time) nor drop it (every result is folded into the outcome). The per-item
/// overhead outside the chain (a tape read, a checksum step) is a few nanoseconds against
/// about 3 µs for 1000 steps, so 1100 steps cost 1.0999× what 1000 do.
enum Ruler {
    /// Runs every work item of `shard`. Never inlined, so both variants run one copy of
    /// the machine code, at one address, with one alignment.
    @inline(never)
    static func measure(_ shard: CalibrateShard, extraSteps: Int) -> CalibrateOutcome {
        var outcome = CalibrateOutcome()
        shard.seeds.withUnsafeBufferPointer { seeds in
            for ruler in 0..<shard.rulerCount {
                var results = Checksum()
                let start = ruler * shard.itemsPerRuler
                for seed in seeds[start..<start + shard.itemsPerRuler] {
                    results.combine(workItem(seed: seed, steps: shard.work, extraSteps: extraSteps))
                }
                outcome.record(
                    ruler: shard.firstRuler + ruler, items: shard.itemsPerRuler,
                    results: results)
            }
        }
        return outcome
    }

    /// `calibrate.floor`: the same tape walk and per-ruler record, with no chain: each work
    /// item's seed is recorded as its result. What it costs is the ruler's overhead outside
    /// the chain, which the sensitivity claim above says is a few nanoseconds an item.
    @inline(never)
    static func walk(_ shard: CalibrateShard) -> CalibrateOutcome {
        var outcome = CalibrateOutcome()
        shard.seeds.withUnsafeBufferPointer { seeds in
            for ruler in 0..<shard.rulerCount {
                var results = Checksum()
                let start = ruler * shard.itemsPerRuler
                for seed in seeds[start..<start + shard.itemsPerRuler] {
                    results.combine(seed)
                }
                outcome.record(
                    ruler: shard.firstRuler + ruler, items: shard.itemsPerRuler,
                    results: results)
            }
        }
        return outcome
    }

    /// One work item: `steps` dependent xorshift-multiply steps from `seed`, then
    /// `extraSteps` more whose result is consumed by `blackHole` and not returned.
    ///
    /// - Complexity: O(steps + extraSteps), about 9 cycles per step.
    @inline(never)
    static func workItem(seed: UInt64, steps: Int, extraSteps: Int = 0) -> UInt64 {
        // xorshift64 has no fixed point but 0; `| 1` keeps every chain off it.
        let value = chain(from: seed | 1, steps: steps)
        if extraSteps > 0 { blackHole(chain(from: value, steps: extraSteps)) }
        return value
    }

    @inline(__always)
    private static func chain(from start: UInt64, steps: Int) -> UInt64 {
        var value = start
        for _ in 0..<steps {
            value ^= value << 13
            value ^= value >> 7
            value ^= value << 17
            value = value &* 0x2545_F491_4F6C_DD1D
        }
        return value
    }
}
