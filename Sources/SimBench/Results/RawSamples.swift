/// `--raw PATH`: one CSV row per measured sample, for people who analyse the distribution
/// themselves.
public enum RawSamples {
    /// The columns that identify a sample's row are the results file's own; the rest are
    /// the sample's.
    public static let identifyingColumns: [ResultColumn] = [
        .runID, .scenario, .parameters, .variant,
    ]
    public static let sampleColumns = [
        "round", "events", "wall_ns", "cpu_ns", "allocations", "process", "utilization",
        "reference_ns",
    ]
    public static let columns = identifyingColumns.map(\.name) + sampleColumns

    public static func document(_ result: RunResult) -> String {
        var rows = [[String]]()
        for configuration in result.configurations {
            let planned = configuration.planned
            for variant in planned.variants {
                var roundsSeen = [Int: Int]()
                for sample in configuration.rawSamples(of: variant.name) {
                    // Rounds count from 1 in each process.
                    let round = roundsSeen[sample.process, default: 0]
                    roundsSeen[sample.process] = round + 1
                    rows.append([
                        result.environment.runID, planned.entry.name,
                        planned.configuration.parameters.canonical, variant.name, "\(round + 1)",
                        "\(configuration.events)", "\(sample.wallNanoseconds)",
                        "\(sample.cpuNanoseconds)", sample.allocations.map { "\($0)" } ?? "",
                        "\(sample.process + 1)", "\(sample.utilization)",
                        sample.referenceNanoseconds == 0 ? "" : "\(sample.referenceNanoseconds)",
                    ])
                }
            }
        }
        return OutputFile.document(header: columns, rows: rows)
    }
}
