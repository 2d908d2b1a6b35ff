import SimBenchCore

extension MechanismsScenario {
    /// The witness call's throughput twin: one protocol witness call per event through an
    /// existential, as in `existential`, whose result is not on the running sum's path: it
    /// goes to a sink, so the call does not wait for the sum nor the sum for the call.
    static let existentialSpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "existential-spread",
        summary:
            "reads each number through an existential into a sink, off the sum's path: one protocol witness call"
    ) { shard in
        let holders: [any NumberHolding] = shard.numbers.map { HeldNumber(value: $0) }
        let sink = StepSink()
        return {
            var index = 0
            var folded: UInt64 = 0
            let outcome = fold(shard) { sum, number in
                folded ^= UInt64(bitPattern: Int64(holders[index].value))
                foldEvent(&sum, identity(number))
                index += 1
            }
            sink.value = folded
            return outcome
        }
    }
}
