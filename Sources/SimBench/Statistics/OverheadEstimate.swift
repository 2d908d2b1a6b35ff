import SimBenchCore

/// What a pattern adds to each event, in nanoseconds, and how much real work an event must
/// do before that stops mattering: the answer in the user's units.
///
/// The overhead is `median(variant) − median(baseline)`, with a bootstrap interval paired by
/// round (and by process, `ProcessGroups`) like `RatioInterval`. The break-even work is the
/// work per event `W` above which the overhead is less than `negligible` of the total:
/// `overhead / (baseline + W) < negligible`, so `W = overhead / negligible − baseline`. Its
/// interval comes from the same resamples. A pattern that is not slower has no break-even
/// (there is nothing to amortise), and neither has one whose overhead is already under
/// `negligible` of the baseline's own work.
public struct OverheadEstimate: Sendable, Equatable {
    public let overhead: Double
    public let overheadInterval: ConfidenceInterval
    /// The break-even work per event; nil when it is undefined (`breakevenNote` says why).
    public let breakeven: Double?
    public let breakevenInterval: ConfidenceInterval?
    /// Why there is no break-even: empty when there is one.
    public let breakevenNote: String

    /// - Parameters:
    ///   - variant, baseline: per-event times of the same rounds, in the same order.
    ///   - negligible: the share of the total below which an overhead stops mattering, in
    ///     0<..<1.
    /// - Returns: nil when the series are empty or not paired.
    init?(
        variant: [Double], baseline: [Double], groups: ProcessGroups, negligible: Double,
        level: Double = Bootstrap.defaultLevel, resamples: Int = Bootstrap.defaultResamples,
        seed: UInt64 = Bootstrap.fixedSeed
    ) {
        precondition(
            negligible > 0 && negligible < 1, "negligible share \(negligible) outside 0<..<1")
        guard !baseline.isEmpty, variant.count == baseline.count,
            groups.sampleCount == baseline.count
        else { return nil }
        let baselineMedian = Percentile.median(sorted: baseline.sorted())
        overhead = Percentile.median(sorted: variant.sorted()) - baselineMedian
        var random = SplitMix64(seed: seed)
        var variantResample = ResampledMedian(samples: variant)
        var baselineResample = ResampledMedian(samples: baseline)
        var overheads = [Double]()
        var breakevens = [Double]()
        overheads.reserveCapacity(resamples)
        breakevens.reserveCapacity(resamples)
        for _ in 0..<resamples {
            groups.resample(using: &random) { round in
                variantResample.draw(index: round)
                baselineResample.draw(index: round)
            }
            let base = baselineResample.takeMedian()
            let difference = variantResample.takeMedian() - base
            overheads.append(difference)
            breakevens.append(difference / negligible - base)
        }
        overheadInterval = Bootstrap.percentileInterval(of: &overheads, level: level)
        let point = overhead / negligible - baselineMedian
        (breakeven, breakevenNote) = OverheadEstimate.breakeven(
            overhead: overhead, point: point, negligible: negligible)
        breakevenInterval =
            breakeven == nil
            ? nil : Bootstrap.percentileInterval(of: &breakevens, level: level)
    }

    /// Over several processes: each process's overhead (`ProcessEstimates.nsAdded`, the
    /// difference of its medians) and break-even (against its own baseline median), pooled
    /// with Student's t over processes, or code layouts (`ProcessEstimates.unitInterval`),
    /// with the drift between runs that the processes cannot show (`RunDrift.nsAdded`).
    ///
    /// - Returns: nil when the values are not one per process, or too few units for an
    ///   interval.
    init?(
        overheads: [Double], baselines: [Double], groups: ProcessGroups, negligible: Double
    ) {
        precondition(
            negligible > 0 && negligible < 1, "negligible share \(negligible) outside 0<..<1")
        guard overheads.count == groups.processCount, baselines.count == groups.processCount
        else { return nil }
        let baselineUnits = groups.unitValues(baselines)
        let baselineMean = baselineUnits.reduce(0, +) / Double(baselineUnits.count)
        let overheadUnits = groups.unitValues(overheads)
        let drift = RunDrift.measured.nsAdded(
            overheadUnits.reduce(0, +) / Double(overheadUnits.count), baselineCPU: baselineMean)
        guard
            let added = ProcessEstimates.unitInterval(
                overheads, groups, reach: .rerun(drift: drift)),
            let low = added.low, let high = added.high
        else { return nil }
        overhead = added.value
        overheadInterval = ConfidenceInterval(
            lower: low, upper: high, level: Bootstrap.defaultLevel)
        let (point, note) = OverheadEstimate.breakeven(
            overhead: overhead, point: overhead / negligible - baselineMean,
            negligible: negligible)
        (breakeven, breakevenNote) = (point, note)
        let breakevens = zip(overheads, baselines).map { $0 / negligible - $1 }
        // The break-even is the ns added over `negligible`, less the baseline: its drift is
        // the ns added's, magnified as its value is.
        breakevenInterval = ProcessEstimates.unitInterval(
            breakevens, groups, reach: .rerun(drift: drift / negligible)
        ).flatMap {
            guard point != nil, let low = $0.low, let high = $0.high else { return nil }
            return ConfidenceInterval(lower: low, upper: high, level: Bootstrap.defaultLevel)
        }
    }

    /// The break-even `point` when there is one, else nil and why not.
    private static func breakeven(overhead: Double, point: Double, negligible: Double)
        -> (Double?, String)
    {
        if overhead <= 0 { return (nil, "not slower than the baseline: nothing to amortise") }
        if point <= 0 {
            return (
                nil,
                "overhead already under \(RelativeChange.percent(negligible)) of the baseline's own work"
            )
        }
        return (point, "")
    }
}
