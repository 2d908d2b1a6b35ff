/// Raw samples: one CSV row per measured sample, for people who analyse the distribution
/// themselves; and, after a counted pass (`InstructionSource.callgrind`), one row per function
/// whose instructions landed in `runtime-other` (`MechanismRules`), so that a missing rule
/// is visible. A sample's row leaves the function's cells empty, a function's row the
/// sample's.
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
    /// A `runtime-other` function's: its symbol and object file as Callgrind names them, its
    /// instructions per event, and their share of the variant's.
    public static let functionColumns = [
        "function", "object", "function_instructions_per_event", "function_share",
    ]
    public static let columns = identifyingColumns.map(\.name) + sampleColumns + functionColumns

    /// The samples of `result`, then the `runtime-other` functions of `counted`.
    public static func document(_ result: RunResult, counted: CountedResult? = nil) -> String {
        var rows = [[String]]()
        for configuration in result.configurations {
            let planned = configuration.planned
            for variant in planned.variants {
                var roundsSeen = [Int: Int]()
                for sample in configuration.rawSamples(of: variant.name) {
                    // Rounds count from 1 in each process.
                    let round = roundsSeen[sample.process, default: 0]
                    roundsSeen[sample.process] = round + 1
                    rows.append(
                        [
                            result.environment.runID, planned.entry.name,
                            planned.configuration.parameters.canonical, variant.name,
                            "\(round + 1)",
                            "\(configuration.events)", "\(sample.wallNanoseconds)",
                            "\(sample.cpuNanoseconds)", sample.allocations.map { "\($0)" } ?? "",
                            "\(sample.process + 1)", "\(sample.utilization)",
                            sample.referenceNanoseconds == 0
                                ? "" : "\(sample.referenceNanoseconds)",
                        ] + Array(repeating: "", count: functionColumns.count))
                }
            }
        }
        for (index, configuration) in result.configurations.enumerated() {
            guard let counted, index < counted.configurations.count else { break }
            let planned = configuration.planned
            for variant in planned.variants {
                guard let figures = counted.configurations[index][variant.name] else { continue }
                let total = figures.instructionsPerEvent
                for function in figures.runtimeOtherFunctions {
                    rows.append(
                        [
                            result.environment.runID, planned.entry.name,
                            planned.configuration.parameters.canonical, variant.name,
                        ]
                            + Array(repeating: "", count: sampleColumns.count)
                            + [
                                function.symbol, function.object,
                                "\(function.instructionsPerEvent)",
                                total > 0 ? "\(function.instructionsPerEvent / total)" : "",
                            ])
                }
            }
        }
        return OutputFile.document(header: columns, rows: rows)
    }
}
