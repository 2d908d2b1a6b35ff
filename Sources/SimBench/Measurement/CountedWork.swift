/// What a counted row does per event, as the cost model prices it: its calls into each
/// runtime mechanism (`MechanismCalls`) and the instructions of its own code
/// (`Mechanism.own`). A pattern's predicted cost is that of what it adds over its
/// baseline's (`subtracting`).
public struct CountedWork: Sendable, Equatable {
    public var calls: MechanismCalls
    public var ownInstructions: Double

    public init(calls: MechanismCalls, ownInstructions: Double) {
        self.calls = calls
        self.ownInstructions = ownInstructions
    }

    /// A measured row's counts; nil unless it was counted under Callgrind (calls and own
    /// instructions both known).
    public init?(row: ResultRow) {
        guard let calls = row.mechanismCalls, let split = row.instructionsByMechanism else {
            return nil
        }
        self.init(calls: calls, ownInstructions: split[.own])
    }

    /// A results file's row's counts; nil unless every calls column and the own
    /// instructions column hold a number.
    public init?(record: ResultsRecord) {
        var calls = MechanismCalls()
        for kind in MechanismCall.allCases {
            guard let count = record.number(.calls(kind)) else { return nil }
            calls[kind] = count
        }
        guard let own = record.number(.instructionsOwnPerEvent) else { return nil }
        self.init(calls: calls, ownInstructions: own)
    }

    /// This work less `baseline`'s: what a pattern adds (negative where it does less).
    public func subtracting(_ baseline: CountedWork) -> CountedWork {
        CountedWork(
            calls: calls.subtracting(baseline.calls),
            ownInstructions: ownInstructions - baseline.ownInstructions)
    }
}
