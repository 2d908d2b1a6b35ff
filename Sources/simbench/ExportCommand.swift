import SimBench

/// `simbench export --format github|bencher|influx FILE [--out PATH]`: a results CSV for
/// an existing tracker.
struct ExportCommand {
    var format: BenchmarkExport.Format?
    var file = ""
    var outputPath: String?
    var output: OutputPath?

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var files = [String]()
        let expected = BenchmarkExport.Format.allCases.map(\.rawValue).joined(separator: ", ")
        while let flag = arguments.next() {
            switch flag {
            case "--format":
                let text = try arguments.value(for: flag, expected: expected)
                guard let chosen = BenchmarkExport.Format(rawValue: text) else {
                    throw .invalid(flag, text, expected: expected)
                }
                format = chosen
            case "--out":
                outputPath = try arguments.value(for: flag, expected: "a file path")
            default:
                guard !flag.hasPrefix("-") else {
                    throw UsageError("export: unknown flag '\(flag)'; see 'simbench help export'")
                }
                files.append(flag)
            }
        }
        guard format != nil else {
            throw UsageError("export: missing --format; expected \(expected)")
        }
        guard files.count == 1 else {
            throw UsageError("export: expected one results file, but got \(files.count); see 'simbench help export'")
        }
        file = files[0]
        if let outputPath {
            let checked = try OutputPath.check(outputPath, flag: "--out")
            try OutputPath.refuseCollisions([checked], inputs: [("export", file)])
            output = checked
        }
    }

    func execute() throws -> ExitStatus {
        guard let format else { return .usage }
        // A history of many runs is a time series: only line protocol carries one.
        let results = try ResultsFile.read(file, runs: format == .influx ? .several : .one)
        let text = try BenchmarkExport.render(results, as: format)
        if let output, let outputPath {
            OutputPath.reserveStandardOutput(if: [output])
            Interruption.expect([outputPath])
            try output.write(text)
            Interruption.written(outputPath)
            print("\(format.rawValue) export: \(outputPath)")
        } else {
            print(text, terminator: "")
        }
        return .success
    }
}
