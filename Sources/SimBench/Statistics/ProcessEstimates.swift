import Foundation
import SimBenchCore

/// One row's figures as each process measured them, formed within the process before any
/// pooling, and the intervals built from them.
///
/// Processes differ far more than rounds do: heap layout, thread placement, code layout, what
/// the host's other tenants did that minute. A re-run is other processes, so an interval
/// that claims to hold a re-run must be built from the spread between processes, not between
/// rounds. Each process gives one value of each figure: a ratio is the median of its
/// per-round ratios (both sides ran side by side in each round), the net ratio the ratio of
/// its net medians, the ns added the difference of its CPU medians. The interval is Student's
/// t over those values, on their logarithms for a positive figure (`unitInterval`); with
/// several code layouts, over the layouts' means
/// of their processes' values, since processes that share a layout share its placement of
/// the code and are not independent of each other. A figure that compares two variants
/// claims a re-run (`Reach.rerun`): its interval is where a re-run's own figure lands.
///
/// Values are in process order (`ProcessGroups.members`). A figure a process cannot form
/// (a net ratio whose baseline was no dearer than the floor) is ±∞ there.
struct ProcessEstimates: Sendable, Equatable {
    /// Wall time over the baseline's, the median of the process's per-round ratios.
    var ratio: [Double] = []
    /// Thread CPU time over the baseline's, likewise.
    var cpuRatio: [Double] = []
    /// CPU nanoseconds per event the variant adds: the difference of the process's medians.
    var nsAdded: [Double] = []
    /// The baseline's median CPU nanoseconds per event in the process (for the break-even).
    var baselineCPU: [Double] = []
    /// Absolute figures, each the process's median: wall and CPU ns per event, CPU time over
    /// the machine-speed reference. They hold only this run (`IntervalScope`).
    var nsPerEvent: [Double] = []
    var cpuNsPerEvent: [Double] = []
    var cpuPerReference: [Double] = []

    /// The median over each process's rounds of `values` (one per round, in round order).
    static func medians(_ values: [Double], _ groups: ProcessGroups) -> [Double] {
        groups.members.map { rounds in
            Percentile.median(sorted: rounds.map { values[$0] }.sorted())
        }
    }

    /// The median over each process's rounds of the per-round ratios `top / bottom`.
    static func ratios(_ top: [Double], over bottom: [Double], _ groups: ProcessGroups)
        -> [Double]
    {
        medians(zip(top, bottom).map { $0 / $1 }, groups)
    }

    /// Each process's `median(variant − floor)` and `median(baseline − floor)`: the two
    /// sides of its net ratio, kept apart so that they are pooled before they are divided.
    static func netSides(
        variant: [Double], baseline: [Double], floor: [Double], _ groups: ProcessGroups
    ) -> (top: [Double], bottom: [Double]) {
        (
            medians(zip(variant, floor).map { $0 - $1 }, groups),
            medians(zip(baseline, floor).map { $0 - $1 }, groups)
        )
    }

    /// The ratio of the units' mean `top` to their mean `bottom`, with Fieller's 95%
    /// interval (Student's t over the units, their covariance included).
    ///
    /// Why not the mean of each process's own ratio: where the floor is most of the
    /// baseline (vending's is 85–90%), a process of 2 rounds can see `baseline − floor` near
    /// zero or below, and its ratio is then unbounded; pooled first, the sides are as
    /// steady as their means. Fieller's interval is what the t interval is for a ratio: it
    /// holds the true ratio 95% of the time when the two means are normal, and it says the
    /// data cannot bound the ratio (no interval) when the denominator's own interval holds
    /// zero.
    ///
    /// - Returns: nil when there are no units or the mean `bottom` is not positive; with
    ///   one unit, or a denominator that cannot be told from zero, the ratio alone.
    static func ratioOfMeans(
        top: [Double], bottom: [Double], _ groups: ProcessGroups, reach: Reach
    ) -> Estimate? {
        let a = groups.unitValues(top)
        let b = groups.unitValues(bottom)
        guard !a.isEmpty, a.count == b.count else { return nil }
        let k = Double(a.count)
        let meanA = a.reduce(0, +) / k
        let meanB = b.reduce(0, +) / k
        guard meanB > 0 else { return nil }
        let ratio = meanA / meanB
        guard a.count >= 2 else { return Estimate(value: ratio) }
        // Variances and covariance of the two means.
        let varianceA = a.reduce(0) { $0 + ($1 - meanA) * ($1 - meanA) } / (k - 1) / k
        var varianceB = b.reduce(0) { $0 + ($1 - meanB) * ($1 - meanB) } / (k - 1) / k
        let covariance =
            zip(a, b).reduce(0) { $0 + ($1.0 - meanA) * ($1.1 - meanB) } / (k - 1) / k
        var t = PairedInterval.t975(degreesOfFreedom: a.count - 1)
        if case .rerun(let drift) = reach {
            // Each run's own relative drift of the ratio is `θ·drift·meanB` on
            // `meanA − θ·meanB`, at the normal's quantile where the units' variance is at
            // Student's; then two runs' differences.
            let scaled = Reach.z975 / t * drift * meanB
            varianceB += scaled * scaled
            t *= 2.0.squareRoot()
        }
        let t2 = t * t
        // (meanA − θ·meanB)² = t²·(varianceA − 2θ·covariance + θ²·varianceB), in θ.
        let quadratic = meanB * meanB - t2 * varianceB
        let linear = meanA * meanB - t2 * covariance
        let constant = meanA * meanA - t2 * varianceA
        let discriminant = linear * linear - quadratic * constant
        guard quadratic > 0, discriminant >= 0 else { return Estimate(value: ratio) }
        let root = discriminant.squareRoot()
        return Estimate(
            value: ratio, low: (linear - root) / quadratic, high: (linear + root) / quadratic)
    }

    /// Each process's `median(variant) − median(baseline)`.
    static func differences(_ variant: [Double], _ baseline: [Double], _ groups: ProcessGroups)
        -> [Double]
    {
        zip(medians(variant, groups), medians(baseline, groups)).map { $0 - $1 }
    }

    /// What an interval holds.
    enum Reach: Sendable, Equatable {
        /// A re-run's figure: another run of as many units lands in it 95% of the time.
        ///
        /// A re-run's mean has the same variance as this run's, `s²/k`, so their difference
        /// has twice it: `mean ± t·s·√(2/k)`, a prediction interval for the next run, which is
        /// what a reader of "95%" expects of it. A confidence interval of the mean (`t·s/√k`)
        /// holds where infinitely many re-runs would average.
        ///
        /// But a run's processes also share what moves a whole run and not its processes
        /// apart: the host's state over the minutes between runs, and the layouts relinked
        /// just before. `drift` is the standard deviation of that shift between runs, in the
        /// figure's own pooling units (logarithms for a `.logarithmic` figure, so a relative
        /// drift; the figure's own unit for a `.linear` one), and each run has its own, so
        /// it adds `2·drift²` to the difference's variance. One run cannot see it; its size
        /// is measured (`RunDrift`), not estimated from the run, so its quantile is the
        /// normal's (1.96), not Student's: `± √2·√((t·s/√k)² + (1.96·drift)²)`.
        case rerun(drift: Double)
        /// This run's processes only (an absolute time, which moves with the host's speed
        /// between runs): the confidence interval of their mean, `mean ± t·s/√k`.
        case thisRun

        /// The 97.5% quantile of the normal distribution, for the drift's known spread.
        static let z975 = 1.959964

        /// The half-width from the units' `t·s/√k` (`meanHalfWidth`).
        func halfWidth(meanHalfWidth: Double) -> Double {
            switch self {
            case .rerun(let drift):
                let term = Self.z975 * drift
                return (2 * (meanHalfWidth * meanHalfWidth + term * term)).squareRoot()
            case .thisRun: return meanHalfWidth
            }
        }
    }

    /// How a figure is pooled over units.
    enum Scale: Sendable {
        /// A difference, of either sign (the ns added, a net ratio): the arithmetic mean
        /// and `mean ± t·s/√k`.
        case linear
        /// A positive quantity (a ratio, a time): the same on the logarithms, so that the
        /// figure is the geometric mean and the interval `exp(mean ± t·s/√k)`, never below 0
        /// and as wide either way in relative terms, as a ratio's noise is. A value that is
        /// not positive falls back to `linear`.
        case logarithmic
    }

    /// The mean of the units' values and Student's t interval of it, holding `reach`, where a
    /// unit is a code layout when the processes ran several (the mean of its processes'
    /// values), else a process.
    ///
    /// - Returns: nil for no values; with one unit, its value and no interval. Infinite
    ///   values (a net ratio a process could not form) give the interval infinite bounds on
    ///   their side: the data cannot bound it there.
    static func unitInterval(
        _ perProcess: [Double], _ groups: ProcessGroups, scale: Scale = .linear, reach: Reach
    ) -> Estimate? {
        guard !perProcess.isEmpty else { return nil }
        if perProcess.contains(where: { !$0.isFinite }) {
            let finite = perProcess.filter(\.isFinite)
            let value = NetRatioInterval.percentile(perProcess.sorted(), 0.5)
            guard value.isFinite, !finite.isEmpty else { return Estimate(value: value) }
            let low = perProcess.contains(-.infinity) ? -Double.infinity : finite.min()!
            let high = perProcess.contains(.infinity) ? Double.infinity : finite.max()!
            return Estimate(value: value, low: low, high: high)
        }
        if scale == .logarithmic && perProcess.allSatisfy({ $0 > 0 }) {
            let logarithms = unitInterval(perProcess.map { log($0) }, groups, reach: reach)!
            return Estimate(
                value: exp(logarithms.value), low: logarithms.low.map(exp),
                high: logarithms.high.map(exp))
        }
        let units = groups.unitValues(perProcess)
        let interval = PairedInterval(units)
        guard let meanHalf = interval.halfWidth else { return Estimate(value: interval.mean) }
        let half = reach.halfWidth(meanHalfWidth: meanHalf)
        return Estimate(value: interval.mean, low: interval.mean - half, high: interval.mean + half)
    }
}

extension ProcessGroups {
    /// The values the interval is built over: one per code layout (the mean of its
    /// processes') when the processes ran several layouts, else one per process.
    func unitValues(_ perProcess: [Double]) -> [Double] {
        precondition(perProcess.count == processCount, "a value per process")
        guard layoutCount > 1 else { return perProcess }
        var sums = [Int: (sum: Double, count: Int)]()
        for (process, value) in perProcess.enumerated() {
            let layout = layoutOfProcess[process]
            let previous = sums[layout, default: (0, 0)]
            sums[layout] = (previous.sum + value, previous.count + 1)
        }
        return sums.keys.sorted().map { sums[$0]!.sum / Double(sums[$0]!.count) }
    }
}
