import SimBench

/// `simbench merge A.csv B.csv … --out ALL.csv`: the parts of a sharded run as one file.
struct MergeCommand: Command {
    var files = [String]()
    var outputPath = ""
    /// The checked `--out`, once every flag is read.
    var output: OutputPath?

    static let name = "merge"
    static let abstract = "join the parts of a sharded run (--shard I/N)"
    static let operands = [
        Operand(
            name: "PART.csv…", help: "the parts' results CSVs, in the order to copy them",
            completion: .file)
    ]

    static var flags: [Option<MergeCommand>] {
        [
            .path("--out", value: "ALL.csv", help: "the merged file", required: true) {
                $0.outputPath = $1
            }
        ]
    }

    static var discussion: String {
        """
        For a CI matrix: each job runs '\(Suite.toolName) run … --shard I/N --csv part-I.csv', one
        job merges. The parts must have the same header and no (scenario, params, sweep,
        variant) twice; their rows are copied in the order given; the result is written
        whole or not at all. A note says when the parts differ in commit, build, seed or
        --machines.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "merged"),
        (
            .failure,
            "a part is not a valid results file or holds no result row, the headers differ, or a row is duplicated"
        ),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        files = operands
        guard !files.isEmpty else { throw UsageError("merge: expected results files to merge") }
        guard !files.contains(outputPath) else {
            throw UsageError.invalid(
                "--out", outputPath, expected: "a path other than the files being merged")
        }
        let output = try OutputPath.check(outputPath, label: "--out")
        try OutputPath.refuseCollisions([output], inputs: files.map { ("merge", $0) })
        self.output = output
    }

    func execute() throws -> ExitStatus {
        var parts = [ResultsFile]()
        for file in files { parts.append(try ResultsFile.read(file)) }
        // A header-only part is a shard that had nothing to do: merged as nothing, and said.
        // Only when every part is one is there nothing to merge.
        let empty = parts.filter(\.records.isEmpty)
        if empty.count == parts.count, let first = parts.first {
            try first.requireRows(toDo: "merge")
        }
        let merged = try ResultsMerge.check(parts)
        guard let output else { preconditionFailure("merge: execute before finish") }
        OutputPath.reserveStandardOutput(if: [output])
        Interruption.expect([outputPath])
        try output.write { (text) throws(FileError) in
            try ResultsMerge.write(merged, into: &text)
        }
        for part in empty {
            Terminal.error(
                "note: \(part.path): no result rows, only a header; nothing merged from it")
        }
        for note in merged.notes { Terminal.error("note: \(note)") }
        print("merged \(merged.rows) rows from \(files.count) files: \(outputPath)")
        return .success
    }
}
