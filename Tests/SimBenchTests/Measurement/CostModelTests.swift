import Testing

@testable import SimBench

/// The cost model's arithmetic: each cost added times its two prices, the point halfway
/// for calls and misses and at plain code's price for own instructions, the interval from
/// every cost's cheaper price to every cost's dearer, widened by the prices' intervals added
/// in quadrature; unpriced costs said, never guessed.
struct CostModelTests {
    typealias Price = CostModel.Price
    typealias Prices = CostModel.Prices

    static let model = CostModel(
        prices: [
            .call(.retain): Prices(
                latency: Price(2, halfWidth: 0.5), throughput: Price(3, halfWidth: 1)),
            .call(.release): Prices(
                latency: Price(2, halfWidth: 0.5), throughput: Price(3, halfWidth: 1)),
            .call(.allocation): Prices(latency: Price(10)),
            .miss(.l1d): Prices(latency: Price(4, halfWidth: 1), throughput: Price(1)),
            .ownInstruction: Prices(latency: Price(0.5), throughput: Price(0.1)),
        ], plainInstruction: Price(0.25))

    static func work(
        _ calls: [MechanismCall: Double], misses: [CacheMiss: Double]? = [:], own: Double
    ) -> CountedWork {
        CountedWork(
            calls: MechanismCalls(calls), cacheMisses: misses.map(CacheMisses.init),
            ownInstructions: own)
    }

    @Test("the point, each term at either end, and the interval widened in quadrature")
    func arithmetic() {
        let prediction = Self.model.predict(
            Self.work([.retain: 2, .release: 1, .allocation: 1], misses: [.l1d: 3], own: 36))
        // Points: 2 × 2.5 + 1 × 2.5 + 10 + 3 × 2.5 + 36 × 0.25.
        #expect(prediction.nanoseconds == 34)
        #expect(
            prediction.terms.map(\.cost) == [
                .call(.allocation), .ownInstruction, .miss(.l1d), .call(.retain), .call(.release),
            ])
        #expect(prediction.terms.map(\.nanoseconds) == [10, 9, 7.5, 5, 2.5])
        // Cheap ends 10 + 3.6 + 3 + 4 + 2 = 22.6, less √(1² + 0.5²) (the retains' and the
        // release's latency half-widths: 2 × 0.5, 1 × 0.5).
        #expect(prediction.terms.map(\.low) == [10, 3.6, 3, 4, 2])
        #expect(abs(prediction.low - (22.6 - 1.25.squareRoot())) < 1e-12)
        // Dear ends 10 + 18 + 12 + 6 + 3 = 49, plus √(3² + 2² + 1²): the misses' latency
        // half-width (3 × 1) and the calls' throughput ones (2 × 1, 1 × 1).
        #expect(prediction.terms.map(\.high) == [10, 18, 12, 6, 3])
        #expect(abs(prediction.high - (49 + 14.0.squareRoot())) < 1e-12)
        #expect(prediction.unpriced.isEmpty)
        #expect(
            prediction.phrase()
                == "+34.0 ns [+21.5, +52.7]: 10.0 ns from 1 allocation, 9.00 ns from 36 own instructions, 7.50 ns from 3 first-level misses"
        )
        #expect(prediction.dominant == .call(.allocation))
    }

    @Test("a pattern that does less than its baseline saves it: the dearer price is the low end")
    func negativeTerms() {
        let prediction = Self.model.predict(Self.work([.retain: -1], own: -10))
        // Points −2.5 and −2.5; ends −3 (throughput, ±1) and −2 (latency, ±0.5) for the
        // retain, −5 and −1 for the own instructions.
        #expect(prediction.nanoseconds == -5)
        #expect(prediction.low == -9)
        #expect(prediction.high == -2.5)
        #expect(prediction.phrase(limit: 1) == "−5.00 ns [−9.00, −2.50]: −2.50 ns from −1 retain")
    }

    @Test("a point outside its costs' ends widens the interval to hold it")
    func pointHeld() {
        var model = Self.model
        model.plainInstruction = Price(1)
        let prediction = model.predict(Self.work([:], own: 10))
        #expect(prediction.nanoseconds == 10)
        #expect(prediction.low == 1 && prediction.high == 10)
    }

    @Test("one price known stands for both")
    func onePrice() {
        let prediction = Self.model.predict(Self.work([.allocation: 2], own: 0))
        #expect(prediction.nanoseconds == 20 && prediction.low == 20 && prediction.high == 20)
    }

    @Test("what has no price on the host is named and left out; misses not counted are said")
    func unpriced() {
        let prediction = Self.model.predict(
            Self.work([.retain: 3, .witness: 2, .exclusivity: 1], misses: nil, own: 0))
        #expect(prediction.nanoseconds == 7.5)
        #expect(prediction.unpriced == ["witness", "exclusivity", "l1d miss (not counted)"])
        #expect(Self.model.predictWhole(Self.work([.retain: 3], misses: nil, own: 0)) == nil)
        // A stray fraction of an unpriced kind is another call's noise, not a refusal.
        let stray = Self.model.predictWhole(Self.work([.retain: 2, .witness: 0.01], own: 8))
        #expect(stray?.nanoseconds == 7)
    }

    @Test("a miss: the measured interval and the predicted one share nothing")
    func miss() {
        let prediction = CostModel.Prediction(nanoseconds: 10, low: 8, high: 12)
        #expect(prediction.misses(measuredLow: 12.5, measuredHigh: 20))
        #expect(prediction.misses(measuredLow: 0, measuredHigh: 7.9))
        #expect(!prediction.misses(measuredLow: 12, measuredHigh: 20))
        #expect(!prediction.misses(measuredLow: 0, measuredHigh: 8))
    }

    @Test("nothing added: a prediction of 0 with no terms")
    func nothingAdded() {
        let prediction = Self.model.predict(Self.work([:], own: 0))
        #expect(prediction.nanoseconds == 0 && prediction.terms.isEmpty)
        #expect(prediction.phrase() == "0 ns [0, 0]")
        #expect(CostModel.Prediction.count(7.3745) == "7.37")
        #expect(CostModel.Prediction.count(0.5) == "0.5")
    }

    @Test("a count written 1 names one call, whatever its digits past three")
    func oneCall() {
        let phrase = Self.model.predict(Self.work([.retain: 1.0002, .release: -1.0004], own: 0))
            .phrase()
        #expect(phrase.contains("from 1 retain,") || phrase.hasSuffix("from 1 retain"), "\(phrase)")
        #expect(phrase.contains("from −1 release"), "\(phrase)")
        #expect(!phrase.contains("releases") && !phrase.contains("retains"), "\(phrase)")
    }
}

/// Each cost's price solved from the mechanism variants' counts and measured ns, with the
/// interval the measurement and the prices it is net of give it.
struct CostModelPricesTests {
    typealias Measurement = CostModel.Measurement

    static func measurement(
        _ added: [CostModel.Cost: Double], _ nanoseconds: Double, halfWidth: Double = 0
    ) -> Measurement {
        Measurement(added: added, nanoseconds: nanoseconds, halfWidth: halfWidth)
    }

    /// The mechanisms scenario's variants, as a counted and timed run would give them: a
    /// little noise in the counts (the harness's own calls), whole calls of the mechanism.
    static let variants = [
        measurement([.call(.retain): 1.0002, .call(.release): 1.0002], 10, halfWidth: 2),
        measurement([.call(.weakLoad): 1, .call(.release): 1], 30, halfWidth: 3),
        measurement([.call(.allocation): 1, .call(.free): 1], 24),
        measurement([.call(.witness): 1], 4),
        measurement([.call(.witness): 1, .call(.retain): 0.001], 6),
        measurement([.call(.exclusivity): 1], 7),
    ]

    @Test("a pair priced alike, the weak load net of its release, one measurement per kind")
    func elimination() throws {
        let prices = CostModel.prices(from: Self.variants)
        let retain = try #require(prices[.call(.retain)])
        #expect(abs(retain.nanoseconds - 10 / 2.0004) < 1e-9)
        #expect(abs(retain.halfWidth - 2 / 2.0004) < 1e-9)
        #expect(prices[.call(.release)] == retain)
        let weak = try #require(prices[.call(.weakLoad)])
        #expect(abs(weak.nanoseconds - (30 - 10 / 2.0004)) < 1e-9)
        // √(3² + (1 × 2 / 2.0004)²): the measurement's interval and the release's.
        #expect(abs(weak.halfWidth - (9 + (2 / 2.0004) * (2 / 2.0004)).squareRoot()) < 1e-9)
        #expect(prices[.call(.allocation)]?.nanoseconds == 12)
        #expect(prices[.call(.free)]?.nanoseconds == 12)
        #expect(prices[.call(.witness)]?.nanoseconds == 4, "the first measurement prices it")
        #expect(prices[.call(.exclusivity)]?.nanoseconds == 7)
    }

    @Test("the variant made for a cost prices it before one that adds half of it on the side")
    func madeForIt() {
        let prices = CostModel.prices(
            from: [
                Self.measurement([.call(.witness): 1, .miss(.l1d): 0.5], 9),
                Self.measurement([.call(.witness): 1], 2),
                Self.measurement([.miss(.l1d): 1], 4),
            ], known: [.ownInstruction: CostModel.Price(0.1)])
        #expect(prices[.miss(.l1d)]?.nanoseconds == 4)
        #expect(prices[.call(.witness)]?.nanoseconds == 2)
    }

    @Test("known prices are taken off first: own instructions at their price")
    func known() {
        let prices = CostModel.prices(
            from: [
                Self.measurement([.call(.exclusivity): 1, .ownInstruction: 20], 12, halfWidth: 3)
            ],
            known: [.ownInstruction: CostModel.Price(0.25, halfWidth: 0.2)])
        // 12 − 20 × 0.25, with √(3² + (20 × 0.2)²) = 5.
        #expect(prices[.call(.exclusivity)] == CostModel.Price(7, halfWidth: 5))
    }

    @Test("two kinds in unequal numbers and nothing to split them by: left unpriced")
    func unequalPair() {
        let prices = CostModel.prices(from: [
            Self.measurement([.call(.retain): 2, .call(.release): 1], 9)
        ])
        #expect(prices.isEmpty)
    }
}
