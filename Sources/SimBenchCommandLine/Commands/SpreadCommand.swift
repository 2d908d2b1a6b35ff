import SimBench

/// `simbench spread RUN.csv RUN.csv …`: how far each figure spreads over several runs of one
/// binary, and whether the widest spread stays within `--limit` (the A/A proof's target).
struct SpreadCommand: Command {
    var files = [String]()
    var metric = TimeMetric.cpu
    var counts = false
    var limit: Double?

    static let name = "spread"
    static let abstract = "how far figures spread over runs of one binary (A/A)"
    static let operands = [
        Operand(
            name: "RUN.csv…", help: "two or more results CSVs of the same suite and binary",
            completion: .file)
    ]

    static var flags: [Option<SpreadCommand>] {
        [
            .choice(
                "--metric",
                help:
                    "cpu: the spread of each pattern's CPU-time ratio; wall: of its wall-time ratio. Files without CPU columns give wall, as compare does",
                default: TimeMetric.cpu
            ) { $0.metric = $1 },
            .flag(
                "--counts",
                help:
                    "the spread of instructions and estimated cycles per event (run --instructions) instead of ratios; a row without counts fails"
            ) { $0.counts = true },
            .value(
                "--limit", value: "P",
                help:
                    "the widest spread allowed (ratios: (max − min) / median; counts: (max − min) / min); without it, nothing is judged",
                default: nil, expected: "a percentage such as 3%"
            ) { command, text in
                command.limit = try RegressionThresholds.percent(text)
            },
        ]
    }

    static let discussion = """
        WHAT IT PRINTS
          One line per pattern variant, 'ratio spread: NAME P%', its ratio to the baseline
          variant over the runs; one per baseline variant, 'baseline drift: NAME' and each
          run's CPU time over the machine-speed reference against its median (it decides
          nothing: runs whose baselines all moved together point at the host). With
          --counts, 'count spread: NAME instructions|cycles P%' per row, and 'count missing:
          NAME' for a row without counts. Rows are matched by (scenario, params, sweep,
          variant); rows whose status is not ok carry no figure.
        """

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "every spread within --limit, or no --limit"),
        (.regression, "a spread beyond --limit, or with --counts a row without counts"),
        (.failure, "a file is missing, not a valid results file, or holds no result row"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        guard operands.count >= 2 else {
            throw UsageError(
                "spread: expected two or more results files, but got \(operands.count); see '\(Suite.toolName) spread --help'"
            )
        }
        files = operands
    }

    func execute() throws -> ExitStatus {
        var runs = [ResultsFile]()
        for file in files {
            let run = try ResultsFile.read(file)
            try run.requireRows(toDo: "measure the spread of")
            runs.append(run)
        }
        let spread = RunSpread(files: runs, metric: metric)
        func percent(_ value: Double?, digits: Int) -> String {
            value.map { NumberFormat.fixed($0 * 100, decimals: digits) + "%" } ?? "—"
        }
        func signed(_ value: Double) -> String {
            (value < 0 ? "-" : "+") + NumberFormat.fixed(abs(value) * 100, decimals: 1) + "%"
        }
        // Each line written as it is made, in chunks: a million rows' lines are never held
        // at once, nor joined into one more copy.
        var beyond = false
        if let limit {
            beyond =
                counts
                ? !spread.countsMissing.isEmpty
                    || spread.counts.contains { ($0.spread ?? .infinity) > limit }
                : spread.ratios.contains { ($0.spread ?? .infinity) > limit }
        }
        try StandardOutput.write { (output) throws(FileError) in
            func line(_ text: String) throws(FileError) {
                output.append(text)
                output.append(byte: UInt8(ascii: "\n"))
                try output.flushIfFull()
            }
            if counts {
                for figure in spread.counts {
                    try line(
                        "count spread: \(figure.identity.benchmarkName) \(figure.figure) \(percent(figure.spread, digits: 4))"
                    )
                }
                for identity in spread.countsMissing {
                    try line(
                        "count missing: \(identity.benchmarkName) (a row without instructions or cycles)"
                    )
                }
                try line(
                    "widest count spread: \(percent(spread.widestCountSpread, digits: 4))\(limit.map { " (limit \(RelativeChange.percent($0)))" } ?? "")"
                )
            } else {
                for figure in spread.ratios {
                    try line(
                        "ratio spread: \(figure.identity.benchmarkName) \(percent(figure.spread, digits: 1))"
                    )
                }
                for figure in spread.baselineDrift {
                    try line(
                        "baseline drift: \(figure.identity.benchmarkName) "
                            + figure.changes.map(signed).joined(separator: " "))
                }
                try line(
                    "widest ratio spread (\(spread.metric.rawValue)): \(percent(spread.widestRatioSpread, digits: 1))\(limit.map { " (limit \(RelativeChange.percent($0)))" } ?? "")"
                )
            }
        }
        return beyond ? .regression : .success
    }
}
