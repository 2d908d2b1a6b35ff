import SimBenchCore

extension MechanismsScenario {
    /// One unspecialised generic call per event: the number read through `T: NumberHolding`
    /// by a function the optimiser may not specialise, so through the witness table passed
    /// to it.
    static let genericVariant = Variant<MechanismsShard, MechanismsOutcome>(
        name: "generic",
        summary: "reads each number through an unspecialised generic: one witness call"
    ) { shard in
        fold(shard) { sum, number in
            foldEvent(&sum, identity(unspecialisedValue(of: HeldNumber(value: number))))
        }
    }
}

/// The number of `holder`, through its witness table: never specialised.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func unspecialisedValue<T: NumberHolding>(of holder: T) -> Int {
    holder.value
}
