import SimBenchCore

/// What a configuration's floor adds to each of its rows: the floor's own median, its share
/// of the baseline, and each variant's ratio net of it.
struct FloorFigures {
    /// The floor's per-event time in each round.
    let series: [Double]
    let median: Double
    /// The floor's median over the baseline's; nil when the baseline is not trusted.
    let share: Double?
    /// The baseline's per-event time in each round.
    let baseline: [Double]
    let baselineTrusted: Bool
    /// Which process took each round, for the two-stage bootstrap.
    let groups: ProcessGroups

    /// Sets the floor columns of `row`, whose variant took `variant` per event in each round;
    /// the net ratio only when the variant's outcome was right (`trusted`), and its interval
    /// only from enough rounds (`Bootstrap.minimumSamples`), like every other interval.
    /// Over several processes each process's two sides, `variant − floor` and
    /// `baseline − floor`, are pooled before they are divided, with Fieller's interval
    /// (`ProcessEstimates.ratioOfMeans`).
    func fill(_ row: inout ResultRow, variant: [Double], trusted: Bool) {
        row.floorNsPerEvent = median
        row.floorShare = share
        guard trusted, baselineTrusted else { return }
        if groups.processCount > 1 {
            let sides = ProcessEstimates.netSides(
                variant: variant, baseline: baseline, floor: series, groups)
            row.ratioNetOfFloor = ProcessEstimates.ratioOfMeans(
                top: sides.top, bottom: sides.bottom, groups,
                reach: .rerun(drift: RunDrift.measured.netRatio))
            return
        }
        let net = NetRatioInterval(
            variant: variant, baseline: baseline, floor: series, groups: groups)
        row.ratioNetOfFloor = Estimate(net?.estimate, net?.interval, samples: series.count)
    }
}

extension ConfigurationResult {
    /// The floor's figures, when the configuration measured a floor whose outcome was the
    /// same every round.
    func floorFigures(baseline: [Double], baselineTrusted: Bool) -> FloorFigures? {
        guard let name = planned.variants.first(where: { $0.role == .floor })?.name,
            verdicts[name]?.matchesBaseline == true
        else { return nil }
        let series = nanosecondsPerEvent(of: name)
        guard !series.isEmpty else { return nil }
        let floorMedian = Percentile.median(sorted: series.sorted())
        let baselineMedian = baseline.isEmpty ? 0 : Percentile.median(sorted: baseline.sorted())
        return FloorFigures(
            series: series, median: floorMedian,
            share: baselineTrusted && baselineMedian > 0 ? floorMedian / baselineMedian : nil,
            baseline: baseline, baselineTrusted: baselineTrusted, groups: processGroups)
    }
}
