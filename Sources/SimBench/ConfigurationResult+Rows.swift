import SimBenchCore

extension ConfigurationResult {
    /// One result row per variant, baseline first.
    public func rows(environment: RunEnvironment, seed: UInt64) -> [ResultRow] {
        let baselineName = planned.entry.baseline.name
        let baselineSeries = nanosecondsPerEvent(of: baselineName)
        let baselineTrusted = verdicts[baselineName]?.matchesBaseline == true
        return planned.variants.map { variant in
            let verdict = verdicts[variant.name]
            let ok = verdict?.matchesBaseline == true
            let series = nanosecondsPerEvent(of: variant.name)
            let time = ok ? TimeStatistics(samples: series) : nil
            let ratio =
                ok && baselineTrusted
                ? RatioInterval(variant: series, baseline: baselineSeries) : nil
            let measurements = rawSamples(of: variant.name)
            let perEvent = Double(max(events, 1))
            let cpu = measurements.map { Double($0.cpuNanoseconds) / perEvent }
            let allocations = measurements.compactMap(\.allocations)
            let instructions = measurements.compactMap(\.instructions)
            let axis = axisReference.flatMap { reference -> RatioInterval? in
                guard ok, reference.trusted.contains(variant.name) else { return nil }
                return RatioInterval(
                    variant: series, baseline: reference.nanosecondsPerEvent[variant.name] ?? [])
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
                ratioToBaseline: ratio?.estimate,
                ratioLow: ratio?.interval.lower,
                ratioHigh: ratio?.interval.upper,
                cpuNsPerEventMedian: ok && !cpu.isEmpty ? median(cpu) : nil,
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
            if let reference = axisReference {
                row.axisReference = reference.parameters
                row.ratioToAxisReference = axis?.estimate
                row.axisRatioLow = axis?.interval.lower
                row.axisRatioHigh = axis?.interval.upper
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
    init(samples: [Double]) {
        let summary = SampleSummary(samples: samples)
        self.init(
            median: summary.median, min: summary.minimum, max: summary.maximum,
            mean: summary.mean, standardDeviation: summary.standardDeviation,
            coefficientOfVariation: summary.coefficientOfVariation, p10: summary.p10,
            p90: summary.p90, medianLow: summary.medianInterval?.lower ?? .nan,
            medianHigh: summary.medianInterval?.upper ?? .nan,
            mildOutliers: summary.mildOutlierCount, severeOutliers: summary.severeOutlierCount)
    }
}
