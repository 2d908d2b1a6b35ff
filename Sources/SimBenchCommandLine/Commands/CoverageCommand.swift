import Foundation
import SimBench

/// `simbench coverage RUN.csv…`: how often each run's intervals hold another run's value,
/// the proof that an interval claiming 95% of a re-run keeps its word (`CoverageProof`).
struct CoverageCommand: Command {
    var files = [String]()
    var label = "runs"

    static let name = "coverage"
    static let abstract = "how often one run's intervals hold another run's value"
    static let operands = [
        Operand(
            name: "RUN.csv…", help: "at least 3 results files, one run of the same suite each",
            completion: .file)
    ]

    static var flags: [Option<CoverageCommand>] {
        [
            .value(
                "--label", value: "TEXT", help: "what the runs are, for the report's first line",
                expected: "any text"
            ) { $0.label = $1 }
        ]
    }

    static var discussion: String {
        """
        For every row and figure with an interval, and every ordered pair of runs: does the
        first run's interval hold the second's value (a single re-run)? A calibrated 95%
        interval does so 95% of the time. The ratios (wall and CPU), the ratio net of the
        floor and the ns added claim 95% of a re-run and are judged: the proof passes when
        each holds \(RelativeChange.percent(CoverageProof.band.lowerBound)) to \(RelativeChange.percent(CoverageProof.band.upperBound)) of single re-runs overall and no row holds fewer
        than \(Int(CoverageProof.rowShare * 8)) in 8 of its pairs. Beside it, reported: how often a run's interval holds
        the median of the other runs' values (leave one out), which a calibrated re-run
        interval does about 98% of the time. Absolute times hold one run only and are
        reported, not judged. Last, by run: the judged pairs each run is in whose interval
        missed the other's value; one run far above the others is an outlier, misses spread
        alike over every run are the intervals' own. Give K runs of one binary, or K runs
        over K code layouts; scripts/coverage-proof.sh makes both.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "every judged figure holds single re-runs within the band"),
        (
            .failure,
            "a judged figure or row holds too few or too many single re-runs; nothing is judged; or a file is not a valid results file or holds no result row"
        ),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        files = operands
        guard files.count >= 3 else {
            throw UsageError(
                "coverage: expected at least 3 results files (got \(files.count)): one run of the same suite each"
            )
        }
    }

    func execute() throws -> ExitStatus {
        // A file given more than once (a run against itself, as a proof's check of its
        // own reading) is read once: its rows are the same wherever it is named.
        var runs = [ResultsFile]()
        var read = [FileIdentity: ResultsFile]()
        for file in files {
            let identity = FileIdentity(path: file)
            if let identity, let run = read[identity] {
                runs.append(run)
                continue
            }
            let run = try ResultsFile.read(file)
            try run.requireRows(toDo: "judge")
            runs.append(run)
            if let identity { read[identity] = run }
        }
        let proof = CoverageProof(files: runs)
        // A pass needs something judged: the same file given three times, or runs of
        // different suites, leave no judged figure whose value differs between the runs.
        guard proof.judgesAnything else {
            throw ResultsFileError(
                path: files.joined(separator: ", "), line: nil, column: nil,
                message:
                    "nothing to judge: no row measured in every run has a judged figure whose value differs between the runs (the same run given more than once, or runs of different suites?)"
            )
        }
        // A line per row, a million for a history's worth: written as it is made.
        try StandardOutput.write { (text) throws(FileError) in
            try proof.write(label: label, into: &text)
            text.append("\n")
        }
        // Which runs the misses came from: one outlying run, or all of them alike.
        let missesByRun = proof.missesByRun
        let misses = zip(files, missesByRun).map { file, run in
            "\(file.split(separator: "/").last ?? "") \(run.missed)"
        }
        let of = missesByRun.first?.of ?? 0
        print("judged pairs missed, by run (of \(of) each): \(misses.joined(separator: ", "))")
        // A failing row per line, hundreds of thousands for a history's worth: written as
        // bytes as each is made.
        var failures = 0
        try StandardOutput.write { (text) throws(FileError) in
            try proof.forEachFailure { (failure) throws(FileError) in
                text.append("fails: ")
                text.append(failure)
                text.append(byte: UInt8(ascii: "\n"))
                try text.flushIfFull()
                failures += 1
            }
        }
        print(failures == 0 ? "coverage: passed" : "coverage: FAILED")
        return failures == 0 ? .success : .failure
    }
}

/// Which file a path names, as the file system tells (its device and inode): two paths name
/// the same file when they agree, whatever their spelling or links.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the regular file at `path`; nil for anything else (a pipe, a device,
    /// a path that cannot be read), which is read wherever it is named.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
