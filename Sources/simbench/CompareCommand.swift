import SimBench

/// `simbench compare BASELINE CURRENT`: regressions, improvements and unchanged figures
/// between two runs, and an exit status a CI job can act on.
struct CompareCommand {
    var baselinePath = ""
    var currentPath = ""
    var thresholds = RegressionThresholds()
    var failOnImprovement = false
    var ignoreParameters = false
    var format = ResultsComparison.Format.text

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var files = [String]()
        var general: Double?
        var time: Double?
        var ratio: Double?
        while let flag = arguments.next() {
            switch flag {
            case "--threshold":
                general = try percent(&arguments, flag)
            case "--threshold-time":
                time = try percent(&arguments, flag)
            case "--threshold-ratio":
                ratio = try percent(&arguments, flag)
            case "--threshold-allocs":
                thresholds.allocations = try percent(&arguments, flag)
            case "--fail-on-improvement":
                try arguments.noValue(for: flag)
                failOnImprovement = true
            case "--ratio-only":
                try arguments.noValue(for: flag)
                thresholds.judgesAbsoluteTime = false
            case "--ignore-params":
                try arguments.noValue(for: flag)
                ignoreParameters = true
            case "--metric":
                let expected = TimeMetric.allCases.map(\.rawValue).joined(separator: " or ")
                let text = try arguments.value(for: flag, expected: expected)
                guard let chosen = TimeMetric(rawValue: text) else {
                    throw .invalid(flag, text, expected: expected)
                }
                thresholds.metric = chosen
            case "--format":
                let expected = ResultsComparison.Format.allCases.map(\.rawValue).joined(separator: " or ")
                let text = try arguments.value(for: flag, expected: expected)
                guard let chosen = ResultsComparison.Format(rawValue: text) else {
                    throw .invalid(flag, text, expected: expected)
                }
                format = chosen
            case "--help", "-h":
                throw UsageError("compare: for help, use 'simbench help compare'")
            default:
                guard !flag.hasPrefix("-") else {
                    throw UsageError("compare: unknown flag '\(flag)'; see 'simbench help compare'")
                }
                files.append(flag)
            }
        }
        guard files.count == 2 else {
            throw UsageError(
                "compare: expected two results files, BASELINE and CURRENT, but got \(files.count)\(files.isEmpty ? "" : " (\(files.map { "'\($0)'" }.joined(separator: ", ")))"); see 'simbench help compare'")
        }
        baselinePath = BaselineStore.resolve(files[0])
        currentPath = files[1]
        thresholds.time = time ?? general ?? thresholds.time
        thresholds.ratio = ratio ?? general ?? thresholds.ratio
    }

    private func percent(_ arguments: inout Arguments, _ flag: String) throws(UsageError) -> Double {
        try RegressionThresholds.percent(
            arguments.value(for: flag, expected: "a percentage such as 5%"), flag: flag)
    }

    func execute() throws -> ExitStatus {
        let baseline = try ResultsFile.read(baselinePath)
        let current = try ResultsFile.read(currentPath)
        let comparison = try ResultsComparison(
            baseline: baseline, current: current, thresholds: thresholds,
            ignoringParameters: ignoreParameters)
        print(comparison.render(format))
        return comparison.exitStatus(failOnImprovement: failOnImprovement)
    }
}
