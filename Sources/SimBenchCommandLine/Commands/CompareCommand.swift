import Foundation
import SimBench

/// `simbench compare BASELINE CURRENT`: regressions, improvements and unchanged figures
/// between two runs, and an exit status a CI job can act on.
struct CompareCommand: Command {
    var baselinePath = ""
    var currentPath = ""
    /// The thresholds, whose messages name the settings by this command's flags.
    var thresholds = RegressionThresholds.namedByFlags
    var failOnImprovement = false
    var ignoreParameters = false
    var format = ResultsComparison.Format.text
    /// `--wide`: every column of the text report, however wide.
    var wide = false
    /// `--functions`: the functions that moved under every counted row.
    var functions = false
    /// `--threshold`: both time thresholds, unless one is given on its own.
    var general: Double?
    var time: Double?
    var ratio: Double?

    static let name = "compare"
    static let abstract = "regressions between two runs (exit 2 on a regression)"

    static let operands = [
        Operand(
            name: "BASELINE",
            help:
                "a results CSV, or the name of a saved baseline ('ci' reads \(BaselineStore.path(of: "ci")))",
            completion: .file),
        Operand(name: "CURRENT", help: "the results CSV of the run to judge", completion: .file),
    ]

    static var flags: [Option<CompareCommand>] {
        let defaults = RegressionThresholds()
        func percent(
            _ flag: String, help: String, default value: Double?,
            set: @escaping (inout CompareCommand, Double) -> Void
        ) -> Option<CompareCommand> {
            .value(
                flag, value: "P", help: help, default: value.map(RelativeChange.percent),
                expected: "a percentage such as 5%"
            ) { command, text in set(&command, try RegressionThresholds.percent(text)) }
        }
        return [
            percent(
                ComparisonSetting.threshold.flag,
                help: "smallest time change that counts, for ns/event and ratio (P: 5% or 5)",
                default: defaults.time
            ) { $0.general = $1 },
            percent(
                ComparisonSetting.timeThreshold.flag,
                help: "the same for absolute ns per event only", default: nil
            ) { $0.time = $1 },
            percent(
                ComparisonSetting.ratioThreshold.flag,
                help: "the same for the ratio to the scenario's baseline variant only",
                default: nil
            ) { $0.ratio = $1 },
            percent(
                ComparisonSetting.allocationThreshold.flag,
                help:
                    "relative tolerance of allocations per event, on top of \(String(format: "%g", defaults.allocationSlack)) allocations per event",
                default: defaults.allocations
            ) { $0.thresholds.allocations = $1 },
            percent(
                ComparisonSetting.instructionThreshold.flag,
                help:
                    "smallest change of instructions per event that counts (counts have no interval: they repeat run after run)",
                default: defaults.instructions
            ) { $0.thresholds.instructions = $1 },
            percent(
                ComparisonSetting.cycleThreshold.flag,
                help: "the same for estimated cycles per event (run --instructions callgrind)",
                default: defaults.cycles
            ) { $0.thresholds.cycles = $1 },
            .flag(
                ComparisonSetting.ignoreParameters.flag,
                help:
                    "match rows by scenario and variant only, to compare two parameter values (calibrate twin-extra=0 against twin-extra=5)"
            ) { $0.ignoreParameters = true },
            .flag(
                ComparisonSetting.ratioOnly.flag,
                help:
                    "judge time through ratios only: a baseline variant's absolute time is shown but not judged, for machines that drift between runs (shared CI runners)"
            ) { $0.thresholds.judgesAbsoluteTime = false },
            .flag(
                ComparisonSetting.judgeTimeAnyway.flag,
                help:
                    "judge time even when the files' CPU, cores, OS, Swift version or build flags differ (by default those verdicts are 'not judged: different CPU', since a pattern's ratio moves with the CPU)"
            ) { $0.thresholds.judgesTimeAcrossEnvironments = true },
            .flag(
                "--fail-on-improvement",
                help:
                    "exit 4 when there are improvements and no regression (so that a CI job asks for the baseline to be updated)"
            ) { $0.failOnImprovement = true },
            .flag(
                ComparisonSetting.wide.flag,
                help:
                    "text: show every column (metric, basis, both figures), however wide; by default the report fits COLUMNS, or \(Terminal.defaultWidth) columns"
            ) { $0.wide = true },
            .flag(
                ComparisonSetting.functions.flag,
                help:
                    "list the functions that moved (self instructions per event, from the functions column of run --instructions callgrind) under every counted row; without it, under the rows whose instructions changed"
            ) { $0.functions = true },
            .choice(
                ComparisonSetting.metric.flag,
                help:
                    "cpu: judge each worker thread's CPU time and its ratios; wall: judge wall time. A file without CPU columns (from an older \(Suite.toolName)) is judged on wall time, with a note",
                default: defaults.metric
            ) { $0.thresholds.metric = $1 },
            .choice(
                ComparisonSetting.format.flag,
                help:
                    "text (a terminal table), markdown (for a pull-request comment or $GITHUB_STEP_SUMMARY), json (one object per judged figure, for a script; the manual's Output article gives its fields) or html (one self-contained page: the text report and a bar chart of the functions that moved under each row that lists them)",
                default: ResultsComparison.Format.text
            ) { $0.format = $1 },
        ]
    }

    static let discussion = """
        HOW IT DECIDES
          Rows are matched by (scenario, params, sweep, variant). A time change counts only
          if it passes the threshold AND its 95% confidence interval excludes zero. The
          interval of a change combines the two runs' intervals as independent errors: in
          log space its half-widths are √(a² + b²) of theirs.
          Time is thread CPU time by default (--metric): it does not count time a worker
          waited for a core, so it spreads less between runs on a shared machine.
          Pattern variants are judged on their ratio to the scenario's baseline variant in the
          same run (cpu_ratio_to_baseline and its CI; with --metric wall ratio_to_baseline):
          it cancels a machine that is faster or slower as a whole. The floor row is judged
          the same way, on its share of the baseline. A scenario's baseline variant has no
          ratio: it is judged on its CPU time over a fixed machine-speed reference timed in
          the same rounds (cpu_per_reference and its CI), so a host that is slower for an hour
          slows both and the verdict stays; files without that column, and --metric wall,
          judge its absolute median ns per event. So is a pattern whose ratio has no CI. Runs
          with --processes K have intervals that include the spread between processes.
          Without intervals a time change is reported as 'not judged (no CI)', never
          flagged. Allocations per event are counted, not sampled: a change beyond
          the slack plus the tolerance counts. Instructions and estimated cycles per event
          (run --instructions) are counts too: a change beyond --threshold-instructions or
          --threshold-cycles counts, with no interval; counts from different sources (perf,
          callgrind) are shown, not judged. Each verdict names its basis: ratio, ns/event,
          \(ResultColumn.allocationsPerEvent.heading), \(ResultColumn.instructionsPerEvent.heading) or \(ResultColumn.estimatedCyclesPerEvent.heading). Rows on one side only are listed, not
          judged.

        OUTPUT
          Regressions first, then improvements, not judged, and unchanged rows (folded into a
          <details> block in markdown), then what is missing on each side, and notes (hosts
          differ, debug build, no intervals).
        """

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "no regression"),
        (.regression, "at least one regression"),
        (.improvement, "improvements and no regression, with --fail-on-improvement"),
        (
            .wrongOutcome,
            "the current run holds a variant whose outcome was wrong (its status column): one line names it, after the report"
        ),
        (
            .failure,
            "a file is missing, empty, truncated or malformed, has unknown or missing columns, non-numeric/NaN/infinite cells or duplicated rows, or the files have no row in common: one line names the file, the line and the column"
        ),
        (.usage, "usage: bad flag or value"),
    ]

    init() {}

    mutating func finish(operands files: [String]) throws {
        guard files.count == 2 else {
            throw UsageError(
                "compare: expected two results files, BASELINE and CURRENT, but got \(files.count)\(files.isEmpty ? "" : " (\(files.map { "'\($0)'" }.joined(separator: ", ")))"); see '\(Suite.toolName) compare --help'"
            )
        }
        baselinePath = BaselineStore.resolve(files[0])
        currentPath = files[1]
        resolveThresholds()
    }

    /// Applies `--threshold` to whichever of the time and ratio thresholds was not given on
    /// its own (also for `simbench ab`, which takes compare's judging flags).
    mutating func resolveThresholds() {
        thresholds.time = time ?? general ?? thresholds.time
        thresholds.ratio = ratio ?? general ?? thresholds.ratio
    }

    func execute() throws -> ExitStatus {
        let baseline = try ResultsFile.read(baselinePath)
        let current = try ResultsFile.read(currentPath)
        var comparison = try ResultsComparison(
            baseline: baseline, current: current, thresholds: thresholds,
            ignoringParameters: ignoreParameters)
        comparison.title = CompareCommand.title
        comparison.listsEveryRowsFunctions = functions
        let width = wide ? nil : Terminal.width
        try StandardOutput.write { (text) throws(FileError) in
            try comparison.write(format, width: width, into: &text)
            text.append("\n")
        }
        return ExitStatus.judging(
            comparison, failOnImprovement: failOnImprovement, current: [current],
            side: "current run (\(currentPath))", command: Self.name)
    }
}
