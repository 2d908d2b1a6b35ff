import Foundation

/// `simbench export`: a results CSV in the formats existing trackers read.
///
/// - `github`: github-action-benchmark's `customSmallerIsBetter` JSON, an array of
///   `{name, unit, value, range, extra}`; one entry per measured figure: ns per event, the
///   ratio to the scenario's baseline variant (patterns only), allocations per event, and
///   where counted (`RunOptions.instructions`) instructions and estimated cycles per event.
/// - `bencher`: Bencher Metric Format, `{benchmark: {measure: {value, lower_value,
///   upper_value}}}`, with the measures `latency` (Bencher's built-in, in ns: here ns per
///   event), `ratio-to-baseline`, `allocations-per-event`, and where counted
///   `instructions-per-event` and `estimated-cycles-per-event`; bounds are the 95% CIs
///   (counts have none).
/// - `influx`: InfluxDB line protocol, one line per row in measurement `simbench`: the
///   identity and machine as tags, the figures as fields, the run's timestamp in ns (its
///   start second, and a fraction of a second taken from its run id, so that runs started
///   in the same second stay separate points: `runOffsetNanoseconds`).
///
/// Benchmarks are named `scenario.variant[params]` (`ResultIdentity.benchmarkName`), stable
/// from run to run. Rows without timings (a wrong outcome) are left out.
public enum BenchmarkExport {
    /// The run named `latest`: the run of the file's last row.
    public static let latestRun = "latest"

    public enum Format: String, Sendable, CaseIterable {
        case github
        case bencher
        case influx
    }

    /// The file's measured rows in `format`, ending with a line break.
    ///
    /// - Throws: for `influx`, a row whose timestamp is outside the years line protocol's
    ///   nanoseconds can carry (1677 to 2262).
    /// - Parameter run: the one run of a history file to export: its `run_id`, or
    ///   `latest`, the run of the file's last row; nil for every row.
    /// - Throws: also when no row has the `run` asked for.
    /// - Parameter measurement: `influx`'s measurement: the name of the tool that measured
    ///   (`simbench`, or a package's own tool), under which a dashboard finds its series.
    public static func render(
        _ file: ResultsFile, as format: Format, run: String? = nil,
        measurement: String = "simbench"
    ) throws(ResultsFileError) -> String {
        let export = try Export(file, as: format, run: run, measurement: measurement)
        var output = TextOutput()
        do {
            try export.write(into: &output)
        } catch {
            preconditionFailure("an output kept whole is written nowhere: \(error)")
        }
        return output.text
    }

    /// An export checked and ready to write: the rows it takes, each of which it can
    /// write, so that nothing fails once writing has begun.
    public struct Export: Sendable {
        public let format: Format
        /// `influx`'s measurement (`render`).
        public let measurement: String
        /// The file's measured rows (of the run asked for).
        let rows: [ResultsRecord]

        /// The export of `file` in `format` (`render`).
        public init(
            _ file: ResultsFile, as format: Format, run: String? = nil,
            measurement: String = "simbench"
        ) throws(ResultsFileError) {
            self.format = format
            self.measurement = measurement
            var records = file.records
            if let run {
                let id = run == latestRun ? records.last?[.runID] ?? "" : run
                records = records.filter { $0[.runID] == id }
                guard !records.isEmpty else {
                    var ids = [String]()
                    var seen = Set<String>()
                    for record in file.records where seen.insert(record[.runID]).inserted {
                        ids.append(record[.runID])
                    }
                    throw ResultsFileError(
                        path: file.path, line: nil, column: ResultColumn.runID.name,
                        message:
                            "no run '\(run)'; the file's runs: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")), or '\(latestRun)'"
                    )
                }
            }
            rows = records.filter { $0.isOK && $0.number(.nsPerEventMedian) != nil }
            if format == .influx,
                let row = rows.first(where: { BenchmarkExport.influxTimestamp($0) == .some(nil) })
            {
                throw ResultsFileError(
                    path: file.path, line: row.line, column: "timestamp",
                    message:
                        "'\(row[.timestamp])' is outside what InfluxDB line protocol can carry (nanoseconds since 1970 in 64 bits: 1677-09-21 to 2262-04-11)"
                )
            }
        }

        /// Writes the export to `output`, passed on as it fills.
        public func write(into output: inout TextOutput) throws(FileError) {
            switch format {
            case .github: try BenchmarkExport.writeGitHub(rows, into: &output)
            case .bencher: try BenchmarkExport.writeBencher(rows, into: &output)
            case .influx:
                for row in rows {
                    BenchmarkExport.appendInfluxLine(
                        row, measurement: measurement, to: &output.bytes)
                    try output.flushIfFull()
                }
            }
        }
    }
}
