/// A setting of a comparison between two runs (`RegressionThresholds` and the comparison's
/// own choices): what the harness's comparison messages name.
///
/// As with `RunSetting`, the harness never speaks of flags: a command line renders a
/// `SettingMessage` naming these with its own names for them (its flags).
public enum ComparisonSetting: String, Sendable, CaseIterable, Hashable {
    /// Both time thresholds at once.
    case threshold
    case timeThreshold
    case ratioThreshold
    case allocationThreshold
    case instructionThreshold
    case cycleThreshold
    /// Judging time through ratios only (`RegressionThresholds.judgesAbsoluteTime` off).
    case ratioOnly
    /// `RegressionThresholds.judgesTimeAcrossEnvironments`.
    case judgeTimeAnyway
    /// `RegressionThresholds.metric`.
    case metric
    /// Matching rows by scenario and variant only.
    case ignoreParameters
    /// How the report is printed (`ResultsComparison.Format`).
    case format
    /// Every column of the text report, however wide.
    case wide
    /// The functions that moved under every counted row, not only the flagged ones
    /// (`ResultsComparison.listsEveryRowsFunctions`).
    case functions

    /// The setting's name for a library caller: the property that holds it where there is
    /// one (`judgesTimeAcrossEnvironments`), else the case's own.
    public var optionName: String {
        switch self {
        case .timeThreshold: "time"
        case .ratioThreshold: "ratio"
        case .allocationThreshold: "allocations"
        case .instructionThreshold: "instructions"
        case .cycleThreshold: "cycles"
        case .ratioOnly: "judgesAbsoluteTime = false"
        case .judgeTimeAnyway: "judgesTimeAcrossEnvironments"
        case .ignoreParameters: "ignoringParameters"
        case .functions: "listsEveryRowsFunctions"
        default: rawValue
        }
    }
}
