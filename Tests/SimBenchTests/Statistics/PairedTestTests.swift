import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// `ab`'s paired test on synthetic pairs from a noisy model of this host, with fixed seeds,
/// so that every count below is the same on every run.
@Suite("ab: paired test")
struct PairedTestTests {
    /// A row of the model: how far its figure moves between code layouts, and whether it
    /// has a slow mode (as workday state-objects-alloc: 14% of processes 1.5–2.3× slower).
    struct Row {
        let layoutSpread: Double
        let slowMode: Bool
    }

    /// Several hundred rows: quiet to very noisy under layouts, a fifth with a slow mode.
    static let rows: [Row] = (0..<400).map { index in
        let spreads = [0.005, 0.02, 0.05, 0.10, 0.20, 0.35]
        return Row(layoutSpread: spreads[index % spreads.count], slowMode: index % 5 == 0)
    }

    /// One run's log figure: a layout of its own, the noise between processes (2%), and the
    /// slow mode in 14% of processes where the row has it.
    static func run(_ row: Row, using random: inout SplitMix64) -> Double {
        var figure =
            normal(&random) * row.layoutSpread + normal(&random) * 0.02
        if row.slowMode, Double.random(in: 0..<1, using: &random) < 0.14 {
            figure += log(Double.random(in: 1.5...2.3, using: &random))
        }
        return figure
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// The model's tests of every row with `pairs` pairs, the head's runs moved by `change`.
    static func tests(
        pairs: Int, change: Double = 0, rows: [Row] = rows, seed: UInt64 = 1
    ) -> [PairedTest] {
        var random = SplitMix64(seed: seed, stream: UInt64(pairs), index: 0)
        return rows.map { row in
            let logs = (0..<pairs).map { _ in
                let base = run(row, using: &random)
                let head = run(row, using: &random) + log1p(change)
                return head - base
            }
            return PairedTest(logs: logs, threshold: 0.05)
        }
    }

    static func flagged(_ tests: [PairedTest]) -> Int {
        tests.count { [.regression, .improvement].contains($0.verdict.verdict) }
    }

    @Test(
        "A/A: at most 5% of 400 noisy rows flag, whatever the pairs",
        arguments: [3, 5, 8, 12, 20, 40])
    func calibrated(pairs: Int) {
        for seed: UInt64 in 1...3 {
            let flagged = Self.flagged(Self.tests(pairs: pairs, seed: seed))
            #expect(
                flagged <= Self.rows.count / 20, "\(flagged) of \(Self.rows.count), seed \(seed)")
        }
    }

    /// Rows noisy as a tight loop under layouts (±5% per run).
    static let steady = [Row](repeating: Row(layoutSpread: 0.05, slowMode: false), count: 400)

    @Test("a planted 10% change: the share caught grows with pairs, and enough pairs catch it")
    func power() {
        let caught = [3, 4, 5, 7, 10, 20].map { pairs in
            Self.tests(pairs: pairs, change: 0.10, rows: Self.steady)
                .count { $0.verdict.verdict == .regression }
        }
        // Strictly more until nearly every row is caught (then as many or more).
        #expect(
            zip(caught, caught.dropFirst()).allSatisfy { $0 < $1 || $0 >= 395 }, "\(caught)")
        #expect(caught.last! >= Self.steady.count * 95 / 100, "\(caught)")
        // The same change the other way is an improvement, never a regression.
        let faster = Self.tests(pairs: 20, change: -0.10, rows: Self.steady)
        #expect(faster.count { $0.verdict.verdict == .regression } == 0)
        #expect(faster.count { $0.verdict.verdict == .improvement } >= 380)
    }

    @Test("the smallest visible change and the one caught 4 times in 5 shrink with pairs")
    func visibility() {
        let medians = [3, 5, 10, 20].map { pairs in
            let tests = Self.tests(pairs: pairs, rows: Self.steady)
            return (
                visible: Percentile.median(sorted: tests.compactMap(\.visible).sorted()),
                detectable: Percentile.median(sorted: tests.compactMap(\.detectable).sorted())
            )
        }
        #expect(
            zip(medians, medians.dropFirst()).allSatisfy {
                $0.visible >= $1.visible && $0.detectable > $1.detectable
            }, "\(medians)")
        // Never below the threshold: a change the rule would not flag is never called visible.
        #expect(medians.allSatisfy { $0.visible >= 0.05 && $0.detectable > $0.visible })
        // With 40 pairs of ±5% rows, a 10% change is caught 4 times in 5.
        let many = Self.tests(pairs: 40, rows: Self.steady)
        #expect(many.allSatisfy { $0.detectable! < 0.10 && $0.seesThreshold })
    }

    @Test("the visible change is the larger of the threshold and the interval's half-width")
    func visibleIsHalfWidth() throws {
        // Logs 0.1, 0.2, 0.3: mean 0.2, half-width 4.303 × 0.1/√3 = 0.248.
        let test = PairedTest(logs: [0.1, 0.2, 0.3], threshold: 0.05)
        let halfWidth = 4.303 * 0.1 / 3.0.squareRoot()
        #expect(abs(try #require(test.halfWidth) - halfWidth) < 1e-9)
        #expect(abs(try #require(test.visible) - (exp(halfWidth) - 1)) < 1e-9)
        #expect(
            abs(
                try #require(test.detectable)
                    - (exp(halfWidth + 1.061 * 0.1 / 3.0.squareRoot()) - 1))
                < 1e-9)
        #expect(!test.seesThreshold)
        // Pairs that agree: the threshold is the limit, and the change caught 4 times in 5 a
        // little past it (a rise: the wider of the two ways at the same distance in logs).
        let tight = PairedTest(logs: [0.001, 0.0, -0.001, 0.0], threshold: 0.05)
        #expect(abs(try #require(tight.visible) - 0.05) < 1e-12)
        let rise = log(1.05) + 0.978 * (0.000002 / 3 / 4).squareRoot()
        #expect(abs(try #require(tight.detectable) - (exp(rise) - 1)) < 1e-9)
        #expect(tight.seesThreshold)
        #expect(
            try #require(tight.visibilityText).hasPrefix(
                "no change beyond ±5.0% visible with 4 pairs"))
        #expect(PairedTest(logs: [0.1], threshold: 0.05).visible == nil)
        #expect(PairedTest(logs: [0.1], threshold: 0.05).verdict.verdict == .notJudged)
    }
}
