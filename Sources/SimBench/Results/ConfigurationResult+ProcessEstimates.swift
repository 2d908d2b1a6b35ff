extension ConfigurationResult {
    /// `variant`'s figures as each process measured them (`ProcessEstimates`): every
    /// figure the samples allow, whatever the outcome; the rows keep them only where the
    /// outcome was right. A figure the samples do not allow is empty: the ratios without a
    /// positive baseline in every round, the ratio to the
    /// machine-speed reference without a reference in every round.
    func processEstimates(of variant: String) -> ProcessEstimates {
        let groups = processGroups
        let wall = nanosecondsPerEvent(of: variant)
        let cpu = cpuNanosecondsPerEvent(of: variant)
        guard !wall.isEmpty, wall.count == groups.sampleCount else { return ProcessEstimates() }
        let baseline = planned.entry.baseline.name
        let baselineWall = nanosecondsPerEvent(of: baseline)
        let baselineCPU = cpuNanosecondsPerEvent(of: baseline)
        let references = rawSamples(of: variant).map { Double($0.referenceNanoseconds) }
        var estimates = ProcessEstimates()
        estimates.nsPerEvent = ProcessEstimates.medians(wall, groups)
        estimates.cpuNsPerEvent = ProcessEstimates.medians(cpu, groups)
        if baselineWall.allSatisfy({ $0 > 0 }) {
            estimates.ratio = ProcessEstimates.ratios(wall, over: baselineWall, groups)
        }
        if baselineCPU.allSatisfy({ $0 > 0 }) {
            estimates.cpuRatio = ProcessEstimates.ratios(cpu, over: baselineCPU, groups)
        }
        estimates.baselineCPU = ProcessEstimates.medians(baselineCPU, groups)
        estimates.nsAdded = ProcessEstimates.differences(cpu, baselineCPU, groups)
        if references.allSatisfy({ $0 > 0 }) {
            estimates.cpuPerReference = ProcessEstimates.ratios(cpu, over: references, groups)
        }
        return estimates
    }
}
