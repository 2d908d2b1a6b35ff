import SimBench

/// The EXIT STATUS section of every help, derived from `ExitStatus`: a command declares what
/// each status it gives means for it (`Command.exitStatuses`); usage, SIGINT, a closed pipe,
/// SIGTERM and SIGHUP, which every command can end with, are added with their general meaning
/// when it says nothing of its own. `simbench --help` lists every status.
extension ExitStatus {
    /// What the status means for any command. The switch is exhaustive: a new status cannot
    /// be added without its meaning.
    var meaning: String {
        switch self {
        case .success: "success; compare: no regression"
        case .failure:
            "failure: a file or standard output could not be read or written, or a file is not a valid results file; or the tool's catalog cannot be measured (said before any command)"
        case .regression: "compare: at least one regression"
        case .wrongOutcome:
            "run: a variant computed a different outcome from its baseline (no timing given); compare, ab: the current run holds one"
        case .improvement: "compare --fail-on-improvement: improvements and no regression"
        case .unhealthy: "doctor: a validity check failed"
        case .countingUnavailable:
            "run --instructions callgrind|perf: that counting cannot run here (nothing was run)"
        case .usage: "usage: bad flag, value or name; nothing was run or written"
        case .interrupted:
            "interrupted (SIGINT): children ended first, one line says what was not written; no file is left half-written, no child or temporary file left"
        case .closedPipe:
            "standard output's reader went away (a pipe into head): output stops quietly, as in other Unix tools"
        case .terminated: "terminated (SIGTERM): as for 130"
        case .hangUp: "hung up (SIGHUP): as for 130"
        }
    }

    /// The statuses every command can end with, whether or not it declares them.
    static let everyCommand: [ExitStatus] = [
        .usage, .interrupted, .closedPipe, .terminated, .hangUp,
    ]

    /// `EXIT STATUS` and one line per status, `0   text` wrapped under its text: `declared`
    /// in its order, then those of `everyCommand` it does not declare.
    static func section(_ declared: [(status: ExitStatus, meaning: String)]) -> String {
        let added = everyCommand.filter { status in !declared.contains { $0.status == status } }
        let rows = declared + added.map { (status: $0, meaning: $0.meaning) }
        let indent = String(repeating: " ", count: 6)
        let lines = rows.map { row in
            let code = "\(row.status.rawValue)"
            let first = "  " + code + String(repeating: " ", count: max(1, 4 - code.count))
            return CommandHelp.wrap(
                row.meaning.split(separator: " ").map(String.init), first: first, indent: indent)
        }
        return (["EXIT STATUS"] + lines).joined(separator: "\n")
    }
}
