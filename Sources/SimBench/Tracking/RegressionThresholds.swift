import Foundation
import SimBenchCore

/// How large a change must be before `simbench compare` counts it.
///
/// Time thresholds are relative changes, applied together with the rule that the change's
/// 95% confidence interval must exclude zero (see `RelativeChange`). Allocation counts are
/// nearly deterministic, so they get a tolerance instead of an interval: a small absolute
/// slack for counts the runtime makes now and then, plus a small relative part.
public struct RegressionThresholds: Sendable, Equatable {
    /// Relative change of the median ns per event (a comparison's time threshold).
    public var time = 0.05
    /// Relative change of the ratio to the scenario's baseline variant (a
    /// comparison's ratio threshold).
    public var ratio = 0.05
    /// Relative tolerance of allocations per event (`ComparisonSetting.allocationThreshold`).
    public var allocations = 0.01
    /// Allocations per event any count may move by without counting as a change.
    public var allocationSlack = 0.01
    /// Relative change of instructions per event that counts (`ComparisonSetting.instructionThreshold`).
    /// Counts repeat to a few parts per million run after run (README, "Counts that do
    /// not drift"), so a change beyond this is the code's, with no interval needed.
    public var instructions = 0.01
    /// Relative change of estimated cycles per event that counts (`ComparisonSetting.cycleThreshold`).
    public var cycles = 0.01
    /// Whether a baseline variant's absolute time is judged (`ComparisonSetting.ratioOnly` turns it off).
    ///
    /// Absolute nanoseconds compare two runs only when the machine stayed the same between
    /// them; a shared CI runner drifts by more than any useful threshold. Ratios to the
    /// baseline variant, measured in the same rounds, cancel that drift, so on such machines
    /// time is judged through ratios alone and baseline variants' times are shown, not judged.
    public var judgesAbsoluteTime = true
    /// Whether time is judged between files whose CPU, cores, OS, Swift version or build
    /// flags differ (`ComparisonSetting.judgeTimeAnyway`); by default it is not (`EnvironmentChange`).
    public var judgesTimeAcrossEnvironments = false
    /// Which time is judged (`ComparisonSetting.metric`).
    public var metric = TimeMetric.cpu
    /// How the caller names the comparison's settings in the report's words (a command
    /// line: its flags); a setting not named here goes by its own name.
    public var settingNames: [ComparisonSetting: String] = [:]

    public init() {}

    /// `5%` or `5` (both five percent), from 0 to 1000 percent.
    public static func percent(_ text: String) throws(ValueError) -> Double {
        let expected = "a percentage from 0% to 1000%, such as 5% or 2.5%"
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = DecimalText.number(digits, exponent: false), (0...1000).contains(value)
        else {
            throw ValueError(value: text, accepted: expected)
        }
        return value / 100
    }

    /// `message` with each comparison setting named as `settingNames` says.
    public func words(_ message: SettingMessage) -> String {
        message.rendered(naming: \.optionName, comparison: { settingNames[$0] ?? $0.optionName })
    }

    /// `time 5% · ratio 5% · allocations 1% + 0.01/event`.
    public var summary: String {
        "\(metric.rawValue) time · " + (judgesAbsoluteTime ? "" : "ratios only · ")
            + "time \(RelativeChange.percent(time)) · ratio \(RelativeChange.percent(ratio)) · allocations \(RelativeChange.percent(allocations)) + \(String(format: "%g", allocationSlack))/event · instructions \(RelativeChange.percent(instructions)) · cycles \(RelativeChange.percent(cycles))"
    }
}

/// Which time `simbench compare` judges: each worker thread's CPU time, or the round's wall
/// time.
///
/// CPU time is the default. Measured on a shared 2-core host (see the README's "Steady
/// numbers"), the CPU-time ratio of the CI suite spread less from run to run than the
/// wall-time ratio, since a worker's thread clock stops while another process holds its
/// core, where the round's wall clock runs on. Files written before the CPU columns
/// existed are judged on wall time, row by row, with a note.
public enum TimeMetric: String, Sendable, CaseIterable {
    case cpu
    case wall

    /// The columns of this metric: median, its CI, the ratio and the ratio's CI.
    var columns:
        (
            median: ResultColumn, low: ResultColumn, high: ResultColumn, ratio: ResultColumn,
            ratioLow: ResultColumn, ratioHigh: ResultColumn
        )
    {
        switch self {
        case .cpu:
            (
                .cpuNsPerEventMedian, .cpuNsPerEventCILow, .cpuNsPerEventCIHigh,
                .cpuRatioToBaseline,
                .cpuRatioCILow, .cpuRatioCIHigh
            )
        case .wall:
            (
                .nsPerEventMedian, .nsPerEventCILow, .nsPerEventCIHigh, .ratioToBaseline,
                .ratioCILow,
                .ratioCIHigh
            )
        }
    }

    /// The first column a verdict on this metric reads that `header` lacks (the required
    /// columns first): what `simbench ab` refuses in the base's results file before it runs
    /// anything more, since a comparison would fall back to fewer figures without saying.
    public func missingColumn(in header: [String]) -> String? {
        (ResultsSchema.requiredColumns + judgedColumns.map(\.name)).first { !header.contains($0) }
    }

    /// Every column a verdict on this metric reads.
    var judgedColumns: [ResultColumn] {
        let own = columns
        let perReference: [ResultColumn] =
            self == .cpu ? [.cpuPerReference, .cpuPerReferenceCILow, .cpuPerReferenceCIHigh] : []
        return [own.median, own.low, own.high, own.ratio, own.ratioLow, own.ratioHigh]
            + perReference
            + [.allocationsPerEvent]
    }

    var nanosecondsBasis: MetricComparison.Basis { self == .cpu ? .cpuNanoseconds : .nanoseconds }
    var ratioBasis: MetricComparison.Basis { self == .cpu ? .cpuRatio : .ratio }
}
