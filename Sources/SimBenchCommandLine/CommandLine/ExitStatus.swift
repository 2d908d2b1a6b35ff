import SimBench

/// The exit statuses of every `simbench` command, documented in `simbench --help` and the
/// README.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what was asked; `compare`: no regression.
    case success = 0
    /// The command could not finish: an unreadable or malformed input file, a results file
    /// that could not be written, or standard output that could not be written
    /// (`StandardOutput`).
    case failure = 1
    /// `compare`: at least one regression.
    case regression = 2
    /// `run`: a variant computed a different outcome from its baseline; it got no timing.
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
}
