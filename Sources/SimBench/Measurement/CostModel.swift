/// A pattern's cost on a host, predicted from what it adds per event and what each thing
/// costs there: its calls into each runtime mechanism (`MechanismCalls`, counted, the same
/// on every host of an architecture), its data-cache misses (`CacheMisses`, counted in a
/// simulation of the host's caches) and its own instructions, each times its price on the
/// host (`HostProfile`).
///
/// What a call or a miss takes depends on its context: waited for by the next step
/// (latency: a retain of the object the previous one retained, a load whose address the
/// load before gave) or among independent work the processor runs meanwhile (throughput).
/// So every cost has two prices, each measured by a variant of the mechanism scenario with
/// its 95% interval, and a prediction is an interval: from every cost at the cheaper of its
/// prices to every cost at the dearer, widened by the prices' own intervals. Its point
/// takes each call and miss halfway between its two prices, and each own instruction at
/// what plain code costs an instruction on the host.
///
/// A call's price holds the instructions its kind runs for one call in the mechanism
/// scenario; what a pattern runs in runtime code beyond those (a release that frees its
/// object, a value witness that copies a payload) is priced as plain code's instructions
/// (`Cost.runtimeInstruction`).
///
/// It is never tuned per pattern: one pair of prices per cost, from the mechanism scenario
/// alone, the same for every pattern.
public struct CostModel: Sendable, Equatable {
    /// What the model prices per event.
    public enum Cost: Hashable, Sendable, CustomStringConvertible {
        case call(MechanismCall)
        case miss(CacheMiss)
        /// A first-level miss that the second level does not hold either, so that the third
        /// (or memory) serves it: what such a miss takes beyond a first-level miss's price.
        /// Estimated, not counted (`CountedWork.secondLevelMisses`).
        case secondLevelMiss
        /// An instruction of the measured binary's own code (`Mechanism.own`).
        case ownInstruction
        /// An instruction of runtime code beyond what the pattern's calls run in the
        /// mechanism scenario (`CountedWork.runtimeInstructions(beyond:)`): priced as an
        /// instruction of plain code, in every context.
        case runtimeInstruction

        /// Every cost, in the order tables list them: calls, misses from the nearest level
        /// out, own instructions, runtime instructions beyond the calls.
        public static let all: [Cost] =
            MechanismCall.allCases.map(Cost.call) + [.miss(.l1d), .secondLevelMiss]
            + CacheMiss.allCases.filter { $0 != .l1d }.map(Cost.miss) + [
                .ownInstruction, .runtimeInstruction,
            ]

        /// Whether the mechanism variants price it, a latency and a throughput price
        /// (`CostModel.init(mechanisms:plain:)`); a runtime instruction takes plain code's.
        public var hasMechanismPrices: Bool { self != .runtimeInstruction }

        /// How a sentence names one: `retain`, `first-level miss`, `own instruction`.
        public var phrase: String {
            switch self {
            case .call(let kind): kind.phrase
            case .miss(let level): level.phrase
            case .secondLevelMiss: "second-level miss"
            case .ownInstruction: "own instruction"
            case .runtimeInstruction: "runtime instruction beyond the calls"
            }
        }

        /// `retains`, `first-level misses`, `own instructions`.
        public var plural: String {
            switch self {
            case .miss, .secondLevelMiss: phrase.replacingOccurrences(of: "miss", with: "misses")
            case .runtimeInstruction: "runtime instructions beyond the calls"
            default: phrase + "s"
            }
        }

        /// `retain`, `l1d miss`, `own`: what a prediction that cannot price it names.
        public var description: String {
            switch self {
            case .call(let kind): kind.rawValue
            case .miss(let level): "\(level.rawValue) miss"
            case .secondLevelMiss: "l2 miss"
            case .ownInstruction: "own"
            case .runtimeInstruction: "runtime"
            }
        }
    }

    /// A price in ns with the half-width of its 95% interval (0 where it has none).
    public struct Price: Sendable, Equatable {
        public var nanoseconds: Double
        public var halfWidth: Double

        public init(_ nanoseconds: Double, halfWidth: Double = 0) {
            self.nanoseconds = nanoseconds
            self.halfWidth = halfWidth
        }

        public var low: Double { nanoseconds - halfWidth }
        public var high: Double { nanoseconds + halfWidth }
    }

    /// A cost's two prices on the host; either may be unknown, and then the other stands for
    /// both.
    public struct Prices: Sendable, Equatable {
        /// Waited for: each one on the path of the next (the mechanism variants' chains).
        public var latency: Price?
        /// Among independent work (the `-spread` variants).
        public var throughput: Price?

        public init(latency: Price? = nil, throughput: Price? = nil) {
            self.latency = latency
            self.throughput = throughput
        }

        /// Both prices, the known ones; empty when neither is.
        var known: [Price] { [latency, throughput].compactMap { $0 } }

        /// Halfway between the two, or the one known.
        var middle: Price? {
            let known = known
            guard !known.isEmpty else { return nil }
            let count = Double(known.count)
            return Price(
                known.reduce(0) { $0 + $1.nanoseconds } / count,
                halfWidth: known.reduce(0) { $0 + $1.halfWidth } / count)
        }
    }

    /// Each cost's prices on the host; a cost with neither price is absent.
    public var prices: [Cost: Prices]
    /// What plain code costs an instruction on the host: the point's price of an own
    /// instruction; nil where unknown, and then own instructions take the middle of their
    /// two prices.
    public var plainInstruction: Price?
    /// The instructions one call of each kind runs in its mechanism's runtime code in the
    /// mechanism scenario (`instructionsPerCall(_:)`); a kind absent runs none there (a
    /// witness's thunk is the code's own). Empty: runtime instructions are not priced.
    public var runtimeInstructionsPerCall: [MechanismCall: Double]

    public init(
        prices: [Cost: Prices], plainInstruction: Price? = nil,
        runtimeInstructionsPerCall: [MechanismCall: Double] = [:]
    ) {
        self.prices = prices.filter { !$0.value.known.isEmpty }
        self.plainInstruction = plainInstruction
        self.runtimeInstructionsPerCall = runtimeInstructionsPerCall
    }

    /// The point price of `cost`: a call's or a miss's middle, an own or runtime
    /// instruction's plain price where known.
    func pointPrice(_ cost: Cost) -> Price? {
        if cost == .ownInstruction || cost == .runtimeInstruction, let plainInstruction {
            return plainInstruction
        }
        return prices[cost]?.middle
    }

    /// How many of `cost` `work` has per event; runtime instructions beyond the calls only
    /// where this model knows what a call runs, and the work's instructions are divided.
    func count(of cost: Cost, in work: CountedWork) -> Double? {
        guard cost == .runtimeInstruction else { return work.count(of: cost) }
        guard !runtimeInstructionsPerCall.isEmpty else { return nil }
        return work.runtimeInstructions(beyond: runtimeInstructionsPerCall)
    }

    /// One term of a prediction: a cost, how many per event the pattern adds (negative
    /// where it has fewer than its baseline), and the ns they add at the point's price and
    /// at either end.
    public struct Term: Sendable, Equatable {
        public var cost: Cost
        public var count: Double
        public var nanoseconds: Double
        public var low: Double
        public var high: Double
    }

    /// What the model predicts a pattern adds per event.
    public struct Prediction: Sendable, Equatable {
        /// The ns added per event: the terms' points summed.
        public var nanoseconds: Double
        /// The interval: every cost at its cheaper price to every cost at its dearer, widened
        /// by the prices' 95% intervals (added in quadrature), and holding the point.
        public var low: Double
        public var high: Double
        /// Every term with a count, largest ns first.
        public var terms: [Term]
        /// What the pattern adds that has no price on this host (`Cost.description`). The
        /// prediction leaves it out.
        public var unpriced: [String]

        public init(
            nanoseconds: Double, low: Double, high: Double, terms: [Term] = [],
            unpriced: [String] = []
        ) {
            self.nanoseconds = nanoseconds
            self.low = low
            self.high = high
            self.terms = terms
            self.unpriced = unpriced
        }

        /// The cost that most of the prediction rests on: the term of the largest ns at the
        /// point; nil without terms (a prediction read back from a file).
        public var dominant: Cost? { terms.first?.cost }

        /// Whether a measured interval and this one have no value in common.
        public func misses(measuredLow: Double, measuredHigh: Double) -> Bool {
            measuredHigh < low || measuredLow > high
        }

        /// `+41 ns [30, 55]: 34 ns from 6 retains, 5 ns from 2 allocations, …` (the terms of
        /// 0.5 ns or more, at most `limit`).
        public func phrase(limit: Int = 3) -> String {
            let shown = terms.filter { abs($0.nanoseconds) >= 0.5 }.prefix(limit)
            let parts = shown.map { term -> String in
                let count = Self.count(term.count)
                // One as written (`1` for 1.0002 calls) is one call, not "1 retains".
                let one = count == "1" || count == "−1"
                let what = "\(count) \(one ? term.cost.phrase : term.cost.plural)"
                return "\(NumberFormat.significant(term.nanoseconds)) ns from \(what)"
            }
            let head = "\(NumberFormat.signed(nanoseconds)) ns \(interval)"
            return parts.isEmpty ? head : "\(head): \(parts.joined(separator: ", "))"
        }

        /// `[+30.1, +55.0]`.
        public var interval: String {
            "[\(NumberFormat.signed(low)), \(NumberFormat.signed(high))]"
        }

        /// A count per event to 3 significant digits, without trailing zeros: `6`, `7.37`.
        static func count(_ value: Double) -> String {
            let text = NumberFormat.significant(value)
            guard text.contains(".") else { return text }
            let trimmed = text.reversed().drop { $0 == "0" }.drop { $0 == "." }
            return String(trimmed.reversed())
        }
    }

    /// What `work` (what a pattern adds over its baseline: negative where it does less)
    /// costs per event: each cost's term at its point price and at either end, the terms'
    /// sum and the interval around it.
    public func predict(_ work: CountedWork) -> Prediction {
        var terms = [Term]()
        var unpriced = [String]()
        var lowSpread = 0.0
        var highSpread = 0.0
        for cost in Cost.all {
            let counted = count(of: cost, in: work)
            guard let count = counted, count != 0 else {
                // Runtime instructions are unknown only where instructions were not divided
                // by mechanism, in a file from before calls were counted, which nothing
                // predicts from.
                if counted == nil, prices[cost] != nil, cost != .runtimeInstruction {
                    unpriced.append("\(cost) (not counted)")
                }
                continue
            }
            guard let both = prices[cost], let point = pointPrice(cost) else {
                unpriced.append(cost.description)
                continue
            }
            // A count times each price; the cheaper end is the smaller product (the dearer
            // price for a cost the pattern has fewer of).
            let ends = both.known.map { (value: count * $0.nanoseconds, price: $0) }
            let cheap = ends.min { $0.value < $1.value }!
            let dear = ends.max { $0.value < $1.value }!
            lowSpread += (abs(count) * cheap.price.halfWidth) * (abs(count) * cheap.price.halfWidth)
            highSpread += (abs(count) * dear.price.halfWidth) * (abs(count) * dear.price.halfWidth)
            terms.append(
                Term(
                    cost: cost, count: count, nanoseconds: count * point.nanoseconds,
                    low: cheap.value, high: dear.value))
        }
        terms.sort { abs($0.nanoseconds) > abs($1.nanoseconds) }
        let point = terms.reduce(0) { $0 + $1.nanoseconds }
        let low = terms.reduce(0) { $0 + $1.low } - lowSpread.squareRoot()
        let high = terms.reduce(0) { $0 + $1.high } + highSpread.squareRoot()
        return Prediction(
            nanoseconds: point, low: min(low, point), high: max(high, point), terms: terms,
            unpriced: unpriced)
    }
}

// MARK: - Prices from the mechanism variants

extension CostModel {
    /// One variant of a mechanism scenario as measured: the costs it adds per event over
    /// its baseline (counted) and the ns it adds per event (timed, on the host), with the
    /// half-width of that figure's 95% interval.
    public struct Measurement: Sendable, Equatable {
        public var added: [Cost: Double]
        public var nanoseconds: Double
        public var halfWidth: Double

        public init(added: [Cost: Double], nanoseconds: Double, halfWidth: Double = 0) {
            self.added = added
            self.nanoseconds = nanoseconds
            self.halfWidth = halfWidth
        }
    }

    /// The least a cost must add per event to a measurement to be priced by it: below,
    /// its count is another cost's noise, not the variant's mechanism.
    static let leastCount = 0.5

    /// Each cost's price from `measurements`, by elimination: a measurement whose costs are
    /// all priced but one prices that one with what remains of its ns; one that adds two
    /// costs in equal numbers (a retain and its release, an allocation and its free) and
    /// nothing else unpriced prices each of them alike, the remainder over their counts.
    /// Measurements with the fewest unpriced costs go first, then those adding the most of
    /// them (the variant made for a cost, one per event, before one that adds half a miss
    /// on the side), ties in their order; a cost is priced once, by the first measurement
    /// that can. `known` are priced before any.
    ///
    /// A price's interval: the measurement's and the known prices' it is net of, added in
    /// quadrature, over the counts.
    ///
    /// - Parameter tolerance: how far apart (a share of the larger) two costs' counts may be
    ///   and still be "equal numbers".
    public static func prices(
        from measurements: [Measurement], known: [Cost: Price] = [:], tolerance: Double = 0.05
    ) -> [Cost: Price] {
        var prices = known
        var remaining = measurements
        while true {
            func unpriced(_ measurement: Measurement) -> [Cost] {
                Cost.all.filter {
                    prices[$0] == nil && measurement.added[$0, default: 0] >= leastCount
                }
            }
            func solvable(_ measurement: Measurement) -> Bool {
                let counts = unpriced(measurement).map { measurement.added[$0, default: 0] }
                guard let largest = counts.max(), let smallest = counts.min() else {
                    return false
                }
                return largest - smallest <= tolerance * largest
            }
            func rank(_ index: Int) -> (costs: Int, most: Double) {
                let costs = unpriced(remaining[index])
                return (
                    costs.count, -(costs.map { remaining[index].added[$0, default: 0] }.max() ?? 0)
                )
            }
            let next = remaining.indices.filter { solvable(remaining[$0]) }
                .min { rank($0) < rank($1) }
            guard let next else { break }
            let measurement = remaining.remove(at: next)
            let costs = unpriced(measurement)
            var knownShare = 0.0
            var spread = measurement.halfWidth * measurement.halfWidth
            for (cost, count) in measurement.added {
                guard let price = prices[cost] else { continue }
                knownShare += price.nanoseconds * count
                spread += (count * price.halfWidth) * (count * price.halfWidth)
            }
            let counts = costs.reduce(0.0) { $0 + measurement.added[$1, default: 0] }
            for cost in costs {
                prices[cost] = Price(
                    (measurement.nanoseconds - knownShare) / counts,
                    halfWidth: spread.squareRoot() / counts)
            }
        }
        return prices
    }
}
