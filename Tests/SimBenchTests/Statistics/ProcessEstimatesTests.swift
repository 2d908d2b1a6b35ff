import Foundation
import SimBenchCore
import Testing

@testable import SimBench

@Suite("statistics: intervals whose unit is the process")
struct ProcessEstimatesTests {
    /// A standard normal draw (Box–Muller) from `random`.
    private static func normal(_ random: inout SplitMix64) -> Double {
        let u1 = (Double(random.next() >> 11) + 0.5) * 0x1p-53
        let u2 = Double(random.next() >> 11) * 0x1p-53
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// One simulated run of a variant against its baseline: `layouts` code layouts of
    /// `processesPerLayout` processes, `rounds` rounds each. The variant's true ratio is
    /// `truth`; each layout moves it by `betweenLayouts` standard deviations (a fraction),
    /// each process by `betweenProcesses`, each round by `withinProcess`. Returns the rounds'
    /// variant and baseline samples and their groups.
    private static func simulatedRun(
        truth: Double, layouts: Int, processesPerLayout: Int, rounds: Int,
        betweenLayouts: Double, betweenProcesses: Double, withinProcess: Double,
        random: inout SplitMix64
    ) -> (variant: [Double], baseline: [Double], groups: ProcessGroups) {
        var variant = [Double]()
        var baseline = [Double]()
        var processOfSample = [Int]()
        var layoutOfProcess = [Int]()
        for layout in 0..<layouts {
            let layoutLevel = truth * (1 + betweenLayouts * normal(&random))
            for _ in 0..<processesPerLayout {
                let process = layoutOfProcess.count
                layoutOfProcess.append(layout)
                let level = layoutLevel * (1 + betweenProcesses * normal(&random))
                // The host's speed moves the whole process; it cancels in the ratio.
                let speed = 100 * (1 + 0.3 * normal(&random))
                for _ in 0..<rounds {
                    let base = speed * (1 + 0.002 * normal(&random))
                    baseline.append(base)
                    variant.append(base * level * (1 + withinProcess * normal(&random)))
                    processOfSample.append(process)
                }
            }
        }
        return (
            variant, baseline,
            ProcessGroups(processOfSample: processOfSample, layoutOfProcess: layoutOfProcess)
        )
    }

    /// The share of `runs` simulated runs whose interval (built by `interval`) holds the
    /// true ratio.
    private static func coverage(
        runs: Int, seed: UInt64, layouts: Int, processesPerLayout: Int,
        betweenLayouts: Double, _ interval: ([Double], [Double], ProcessGroups) -> Estimate?
    ) -> Double {
        var random = SplitMix64(seed: seed)
        var held = 0
        for _ in 0..<runs {
            let run = simulatedRun(
                truth: 1.5, layouts: layouts, processesPerLayout: processesPerLayout, rounds: 2,
                betweenLayouts: betweenLayouts, betweenProcesses: 0.05, withinProcess: 0.005,
                random: &random)
            let estimate = interval(run.variant, run.baseline, run.groups)
            if let low = estimate?.low, let high = estimate?.high, low <= 1.5, 1.5 <= high {
                held += 1
            }
        }
        return Double(held) / Double(runs)
    }

    /// The row's way: each process's ratio, then Student's t over processes (or layouts).
    private static func byProcess(
        _ variant: [Double], _ baseline: [Double], _ groups: ProcessGroups
    )
        -> Estimate?
    {
        ProcessEstimates.unitInterval(
            ProcessEstimates.ratios(variant, over: baseline, groups), groups, scale: .logarithmic,
            reach: .thisRun)
    }

    @Test("t over 10 processes holds the true ratio 93-97% of 2,000 simulated runs")
    func processCoverage() {
        let covered = Self.coverage(
            runs: 2_000, seed: 11, layouts: 1, processesPerLayout: 10, betweenLayouts: 0,
            Self.byProcess)
        #expect(covered >= 0.93 && covered <= 0.97, "coverage \(covered)")
    }

    @Test("the bootstrap of rounds pooled as one process holds it far less often")
    func roundsUndercover() {
        let covered = Self.coverage(
            runs: 300, seed: 12, layouts: 1, processesPerLayout: 10, betweenLayouts: 0
        ) { variant, baseline, groups in
            RatioInterval(
                variant: variant, baseline: baseline,
                groups: ProcessGroups(singleProcess: groups.sampleCount), resamples: 500
            ).map { Estimate(value: $0.estimate, low: $0.interval.lower, high: $0.interval.upper) }
        }
        #expect(covered < 0.85, "coverage \(covered)")
    }

    @Test("t over 4 layouts' means holds the true ratio 93-97% when layouts differ")
    func layoutCoverage() {
        let covered = Self.coverage(
            runs: 2_000, seed: 13, layouts: 4, processesPerLayout: 2, betweenLayouts: 0.05,
            Self.byProcess)
        #expect(covered >= 0.93 && covered <= 0.97, "coverage \(covered)")
    }

    @Test("t over the 8 processes as if independent holds it less often")
    func layoutsIgnoredUndercover() {
        let covered = Self.coverage(
            runs: 2_000, seed: 14, layouts: 4, processesPerLayout: 2, betweenLayouts: 0.05
        ) { variant, baseline, groups in
            let flat = ProcessGroups(
                processOfSample: groups.members.enumerated().flatMap { process, rounds in
                    rounds.map { _ in process }
                })
            return ProcessEstimates.unitInterval(
                ProcessEstimates.ratios(variant, over: baseline, flat), flat, reach: .thisRun)
        }
        #expect(covered < 0.90, "coverage \(covered)")
    }

    @Test("the interval is the mean of the processes' values ± t(0.975, k−1)·s/√k")
    func studentInterval() throws {
        let groups = ProcessGroups(processOfSample: [0, 0, 1, 1, 2, 2])
        let estimate = try #require(
            ProcessEstimates.unitInterval([1.0, 2.0, 3.0], groups, reach: .thisRun))
        #expect(estimate.value == 2)
        // s = 1, k = 3, t(0.975, 2) = 4.303.
        let half = 4.303 / 3.0.squareRoot()
        #expect(abs(try #require(estimate.low) - (2 - half)) < 1e-12)
        #expect(abs(try #require(estimate.high) - (2 + half)) < 1e-12)
    }

    @Test("a positive figure is pooled on its logarithms: geometric mean, never below 0")
    func logarithmicInterval() throws {
        let groups = ProcessGroups(processOfSample: [0, 1])
        // Two processes, t(0.975, 1) = 12.706: a linear interval would reach far below 0.
        let estimate = try #require(
            ProcessEstimates.unitInterval([1.0, 4.0], groups, scale: .logarithmic, reach: .thisRun))
        #expect(abs(estimate.value - 2) < 1e-12)
        let low = try #require(estimate.low)
        let high = try #require(estimate.high)
        #expect(low > 0 && high > 4)
        #expect(abs(low * high - 4) < 1e-9, "symmetric around 2 on a log scale")
        let linear = try #require(
            ProcessEstimates.unitInterval([1.0, 4.0], groups, reach: .thisRun))
        #expect(try #require(linear.low) < 0)
    }

    @Test("with layouts, the units are the layouts' means of their processes")
    func layoutUnits() {
        let groups = ProcessGroups(
            processOfSample: [0, 1, 2, 3], layoutOfProcess: [0, 0, 1, 1])
        #expect(groups.unitValues([1, 3, 10, 20]) == [2, 15])
        #expect(groups.unitCount == 2)
    }

    @Test("ratios, net ratios and ns added are formed within each process")
    func formedWithinProcess() {
        let groups = ProcessGroups(processOfSample: [0, 0, 0, 1, 1, 1])
        let baseline: [Double] = [10, 11, 12, 20, 21, 22]
        let variant: [Double] = [20, 22, 24, 30, 31.5, 33]
        let floor: [Double] = [5, 5, 5, 10, 10, 10]
        #expect(ProcessEstimates.ratios(variant, over: baseline, groups) == [2, 1.5])
        #expect(ProcessEstimates.differences(variant, baseline, groups) == [11, 10.5])
        let sides = ProcessEstimates.netSides(
            variant: variant, baseline: baseline, floor: floor, groups)
        #expect(sides.top == [17, 21.5])
        #expect(sides.bottom == [6, 11])
    }

    @Test("a net ratio pools each side over the processes, then divides: Fieller's interval")
    func netRatioOfMeans() throws {
        let groups = ProcessGroups(processOfSample: [0, 1, 2, 3, 4])
        // One process's net baseline is below zero: its own ratio would be unbounded, the
        // pooled sides are not.
        let top: [Double] = [30, 34, 28, 33, 31]
        let bottom: [Double] = [1.2, 0.9, -0.1, 1.1, 0.9]
        let estimate = try #require(
            ProcessEstimates.ratioOfMeans(top: top, bottom: bottom, groups, reach: .thisRun))
        #expect(abs(estimate.value - 156.0 / 4.0) < 1e-9)
        let low = try #require(estimate.low)
        let high = try #require(estimate.high)
        #expect(low < estimate.value && estimate.value < high)
        #expect(low > 0 && high.isFinite)
        // A denominator whose own interval holds zero cannot bound the ratio: no interval.
        let unbounded = try #require(
            ProcessEstimates.ratioOfMeans(
                top: top, bottom: [1, -1, 0.5, -0.5, 0.2], groups, reach: .thisRun))
        #expect(unbounded.low == nil && unbounded.high == nil)
        #expect(
            ProcessEstimates.ratioOfMeans(
                top: top, bottom: [-1, -1, -1, -1, -1], groups, reach: .thisRun) == nil)
    }

    @Test("Fieller's interval holds the true net ratio about 95% of the time")
    func netRatioCoverage() {
        // Seeded: 2,000 simulated runs of 5 processes whose sides vary normally.
        var random = SplitMix64(seed: 7)
        let groups = ProcessGroups(processOfSample: [0, 1, 2, 3, 4])
        var covered = 0
        let runs = 2_000
        for _ in 0..<runs {
            let top = (0..<5).map { _ in 30 + 3 * Self.normal(&random) }
            let bottom = (0..<5).map { _ in 2 + 0.3 * Self.normal(&random) }
            guard
                let estimate = ProcessEstimates.ratioOfMeans(
                    top: top, bottom: bottom, groups, reach: .thisRun),
                let low = estimate.low, let high = estimate.high
            else { continue }
            if low <= 15 && 15 <= high { covered += 1 }
        }
        let rate = Double(covered) / Double(runs)
        #expect(rate > 0.92 && rate < 0.98, "covered \(rate)")
    }

    @Test("a re-run's interval is √2 times as wide as the mean's: ± t(0.975, k−1)·s·√(2/k)")
    func rerunInterval() throws {
        let groups = ProcessGroups(processOfSample: [0, 0, 1, 1, 2, 2])
        let estimate = try #require(
            ProcessEstimates.unitInterval([1.0, 2.0, 3.0], groups, reach: .rerun(drift: 0)))
        // s = 1, k = 3, t(0.975, 2) = 4.303.
        let half = 4.303 * (2.0 / 3.0).squareRoot()
        #expect(abs(try #require(estimate.low) - (2 - half)) < 1e-12)
        #expect(abs(try #require(estimate.high) - (2 + half)) < 1e-12)
    }

    @Test("the drift between runs adds in quadrature: ± √2·√((t·s/√k)² + (1.96·drift)²)")
    func rerunIntervalWithDrift() throws {
        let groups = ProcessGroups(processOfSample: [0, 0, 1, 1, 2, 2])
        let estimate = try #require(
            ProcessEstimates.unitInterval([1.0, 2.0, 3.0], groups, reach: .rerun(drift: 0.5)))
        // s = 1, k = 3, t(0.975, 2) = 4.303: (t·s/√k)² = 4.303²/3; (1.96·drift)² = 0.98².
        let half = (2 * (4.303 * 4.303 / 3 + 0.979982 * 0.979982)).squareRoot()
        #expect(abs(try #require(estimate.low) - (2 - half)) < 1e-12)
        #expect(abs(try #require(estimate.high) - (2 + half)) < 1e-12)
        // Processes that agree exactly still leave a re-run its drift.
        let same = try #require(
            ProcessEstimates.unitInterval([2.0, 2.0, 2.0], groups, reach: .rerun(drift: 0.5)))
        #expect(abs(try #require(same.high) - same.value - 2.0.squareRoot() * 0.979982) < 1e-12)
    }

    @Test("a ratio of means keeps its drift too: equal processes get ± √2·1.96·drift of the ratio")
    func ratioOfMeansWithDrift() throws {
        let groups = ProcessGroups(processOfSample: [0, 1, 2, 3, 4])
        let estimate = try #require(
            ProcessEstimates.ratioOfMeans(
                top: [3, 3, 3, 3, 3], bottom: [2, 2, 2, 2, 2], groups, reach: .rerun(drift: 0.02)))
        let low = try #require(estimate.low)
        let high = try #require(estimate.high)
        // (3 − 2θ)² = 2·(1.96·θ·0.02·2)²: θ = 1.5 / (1 ± √2·1.96·0.02).
        let term = 2.0.squareRoot() * 1.959964 * 0.02
        #expect(abs(low - 1.5 / (1 + term)) < 1e-9)
        #expect(abs(high - 1.5 / (1 - term)) < 1e-9)
        let none = try #require(
            ProcessEstimates.ratioOfMeans(
                top: [3, 3, 3, 3, 3], bottom: [2, 2, 2, 2, 2], groups, reach: .rerun(drift: 0)))
        #expect(none.low == 1.5 && none.high == 1.5)
    }

    @Test("the ns added drifts with the CPU ratio at the baseline's time and with the host's speed")
    func nsAddedDrift() {
        let drift = RunDrift(ratio: 0.025, cpuRatio: 0.02, netRatio: 0.04, speed: 0.03)
        // 0.02 · 100 = 2 and 0.03 · 40 = 1.2, independent.
        #expect(abs(drift.nsAdded(40, baselineCPU: 100) - (4 + 1.44).squareRoot()) < 1e-12)
        #expect(abs(drift.nsAdded(-40, baselineCPU: 100) - (4 + 1.44).squareRoot()) < 1e-12)
        #expect(drift.range == "2%–4%")
    }

    /// How often a simulated re-run's own figure (the mean ratio of another run of as many
    /// processes) lands in a run's interval, over `runs` pairs of runs. Each run's ratio is
    /// moved as a whole by `runShift` standard deviations (a fraction), which its processes
    /// share: the host's state over the minutes between runs.
    private static func rerunCoverage(
        runs: Int, seed: UInt64, reach: ProcessEstimates.Reach, processes: Int = 5,
        runShift: Double = 0
    ) -> Double {
        var random = SplitMix64(seed: seed)
        var held = 0
        for _ in 0..<runs {
            let shifts = runShift == 0 ? (0, 0) : (normal(&random), normal(&random))
            let first = simulatedRun(
                truth: 1.5 * (1 + runShift * shifts.0), layouts: 1,
                processesPerLayout: processes, rounds: 2, betweenLayouts: 0,
                betweenProcesses: 0.05, withinProcess: 0.005, random: &random)
            let second = simulatedRun(
                truth: 1.5 * (1 + runShift * shifts.1), layouts: 1,
                processesPerLayout: processes, rounds: 2, betweenLayouts: 0,
                betweenProcesses: 0.05, withinProcess: 0.005, random: &random)
            let interval = ProcessEstimates.unitInterval(
                ProcessEstimates.ratios(first.variant, over: first.baseline, first.groups),
                first.groups, scale: .logarithmic, reach: reach)
            let rerun = ProcessEstimates.unitInterval(
                ProcessEstimates.ratios(second.variant, over: second.baseline, second.groups),
                second.groups, scale: .logarithmic, reach: reach)
            if let low = interval?.low, let high = interval?.high, let value = rerun?.value,
                low <= value, value <= high
            {
                held += 1
            }
        }
        return Double(held) / Double(runs)
    }

    @Test("a re-run of 5 processes lands in the re-run interval 93-97% of 2,000 simulated runs")
    func rerunCoverage() {
        let covered = Self.rerunCoverage(runs: 2_000, seed: 15, reach: .rerun(drift: 0))
        #expect(covered >= 0.93 && covered <= 0.97, "coverage \(covered)")
    }

    @Test(
        "a shift that moves whole runs: over 8 processes the processes' spread alone holds under 90% of re-runs, with its drift 93-97%"
    )
    func rerunCoverageWithRunShift() {
        // Each process moves 5%, each run 3%: t over 8 processes sees the first only.
        let blind = Self.rerunCoverage(
            runs: 2_000, seed: 17, reach: .rerun(drift: 0), processes: 8, runShift: 0.03)
        #expect(blind < 0.90, "coverage \(blind)")
        let covered = Self.rerunCoverage(
            runs: 2_000, seed: 17, reach: .rerun(drift: 0.03), processes: 8, runShift: 0.03)
        #expect(covered >= 0.93 && covered <= 0.97, "coverage \(covered)")
    }

    @Test("the interval of the mean holds a re-run's figure far less often")
    func meanIntervalMissesRerun() {
        let covered = Self.rerunCoverage(runs: 2_000, seed: 16, reach: .thisRun)
        #expect(covered < 0.88, "coverage \(covered)")
    }

    @Test("a process whose net baseline is not positive leaves that side unbounded")
    func unboundedNetRatio() throws {
        let groups = ProcessGroups(processOfSample: [0, 1, 2])
        let estimate = try #require(
            ProcessEstimates.unitInterval(
                [1.2, 1.3, .infinity], groups, reach: .rerun(drift: 0.02)))
        #expect(estimate.low == 1.2)
        #expect(estimate.high == .infinity)
    }
}
