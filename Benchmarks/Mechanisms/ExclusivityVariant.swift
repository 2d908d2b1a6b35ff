import SimBenchCore

extension MechanismsScenario {
    /// One dynamic exclusivity check per event: the running sum is a public class's
    /// property, modified in place across a call the optimiser cannot see through, so it
    /// can prove neither that nothing else accesses it nor that the access is exclusive
    /// (`swift_beginAccess`, `swift_endAccess`).
    static let exclusivityVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "exclusivity",
        summary: "folds into a public class's property in place: one swift_beginAccess"
    ) { shard in
        let total = RunningTotal()
        return {
            var outcome = MechanismsOutcome()
            var index = 0
            for entity in 0..<shard.entities {
                total.value = 0
                for _ in 0..<shard.eventsPerEntity {
                    foldEvent(&total.value, identity(shard.numbers[index]))
                    index += 1
                }
                outcome.add(entity: shard.firstEntity + entity, sum: total.value)
            }
            return outcome
        }
    }
}

/// Public, so that code outside the module may access `value` too: the optimiser must
/// keep the dynamic check of every access that spans a call.
public final class RunningTotal {
    public var value = 0
}
