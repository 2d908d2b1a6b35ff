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
        "axis_ratio_ci_low", "axis_ratio_ci_high", "floor_ns_per_event", "floor_share",
        "ratio_net_of_floor", "ratio_net_ci_low", "ratio_net_ci_high",
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
            cell(axisRatioLow), cell(axisRatioHigh), cell(floorNsPerEvent), cell(floorShare),
            cell(ratioNetOfFloor), cell(ratioNetLow), cell(ratioNetHigh),
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
