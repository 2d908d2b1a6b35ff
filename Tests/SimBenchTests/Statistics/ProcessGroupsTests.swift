import SimBenchCore
import Testing

@testable import SimBench

@Suite("statistics: intervals over several processes")
struct ProcessGroupsTests {
    /// The one-stage bootstrap of the median as it was before processes existed: `n` round
    /// indices drawn per resample from one stream. Kept here as the reference the
    /// one-process case must reproduce draw for draw.
    private func oneStageInterval(_ samples: [Double]) -> ConfidenceInterval {
        var random = SplitMix64(seed: Bootstrap.fixedSeed)
        var medians = [Double]()
        for _ in 0..<Bootstrap.defaultResamples {
            let drawn = (0..<samples.count).map { _ in samples[random.next(below: samples.count)] }
            medians.append(Percentile.median(sorted: drawn.sorted()))
        }
        return Bootstrap.percentileInterval(of: &medians, level: Bootstrap.defaultLevel)
    }

    /// `processes` processes of `rounds` samples each: each process's level is `center`
    /// shifted by up to ±`between` (a fraction), its rounds by up to ±`within` around it.
    private func pooled(
        center: Double, between: Double, within: Double, processes: Int, rounds: Int, seed: UInt64
    ) -> (samples: [Double], process: [Int]) {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { 2 * Double(random.next() >> 11) * 0x1p-53 - 1 }
        var samples = [Double]()
        var process = [Int]()
        for index in 0..<processes {
            let level = center * (1 + between * uniform())
            for _ in 0..<rounds {
                samples.append(level * (1 + within * uniform()))
                process.append(index)
            }
        }
        return (samples, process)
    }

    @Test("with one process the interval is exactly the one-stage bootstrap's", arguments: 0..<5)
    func oneProcessReduces(seed: UInt64) throws {
        let samples = noisySamples(center: 100, spread: 0.1, count: 17, seed: seed)
        let grouped = try #require(
            Bootstrap.medianInterval(
                of: samples, groups: ProcessGroups(singleProcess: samples.count)))
        #expect(grouped == oneStageInterval(samples), "seed \(seed)")
        #expect(Bootstrap.medianInterval(of: samples) == grouped)
        // The ratio too: one process of paired rounds is today's paired bootstrap.
        let baseline = noisySamples(center: 50, spread: 0.1, count: 17, seed: seed + 100)
        let plain = try #require(RatioInterval(variant: samples, baseline: baseline))
        let single = try #require(
            RatioInterval(
                variant: samples, baseline: baseline,
                groups: ProcessGroups(processOfSample: [Int](repeating: 3, count: 17))))
        #expect(plain == single)
    }

    @Test("the spread between processes widens the interval to cover it")
    func betweenProcessVariance() throws {
        // 8 processes whose levels differ by up to ±5% while rounds within each differ by
        // ±0.2%: the median of the next run can land anywhere the process levels spread,
        // so the interval must be about as wide as their median's uncertainty, not the
        // rounds'. For levels uniform on ±5, the median of 8 has a standard error of about
        // 1.7% (√(π/2) × 2.9% / √8), so a 95% interval spans roughly 4-9%.
        var coveredTwoStage = 0
        var coveredOneStage = 0
        var widths = [Double]()
        var widthRatios = [Double]()
        for seed in 0..<40 as Range<UInt64> {
            let (samples, process) = pooled(
                center: 100, between: 0.05, within: 0.002, processes: 8, rounds: 20, seed: seed)
            let twoStage = try #require(
                Bootstrap.medianInterval(
                    of: samples, groups: ProcessGroups(processOfSample: process)))
            let oneStage = try #require(Bootstrap.medianInterval(of: samples))
            if twoStage.contains(100) { coveredTwoStage += 1 }
            if oneStage.contains(100) { coveredOneStage += 1 }
            widths.append(twoStage.width)
            widthRatios.append(twoStage.width / oneStage.width)
        }
        let medianWidth = Percentile.median(sorted: widths.sorted())
        // One stage sees only the rounds: in a typical series its interval is a fraction
        // of the two-stage one (it is wide only when the middle two processes lie apart).
        let medianRatio = Percentile.median(sorted: widthRatios.sorted())
        #expect(medianRatio > 2, "two-stage / one-stage width: median \(medianRatio)")
        #expect((3...10).contains(medianWidth), "median width \(medianWidth)% of the center")
        #expect(
            coveredTwoStage >= 32,
            "two-stage interval covered the center in \(coveredTwoStage) of 40")
        #expect(
            coveredOneStage <= 24,
            "one-stage interval covered the center in \(coveredOneStage) of 40")
    }

    @Test("without spread between processes the interval stays as narrow as one process's")
    func noBetweenProcessVariance() throws {
        let (samples, process) = pooled(
            center: 100, between: 0, within: 0.05, processes: 5, rounds: 20, seed: 7)
        let twoStage = try #require(
            Bootstrap.medianInterval(of: samples, groups: ProcessGroups(processOfSample: process)))
        let oneStage = try #require(Bootstrap.medianInterval(of: samples))
        #expect(twoStage.width < 1.5 * oneStage.width, "\(twoStage) vs \(oneStage)")
        #expect(twoStage.contains(100))
    }

    @Test("the ratio interval pairs rounds across processes and widens with their spread")
    func ratioAcrossProcesses() throws {
        // The variant is 2× the baseline in every round, whatever the process's speed: the
        // ratio is exactly 2 however much the processes differ.
        let (baseline, process) = pooled(
            center: 100, between: 0.1, within: 0.01, processes: 6, rounds: 10, seed: 11)
        let variant = baseline.map { $0 * 2 }
        let ratio = try #require(
            RatioInterval(
                variant: variant, baseline: baseline,
                groups: ProcessGroups(processOfSample: process)))
        #expect(abs(ratio.estimate - 2) < 1e-9)
        #expect(abs(ratio.interval.lower - 2) < 1e-9 && abs(ratio.interval.upper - 2) < 1e-9)
        // When only the variant moves between processes, the interval must show it.
        var random = SplitMix64(seed: 5)
        let shifts = (0..<6).map { _ in 1 + 0.05 * (2 * Double(random.next() >> 11) * 0x1p-53 - 1) }
        let shifted = zip(variant, process).map { $0 * shifts[$1] }
        let spread = try #require(
            RatioInterval(
                variant: shifted, baseline: baseline,
                groups: ProcessGroups(processOfSample: process)))
        let oneStage = try #require(RatioInterval(variant: shifted, baseline: baseline))
        #expect(
            spread.interval.width > 2 * oneStage.interval.width,
            "\(spread.interval) vs \(oneStage.interval)")
    }

    @Test("the net ratio's interval widens with the spread between processes too")
    func netRatioAcrossProcesses() throws {
        // Floor 20 and baseline 100 per event; the variant 180 ± 0.2% from round to round,
        // shifted by up to ±5% from one process to the next. Over 10 series, the two-stage
        // interval is typically several times the one-stage one, which sees only the rounds.
        var widthRatios = [Double]()
        for seed in 0..<10 as Range<UInt64> {
            let (variant, process) = pooled(
                center: 180, between: 0.05, within: 0.002, processes: 8, rounds: 10, seed: seed)
            let floor = [Double](repeating: 20, count: variant.count)
            let baseline = [Double](repeating: 100, count: variant.count)
            let groups = ProcessGroups(processOfSample: process)
            let twoStage = try #require(
                NetRatioInterval(variant: variant, baseline: baseline, floor: floor, groups: groups)
            )
            let oneStage = try #require(
                NetRatioInterval(variant: variant, baseline: baseline, floor: floor))
            #expect(twoStage.estimate == oneStage.estimate)
            #expect(twoStage.interval.contains(twoStage.estimate))
            widthRatios.append(twoStage.interval.width / oneStage.interval.width)
            // One process: the same interval as before processes existed.
            let single = try #require(
                NetRatioInterval(
                    variant: variant, baseline: baseline, floor: floor,
                    groups: ProcessGroups(singleProcess: variant.count)))
            #expect(single == oneStage)
        }
        let median = Percentile.median(sorted: widthRatios.sorted())
        #expect(median > 2, "two-stage / one-stage width: \(widthRatios)")
    }

    @Test("processes are grouped by their index, in sample order")
    func grouping() {
        let groups = ProcessGroups(processOfSample: [1, 0, 1, 2, 0])
        #expect(groups.members == [[1, 4], [0, 2], [3]])
        #expect(groups.processCount == 3 && groups.sampleCount == 5)
    }
}
