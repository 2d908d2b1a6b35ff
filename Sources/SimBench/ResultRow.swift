/// One (scenario configuration, variant) line of a run's results: the CSV schema.
///
/// Column names are public interface: users' scripts, CI baselines and `simbench compare`
/// read them. Add columns at the end; never rename one. Figures that were not measured
/// (a wrong variant's timings, instruction counts where the kernel refuses) are empty cells.
public struct ResultRow: Sendable, Equatable {
    public var environment: RunEnvironment
    public var scenario: String
    /// `key=value;key=value`, sorted by key.
    public var parameters: String
    public var variant: String
    public var role: String
    /// `ok`, or `wrong` when the outcome differed from the baseline's (no timings then).
    public var status: String
    public var eventUnit: String
    public var machines: Int
    public var eventsPerMachine: Int
    public var eventsPerRound: Int
    public var actors: Int
    public var rounds: Int
    public var warmupRounds: Int
    public var seed: UInt64
    public var nsPerEvent: TimeStatistics?
    public var eventsPerSecond: Double?
    public var ratioToBaseline: Double?
    public var ratioLow: Double?
    public var ratioHigh: Double?
    public var cpuNsPerEventMedian: Double?
    public var allocationsPerEvent: Double?
    public var peakResidentBytes: UInt64?
    public var residentBytesPerMachine: Double?
    public var instructionsPerEvent: Double?
    public var setupMilliseconds: Double
    public var prepareMilliseconds: Double
    public var checksum: UInt64
    /// The axis value this configuration is compared with (`matcher=scan`), measured in the
    /// same rounds; empty for the first value and for scenarios without an axis.
    public var axisReference: String = ""
    /// This variant's median over the same variant's median in `axisReference`.
    public var ratioToAxisReference: Double?
    public var axisRatioLow: Double?
    public var axisRatioHigh: Double?
    /// The processes whose samples are pooled (`run --processes K`).
    public var processes: Int = 1
    /// The 95% interval of the median CPU ns per event (`cpuNsPerEventMedian`).
    public var cpuNsPerEventLow: Double?
    public var cpuNsPerEventHigh: Double?
    /// The median over rounds of Σ worker thread CPU / (wall × workers that can run at once).
    public var utilizationMedian: Double?
    /// Rounds whose utilisation fell below `Interference.fraction` of the median.
    public var interferedRounds: Int?
    /// The CPU-time ratio to the baseline, paired by round, and its 95% interval.
    public var cpuRatioToBaseline: Double?
    public var cpuRatioLow: Double?
    public var cpuRatioHigh: Double?
    /// The median thread CPU ns of the machine-speed reference (`MachineSpeedReference`).
    public var referenceNsMedian: Double?
    /// CPU ns per event over the reference's ns in the same round: the median, and its CI.
    public var cpuPerReference: Double?
    public var cpuPerReferenceLow: Double?
    public var cpuPerReferenceHigh: Double?
    /// The median wall ns of a round that runs no variant: the harness's fixed cost.
    public var emptyRoundNs: Double?
    /// What the pattern adds per event, in CPU ns (`OverheadEstimate`), with its CI.
    public var overheadNsPerEvent: Double?
    public var overheadLow: Double?
    public var overheadHigh: Double?
    /// The real work per event above which the overhead is under `negligible` of the total.
    public var breakevenNsPerEvent: Double?
    public var breakevenLow: Double?
    public var breakevenHigh: Double?
    /// Why there is no break-even (faster than the baseline, already negligible).
    public var breakevenNote = ""
    /// The `--negligible` share the break-even is computed for.
    public var negligible: Double?
    /// The heap bytes the variant's own representation holds per entity at its peak, and
    /// the difference from the baseline's.
    public var bytesPerEntity: Double?
    public var bytesPerEntityOverBaseline: Double?
    /// The median per-event time of the scenario's floor (its inputs and recording, no
    /// pattern logic), measured in the same rounds; the same in every row of a configuration.
    public var floorNsPerEvent: Double?
    /// The floor's median over the baseline's: how much of the baseline is bookkeeping.
    public var floorShare: Double?
    /// `(variant − floor) / (baseline − floor)`, paired by round (`NetRatioInterval`).
    public var ratioNetOfFloor: Double?
    public var ratioNetLow: Double?
    public var ratioNetHigh: Double?

    public static let columns = [
        "run_id", "timestamp", "host", "cpu", "cores", "load_average", "os", "swift_version",
        "build_config", "build_flags", "git_commit", "scenario", "params", "variant", "role",
        "status", "event_unit", "machines", "events_per_machine", "events_per_round", "actors",
        "rounds", "warmup_rounds", "seed", "ns_per_event_median", "ns_per_event_min",
        "ns_per_event_max", "ns_per_event_mean", "ns_per_event_stddev", "ns_per_event_cv",
        "ns_per_event_p10", "ns_per_event_p90", "ns_per_event_ci_low", "ns_per_event_ci_high",
        "outliers_mild", "outliers_severe", "events_per_second", "ratio_to_baseline",
        "ratio_ci_low", "ratio_ci_high", "cpu_ns_per_event_median", "allocs_per_event",
        "peak_rss_bytes", "rss_bytes_per_machine", "instructions_per_event", "setup_ms",
        "prepare_ms", "checksum", "axis_reference", "ratio_to_axis_reference",
        "axis_ratio_ci_low", "axis_ratio_ci_high", "processes", "cpu_ns_per_event_ci_low",
        "cpu_ns_per_event_ci_high", "utilization_median", "interfered_rounds",
        "cpu_ratio_to_baseline", "cpu_ratio_ci_low", "cpu_ratio_ci_high", "reference_ns_median",
        "cpu_per_reference", "cpu_per_reference_ci_low", "cpu_per_reference_ci_high",
        "empty_round_ns", "overhead_ns_per_event", "overhead_ci_low", "overhead_ci_high",
        "breakeven_ns_per_event", "breakeven_ci_low", "breakeven_ci_high", "breakeven_note",
        "negligible", "bytes_per_entity", "bytes_per_entity_over_baseline",
        "floor_ns_per_event", "floor_share", "ratio_net_of_floor", "ratio_net_ci_low",
        "ratio_net_ci_high",
    ]

    /// The cells, in `columns` order.
    public var cells: [String] {
        let time = nsPerEvent
        return [
            environment.runID, environment.timestamp, environment.host, environment.cpu,
            "\(environment.cores)", environment.loadAverage, environment.os,
            environment.swiftVersion, environment.buildConfiguration, environment.buildFlags,
            environment.gitCommit, scenario, parameters, variant, role, status, eventUnit,
            "\(machines)", "\(eventsPerMachine)", "\(eventsPerRound)", "\(actors)", "\(rounds)",
            "\(warmupRounds)", "\(seed)",
            cell(time?.median), cell(time?.min), cell(time?.max), cell(time?.mean),
            cell(time?.standardDeviation), cell(time?.coefficientOfVariation),
            cell(time?.p10), cell(time?.p90), cell(time?.medianLow), cell(time?.medianHigh),
            time.map { "\($0.mildOutliers)" } ?? "", time.map { "\($0.severeOutliers)" } ?? "",
            cell(eventsPerSecond), cell(ratioToBaseline), cell(ratioLow), cell(ratioHigh),
            cell(cpuNsPerEventMedian), cell(allocationsPerEvent),
            peakResidentBytes.map { "\($0)" } ?? "", cell(residentBytesPerMachine),
            cell(instructionsPerEvent), cell(setupMilliseconds), cell(prepareMilliseconds),
            String(checksum, radix: 16), axisReference, cell(ratioToAxisReference),
            cell(axisRatioLow), cell(axisRatioHigh), "\(processes)", cell(cpuNsPerEventLow),
            cell(cpuNsPerEventHigh), cell(utilizationMedian), interferedRounds.map { "\($0)" } ?? "",
            cell(cpuRatioToBaseline), cell(cpuRatioLow), cell(cpuRatioHigh), cell(referenceNsMedian),
            cell(cpuPerReference), cell(cpuPerReferenceLow), cell(cpuPerReferenceHigh),
            cell(emptyRoundNs), cell(overheadNsPerEvent), cell(overheadLow), cell(overheadHigh),
            cell(breakevenNsPerEvent), cell(breakevenLow), cell(breakevenHigh), breakevenNote,
            cell(negligible), cell(bytesPerEntity), cell(bytesPerEntityOverBaseline),
            cell(floorNsPerEvent), cell(floorShare), cell(ratioNetOfFloor), cell(ratioNetLow),
            cell(ratioNetHigh),
        ]
    }

    private func cell(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return "\(value)"
    }
}

/// Per-event wall time over the measured rounds of one variant.
public struct TimeStatistics: Sendable, Equatable {
    public var median: Double
    public var min: Double
    public var max: Double
    public var mean: Double
    public var standardDeviation: Double
    public var coefficientOfVariation: Double
    public var p10: Double
    public var p90: Double
    /// The 95% confidence interval of the median.
    public var medianLow: Double
    public var medianHigh: Double
    public var mildOutliers: Int
    public var severeOutliers: Int
}
