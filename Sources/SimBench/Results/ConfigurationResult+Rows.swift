import SimBenchCore

extension ConfigurationResult {
    /// One result row per variant, baseline first.
    public func rows(environment: RunEnvironment, seed: UInt64) -> [ResultRow] {
        let baseline = baselineSamples()
        return planned.variants.map { variant in
            let measured = variantSamples(of: variant)
            var row = settingsRow(of: measured, environment: environment, seed: seed)
            addWallTime(to: &row, measured, baseline)
            addCPUTime(to: &row, measured, baseline)
            addCounts(to: &row, measured)
            addMemory(to: &row, measured, baseline)
            addOverhead(to: &row, measured, baseline)
            baseline.floor?.fill(&row, variant: measured.series, trusted: measured.ok)
            addAxisComparison(to: &row, measured, groups: baseline.groups)
            addModes(to: &row)
            return row
        }
    }

    private func baselineSamples() -> BaselineSamples {
        let name = planned.entry.baseline.name
        let series = nanosecondsPerEvent(of: name)
        let trusted = verdicts[name]?.matchesBaseline == true
        return BaselineSamples(
            name: name, series: series, cpu: cpuNanosecondsPerEvent(of: name), trusted: trusted,
            groups: processGroups, floor: floorFigures(baseline: series, baselineTrusted: trusted))
    }

    private func variantSamples(of variant: VariantInfo) -> VariantSamples {
        let verdict = verdicts[variant.name]
        return VariantSamples(
            variant: variant, verdict: verdict, ok: verdict?.matchesBaseline == true,
            series: nanosecondsPerEvent(of: variant.name),
            cpu: cpuNanosecondsPerEvent(of: variant.name),
            measurements: rawSamples(of: variant.name),
            perProcess: processEstimates(of: variant.name))
    }

    /// Over several processes, the estimate of `perProcess` and its interval, built over
    /// processes (or code layouts, `ProcessEstimates.unitInterval`), with `value` in place of
    /// the units' mean when given; nil with one process, whose figures keep the bootstrap of
    /// its rounds, or without values.
    private func byProcess(
        _ perProcess: [Double], _ groups: ProcessGroups, value: Double? = nil,
        reach: ProcessEstimates.Reach
    ) -> Estimate? {
        guard groups.processCount > 1,
            var estimate = ProcessEstimates.unitInterval(
                perProcess, groups, scale: .logarithmic, reach: reach)
        else { return nil }
        if let value { estimate.value = value }
        return estimate
    }

    /// The row with what was measured and how (the configuration, the rounds, the processes,
    /// the sweep), whether the outcome was right, and the setup's cost; no figure yet.
    private func settingsRow(
        of measured: VariantSamples, environment: RunEnvironment, seed: UInt64
    ) -> ResultRow {
        let variant = measured.variant
        var row = ResultRow(
            environment: environment,
            scenario: planned.entry.name,
            parameters: planned.configuration.parameters.canonical,
            variant: variant.name,
            role: variant.role,
            status: measured.ok ? .ok : .wrong,
            eventUnit: planned.entry.descriptor.eventUnit,
            machines: planned.configuration.entities,
            eventsPerMachine: planned.configuration.eventsPerEntity,
            eventsPerRound: events,
            actors: actors,
            rounds: rounds,
            warmupRounds: warmupRounds,
            seed: seed,
            setupMilliseconds: Double(setup.shardNanoseconds) / 1e6,
            prepareMilliseconds: Double(setup.prepareNanoseconds[variant.name] ?? 0) / 1e6,
            checksum: measured.verdict?.checksum ?? 0)
        row.entityUnit = planned.entry.descriptor.entityUnit
        row.processes = processes
        row.layouts = intervalScope.layouts
        row.intervalUnit = intervalScope.unit
        row.estimatedPeakBytes = planned.estimatedPeakBytes
        row.sweep = planned.sweep
        row.emptyRoundNs =
            setup.emptyRoundNanoseconds > 0 ? Double(setup.emptyRoundNanoseconds) : nil
        return row
    }

    /// Wall time per event, when the outcome was right, and its ratio to the baseline's,
    /// paired by round, when the baseline's was right too.
    private func addWallTime(
        to row: inout ResultRow, _ measured: VariantSamples, _ baseline: BaselineSamples
    ) {
        let groups = baseline.groups
        var time = measured.ok ? TimeStatistics(samples: measured.series, groups: groups) : nil
        if let bounds = byProcess(measured.perProcess.nsPerEvent, groups, reach: .thisRun) {
            time?.medianLow = bounds.low ?? .nan
            time?.medianHigh = bounds.high ?? .nan
        }
        row.nsPerEvent = time
        row.eventsPerSecond = time.map { 1e9 / $0.median }
        guard measured.ok && baseline.trusted else { return }
        row.ratioToBaseline =
            byProcess(
                measured.perProcess.ratio, groups, reach: .rerun(drift: RunDrift.measured.ratio))
            ?? RatioInterval(variant: measured.series, baseline: baseline.series, groups: groups)
            .flatMap { Estimate($0.estimate, $0.interval, samples: measured.count) }
    }

    /// Thread CPU time per event, its ratio to the baseline's and to the machine-speed
    /// reference's, paired by round, and how fully the workers used their cores.
    private func addCPUTime(
        to row: inout ResultRow, _ measured: VariantSamples, _ baseline: BaselineSamples
    ) {
        let (ok, cpu, groups) = (measured.ok, measured.cpu, baseline.groups)
        let perProcess = measured.perProcess
        let references = measured.measurements.map { Double($0.referenceNanoseconds) }
        let utilizations = measured.measurements.map(\.utilization)
        row.utilizationMedian = utilizations.isEmpty ? nil : median(utilizations)
        row.interferedRounds = interferedRounds(of: measured.variant.name)
        if ok && !cpu.isEmpty {
            row.cpuNsPerEventMedian =
                byProcess(perProcess.cpuNsPerEvent, groups, value: median(cpu), reach: .thisRun)
                ?? SampleSummary(samples: cpu, groups: groups).medianEstimate
        }
        if ok && baseline.trusted {
            row.cpuRatioToBaseline =
                byProcess(
                    perProcess.cpuRatio, groups, reach: .rerun(drift: RunDrift.measured.cpuRatio))
                ?? RatioInterval(variant: cpu, baseline: baseline.cpu, groups: groups)
                .flatMap { Estimate($0.estimate, $0.interval, samples: measured.count) }
        }
        if ok && references.allSatisfy({ $0 > 0 }) {
            row.referenceNsMedian = median(references)
            row.cpuPerReference =
                byProcess(perProcess.cpuPerReference, groups, reach: .thisRun)
                ?? RatioInterval(variant: cpu, baseline: references, groups: groups)
                .flatMap { Estimate($0.estimate, $0.interval, samples: measured.count) }
        }
    }

    /// Allocations and instructions per event: medians over the rounds, only when the
    /// outcome was right and every round counted them.
    private func addCounts(to row: inout ResultRow, _ measured: VariantSamples) {
        let measurements = measured.measurements
        let perEvent = Double(max(events, 1))
        let allocations = measurements.compactMap(\.allocations)
        let instructions = measurements.compactMap(\.instructions)
        row.allocationsPerEvent =
            measured.ok && allocations.count == measurements.count && !allocations.isEmpty
            ? median(allocations.map { Double($0) / perEvent }) : nil
        row.instructionsPerEvent =
            measured.ok && !instructions.isEmpty && instructions.count == measurements.count
            ? median(instructions.map { Double($0) / perEvent }) : nil
        row.instructionsSource =
            row.instructionsPerEvent != nil ? InstructionSource.perfSource : ""
    }

    /// Memory: the peak resident bytes, the setup's resident growth per machine, and the heap
    /// bytes per entity of the variant's own representation, beside the baseline's.
    private func addMemory(
        to row: inout ResultRow, _ measured: VariantSamples, _ baseline: BaselineSamples
    ) {
        let variant = measured.variant
        row.peakResidentBytes = measured.measurements.compactMap(\.peakResidentBytes).max()
        row.residentBytesPerMachine = residentGrowth.map {
            Double(max($0, 0)) / Double(max(planned.configuration.entities, 1))
        }
        row.bytesPerEntity = setup.bytesPerEntity[variant.name]
        if variant.name != baseline.name {
            row.bytesPerEntityOverBaseline = row.bytesPerEntity.flatMap { bytes in
                setup.bytesPerEntity[baseline.name].map { bytes - $0 }
            }
        }
    }

    /// What a pattern adds per event over its baseline, and its break-even, in CPU time, the
    /// steadier metric (Methodology, "Steady numbers"); only when both outcomes were right.
    /// Over several processes, each process's difference of medians, pooled by
    /// `ProcessEstimates.unitInterval`.
    private func addOverhead(
        to row: inout ResultRow, _ measured: VariantSamples, _ baseline: BaselineSamples
    ) {
        let variant = measured.variant
        guard variant.name != baseline.name, variant.role == .pattern,
            measured.ok && baseline.trusted,
            let overhead = baseline.groups.processCount > 1
                ? OverheadEstimate(
                    overheads: measured.perProcess.nsAdded,
                    baselines: measured.perProcess.baselineCPU, groups: baseline.groups,
                    negligible: negligible)
                : OverheadEstimate(
                    variant: measured.cpu, baseline: baseline.cpu, groups: baseline.groups,
                    negligible: negligible)
        else { return }
        row.negligible = negligible
        row.overheadNsPerEvent = Estimate(
            overhead.overhead, overhead.overheadInterval, samples: measured.count)
        row.breakevenNsPerEvent = Estimate(
            overhead.breakeven, overhead.breakevenInterval, samples: measured.count)
        row.breakevenNote = overhead.breakevenNote
    }

    /// The variant's wall time over the same variant's in the axis reference (the first
    /// value of the axis, measured in the same rounds), when both outcomes were right.
    private func addAxisComparison(
        to row: inout ResultRow, _ measured: VariantSamples, groups: ProcessGroups
    ) {
        guard let reference = axisReference else { return }
        let name = measured.variant.name
        let series = reference.nanosecondsPerEvent[name] ?? []
        row.axisReference = reference.parameters
        guard measured.ok && reference.trusted.contains(name) else { return }
        let perProcess =
            series.count == measured.series.count && series.allSatisfy({ $0 > 0 })
            ? ProcessEstimates.ratios(measured.series, over: series, groups) : []
        row.ratioToAxisReference =
            byProcess(perProcess, groups, reach: .rerun(drift: RunDrift.measured.ratio))
            ?? RatioInterval(variant: measured.series, baseline: series, groups: groups)
            .flatMap { Estimate($0.estimate, $0.interval, samples: measured.count) }
    }
}

/// The baseline's samples, which every row of a configuration is compared with, gathered
/// once, with which process took each round and the floor's figures.
private struct BaselineSamples {
    let name: String
    /// Wall and thread CPU nanoseconds per event, one sample per round.
    let series: [Double]
    let cpu: [Double]
    /// Whether the baseline's outcome was the same every round: no ratio to it otherwise.
    let trusted: Bool
    let groups: ProcessGroups
    let floor: FloorFigures?
}

/// One variant's samples, and whether its outcome matched the baseline's (`ok`): a wrong
/// variant gets no timings.
private struct VariantSamples {
    let variant: VariantInfo
    let verdict: OutcomeVerdict?
    let ok: Bool
    /// Wall and thread CPU nanoseconds per event, one sample per round.
    let series: [Double]
    let cpu: [Double]
    let measurements: [RoundMeasurement]
    /// The same figures, formed within each process.
    let perProcess: ProcessEstimates

    /// The variant's samples: its rounds, pooled over processes. Each interval is kept only
    /// when they are enough for one (`Estimate(_:_:samples:)`).
    var count: Int { series.count }
}

extension SampleSummary {
    /// The median with its interval, as a row stores it.
    var medianEstimate: Estimate? { Estimate(median, medianInterval) }
}

private func median(_ values: [Double]) -> Double {
    Percentile.median(sorted: values.sorted())
}

extension TimeStatistics {
    /// The statistics of per-event times, one sample per round.
    init(samples: [Double], groups: ProcessGroups) {
        let summary = SampleSummary(samples: samples, groups: groups)
        self.init(
            median: summary.median, min: summary.minimum, max: summary.maximum,
            mean: summary.mean, standardDeviation: summary.standardDeviation,
            coefficientOfVariation: summary.coefficientOfVariation, p10: summary.p10,
            p90: summary.p90, medianLow: summary.medianInterval?.lower ?? .nan,
            medianHigh: summary.medianInterval?.upper ?? .nan,
            mildOutliers: summary.mildOutlierCount, severeOutliers: summary.severeOutlierCount)
    }
}
