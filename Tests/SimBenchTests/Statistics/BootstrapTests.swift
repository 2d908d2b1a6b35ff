import SimBenchCore
import Testing

@testable import SimBench

/// `count` samples around `center`, each off by up to ±`spread` (a fraction), uniformly.
func noisySamples(center: Double, spread: Double, count: Int, seed: UInt64) -> [Double] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        center * (1 + spread * (2 * Double(random.next() >> 11) * 0x1p-53 - 1))
    }
}

@Suite("statistics: bootstrap intervals")
struct BootstrapTests {
    @Test("the median interval is reproducible and contains the median", arguments: 0..<10)
    func medianInterval(seed: UInt64) throws {
        let samples = noisySamples(center: 100, spread: 0.1, count: 25, seed: seed)
        let first = try #require(Bootstrap.medianInterval(of: samples))
        let again = try #require(Bootstrap.medianInterval(of: samples))
        #expect(first == again, "seed \(seed): the same samples gave another interval")
        let summary = SampleSummary(samples: samples)
        #expect(summary.medianInterval == first, "seed \(seed)")
        #expect(first.contains(summary.median), "seed \(seed): \(first) misses \(summary.median)")
        #expect(summary.minimum <= first.lower && first.upper <= summary.maximum, "seed \(seed)")
        #expect(first.width > 0, "seed \(seed)")
        #expect(first.level == 0.95)
    }

    @Test("a resample's median equals the sorted resample's type 7 median", arguments: 0..<20)
    func resampledMedian(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Few distinct values, so that ties are common.
        let samples = (0..<(1 + random.next(below: 12))).map { _ in Double(random.next(below: 5)) }
        var resample = ResampledMedian(samples: samples)
        for size in [1, 2, samples.count, 2 * samples.count + 1] {
            let drawn = (0..<size).map { _ in random.next(below: samples.count) }
            drawn.forEach { resample.draw(index: $0) }
            let expected = Percentile.median(sorted: drawn.map { samples[$0] }.sorted())
            #expect(resample.takeMedian() == expected, "seed \(seed): \(samples), drew \(drawn)")
        }
    }

    @Test("more samples give a narrower interval")
    func narrowsWithSamples() throws {
        let few = try #require(
            Bootstrap.medianInterval(
                of: noisySamples(center: 100, spread: 0.1, count: 10, seed: 3)))
        let many = try #require(
            Bootstrap.medianInterval(
                of: noisySamples(center: 100, spread: 0.1, count: 400, seed: 3)))
        #expect(many.width < few.width / 3, "10 samples: \(few), 400 samples: \(many)")
    }

    @Test("the 95% interval covers the true median of the noise in most of 40 series")
    func coverage() throws {
        var covered = 0
        for seed in 0..<40 as Range<UInt64> {
            let samples = noisySamples(center: 100, spread: 0.1, count: 30, seed: seed)
            if try #require(Bootstrap.medianInterval(of: samples)).contains(100) { covered += 1 }
        }
        #expect(covered >= 34, "covered the true median in \(covered) of 40")
    }
}

@Suite("statistics: ratio intervals")
struct RatioIntervalTests {
    /// The ratio intervals of 20 independent pairs of series: a variant around
    /// `ratio` × 100, a baseline around 100, both off by up to ±`spread`.
    private func intervals(ratio: Double, spread: Double, rounds: Int) throws -> [RatioInterval] {
        try (0..<20 as Range<UInt64>).map { seed in
            let baseline = noisySamples(center: 100, spread: spread, count: rounds, seed: seed)
            let variant = noisySamples(
                center: 100 * ratio, spread: spread, count: rounds, seed: seed + 1000)
            return try #require(RatioInterval(variant: variant, baseline: baseline))
        }
    }

    // A 95% interval misses the truth in about 1 case in 20 by design, so these tests ask
    // for coverage over 20 independent pairs rather than for every one.
    @Test("a variant 1.5× the baseline: the interval contains 1.5 and excludes 1")
    func knownRatio() throws {
        let ratios = try intervals(ratio: 1.5, spread: 0.05, rounds: 30)
        for ratio in ratios {
            #expect(ratio.isSignificant && ratio.interval.lower > 1.4, "\(ratio)")
            #expect(ratio.interval.contains(ratio.estimate), "\(ratio)")
            #expect(ratio.rounds == 30)
        }
        let covered = ratios.count { $0.interval.contains(1.5) }
        #expect(covered >= 17, "1.5 in \(covered) of 20 intervals")
    }

    @Test("a 10% slower variant under 1% noise is told from the baseline")
    func tenPercent() throws {
        let ratios = try intervals(ratio: 1.1, spread: 0.01, rounds: 20)
        for ratio in ratios { #expect(!ratio.interval.contains(1), "\(ratio)") }
        let covered = ratios.count { $0.interval.contains(1.1) }
        #expect(covered >= 17, "1.10 in \(covered) of 20 intervals")
    }

    @Test("identical series: the ratio is 1, its interval contains 1")
    func identical() throws {
        let samples = noisySamples(center: 100, spread: 0.2, count: 15, seed: 7)
        let ratio = try #require(RatioInterval(variant: samples, baseline: samples))
        #expect(ratio.estimate == 1)
        #expect(ratio.interval == ConfidenceInterval(lower: 1, upper: 1, level: 0.95))
        #expect(!ratio.isSignificant)
    }

    @Test("an A/A pair of independent noisy series is rarely called different")
    func aToA() throws {
        let ratios = try intervals(ratio: 1, spread: 0.05, rounds: 30)
        let significant = ratios.count(where: \.isSignificant)
        #expect(significant <= 3, "\(significant) of 20 A/A pairs called different")
    }

    @Test("the estimate is the median of the per-round ratios, not the ratio of the medians")
    func medianOfRoundRatios() throws {
        // Per-round ratios 5, 1 and 1: their median is 1, where the medians' ratio is 4 / 2.
        let ratio = try #require(RatioInterval(variant: [5, 2, 4], baseline: [1, 2, 4]))
        #expect(ratio.estimate == 1)
        // An even count averages the two middle ratios (type 7): 1, 2, 3 and 10 give 2.5.
        let even = try #require(RatioInterval(variant: [10, 6, 20, 3], baseline: [10, 3, 2, 1]))
        #expect(even.estimate == 2.5)
    }

    @Test("pairing by round cancels noise that a round shares")
    func pairing() throws {
        // Rounds differ by up to ±30% (another process, a frequency change), and within a
        // round the variant takes exactly 1.1× the baseline: a paired interval sees 1.1.
        let roundFactors = noisySamples(center: 1, spread: 0.3, count: 25, seed: 11)
        let baseline = roundFactors.map { 1000 * $0 }
        let variant = roundFactors.map { 1100 * $0 }
        let ratio = try #require(RatioInterval(variant: variant, baseline: baseline))
        #expect(isClose(ratio.estimate, 1.1))
        #expect(isClose(ratio.interval.lower, 1.1), "\(ratio)")
        #expect(isClose(ratio.interval.upper, 1.1), "\(ratio)")
    }

    @Test("reproducible: the same rounds give the same interval")
    func reproducible() {
        let baseline = noisySamples(center: 100, spread: 0.05, count: 12, seed: 5)
        let variant = noisySamples(center: 120, spread: 0.05, count: 12, seed: 6)
        #expect(
            RatioInterval(variant: variant, baseline: baseline)
                == RatioInterval(variant: variant, baseline: baseline))
    }

    @Test("unpaired, empty or non-positive series have no ratio")
    func undefined() {
        #expect(RatioInterval(variant: [1, 2], baseline: [1, 2, 3]) == nil)
        #expect(RatioInterval(variant: [], baseline: []) == nil)
        #expect(RatioInterval(variant: [1, 2], baseline: [0, 2]) == nil)
        #expect(
            RatioInterval(variant: [3], baseline: [2])?.interval
                == ConfidenceInterval(lower: 1.5, upper: 1.5, level: 0.95))
    }
}
