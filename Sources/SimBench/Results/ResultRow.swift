import SimBenchCore

/// One (scenario configuration, variant) line of a run's results, its figures typed.
///
/// Its CSV cells are derived from `ResultColumn.all`, the one declaration of the columns.
/// Figures that were not measured (a wrong variant's timings, instruction counts where the
/// kernel refuses) are nil, and empty cells. A figure with a confidence interval is one
/// `Estimate` here and three cells in the CSV (the figure, its `…_ci_low` and `…_ci_high`).
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
    /// What one entity is: `vending machine`.
    public var entityUnit = ""
    public var machines: Int
    public var eventsPerMachine: Int
    public var eventsPerRound: Int
    public var actors: Int
    public var rounds: Int
    public var warmupRounds: Int
    public var seed: UInt64
    public var nsPerEvent: TimeStatistics?
    public var eventsPerSecond: Double?
    /// The median wall time per event over the baseline's, paired by round, with its 95%
    /// interval.
    public var ratioToBaseline: Estimate?
    /// The median CPU ns per event, with its 95% interval.
    public var cpuNsPerEventMedian: Estimate?
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
    /// This variant's median over the same variant's median in `axisReference`, with its
    /// 95% interval.
    public var ratioToAxisReference: Estimate?
    /// The processes whose samples are pooled (`RunOptions.processes`).
    public var processes: Int = 1
    /// The code layouts the processes ran (`RunOptions.layouts`).
    public var layouts: Int = 1
    /// What the intervals are built over (`IntervalScope.unit`).
    public var intervalUnit = ""
    /// The median over rounds of Σ worker thread CPU / (wall × workers that can run at once).
    public var utilizationMedian: Double?
    /// Rounds whose utilisation fell below `Interference.fraction` of the median.
    public var interferedRounds: Int?
    /// The CPU-time ratio to the baseline, paired by round, and its 95% interval.
    public var cpuRatioToBaseline: Estimate?
    /// The median thread CPU ns of the machine-speed reference (`MachineSpeedReference`).
    public var referenceNsMedian: Double?
    /// CPU ns per event over the reference's ns in the same round: the median, and its CI.
    public var cpuPerReference: Estimate?
    /// The median wall ns of a round that runs no variant: the harness's fixed cost.
    public var emptyRoundNs: Double?
    /// What the pattern adds per event, in CPU ns (`OverheadEstimate`), with its CI.
    public var overheadNsPerEvent: Estimate?
    /// The real work per event above which the overhead is under `negligible` of the total,
    /// with its CI.
    public var breakevenNsPerEvent: Estimate?
    /// Why there is no break-even (faster than the baseline, already negligible).
    public var breakevenNote = ""
    /// The share (`RunOptions.negligible`) the break-even is computed for.
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
    /// `(variant − floor) / (baseline − floor)`, paired by round (`NetRatioInterval`), with
    /// its CI.
    public var ratioNetOfFloor: Estimate?
    /// The run plan's estimate of the process's peak memory while this configuration's group
    /// was measured, to hold against `peakResidentBytes`.
    public var estimatedPeakBytes: UInt64?
    /// The swept settings' values at this row (`machines=1000;actors=4`); empty when the run
    /// swept nothing. Part of the row's identity (`ResultIdentity`).
    public var sweep = ""
    /// How many rows the run wrote in all, the same in each of them (`oneRun`): a history
    /// reader counts a run's rows against it, so that an append cut short at a record
    /// boundary, which leaves only whole records, is still seen. Nil (an empty cell) for
    /// rows not written by `run`.
    public var runRows: Int?

    /// `groups`, the rows of one run by configuration, each row saying how many the run's
    /// are in all (`runRows`); the grouping is kept, so that the terminal table shows each
    /// configuration's rows without looking for them.
    public static func oneRun(_ groups: [[ResultRow]]) -> [[ResultRow]] {
        let count = groups.reduce(0) { $0 + $1.count }
        return groups.map { rows in
            rows.map { row in
                var row = row
                row.runRows = count
                return row
            }
        }
    }

    /// Callgrind's cache simulation per event: L1 hits + 5 × LL hits + 35 × RAM accesses
    /// (counted by Callgrind, `InstructionSource.callgrind`).
    public var estimatedCyclesPerEvent: Double?
    /// Where `instructionsPerEvent` comes from: `perf`, `callgrind`, or empty without a count.
    public var instructionsSource = ""
    /// Each process's CPU ratio to the baseline: the median of its rounds' ratios, processes
    /// in order; empty without a CPU ratio.
    public var processCPURatios: [Double] = []
    /// The modes among `processCPURatios` (`ModeDetector`); nil when not judged (too few
    /// processes, or no CPU ratio).
    public var processModes: ProcessModes?
    /// `instructionsPerEvent` by runtime mechanism (`MechanismRules`), where Callgrind
    /// counted it.
    public var instructionsByMechanism: MechanismSplit?
    /// Calls into each runtime mechanism per event (`MechanismCall`), where Callgrind
    /// counted them.
    public var mechanismCalls: MechanismCalls?
    /// Data-cache misses per event by level (`CacheMiss`), where Callgrind's cache
    /// simulation counted them, and the caches it simulated.
    public var cacheMisses: CacheMisses?
    public var cacheGeometry: CacheGeometry?
    /// The functions Callgrind counted the row's instructions in, most first
    /// (`FunctionProfile`); nil without a Callgrind count.
    public var functions: FunctionProfile?
    /// What the cost model predicts the pattern adds per event on this host, from what its
    /// counts add over its baseline's and the host's prices (`ResultRow+Prediction.swift`);
    /// nil without counts, without prices, or with work the prices do not cover.
    public var prediction: CostModel.Prediction?

    /// The header: every column's name, in `ResultColumn.all` order.
    public static let columns = ResultColumn.all.map(\.name)

    /// The cells, in `columns` order.
    public var cells: [String] {
        ResultColumn.all.map { $0.cell(of: self) }
    }
}

/// Whether a row's variant computed its baseline's outcome.
public enum ResultStatus: String, Sendable, CaseIterable {
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
