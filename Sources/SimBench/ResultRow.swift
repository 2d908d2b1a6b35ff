import SimBenchCore

/// One (scenario configuration, variant) line of a run's results, its figures typed.
///
/// Its CSV cells are derived from `ResultColumn.all`, the one declaration of the columns.
/// Figures that were not measured (a wrong variant's timings, instruction counts where the
/// kernel refuses) are nil, and empty cells.
public struct ResultRow: Sendable, Equatable {
    public var environment: RunEnvironment
    public var scenario: String
    /// `key=value;key=value`, sorted by key.
    public var parameters: String
    public var variant: String
    public var role: VariantRole
    /// `wrong` when the outcome differed from the baseline's (no timings then).
    public var status: ResultStatus
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

    /// The header: every column's name, in `ResultColumn.all` order.
    public static let columns = ResultColumn.all.map(\.name)

    /// The cells, in `columns` order.
    public var cells: [String] {
        ResultColumn.all.map { $0.cell(of: self) }
    }
}

/// Whether a row's variant computed its baseline's outcome.
public enum ResultStatus: String, Sendable {
    case ok
    /// The outcome differed from the baseline's: no timings.
    case wrong
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
