import SimBench

extension ComparisonSetting {
    /// The flag that sets it, on `compare` and on `ab` (which takes compare's judging flags):
    /// declared here once, used by those option declarations and by the messages that name
    /// the setting.
    var flag: String {
        switch self {
        case .threshold: "--threshold"
        case .timeThreshold: "--threshold-time"
        case .ratioThreshold: "--threshold-ratio"
        case .allocationThreshold: "--threshold-allocs"
        case .instructionThreshold: "--threshold-instructions"
        case .cycleThreshold: "--threshold-cycles"
        case .ratioOnly: "--ratio-only"
        case .judgeTimeAnyway: "--judge-time-anyway"
        case .metric: "--metric"
        case .ignoreParameters: "--ignore-params"
        case .format: "--format"
        case .wide: "--wide"
        case .functions: "--functions"
        }
    }
}

extension RegressionThresholds {
    /// The default thresholds, with each comparison setting named by its flag in the
    /// report's words.
    static var namedByFlags: RegressionThresholds {
        var thresholds = RegressionThresholds()
        thresholds.settingNames = Dictionary(
            uniqueKeysWithValues: ComparisonSetting.allCases.map { ($0, $0.flag) })
        return thresholds
    }
}
