import Testing

@testable import SimBench

/// Whether `actual` equals a hand-computed `expected` up to rounding.
func isClose(_ actual: Double, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    abs(actual - expected) <= tolerance * max(1, abs(expected))
}

@Suite("statistics: percentiles and summaries")
struct PercentileTests {
    // Hand-computed with type 7, h = (n - 1) p; cross-checked with numpy.percentile.
    @Test(
        "type 7 percentiles of known sets",
        arguments: [
            // 1 1 2 3 4 5 6 9: p50 h=3.5 → 3.5; p10 h=0.7 → 1; p90 h=6.3 → 6 + 0.3·3;
            // p25 h=1.75 → 1 + 0.75·1; p75 h=5.25 → 5 + 0.25·1.
            ([3, 1, 4, 1, 5, 9, 2, 6], 0.5, 3.5),
            ([3, 1, 4, 1, 5, 9, 2, 6], 0.1, 1),
            ([3, 1, 4, 1, 5, 9, 2, 6], 0.9, 6.9),
            ([3, 1, 4, 1, 5, 9, 2, 6], 0.25, 1.75),
            ([3, 1, 4, 1, 5, 9, 2, 6], 0.75, 5.25),
            ([3, 1, 4, 1, 5, 9, 2, 6], 0, 1),
            ([3, 1, 4, 1, 5, 9, 2, 6], 1, 9),
            // 3 5 7: odd count, the middle value;
            // p10 h=0.2 → 3 + 0.2·2; p90 h=1.8 → 5 + 0.8·2.
            ([7, 3, 5], 0.5, 5),
            ([7, 3, 5], 0.1, 3.4),
            ([7, 3, 5], 0.9, 6.6),
            // Two values: p10 h=0.1 → 1.1.
            ([2, 1], 0.1, 1.1),
            ([2, 1], 0.5, 1.5),
            ([42], 0.9, 42),
        ] as [([Double], Double, Double)])
    func percentile(samples: [Double], fraction: Double, expected: Double) {
        let value = Percentile.of(sorted: samples.sorted(), fraction: fraction)
        #expect(isClose(value, expected), "p\(fraction * 100) of \(samples) is \(value)")
    }

    @Test("percentile of nothing is nan")
    func emptyPercentile() {
        #expect(Percentile.of(sorted: [], fraction: 0.5).isNaN)
    }

    @Test("summary of a known set")
    func knownSummary() {
        let summary = SampleSummary(samples: [3, 1, 4, 1, 5, 9, 2, 6])
        #expect(summary.count == 8)
        #expect(summary.median == 3.5)
        #expect(summary.minimum == 1 && summary.maximum == 9)
        #expect(summary.mean == 3.875)
        // Squared deviations sum to 52.875; 52.875 / 7 = 7.553571…
        #expect(isClose(summary.standardDeviation, (52.875 / 7).squareRoot()))
        #expect(isClose(summary.standardDeviation, 2.748376143938713))
        #expect(isClose(summary.coefficientOfVariation, 2.748376143938713 / 3.875))
        #expect(summary.p10 == 1)
        #expect(isClose(summary.p90, 6.9))
        #expect(summary.fences == TukeyFences(firstQuartile: 1.75, thirdQuartile: 5.25))
        // IQR 3.5: inner fences −3.5 … 10.5, so 9 is no outlier.
        #expect(summary.outliers.isEmpty)
        #expect(summary.medianInterval.map { $0.contains(3.5) } == true)
    }

    @Test("no samples: count 0, every statistic nan, no interval, no outliers")
    func emptySummary() {
        let summary = SampleSummary(samples: [])
        #expect(summary.count == 0)
        for value in [
            summary.median, summary.minimum, summary.maximum, summary.mean,
            summary.standardDeviation, summary.coefficientOfVariation, summary.p10, summary.p90,
        ] {
            #expect(value.isNaN)
        }
        #expect(summary.medianInterval == nil)
        #expect(summary.fences == nil)
        #expect(summary.outliers.isEmpty)
    }

    @Test("one sample: every location is the sample, spread is nan")
    func singleSummary() {
        let summary = SampleSummary(samples: [42])
        #expect(summary.count == 1)
        for value in [summary.median, summary.minimum, summary.maximum, summary.mean] {
            #expect(value == 42)
        }
        #expect(summary.p10 == 42 && summary.p90 == 42)
        #expect(summary.standardDeviation.isNaN && summary.coefficientOfVariation.isNaN)
        // One sample is fewer than an interval needs (Bootstrap.minimumSamples).
        #expect(summary.medianInterval == nil)
        #expect(summary.outliers.isEmpty)
    }

    @Test("an interval needs at least five samples")
    func intervalNeedsFiveSamples() {
        #expect(Bootstrap.minimumSamples == 5)
        #expect(SampleSummary(samples: [4, 1, 3, 2]).medianInterval == nil)
        let five = SampleSummary(samples: [4, 1, 3, 2, 5]).medianInterval
        #expect(five.map { $0.contains(3) } == true)
    }

    @Test("two samples: the sample standard deviation divides by n - 1")
    func twoSamples() {
        let summary = SampleSummary(samples: [2, 1])
        #expect(isClose(summary.standardDeviation, 0.5.squareRoot()))
        #expect(summary.median == 1.5)
    }

    @Test("nanosecond-sized samples keep their spread")
    func largeSamples() {
        // A naive sum of squares would cancel catastrophically here.
        let summary = SampleSummary(samples: [1e9 + 1, 1e9 + 2, 1e9 + 3])
        #expect(isClose(summary.standardDeviation, 1))
        #expect(summary.median == 1e9 + 2)
    }
}
