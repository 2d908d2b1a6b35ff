import SimBenchCore

extension MechanismsScenario {
    /// One strong retain and one release per event: storing a reference into a class's
    /// property retains the new value and releases the old (the same object), a pair.
    static let retainReleaseVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "retain-release",
        summary: "stores an object into a property per event: one swift_retain, one swift_release"
    ) { shard in
        let slot = Slot()
        let token = Token()
        return {
            withExtendedLifetime(token) {
                fold(shard) { sum, number in
                    slot.token = token
                    foldEvent(&sum, identity(number))
                }
            }
        }
    }
}

/// The object every mechanism variant holds, retains or loads.
final class Token {}

/// A property a reference is stored into. Internal to the module, so that the optimiser
/// proves its accesses exclusive and adds no check: the pair is all the variant adds.
final class Slot {
    var token: Token?
}
