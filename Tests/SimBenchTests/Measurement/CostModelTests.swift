import Testing

@testable import SimBench

/// The cost model's arithmetic: calls added × each kind's price, plus own instructions ×
/// the price of one; unpriced terms said, never guessed.
struct CostModelTests {
    static let model = CostModel(
        prices: [.retain: 2.5, .release: 3, .weakLoad: 20, .allocation: 9, .free: 7],
        nanosecondsPerOwnInstruction: 0.25)

    @Test("each term is its calls times its price; the prediction their sum, largest first")
    func arithmetic() {
        let calls = MechanismCalls([.retain: 6, .release: 6, .allocation: 1, .free: 1])
        let prediction = Self.model.predict(calls: calls, ownInstructions: 40)
        // 6 × 2.5 + 6 × 3 + 9 + 7 + 40 × 0.25 = 15 + 18 + 16 + 10
        #expect(prediction.nanoseconds == 59)
        #expect(prediction.terms.map(\.nanoseconds) == [18, 15, 10, 9, 7])
        #expect(prediction.terms.map(\.kind) == [.release, .retain, nil, .allocation, .free])
        #expect(prediction.unpriced.isEmpty)
        #expect(
            prediction.phrase()
                == "+59.0 ns: 18.0 ns from 6 releases, 15.0 ns from 6 retains, 10.0 ns from 40 own instructions"
        )
    }

    @Test("a pattern that calls less than its baseline is predicted to save the difference")
    func negativeTerms() {
        let calls = MechanismCalls([.weakLoad: -1, .retain: 2])
        let prediction = Self.model.predict(calls: calls, ownInstructions: -8)
        // −20 + 5 − 2
        #expect(prediction.nanoseconds == -17)
        #expect(prediction.terms.first?.kind == .weakLoad)
        #expect(prediction.phrase(limit: 1) == "−17.0 ns: −20.0 ns from −1 weak load")
    }

    @Test("what has no price on the host is named, and left out of the sum")
    func unpriced() {
        let model = CostModel(prices: [.retain: 2])
        let calls = MechanismCalls([.retain: 3, .witness: 2, .exclusivity: 1])
        let prediction = model.predict(calls: calls, ownInstructions: 12)
        #expect(prediction.nanoseconds == 6)
        #expect(prediction.unpriced == ["witness", "exclusivity", "own"])
    }

    @Test("nothing added: a prediction of 0 with no terms")
    func nothingAdded() {
        let prediction = Self.model.predict(calls: MechanismCalls(), ownInstructions: 0)
        #expect(prediction.nanoseconds == 0 && prediction.terms.isEmpty)
        #expect(prediction.phrase() == "+0 ns")
        #expect(CostModel.Prediction.count(7.3745) == "7.37")
        #expect(CostModel.Prediction.count(0.5) == "0.5")
    }

    @Test("a count written 1 names one call, whatever its digits past three")
    func oneCall() {
        let model = CostModel(prices: [.retain: 10, .release: 10])
        let calls = MechanismCalls([.retain: 1.0002, .release: -1.0004])
        let phrase = model.predict(calls: calls, ownInstructions: 0).phrase()
        #expect(phrase.contains("from 1 retain,") || phrase.hasSuffix("from 1 retain"), "\(phrase)")
        #expect(phrase.contains("from −1 release"), "\(phrase)")
        #expect(!phrase.contains("releases") && !phrase.contains("retains"), "\(phrase)")
    }
}

/// Each kind's price solved from the mechanism variants' counted calls and measured ns.
struct CostModelPricesTests {
    typealias Measurement = CostModel.Measurement

    /// The mechanisms scenario's variants, as a counted and timed run would give them: a
    /// little noise in the counts (the harness's own calls), whole calls of the mechanism.
    static let variants = [
        Measurement(calls: MechanismCalls([.retain: 1.0002, .release: 1.0002]), nanoseconds: 10),
        Measurement(calls: MechanismCalls([.weakLoad: 1, .release: 1]), nanoseconds: 30),
        Measurement(calls: MechanismCalls([.allocation: 1, .free: 1]), nanoseconds: 24),
        Measurement(calls: MechanismCalls([.witness: 1]), nanoseconds: 4),
        Measurement(calls: MechanismCalls([.witness: 1, .retain: 0.001]), nanoseconds: 6),
        Measurement(calls: MechanismCalls([.exclusivity: 1]), nanoseconds: 7),
    ]

    @Test("a pair priced alike, the weak load net of its release, one measurement per kind")
    func elimination() {
        let prices = CostModel.prices(from: Self.variants)
        #expect(abs(prices[.retain]! - 10 / 2.0004) < 1e-9)
        #expect(prices[.retain] == prices[.release])
        #expect(abs(prices[.weakLoad]! - (30 - 10 / 2.0004)) < 1e-9)
        #expect(prices[.allocation] == 12 && prices[.free] == 12)
        #expect(prices[.witness] == 4, "the first measurement of a kind prices it")
        #expect(prices[.exclusivity] == 7)
    }

    @Test("two kinds in unequal numbers and nothing to split them by: left unpriced")
    func unequalPair() {
        let prices = CostModel.prices(from: [
            Measurement(calls: MechanismCalls([.retain: 2, .release: 1]), nanoseconds: 9)
        ])
        #expect(prices.isEmpty)
    }

    @Test("the prices predict the variants they came from")
    func predictsItsOwnVariants() {
        let model = CostModel(prices: CostModel.prices(from: Self.variants))
        for variant in Self.variants.prefix(4) + Self.variants.suffix(1) {
            let predicted = model.predict(calls: variant.calls, ownInstructions: 0).nanoseconds
            #expect(abs(predicted - variant.nanoseconds) < 1e-9, "\(variant)")
        }
    }
}
