import SimBenchCore

extension MechanismsScenario {
    /// The price of plain work: per event, `stepsPerEvent` dependent xorshift-multiply steps
    /// of the binary's own code (a shift, an xor and a multiply each, about 4 instructions),
    /// no runtime call. The steps' result is stored where the optimiser must keep it, and
    /// the event folds the baseline's number.
    static let stepsVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "steps",
        summary:
            "\(stepsPerEvent) dependent xorshift-multiply steps of its own code per event, no call"
    ) { shard in
        let sink = StepSink()
        return {
            fold(shard) { sum, number in
                var value = UInt64(bitPattern: Int64(number))
                for _ in 0..<stepsPerEvent {
                    value ^= value >> 29
                    value = value &* 0xBF58_476D_1CE4_E5B9
                }
                sink.value = value
                foldEvent(&sum, identity(number))
            }
        }
    }

    /// The steps the `steps` variant adds per event.
    public static let stepsPerEvent = 16
}

/// Where the steps' result goes: a store the optimiser cannot prove unread.
final class StepSink {
    var value: UInt64 = 0
}
