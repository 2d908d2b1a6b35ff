import SimBenchCore

extension MechanismsScenario {
    /// The weak load's throughput twin: one weak load per event, as in `weak-load`, but of
    /// a different reference to a different object each event (one of `spread`).
    static let weakLoadSpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "weak-load-spread",
        summary:
            "reads one of \(spread) weak references per event: a swift_weakLoadStrong and a release of other objects each time"
    ) { shard in
        let tokens = (0..<spread).map { _ in Token() }
        let references = tokens.map { WeakToken(target: $0) }
        return {
            withExtendedLifetime(tokens) {
                var event = 0
                return fold(shard) { sum, number in
                    event &+= 1
                    if references[event & spreadMask].target != nil {
                        foldEvent(&sum, identity(number))
                    }
                }
            }
        }
    }
}
