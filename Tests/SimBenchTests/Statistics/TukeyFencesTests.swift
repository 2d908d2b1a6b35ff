import Testing

@testable import SimBench

@Suite("statistics: Tukey fences")
struct TukeyFencesTests {
    /// Sorted: −30 −9 1 2 3 4 5 6 7 8 9 10 20 40 (n = 14).
    /// Q1: h = 13 · 0.25 = 3.25 → 2 + 0.25 · 1 = 2.25; Q3: h = 9.75 → 8 + 0.75 · 1 = 8.75.
    /// IQR 6.5; inner fences −7.5 … 18.5; outer fences −17.25 … 28.25.
    static let samples: [Double] = [5, -30, 1, 2, 40, 3, 4, -9, 6, 7, 8, 20, 9, 10]

    @Test("quartiles and fences of a known set")
    func fences() throws {
        let fences = try #require(TukeyFences(sorted: Self.samples.sorted()))
        #expect(fences.firstQuartile == 2.25 && fences.thirdQuartile == 8.75)
        #expect(fences.interquartileRange == 6.5)
        #expect(fences.innerFences == -7.5...18.5)
        #expect(fences.outerFences == -17.25...28.25)
    }

    @Test("mild and severe outliers on both sides, by index")
    func outliers() {
        let summary = SampleSummary(samples: Self.samples)
        #expect(
            summary.outliers == [
                TukeyFences.Outlier(index: 1, value: -30, severity: .severe, isHigh: false),
                TukeyFences.Outlier(index: 4, value: 40, severity: .severe, isHigh: true),
                TukeyFences.Outlier(index: 7, value: -9, severity: .mild, isHigh: false),
                TukeyFences.Outlier(index: 11, value: 20, severity: .mild, isHigh: true),
            ])
        #expect(summary.mildOutlierCount == 2 && summary.severeOutlierCount == 2)
        #expect(summary.outlierIndices == [1, 4, 7, 11])
        // Never dropped: the extremes are still the outliers.
        #expect(summary.minimum == -30 && summary.maximum == 40)
    }

    @Test("a sample on a fence is not an outlier")
    func onTheFence() {
        let fences = TukeyFences(firstQuartile: 10, thirdQuartile: 20)
        #expect(fences.classify(35) == nil)
        #expect(fences.classify(-5) == nil)
        #expect(fences.classify(35.5) == .mild)
        #expect(fences.classify(50) == .mild)
        #expect(fences.classify(50.5) == .severe)
        #expect(fences.classify(-20.5) == .severe)
    }

    @Test("equal samples have no outliers; any other value beside them is severe")
    func flatSamples() {
        #expect(SampleSummary(samples: [7, 7, 7, 7]).outliers.isEmpty)
        let summary = SampleSummary(samples: [7, 7, 7, 7, 7, 7, 7.5])
        #expect(summary.outlierIndices == [6] && summary.severeOutlierCount == 1)
    }
}
