/// A host's cost model from its mechanism scenario: each variant's ns added per event,
/// timed on the host, beside what it adds in counts (`CountedWork`), counted by Callgrind.
extension CostModel {
    /// One variant of the mechanism scenario: its ns added per event over the baseline on
    /// the host, and the counted work it adds.
    public struct MechanismVariant: Sendable, Equatable {
        public var variant: String
        public var nanoseconds: Double
        public var added: CountedWork

        public init(variant: String, nanoseconds: Double, added: CountedWork) {
            self.variant = variant
            self.nanoseconds = nanoseconds
            self.added = added
        }
    }

    /// The model of the host the variants were timed on, one rule for every kind:
    ///
    /// - one own instruction costs what the variant that adds the most own instructions and
    ///   no call (the plain steps) adds per own instruction;
    /// - each kind of call costs what `prices(from:)` solves from every variant's ns added
    ///   net of its own instructions at that price (a class-method variant's cost is then
    ///   its own instructions', as the call it adds is not a counted kind).
    ///
    /// Nothing is tuned per pattern: the prices come from these variants alone.
    public init(mechanisms variants: [MechanismVariant]) {
        let plain = variants.filter { variant in
            MechanismCall.allCases.allSatisfy { abs(variant.added.calls[$0]) < Self.leastCalls }
                && variant.added.ownInstructions > 0
        }
        let own = plain.max { $0.added.ownInstructions < $1.added.ownInstructions }
            .map { $0.nanoseconds / $0.added.ownInstructions }
        let measurements = variants.map { variant in
            Measurement(
                calls: variant.added.calls,
                nanoseconds: variant.nanoseconds - variant.added.ownInstructions * (own ?? 0))
        }
        self.init(prices: Self.prices(from: measurements), nanosecondsPerOwnInstruction: own)
    }

    /// The mechanism variants of `scenario` in results records: each pattern row's ns added
    /// from `timed` (its `overhead_ns_per_event`), what it adds over its baseline from
    /// `counted` (the same variant's and the baseline's counted rows). A variant missing
    /// from either, or not ok, is left out. `timed` and `counted` may be the same rows.
    public static func mechanismVariants(
        scenario: String, timed: [ResultsRecord], counted: [ResultsRecord]
    ) -> [MechanismVariant] {
        let counts = counted.filter { $0[.scenario] == scenario && $0.isOK }
        guard let baseline = counts.first(where: \.isBaselineVariant),
            let baselineWork = CountedWork(record: baseline)
        else { return [] }
        return timed.compactMap { record in
            guard record[.scenario] == scenario, record.role == .pattern, record.isOK,
                let nanoseconds = record.number(.overheadNsPerEvent),
                let work = counts.first(where: { $0[.variant] == record[.variant] })
                    .flatMap(CountedWork.init(record:))
            else { return nil }
            return MechanismVariant(
                variant: record[.variant], nanoseconds: nanoseconds,
                added: work.subtracting(baselineWork))
        }
    }

    /// What the model predicts of `added`; nil when any call it adds (a whole call's
    /// worth or more, `leastCalls`) or its own instructions have no price here: a
    /// prediction that leaves out part of the work would understate it.
    public func predictWhole(_ added: CountedWork) -> Prediction? {
        var calls = added.calls
        for kind in MechanismCall.allCases where abs(calls[kind]) < Self.leastCalls {
            // Below half a call per event the count is another call's noise (`leastCalls`):
            // priced when a price exists, never a reason to refuse.
            if prices[kind] == nil { calls[kind] = 0 }
        }
        let prediction = predict(calls: calls, ownInstructions: added.ownInstructions)
        return prediction.unpriced.isEmpty ? prediction : nil
    }
}
