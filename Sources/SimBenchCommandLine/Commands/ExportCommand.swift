import SimBench

/// `simbench export --format github|bencher|influx FILE [--out PATH]`: a results CSV for
/// an existing tracker.
struct ExportCommand: Command {
    var format: BenchmarkExport.Format?
    var file = ""
    var outputPath: String?
    var output: OutputPath?
    /// `--run`: one run of a history file.
    var run: String?

    static let name = "export"
    static let abstract = "a results CSV for github-action-benchmark, Bencher, InfluxDB"
    static let operands = [
        Operand(
            name: "FILE", help: "a results CSV (a history file with --run, or for influx)",
            completion: .file)
    ]

    static var flags: [Option<ExportCommand>] {
        [
            .choice(
                "--format", help: "the tracker's format (see FORMATS)", default: nil, required: true
            ) {
                $0.format = $1
            },
            .path("--out", help: "the file to write", default: "stdout") { $0.outputPath = $1 },
            .value(
                "--run", value: "ID",
                help:
                    "export one run of a history file (run ... --append): its run_id, or '\(BenchmarkExport.latestRun)' for the last one appended",
                expected: "a run_id or '\(BenchmarkExport.latestRun)'"
            ) { command, text in
                guard !text.isEmpty else {
                    throw UsageError.invalid(
                        "--run", text, expected: "a run_id or '\(BenchmarkExport.latestRun)'")
                }
                command.run = text
            },
        ]
    }

    static var discussion: String {
        """
        FORMATS
          github   github-action-benchmark, tool 'customSmallerIsBetter': a JSON array of
                   {name, unit, value, range, extra}: ns/event per variant, the ratio to the
                   baseline variant (patterns), allocations per event, and where counted
                   (run --instructions) instructions and estimated cycles per event
          bencher  Bencher Metric Format JSON: {name: {latency, ratio-to-baseline,
                   allocations-per-event, instructions-per-event, estimated-cycles-per-event:
                   {value, lower_value, upper_value}}}, bounds = 95% CI (counts have none)
          influx   InfluxDB line protocol, measurement '\(Suite.toolName)', tags scenario, params,
                   variant, role, host, cpu, build_config, swift_version (and sweep in a
                   sweep); one line per row, timestamped with the run's start second plus a
                   fraction taken from its run id, so that runs of the same second stay
                   separate points; reads history files of many runs too
          Benchmarks are named scenario.variant[params]. Rows without timing are left out.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "written"),
        (
            .failure,
            "FILE is not a valid results file, holds no result row, or has no run --run names"
        ),
    ]

    init() {}

    mutating func finish(operands files: [String]) throws {
        guard files.count == 1 else {
            throw UsageError(
                "export: expected one results file, but got \(files.count); see '\(Suite.toolName) export --help'"
            )
        }
        file = files[0]
        if let outputPath {
            let checked = try OutputPath.check(outputPath, label: "--out")
            try OutputPath.refuseCollisions([checked], inputs: [("export", file)])
            output = checked
        }
    }

    func execute() throws -> ExitStatus {
        guard let format else { return .usage }
        // A history of many runs is a time series: only line protocol carries one.
        // --run picks one run of a history; without it, github and bencher take one run.
        let results = try ResultsFile.read(
            file, runs: format == .influx || run != nil ? .several : .one)
        // Never a run an interrupted append left incomplete, even from a one-run history.
        try results.requireWholeRuns()
        try results.requireRows(toDo: "export")
        // Checked whole before anything is written; then written as it is made.
        let export = try BenchmarkExport.Export(
            results, as: format, run: run, measurement: Suite.toolName)
        if let output, let outputPath {
            OutputPath.reserveStandardOutput(if: [output])
            Interruption.expect([outputPath])
            try output.write { (text) throws(FileError) in try export.write(into: &text) }
            Interruption.written(outputPath)
            print("\(format.rawValue) export: \(outputPath)")
        } else {
            try StandardOutput.write { (text) throws(FileError) in try export.write(into: &text) }
        }
        return .success
    }
}
