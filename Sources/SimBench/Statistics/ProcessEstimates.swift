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
/// the code and are not independent of each other.
///
/// Values are in process order (`ProcessGroups.members`). A figure a process cannot form
/// (a net ratio whose baseline was no dearer than the floor) is ±∞ there.
struct ProcessEstimates: Sendable, Equatable {
    /// Wall time over the baseline's, the median of the process's per-round ratios.
    var ratio: [Double] = []
    /// Thread CPU time over the baseline's, likewise.
    var cpuRatio: [Double] = []
    /// `median(variant − floor) / median(baseline − floor)` over the process's rounds.
    var netRatio: [Double] = []
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

    /// Each process's `median(variant − floor) / median(baseline − floor)`; equal medians
    /// are 1 and a zero numerator 0, a denominator that is not positive ±∞
    /// (`NetRatioInterval.ratio`).
    static func netRatios(
        variant: [Double], baseline: [Double], floor: [Double], _ groups: ProcessGroups
    ) -> [Double] {
        let top = medians(zip(variant, floor).map { $0 - $1 }, groups)
        let bottom = medians(zip(baseline, floor).map { $0 - $1 }, groups)
        return zip(top, bottom).map { NetRatioInterval.ratio($0, $1) }
    }

    /// Each process's `median(variant) − median(baseline)`.
    static func differences(_ variant: [Double], _ baseline: [Double], _ groups: ProcessGroups)
        -> [Double]
    {
        zip(medians(variant, groups), medians(baseline, groups)).map { $0 - $1 }
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

    /// The mean of the units' values and Student's t interval of it, where a unit is a code
    /// layout when the processes ran several (the mean of its processes' values), else a
    /// process.
    ///
    /// - Returns: nil for no values; with one unit, its value and no interval. Infinite
    ///   values (a net ratio a process could not form) give the interval infinite bounds on
    ///   their side: the data cannot bound it there.
    static func unitInterval(
        _ perProcess: [Double], _ groups: ProcessGroups, scale: Scale = .linear
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
            let logarithms = unitInterval(perProcess.map { log($0) }, groups)!
            return Estimate(
                value: exp(logarithms.value), low: logarithms.low.map(exp),
                high: logarithms.high.map(exp))
        }
        let units = groups.unitValues(perProcess)
        let interval = PairedInterval(units)
        guard let half = interval.halfWidth else { return Estimate(value: interval.mean) }
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
