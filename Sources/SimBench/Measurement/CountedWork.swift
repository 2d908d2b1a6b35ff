/// What a counted row does per event, as the cost model prices it: its calls into each
/// runtime mechanism (`MechanismCalls`), its data-cache misses (`CacheMisses`) and the
/// instructions of its own code (`Mechanism.own`). A pattern's predicted cost is that of
/// what it adds over its baseline's (`subtracting`).
public struct CountedWork: Sendable, Equatable {
    public var calls: MechanismCalls
    /// Nil where the misses were not counted (a file from before they were).
    public var cacheMisses: CacheMisses?
    public var ownInstructions: Double

    public init(calls: MechanismCalls, cacheMisses: CacheMisses? = nil, ownInstructions: Double) {
        self.calls = calls
        self.cacheMisses = cacheMisses
        self.ownInstructions = ownInstructions
    }

    /// A measured row's counts; nil unless it was counted under Callgrind (calls and own
    /// instructions both known).
    public init?(row: ResultRow) {
        guard let calls = row.mechanismCalls, let split = row.instructionsByMechanism else {
            return nil
        }
        self.init(calls: calls, cacheMisses: row.cacheMisses, ownInstructions: split[.own])
    }

    /// A results file's row's counts; nil unless every calls column and the own
    /// instructions column hold a number. The misses where every miss column holds one.
    public init?(record: ResultsRecord) {
        var calls = MechanismCalls()
        for kind in MechanismCall.allCases {
            guard let count = record.number(.calls(kind)) else { return nil }
            calls[kind] = count
        }
        guard let own = record.number(.instructionsOwnPerEvent) else { return nil }
        var misses: CacheMisses? = CacheMisses()
        for level in CacheMiss.allCases {
            guard let count = record.number(.cacheMisses(level)) else {
                misses = nil
                break
            }
            misses?[level] = count
        }
        self.init(calls: calls, cacheMisses: misses, ownInstructions: own)
    }

    /// How many of `cost` per event; nil for misses not counted.
    public func count(of cost: CostModel.Cost) -> Double? {
        switch cost {
        case .call(let kind): calls[kind]
        case .miss(let level): cacheMisses?[level]
        case .ownInstruction: ownInstructions
        }
    }

    /// This work less `baseline`'s: what a pattern adds (negative where it does less). The
    /// misses only where both counted them.
    public func subtracting(_ baseline: CountedWork) -> CountedWork {
        CountedWork(
            calls: calls.subtracting(baseline.calls),
            cacheMisses: cacheMisses.flatMap { mine in
                baseline.cacheMisses.map { mine.subtracting($0) }
            },
            ownInstructions: ownInstructions - baseline.ownInstructions)
    }
}
