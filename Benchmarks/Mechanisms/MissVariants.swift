import SimBenchCore

extension MechanismsScenario {
    /// One first-level miss per event, waited for: the next line of a chase through a
    /// buffer that fits the second-level cache but not the first (`l2-bytes`), whose address
    /// depends on the running sum and which the sum takes in before the event's fold, so
    /// that the load's whole latency is on the events' one chain.
    static let missL2Variant = missVariant(
        name: "miss-l2", buffer: .l2,
        summary:
            "chases one line per event through a buffer the second-level cache holds, the sum waiting on it: a first-level miss's latency"
    )

    /// One second-level miss per event, waited for: `miss-l2` through a buffer that fits
    /// the third-level cache but not the second (`l3-bytes`), so that the third serves
    /// each line.
    static let missL3Variant = missVariant(
        name: "miss-l3", buffer: .l3,
        summary:
            "chases one line per event through a buffer the third-level cache holds and the second does not, the sum waiting on it: a second-level miss's latency"
    )

    /// One miss to memory per event, waited for: `miss-l2` through a buffer larger than the
    /// last-level cache (`memory-bytes`).
    static let missMemoryVariant = missVariant(
        name: "miss-memory", buffer: .memory,
        summary:
            "chases one line per event through a buffer larger than the last-level cache, the sum waiting on it: a miss to memory's latency"
    )

    /// `miss-l2`'s throughput twin: one line per event of the same buffer, at a place no
    /// load before decides, read into a sink off the sum's path, so that the misses of
    /// several events are under way at once.
    static let missL2SpreadVariant = gatherVariant(
        name: "miss-l2-spread", buffer: .l2,
        summary:
            "reads one line per event of a buffer the second-level cache holds, off the sum's path: first-level misses side by side"
    )

    /// `miss-l3`'s throughput twin, as `miss-l2-spread` is `miss-l2`'s.
    static let missL3SpreadVariant = gatherVariant(
        name: "miss-l3-spread", buffer: .l3,
        summary:
            "reads one line per event of a buffer the third-level cache holds and the second does not, off the sum's path: second-level misses side by side"
    )

    /// `miss-memory`'s throughput twin, as `miss-l2-spread` is `miss-l2`'s.
    static let missMemorySpreadVariant = gatherVariant(
        name: "miss-memory-spread", buffer: .memory,
        summary:
            "reads one line per event of a buffer larger than the last-level cache, off the sum's path: misses to memory side by side"
    )

    private static func missVariant(name: String, buffer: MissBuffer, summary: String)
        -> Variant<MechanismsShard, MechanismsOutcome>
    {
        Variant(name: name, summary: summary) { shard in
            let lines = LineBuffer.shared(bytes: buffer.bytes(of: shard))
            let position = LinePosition()
            return {
                // Zero, which the optimiser cannot know: `& zero` ties the chase and the sum
                // into one chain without changing either.
                let zero = identity(0)
                var line = position.line
                let outcome = fold(shard) { sum, number in
                    line = lines.next(line ^ (sum & zero))
                    sum |= line & zero
                    foldEvent(&sum, identity(number))
                }
                position.line = line
                return outcome
            }
        }
    }

    private static func gatherVariant(name: String, buffer: MissBuffer, summary: String)
        -> Variant<MechanismsShard, MechanismsOutcome>
    {
        Variant(name: name, summary: summary) { shard in
            let lines = LineBuffer.shared(bytes: buffer.bytes(of: shard))
            let position = LinePosition()
            let sink = StepSink()
            return {
                var step = position.step
                var gathered = 0
                let outcome = fold(shard) { sum, number in
                    step &+= 1
                    // A line from a multiplicative hash of the step: no load decides it.
                    let line = Int(truncatingIfNeeded: UInt64(step) &* 0x9E37_79B9_7F4A_7C15 >> 20)
                    gathered ^= lines.next(line & lines.mask)
                    foldEvent(&sum, identity(number))
                }
                position.step = step
                sink.value = UInt64(bitPattern: Int64(gathered))
                return outcome
            }
        }
    }
}

/// Which of a shard's two buffers a miss variant goes through.
enum MissBuffer {
    /// Fits the second-level cache, not the first (`l2-bytes`).
    case l2
    /// Fits the third-level cache, not the second (`l3-bytes`).
    case l3
    /// Larger than the last-level cache (`memory-bytes`).
    case memory

    func bytes(of shard: MechanismsShard) -> Int {
        switch self {
        case .l2: shard.l2Bytes
        case .l3: shard.l3Bytes
        case .memory: shard.memoryBytes
        }
    }
}
