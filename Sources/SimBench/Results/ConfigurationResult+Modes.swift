import Foundation

extension ConfigurationResult {
    /// Each process's estimate of `variant`'s CPU ratio to the baseline: the median over the
    /// process's rounds of the per-round ratio, processes in order; empty when the rounds
    /// are not paired (a baseline round not positive, or the series differ in length).
    public func processCPURatios(of variant: String) -> [Double] {
        let baseline = cpuNanosecondsPerEvent(of: planned.entry.baseline.name)
        let measured = cpuNanosecondsPerEvent(of: variant)
        guard measured.count == baseline.count, baseline.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return [] }
        return ProcessEstimates.ratios(measured, over: baseline, processGroups)
    }

    /// The row's per-process CPU ratios and the modes among them (`ModeDetector`), when it
    /// has a CPU ratio to the baseline; with too few processes the modes stay nil: not
    /// judged, never one.
    func addModes(to row: inout ResultRow) {
        guard row.cpuRatioToBaseline != nil else { return }
        let estimates = processCPURatios(of: row.variant)
        row.processCPURatios = estimates
        row.processModes = ModeDetector.modes(of: estimates)
    }
}
