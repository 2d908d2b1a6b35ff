import Testing

@testable import SimBench

/// A pattern is "faster" or "slower" only when its interval excludes zero; otherwise the
/// sentence says there is no measurable difference at this size, with the interval.
@Suite("claims within the interval")
struct PatternAnswerIntervalTests {
    static func answer(_ overhead: Double, _ low: Double?, _ high: Double?, breakeven: Double?)
        -> PatternAnswer
    {
        PatternAnswer(
            variant: "strategy-generic", event: "validated edit", entity: "form session",
            overhead: overhead, overheadLow: low, overheadHigh: high, bytesOverBaseline: 0,
            breakeven: breakeven, breakevenNote: "", negligible: 0.05)
    }

    @Test("an interval holding zero: no measurable difference, neither faster nor slower")
    func holdsZero() {
        let faster = Self.answer(-0.372, -31.5, 33.7, breakeven: nil).sentence
        #expect(
            faster
                == "strategy-generic: no measurable difference at this size [−31.5, 33.7] ns per validated edit (CPU) and +0 B per form session."
        )
        let slower = Self.answer(2.1, -1.5, 5.7, breakeven: 40).sentence
        #expect(slower.contains("no measurable difference at this size [−1.50, 5.70]"), "\(slower)")
        for sentence in [faster, slower] {
            #expect(!sentence.contains("faster") && !sentence.contains("negligible"), "\(sentence)")
            #expect(!sentence.contains("amortise"), "\(sentence)")
        }
    }

    @Test("an interval below zero: faster; above zero: the overhead and its break-even")
    func excludesZero() {
        let faster = Self.answer(-5.2, -6.1, -4.3, breakeven: nil).sentence
        #expect(
            faster
                == "strategy-generic: −5.20 ns per validated edit [−6.10, −4.30] (CPU) and +0 B per form session; faster than the baseline: nothing to amortise."
        )
        let slower = Self.answer(30.2, 29.8, 30.9, breakeven: 600).sentence
        #expect(slower.contains("+30.2 ns per validated edit [29.8, 30.9]"), "\(slower)")
        #expect(slower.contains("once a validated edit does ≥ 600 ns of real work"), "\(slower)")
    }

    @Test("no interval (too few rounds): the figure, and no claim of faster or slower")
    func noInterval() {
        let sentence = Self.answer(-1.12, nil, nil, breakeven: nil).sentence
        #expect(
            sentence
                == "strategy-generic: −1.12 ns per validated edit (CPU; no interval, too few rounds: neither faster nor slower is claimed) and +0 B per form session."
        )
        let slower = Self.answer(953, nil, nil, breakeven: 18176).sentence
        #expect(!slower.contains("negligible") && !slower.contains("amortise"), "\(slower)")
    }

    @Test("one minus sign: − in estimates, intervals, percentages, ratios and counts alike")
    func oneMinusSign() {
        #expect(NumberFormat.significant(-0.372) == "−0.372")
        #expect(NumberFormat.interval(-31.5, 33.7) == "[−31.5, 33.7]")
        #expect(NumberFormat.interval(-0.5, 0.25, ratio: true) == "[−0.50, 0.25]")
        #expect(NumberFormat.percent(-0.125) == "−12.5%")
        #expect(NumberFormat.grouped(-10_000) == "−10,000")
        for text in [
            Self.answer(-0.372, -31.5, 33.7, breakeven: nil).sentence,
            Self.answer(-5.2, -6.1, -4.3, breakeven: nil).sentence,
        ] {
            // The variant's name has a hyphen of its own; the figures after it have none.
            #expect(!text.dropFirst("strategy-generic".count).contains("-"), "\(text)")
        }
    }
}
