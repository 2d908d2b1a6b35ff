import SimBenchCore

extension MechanismsScenario {
    /// The steps' throughput twin: as many xorshift-multiply steps of the binary's own code
    /// per event as `steps`, in four independent chains of a quarter each, so that the
    /// processor can run them side by side: the price of own instructions that do not wait
    /// on one another.
    static let stepsSpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "steps-spread",
        summary:
            "\(stepsPerEvent) xorshift-multiply steps of its own code per event in 4 independent chains, no call"
    ) { shard in
        let sink = StepSink()
        return {
            fold(shard) { sum, number in
                let seed = UInt64(bitPattern: Int64(number))
                var a = seed
                var b = seed ^ 0x9E37_79B9_7F4A_7C15
                var c = seed ^ 0xD1B5_4A32_D192_ED03
                var d = seed ^ 0x8CB9_2BA7_2F3D_8DD7
                for _ in 0..<(stepsPerEvent / 4) {
                    a ^= a >> 29
                    a = a &* 0xBF58_476D_1CE4_E5B9
                    b ^= b >> 29
                    b = b &* 0xBF58_476D_1CE4_E5B9
                    c ^= c >> 29
                    c = c &* 0xBF58_476D_1CE4_E5B9
                    d ^= d >> 29
                    d = d &* 0xBF58_476D_1CE4_E5B9
                }
                sink.value = a ^ b ^ c ^ d
                foldEvent(&sum, identity(number))
            }
        }
    }
}
