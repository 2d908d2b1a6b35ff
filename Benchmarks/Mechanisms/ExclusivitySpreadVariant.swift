import SimBenchCore

extension MechanismsScenario {
    /// The exclusivity check's throughput twin: one dynamic check per event, as in
    /// `exclusivity`, but on a different object's property each event (one of `spread`),
    /// off the running sum's path.
    static let exclusivitySpreadVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "exclusivity-spread",
        summary:
            "counts each event in one of \(spread) public classes' properties in place, off the sum's path: one swift_beginAccess"
    ) { shard in
        let counters = (0..<spread).map { _ in RunningTotal() }
        return {
            var event = 0
            return fold(shard) { sum, number in
                event &+= 1
                countEvent(&counters[event & spreadMask].value)
                foldEvent(&sum, identity(number))
            }
        }
    }
}

/// One more event on `count`, through a call the optimiser cannot see through, so that an
/// access to a public class's property across it keeps its dynamic check.
@inline(never)
func countEvent(_ count: inout Int) {
    count &+= 1
}
