import SimBenchCore

extension MechanismsScenario {
    /// The baseline: each number folded into a local running sum, no mechanism.
    static let plainVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "plain", role: .baseline,
        summary: "folds each number into a local running sum through an opaque call"
    ) { shard in
        fold(shard) { sum, number in foldEvent(&sum, identity(number)) }
    }
}
