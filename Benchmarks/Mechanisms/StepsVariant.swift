import SimBenchCore

extension MechanismsScenario {
    /// The price of plain work waited for: per event, `stepsPerEvent` xorshift-multiply
    /// steps of the binary's own code (a shift, an xor and a multiply each, about 4
    /// instructions), each on the one before, starting from the running sum and ending in
    /// it before the event's fold, so that the sum's chain waits for every step: their
    /// latency. No runtime call.
    static let stepsVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "steps",
        summary:
            "\(stepsPerEvent) xorshift-multiply steps of its own code per event, each on the one before and the sum on the last, no call"
    ) { shard in
        {
            // Zero, which the optimiser cannot know: `& zero` puts the steps on the sum's
            // chain without changing the sum.
            let zero = identity(0)
            return fold(shard) { sum, number in
                var value = UInt64(bitPattern: Int64(sum))
                for _ in 0..<stepsPerEvent {
                    value ^= value >> 29
                    value = value &* 0xBF58_476D_1CE4_E5B9
                }
                sum |= Int(truncatingIfNeeded: value) & zero
                foldEvent(&sum, identity(number))
            }
        }
    }

    /// The steps the `steps` variant adds per event.
    public static let stepsPerEvent = 16
}

/// Where a variant's work off the sum's path goes: a store the optimiser cannot prove
/// unread.
final class StepSink {
    var value: UInt64 = 0
}
