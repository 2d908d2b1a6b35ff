import SimBenchCore

extension MechanismsScenario {
    /// One protocol witness call per event through an existential: each number held as
    /// `any NumberHolding`, read through its witness table.
    static let existentialVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "existential",
        summary: "reads each number through an existential: one protocol witness call"
    ) { shard in
        let holders: [any NumberHolding] = shard.numbers.map { HeldNumber(value: $0) }
        return {
            var index = 0
            return fold(shard) { sum, _ in
                foldEvent(&sum, identity(holders[index].value))
                index += 1
            }
        }
    }
}

public protocol NumberHolding {
    var value: Int { get }
}

struct HeldNumber: NumberHolding {
    let value: Int
}
