import SimBenchCore

extension MechanismsScenario {
    /// One weak load per event: reading a weak reference loads its target strongly
    /// (`swift_weakLoadStrong`, through the side table), which is released once compared.
    static let weakLoadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "weak-load",
        summary: "reads a weak reference per event: one swift_weakLoadStrong, one swift_release"
    ) { shard in
        let token = Token()
        let reference = WeakToken(target: token)
        return {
            withExtendedLifetime(token) {
                fold(shard) { sum, number in
                    if reference.target != nil { foldEvent(&sum, identity(number)) }
                }
            }
        }
    }
}

struct WeakToken {
    weak var target: Token?
}
