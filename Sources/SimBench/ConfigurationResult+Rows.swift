import SimBenchCore

extension ConfigurationResult {
    /// One result row per variant, baseline first.
    public func rows(environment: RunEnvironment, seed: UInt64) -> [ResultRow] {
        let baselineName = planned.entry.baseline.name
        let baselineSeries = nanosecondsPerEvent(of: baselineName)
        let baselineCPU = cpuNanosecondsPerEvent(of: baselineName)
        let baselineTrusted = verdicts[baselineName]?.matchesBaseline == true
        let groups = processGroups
        let floor = floorFigures(baseline: baselineSeries, baselineTrusted: baselineTrusted)
        return planned.variants.map { variant in
            let verdict = verdicts[variant.name]
            let ok = verdict?.matchesBaseline == true
            let series = nanosecondsPerEvent(of: variant.name)
            let time = ok ? TimeStatistics(samples: series, groups: groups) : nil
            let ratio =
                ok && baselineTrusted
                ? RatioInterval(variant: series, baseline: baselineSeries, groups: groups) : nil
            let measurements = rawSamples(of: variant.name)
            let perEvent = Double(max(events, 1))
            let cpu = cpuNanosecondsPerEvent(of: variant.name)
            let cpuSummary = ok && !cpu.isEmpty ? SampleSummary(samples: cpu, groups: groups) : nil
            let cpuRatio =
                ok && baselineTrusted
                ? RatioInterval(variant: cpu, baseline: baselineCPU, groups: groups) : nil
            let references = measurements.map { Double($0.referenceNanoseconds) }
            let perReference =
                ok && references.allSatisfy({ $0 > 0 })
                ? RatioInterval(variant: cpu, baseline: references, groups: groups) : nil
            let utilizations = measurements.map(\.utilization)
            // Each interval is kept only when the variant's samples (its rounds, pooled over
            // processes) are enough for one.
            let samples = series.count
            let allocations = measurements.compactMap(\.allocations)
            let instructions = measurements.compactMap(\.instructions)
            let axis = axisReference.flatMap { reference -> RatioInterval? in
                guard ok, reference.trusted.contains(variant.name) else { return nil }
                return RatioInterval(
                    variant: series, baseline: reference.nanosecondsPerEvent[variant.name] ?? [],
                    groups: groups)
            }
            var row = ResultRow(
                environment: environment,
                scenario: planned.entry.name,
                parameters: planned.configuration.parameters.canonical,
                variant: variant.name,
                role: variant.role,
                status: ok ? .ok : .wrong,
                eventUnit: planned.entry.descriptor.eventUnit,
                machines: planned.configuration.entities,
                eventsPerMachine: planned.configuration.eventsPerEntity,
                eventsPerRound: events,
                actors: actors,
                rounds: rounds,
                warmupRounds: warmupRounds,
                seed: seed,
                nsPerEvent: time,
                eventsPerSecond: time.map { 1e9 / $0.median },
                ratioToBaseline: Estimate(ratio?.estimate, ratio?.interval, samples: samples),
                cpuNsPerEventMedian: Estimate(cpuSummary?.median, cpuSummary?.medianInterval),
                allocationsPerEvent: ok && allocations.count == measurements.count && !allocations.isEmpty
                    ? median(allocations.map { Double($0) / perEvent }) : nil,
                peakResidentBytes: measurements.compactMap(\.peakResidentBytes).max(),
                residentBytesPerMachine: residentGrowth.map {
                    Double(max($0, 0)) / Double(max(planned.configuration.entities, 1))
                },
                instructionsPerEvent: ok && !instructions.isEmpty && instructions.count == measurements.count
                    ? median(instructions.map { Double($0) / perEvent }) : nil,
                setupMilliseconds: Double(setup.shardNanoseconds) / 1e6,
                prepareMilliseconds: Double(setup.prepareNanoseconds[variant.name] ?? 0) / 1e6,
                checksum: verdict?.checksum ?? 0)
            row.processes = processes
            row.utilizationMedian = utilizations.isEmpty ? nil : median(utilizations)
            row.interferedRounds = interferedRounds(of: variant.name)
            row.cpuRatioToBaseline = Estimate(
                cpuRatio?.estimate, cpuRatio?.interval, samples: samples)
            row.estimatedPeakBytes = planned.estimatedPeakBytes
            row.sweep = planned.sweep
            row.instructionsSource = row.instructionsPerEvent != nil ? InstructionSource.perfSource : ""
            row.emptyRoundNs = setup.emptyRoundNanoseconds > 0 ? Double(setup.emptyRoundNanoseconds) : nil
            row.bytesPerEntity = setup.bytesPerEntity[variant.name]
            if variant.name != baselineName {
                row.bytesPerEntityOverBaseline = row.bytesPerEntity.flatMap { bytes in
                    setup.bytesPerEntity[baselineName].map { bytes - $0 }
                }
                // In CPU time, the steadier metric (README, "Steady numbers"); patterns only.
                if variant.role == .pattern, ok && baselineTrusted, let overhead = OverheadEstimate(
                    variant: cpu, baseline: baselineCPU, groups: groups, negligible: negligible)
                {
                    row.negligible = negligible
                    row.overheadNsPerEvent = Estimate(
                        overhead.overhead, overhead.overheadInterval, samples: samples)
                    row.breakevenNsPerEvent = Estimate(
                        overhead.breakeven, overhead.breakevenInterval, samples: samples)
                    row.breakevenNote = overhead.breakevenNote
                }
            }
            row.referenceNsMedian = perReference != nil ? median(references) : nil
            row.cpuPerReference = Estimate(
                perReference?.estimate, perReference?.interval, samples: samples)
            floor?.fill(&row, variant: series, trusted: ok)
            if let reference = axisReference {
                row.axisReference = reference.parameters
                row.ratioToAxisReference = Estimate(
                    axis?.estimate, axis?.interval, samples: samples)
            }
            return row
        }
    }
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
