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
                        "\(count) \(kind.phrase)\(abs(term.count) == 1 ? "" : "s")"
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
