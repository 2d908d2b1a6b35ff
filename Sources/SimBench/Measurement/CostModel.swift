/// A pattern's cost on a host, predicted from what it adds per event and what each thing
/// costs there: its calls into each runtime mechanism (`MechanismCalls`, counted, the same
/// on every host of an architecture) times each call's price on the host (`HostProfile`),
/// plus its own instructions times the host's price of one.
///
/// The model prices calls by kind, not instructions by mechanism: a weak load's 140-odd
/// instructions cost several strong retains' on one host and not on another. It is never
/// tuned per pattern: one price per kind of call, the same for every pattern.
public struct CostModel: Sendable, Equatable {
    /// ns per call of each kind on the host.
    public var prices: [MechanismCall: Double]
    /// ns per instruction of the measured binary's own code; nil when not known, and then
    /// own instructions add nothing to a prediction (said in `Prediction.unpriced`).
    public var nanosecondsPerOwnInstruction: Double?

    public init(prices: [MechanismCall: Double], nanosecondsPerOwnInstruction: Double? = nil) {
        self.prices = prices
        self.nanosecondsPerOwnInstruction = nanosecondsPerOwnInstruction
    }

    /// One term of a prediction: a kind of call (nil: own instructions), how many per event
    /// the pattern adds, and the ns they add.
    public struct Term: Sendable, Equatable {
        public var kind: MechanismCall?
        public var count: Double
        public var nanoseconds: Double
    }

    /// What the model predicts a pattern adds per event.
    public struct Prediction: Sendable, Equatable {
        /// The ns added per event: the terms' sum.
        public var nanoseconds: Double
        /// Every term with a count, largest ns first.
        public var terms: [Term]
        /// What the pattern adds that has no price on this host: the kinds of call, and
        /// `own` when own instructions are not priced. The prediction leaves them out.
        public var unpriced: [String]

        /// `+41 ns: 34 ns from 6 retains, 5 ns from 2 allocations, …` (the terms of 0.5 ns
        /// or more, at most `limit`).
        public func phrase(limit: Int = 3) -> String {
            let shown = terms.filter { abs($0.nanoseconds) >= 0.5 }.prefix(limit)
            let parts = shown.map { term -> String in
                let count = Self.count(term.count)
                let what =
                    term.kind.map { kind in
                        // One as written (`1` for 1.0002 calls) is one call, not "1 retains".
                        "\(count) \(kind.phrase)\(count == "1" || count == "−1" ? "" : "s")"
                    } ?? "\(count) own instructions"
                return "\(NumberFormat.significant(term.nanoseconds)) ns from \(what)"
            }
            let sign = nanoseconds < 0 ? "−" : "+"
            let head = "\(sign)\(NumberFormat.significant(abs(nanoseconds))) ns"
            return parts.isEmpty ? head : "\(head): \(parts.joined(separator: ", "))"
        }

        /// A count per event to 3 significant digits, without trailing zeros: `6`, `7.37`.
        static func count(_ value: Double) -> String {
            let text = NumberFormat.significant(value)
            guard text.contains(".") else { return text }
            let trimmed = text.reversed().drop { $0 == "0" }.drop { $0 == "." }
            return String(trimmed.reversed())
        }
    }

    /// The ns per event a pattern adds, from the calls it adds (`MechanismCalls.subtracting`:
    /// negative where it calls less than its baseline) and the own instructions it adds.
    public func predict(calls: MechanismCalls, ownInstructions: Double) -> Prediction {
        var terms = [Term]()
        var unpriced = [String]()
        for kind in MechanismCall.allCases where calls[kind] != 0 {
            guard let price = prices[kind] else {
                unpriced.append(kind.rawValue)
                continue
            }
            terms.append(Term(kind: kind, count: calls[kind], nanoseconds: calls[kind] * price))
        }
        if ownInstructions != 0 {
            if let price = nanosecondsPerOwnInstruction {
                terms.append(
                    Term(kind: nil, count: ownInstructions, nanoseconds: ownInstructions * price))
            } else {
                unpriced.append("own")
            }
        }
        terms.sort { abs($0.nanoseconds) > abs($1.nanoseconds) }
        return Prediction(
            nanoseconds: terms.reduce(0) { $0 + $1.nanoseconds }, terms: terms,
            unpriced: unpriced)
    }
}

// MARK: - Prices from the mechanism variants

extension CostModel {
    /// One variant of a mechanism scenario as measured: the calls it adds per event over its
    /// baseline (counted) and the ns it adds per event (timed, on the host).
    public struct Measurement: Sendable, Equatable {
        public var calls: MechanismCalls
        public var nanoseconds: Double

        public init(calls: MechanismCalls, nanoseconds: Double) {
            self.calls = calls
            self.nanoseconds = nanoseconds
        }
    }

    /// The least calls per event a kind must add to a measurement to be priced by it: below,
    /// its count is another call's noise, not the variant's mechanism.
    static let leastCalls = 0.5

    /// Each kind's price from `measurements`, by elimination: a measurement whose calls are
    /// all priced but one kind prices that kind with what remains of its ns; one that adds
    /// two kinds in equal numbers (a retain and its release, an allocation and its free)
    /// and nothing else unpriced prices each call of them alike, the remainder over the
    /// calls. Measurements with the fewest unpriced kinds go first, ties in their order; a
    /// kind is priced once, by the first measurement that can.
    ///
    /// - Parameter tolerance: how far apart (a share of the larger) two kinds' counts may be
    ///   and still be "equal numbers".
    public static func prices(from measurements: [Measurement], tolerance: Double = 0.05)
        -> [MechanismCall: Double]
    {
        var prices = [MechanismCall: Double]()
        var remaining = measurements
        while true {
            func unpriced(_ measurement: Measurement) -> [MechanismCall] {
                MechanismCall.allCases.filter {
                    prices[$0] == nil && measurement.calls[$0] >= leastCalls
                }
            }
            func solvable(_ measurement: Measurement) -> Bool {
                let counts = unpriced(measurement).map { measurement.calls[$0] }
                guard let largest = counts.max(), let smallest = counts.min() else {
                    return false
                }
                return largest - smallest <= tolerance * largest
            }
            let next = remaining.indices.filter { solvable(remaining[$0]) }
                .min { unpriced(remaining[$0]).count < unpriced(remaining[$1]).count }
            guard let next else { break }
            let measurement = remaining.remove(at: next)
            let kinds = unpriced(measurement)
            let known = MechanismCall.allCases.reduce(0.0) { sum, kind in
                sum + (prices[kind].map { $0 * measurement.calls[kind] } ?? 0)
            }
            let calls = kinds.reduce(0.0) { $0 + measurement.calls[$1] }
            for kind in kinds { prices[kind] = (measurement.nanoseconds - known) / calls }
        }
        return prices
    }
}
