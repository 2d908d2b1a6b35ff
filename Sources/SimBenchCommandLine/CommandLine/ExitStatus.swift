import SimBench

/// The exit statuses of every `simbench` command, documented in `simbench --help` and the
/// README.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what was asked; `compare`: no regression.
    case success = 0
    /// The command could not finish: an unreadable or malformed input file, a results file
    /// that could not be written, or standard output that could not be written
    /// (`StandardOutput`). Also, before any command, a tool whose catalog cannot be
    /// measured (`Catalog.problems`).
    case failure = 1
    /// `compare`: at least one regression.
    case regression = 2
    /// `run`: a variant computed a different outcome from its baseline; it got no timing.
    /// `compare` and `ab`: the current run (the head's) holds such a variant: the code under
    /// test is wrong, whatever its times.
    case wrongOutcome = 3
    /// `compare --fail-on-improvement`: improvements and no regression.
    case improvement = 4
    /// `doctor`: a validity check failed (a debug build, or a variant whose time does not
    /// grow with its work).
    case unhealthy = 5
    /// `run --instructions callgrind|perf`: that counting cannot run on this host
    /// (valgrind missing, or the kernel refuses perf events); nothing was run or written.
    case countingUnavailable = 6
    /// Bad flags, values or names; nothing was run or written.
    case usage = 64
    /// Stopped by SIGINT (Ctrl-C): 128 + the signal. The C handler (`Interruption`) exits
    /// with it, after one line saying what was not written; no file is left half-written.
    case interrupted = 130
    /// Standard output's reader went away (`simbench --help | head -3`): the output stops
    /// there, quietly, as in the Unix tools a user pipes into `head`: no message, temporary
    /// files removed. 128 + SIGPIPE, what a shell reports for a tool that signal ends.
    case closedPipe = 141
    /// Stopped by SIGTERM: 128 + the signal, as for `interrupted`.
    case terminated = 143
    /// Stopped by SIGHUP (the terminal or session closed): 128 + the signal, as for
    /// `interrupted`.
    case hangUp = 129
}

extension ExitStatus {
    /// `compare`'s and `ab`'s status for what the comparison found: 0, 2 or 4.
    init(_ outcome: ResultsComparison.Outcome) {
        switch outcome {
        case .passed: self = .success
        case .regression: self = .regression
        case .improvement: self = .improvement
        }
    }

    /// `compare`'s and `ab`'s status: `wrongOutcome` when a file of the current side holds
    /// a row whose outcome was wrong, which one line on stderr names (a wrong outcome is a
    /// failure of the code under test, before any question of time); else the comparison's.
    static func judging(
        _ comparison: ResultsComparison, failOnImprovement: Bool, current: [ResultsFile],
        side: String, command: String
    ) -> ExitStatus {
        var wrong = [String]()
        for file in current {
            // A status this version does not know is not a wrong outcome: only 'wrong' is. An
            // `ok` row, known from the reader's kind of it, has its cell left unread.
            for record in file.records where !record.isOK && record.status == .wrong {
                let name = "\(record[.scenario]).\(record[.variant])"
                if !wrong.contains(name) { wrong.append(name) }
            }
        }
        guard wrong.isEmpty else {
            Terminal.error(
                "\(command): the \(side) holds a wrong outcome: \(wrong.joined(separator: ", ")) computed another outcome than its baseline (status '\(ResultStatus.wrong.rawValue)'), whatever its times"
            )
            return .wrongOutcome
        }
        return ExitStatus(comparison.outcome(failOnImprovement: failOnImprovement))
    }
}
