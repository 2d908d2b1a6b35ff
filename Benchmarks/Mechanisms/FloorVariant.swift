import SimBenchCore

extension MechanismsScenario {
    /// The floor: the lists walked and each recorded, with no fold call: what every
    /// variant's loop and record cost before its event's work.
    static let floorVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "floor", role: .floor,
        summary: "walks every number and xors it into its list's record, no call"
    ) { shard in
        fold(shard) { sum, number in sum ^= number }
    }
}
