/// A host's cost model from its mechanism scenario: each variant's ns added per event,
/// timed on the host, beside what it adds in counts (`CountedWork`), counted by Callgrind.
extension CostModel {
    /// One variant of the mechanism scenario: its ns added per event over the baseline on
    /// the host, with its 95% interval, and the counted work it adds.
    public struct MechanismVariant: Sendable, Equatable {
        public var variant: String
        public var nanoseconds: Estimate
        public var added: CountedWork

        public init(variant: String, nanoseconds: Estimate, added: CountedWork) {
            self.variant = variant
            self.nanoseconds = nanoseconds
            self.added = added
        }

        /// Whether it measures its mechanism among independent work (a name ending in
        /// `throughputSuffix`), else waited for.
        public var measuresThroughput: Bool { variant.hasSuffix(CostModel.throughputSuffix) }

        /// The half-width of its ns's interval; 0 without one.
        var halfWidth: Double {
            guard let low = nanoseconds.low, let high = nanoseconds.high else { return 0 }
            return (high - low) / 2
        }

        var measurement: Measurement {
            var added = [Cost: Double]()
            for cost in Cost.all { added[cost] = self.added.count(of: cost) ?? 0 }
            return Measurement(
                added: added, nanoseconds: nanoseconds.value, halfWidth: halfWidth)
        }
    }

    /// How a mechanism variant's name says that it measures throughput: the mechanism of
    /// its twin without the suffix, spread over many objects among independent work
    /// (`retain-release-spread` beside `retain-release`).
    public static let throughputSuffix = "-spread"

    /// The model of the host the variants were timed on, one rule for every cost, applied
    /// to the waited-for variants for the latency prices and to the `-spread` ones for the
    /// throughput prices:
    ///
    /// - an own instruction costs what the variant that adds the most own instructions and
    ///   nothing else (the steps) adds per own instruction;
    /// - each call and miss costs what `prices(from:)` solves from every variant's ns added
    ///   net of its own instructions at the price they have in its context: in a waited-for
    ///   variant, plain code's (`plain`: the baseline's CPU ns per event over its
    ///   instructions per event, loads, stores, calls and arithmetic, also the point's price
    ///   of a pattern's own instruction), since the loads and checks around its call are not
    ///   the steps' chain (netting them at the steps' latency would charge the call for
    ///   them); in a `-spread` variant, the throughput price of an own instruction, since all
    ///   of its work is independent (at plain code's, a gather's eleven instructions would
    ///   cost more than the whole variant adds). A class-method variant's cost is then its
    ///   own instructions', as the call it adds is not a counted kind.
    ///
    /// Nothing is tuned per pattern: the prices come from these variants alone.
    public init(mechanisms variants: [MechanismVariant], plain: Price? = nil) {
        func ownPrice(_ variants: [MechanismVariant]) -> Price? {
            variants.filter { variant in
                Cost.all.allSatisfy { cost in
                    cost == .ownInstruction
                        || abs(variant.added.count(of: cost) ?? 0) < Self.leastCount
                } && variant.added.ownInstructions > 0
            }
            .max { $0.added.ownInstructions < $1.added.ownInstructions }
            .map { variant in
                Price(
                    variant.nanoseconds.value / variant.added.ownInstructions,
                    halfWidth: variant.halfWidth / variant.added.ownInstructions)
            }
        }
        let waited = variants.filter { !$0.measuresThroughput }
        let spread = variants.filter(\.measuresThroughput)
        let own = Prices(latency: ownPrice(waited), throughput: ownPrice(spread))
        func solve(_ variants: [MechanismVariant], netting: Price?) -> [Cost: Price] {
            Self.prices(
                from: variants.map(\.measurement),
                known: netting.map { [.ownInstruction: $0] } ?? [:])
        }
        let latency = solve(waited, netting: plain ?? own.middle)
        let throughput = solve(spread, netting: own.throughput ?? plain)
        var prices = [Cost: Prices]()
        for cost in Cost.all where cost != .ownInstruction && cost.hasMechanismPrices {
            prices[cost] = Prices(latency: latency[cost], throughput: throughput[cost])
        }
        prices[.ownInstruction] = own
        if let runtime = plain ?? own.middle {
            prices[.runtimeInstruction] = Prices(latency: runtime, throughput: runtime)
        }
        self.init(
            prices: prices, plainInstruction: plain,
            runtimeInstructionsPerCall: Self.instructionsPerCall(variants))
    }

    /// The instructions one call of each kind runs in its mechanism (`MechanismCall.mechanism`)
    /// in `variants`: by the elimination of `prices(from:)`, with each variant's instructions
    /// in a mechanism in the place of its ns (a retain and its release alike, a weak load net
    /// of the release beside it), among the waited-for variants and among the `-spread` ones,
    /// and halfway between the two where both give one (as a call's point price is). A
    /// kind's call runs more where its mechanism is busier (an exclusivity check searches
    /// the accesses open at the time); what a pattern runs beyond these counts is priced as
    /// plain code's instructions.
    static func instructionsPerCall(_ variants: [MechanismVariant]) -> [MechanismCall: Double] {
        func solve(_ variants: [MechanismVariant]) -> [MechanismCall: Double] {
            var perCall = [MechanismCall: Double]()
            for mechanism in Mechanism.allCases {
                let kinds = MechanismCall.allCases.filter { $0.mechanism == mechanism }
                guard !kinds.isEmpty else { continue }
                let measurements = variants.compactMap { variant -> Measurement? in
                    guard let instructions = variant.added.instructions else { return nil }
                    var added = [Cost: Double]()
                    for kind in kinds { added[.call(kind)] = variant.added.calls[kind] }
                    return Measurement(added: added, nanoseconds: instructions[mechanism])
                }
                for (cost, price) in prices(from: measurements) {
                    if case .call(let kind) = cost { perCall[kind] = price.nanoseconds }
                }
            }
            return perCall
        }
        let waited = solve(variants.filter { !$0.measuresThroughput })
        let spread = solve(variants.filter(\.measuresThroughput))
        var perCall = waited
        for (kind, count) in spread {
            perCall[kind] = waited[kind].map { ($0 + count) / 2 } ?? count
        }
        return perCall
    }

    /// The mechanism variants of `scenario` in results records: each pattern row's ns added
    /// from `timed` (its `overhead_ns_per_event` and interval), what it adds over its
    /// baseline from `counted` (the same variant's and the baseline's counted rows). A
    /// variant missing from either, or not ok, is left out. `timed` and `counted` may be the
    /// same rows.
    public static func mechanismVariants(
        scenario: String, timed: [ResultsRecord], counted: [ResultsRecord]
    ) -> [MechanismVariant] {
        let counts = counted.filter { $0[.scenario] == scenario && $0.isOK }
        guard let baseline = counts.first(where: \.isBaselineVariant),
            let baselineWork = CountedWork(record: baseline, roundBytes: nil)
        else { return [] }
        return timed.compactMap { record in
            guard record[.scenario] == scenario, record.role == .pattern, record.isOK,
                let nanoseconds = record.number(.overheadNsPerEvent),
                let counted = counts.first(where: { $0[.variant] == record[.variant] }),
                let work = CountedWork(record: counted, roundBytes: nil)
            else { return nil }
            var added = work.subtracting(baselineWork)
            // A variant's misses are of the buffer it names, whatever the lists' bytes.
            added.secondLevelMisses =
                pastSecondLevel.contains(twin(of: record[.variant]))
                ? added.cacheMisses?[.l1d] ?? 0 : 0
            return MechanismVariant(
                variant: record[.variant],
                nanoseconds: Estimate(
                    value: nanoseconds, low: record.number(.overheadCILow),
                    high: record.number(.overheadCIHigh)),
                added: added)
        }
    }

    /// The miss variants whose buffer the second-level cache cannot hold, so that each of
    /// their first-level misses is a second-level miss too (`Cost.secondLevelMiss`); their
    /// `-spread` twins alike. Every other variant's misses are the second level's to serve.
    static let pastSecondLevel: Set<String> = ["miss-l3", "miss-memory"]

    /// `variant` without the throughput suffix: the waited-for variant it is the twin of.
    static func twin(of variant: String) -> String {
        variant.hasSuffix(throughputSuffix)
            ? String(variant.dropLast(throughputSuffix.count)) : variant
    }

    /// What plain code costs an instruction: `scenario`'s baseline row of `timed`, its CPU
    /// ns per event (and interval) over its instructions per event counted in `counted`'s;
    /// nil where either is missing.
    public static func plainInstruction(
        scenario: String, timed: [ResultsRecord], counted: [ResultsRecord]
    ) -> Price? {
        func baseline(_ records: [ResultsRecord]) -> ResultsRecord? {
            records.first { $0[.scenario] == scenario && $0.isOK && $0.isBaselineVariant }
        }
        guard let time = baseline(timed), let count = baseline(counted),
            let nanoseconds = time.number(.cpuNsPerEventMedian),
            let instructions = count.number(.instructionsPerEvent), instructions > 0
        else { return nil }
        let halfWidth =
            time.number(.cpuNsPerEventCILow).flatMap { low in
                time.number(.cpuNsPerEventCIHigh).map { ($0 - low) / 2 }
            } ?? 0
        return Price(nanoseconds / instructions, halfWidth: halfWidth / instructions)
    }

    /// The model of `scenario`'s rows: `timed` for the ns, `counted` for the counts.
    public static func model(scenario: String, timed: [ResultsRecord], counted: [ResultsRecord])
        -> CostModel?
    {
        let variants = mechanismVariants(scenario: scenario, timed: timed, counted: counted)
        guard !variants.isEmpty else { return nil }
        return CostModel(
            mechanisms: variants,
            plain: plainInstruction(scenario: scenario, timed: timed, counted: counted))
    }

    /// What the model predicts of `added`; nil when any cost it adds (a whole one's worth
    /// or more, `leastCount`) has no price here, or its misses were not counted where the
    /// model prices misses: a prediction that leaves out part of the work would understate
    /// it.
    public func predictWhole(_ added: CountedWork) -> Prediction? {
        var added = added
        for kind in MechanismCall.allCases where abs(added.calls[kind]) < Self.leastCount {
            // Below half a call per event the count is another call's noise (`leastCount`):
            // priced when a price exists, never a reason to refuse.
            if prices[.call(kind)] == nil { added.calls[kind] = 0 }
        }
        if var misses = added.cacheMisses {
            for level in CacheMiss.allCases
            where abs(misses[level]) < Self.leastCount && prices[.miss(level)] == nil {
                misses[level] = 0
            }
            added.cacheMisses = misses
        }
        if abs(added.secondLevelMisses) < Self.leastCount && prices[.secondLevelMiss] == nil {
            added.secondLevelMisses = 0
        }
        let prediction = predict(added)
        return prediction.unpriced.isEmpty ? prediction : nil
    }
}
