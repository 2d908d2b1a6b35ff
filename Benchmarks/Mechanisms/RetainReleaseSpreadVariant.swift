import SimBenchCore

extension MechanismsScenario {
    /// The retain-release pair's throughput twin: one strong retain and one release per
    /// event, as in `retain-release`, but of a different object each event (one of
    /// `spread`, all in the first-level cache), stored into a different property, so that
    /// no count waits on the one before: what the pair costs among a pattern's other work.
    static let retainReleaseSpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "retain-release-spread",
        summary:
            "stores one of \(spread) objects into one of \(spread) properties per event: a retain and a release of other objects each time"
    ) { shard in
        let slots = (0..<spread).map { _ in Slot() }
        let tokens = (0..<spread).map { _ in Token() }
        for (slot, token) in zip(slots, tokens) { slot.token = token }
        return {
            withExtendedLifetime(tokens) {
                var event = 0
                return fold(shard) { sum, number in
                    // Slot k gets token k + 1: its old token is released, the new retained.
                    event &+= 1
                    slots[event & spreadMask].token = tokens[(event &+ 1) & spreadMask]
                    foldEvent(&sum, identity(number))
                }
            }
        }
    }

    /// How many objects a spread variant goes through, a power of two: few enough that
    /// their lines stay in the first-level cache (misses are priced on their own), many
    /// enough that an object's next use is long after its last.
    public static let spread = 64

    static let spreadMask = spread - 1
}
