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
}
