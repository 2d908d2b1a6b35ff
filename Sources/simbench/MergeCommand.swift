import SimBench

/// `simbench merge A.csv B.csv … --out ALL.csv`: the parts of a sharded run as one file.
struct MergeCommand {
    var files = [String]()
    var outputPath = ""
    var output: OutputPath

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var output: String?
        while let flag = arguments.next() {
            switch flag {
            case "--out":
                output = try arguments.value(for: flag, expected: "a file path")
            default:
                guard !flag.hasPrefix("-") else {
                    throw UsageError("merge: unknown flag '\(flag)'; see 'simbench help merge'")
                }
                files.append(flag)
            }
        }
        guard let output else { throw UsageError("merge: missing --out PATH for the merged file") }
        guard !files.isEmpty else { throw UsageError("merge: expected results files to merge") }
        guard !files.contains(output) else {
            throw .invalid("--out", output, expected: "a path other than the files being merged")
        }
        self.output = try OutputPath.check(output, flag: "--out")
        try OutputPath.refuseCollisions([self.output], inputs: files.map { ("merge", $0) })
        outputPath = output
    }

    func execute() throws -> ExitStatus {
        var parts = [ResultsFile]()
        for file in files { parts.append(try ResultsFile.read(file)) }
        let merged = try ResultsMerge.merge(parts)
        OutputPath.reserveStandardOutput(if: [output])
        Interruption.expect([outputPath])
        try output.write(merged.document)
        Interruption.written(outputPath)
        for note in merged.notes { Terminal.error("note: \(note)") }
        print("merged \(merged.rows) rows from \(files.count) files: \(outputPath)")
        return .success
    }
}
