import Foundation
import SimBench

/// `simbench ab --base REF`: the working tree (head) against a git commit (base), measured
/// on this host in the same minutes, as alternating child processes.
///
/// The method is the harness's (`ABTrial`: the base's worktree under `.build/ab/`, both
/// builds, the ABBA pairs taking turns, each run's results read back); the command parses
/// its flags, checks what only it can read (`--output`, the run arguments), words what the
/// trial says, and judges the pairs as compare does (`ResultsComparison(pairs:)`, `verdict`).
struct ABCommand: Command {
    var base = ""
    /// With `--pairs auto`, the most pairs that may run (`pairLimit`'s upper bound).
    var pairs = 5
    /// `--pairs auto`: add pairs until every row sees its threshold or `maxTime` runs out.
    var autoPairs = false
    /// `--max-time`: no pair is started that would end past it, in seconds.
    var maxTime: Double?
    var layouts = CodeLayouts.Mode.on
    var counts = Counting.auto
    /// The arguments every child's `simbench run` gets: `--` and what follows, or the CI
    /// suite's (`Benchmarks/ci.conf`).
    var runArguments: [String]?
    var baseArguments = [String]()
    var headArguments = [String]()
    var output = "results/ab"
    /// compare's judging flags, parsed by compare's own declarations.
    var judging = CompareCommand()

    static let name = "ab"
    static let abstract = "the working tree against a git commit, measured in turns"
    /// The first line of the Markdown report, so that a bot updates its comment in place.
    static let marker = "<!-- simbench -->"
    static let pairLimit = CountLimit(1...1000)

    /// `--counts`: whether every run counts instructions.
    enum Counting: String, CaseIterable {
        /// Under Callgrind where valgrind is installed (`run --instructions callgrind`).
        case auto
        case off
    }

    /// The run argument that counts instructions under Callgrind.
    static let countingArguments = ["--instructions", "callgrind"]
    /// The CI suite's run arguments, under the repository.
    static let suiteFile = "Benchmarks/ci.conf"

    static var operands: [Operand] {
        [
            Operand(
                name: "-- RUN-ARGUMENTS",
                help:
                    "the arguments of every child's '\(Suite.toolName) run' (default: those in \(suiteFile))",
                completion: .none)
        ]
    }

    static var flags: [Option<ABCommand>] {
        func words(_ text: String) -> [String] {
            text.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let own: [Option<ABCommand>] = [
            .value(
                "--base", value: "REF",
                help: "the commit to measure the working tree against (a branch, tag or commit)",
                expected: "a git commit, branch or tag", required: true
            ) { command, text in
                guard !text.isEmpty else {
                    throw UsageError.invalid(
                        "--base", text, expected: "a git commit, branch or tag")
                }
                command.base = text
            },
            .value(
                "--pairs", value: "K|auto",
                help:
                    "pairs of runs (base and head each once), in ABBA order; auto: from \(ABTrial.automaticMinimumPairs), add pairs until every row not flagged would flag a change of its threshold seen in its pairs (its 95% CI no wider than the threshold), or --max-time runs out",
                default: "5", expected: "\(pairLimit.expected), or auto"
            ) { command, text in
                if text == "auto" {
                    command.autoPairs = true
                    command.pairs = ABCommand.pairLimit.range.upperBound
                } else {
                    command.autoPairs = false
                    command.pairs = try ABCommand.pairLimit.parse(text)
                }
            },
            .value(
                "--max-time", value: "S",
                help:
                    "start no pair that would end past S seconds of pairs (judged by the pairs so far); with --pairs auto, \(Int(ABTrial.automaticMaxTime)) s unless given",
                expected: RunOptions.Limits.seconds.expected
            ) { $0.maxTime = try RunOptions.Limits.seconds.parse($1) },
            .choice(
                "--counts", value: "MODE",
                help:
                    "auto: where valgrind is installed, every run of both builds also counts instructions (run \(countingArguments.joined(separator: " ")), unless the run arguments give --instructions), so that a time change whose counts stood still is told apart as layout or environment; off: time only (quicker; also for a base older than callgrind counting)",
                default: Counting.auto
            ) { $0.counts = $1 },
            .choice(
                "--layouts", value: "MODE",
                help:
                    "on: link every run of both builds with a code layout of its own (ld.lld shuffles the functions, a new seed per run; only the link is repeated), so that where the linker put the code is noise between pairs, not a change; off: one layout per build, as it links",
                default: CodeLayouts.Mode.on
            ) { $0.layouts = $1 },
            .value(
                "--base-args", value: "ARGS",
                help:
                    "more run arguments for the base's runs only, as one word: --base-args='--param calibrate.twin-extra=5'",
                expected: "run arguments"
            ) { $0.baseArguments = words($1) },
            .value(
                "--head-args", value: "ARGS", help: "the same for the head's runs only",
                expected: "run arguments"
            ) { $0.headArguments = words($1) },
            .path(
                "--output", value: "DIR",
                help:
                    "where each run's CSV goes (base-1.csv, head-1.csv, …), and the Markdown report (\(ABTrial.reportName))",
                default: "results/ab"
            ) { $0.output = $1 },
        ]
        return own
            + CompareCommand.flags.map { option in
                Option<ABCommand>(
                    names: option.names, valueName: option.valueName, help: option.help,
                    defaultValue: option.defaultValue, expected: option.expected,
                    repeats: option.repeats,
                    isRequired: option.isRequired, completion: option.completion
                ) { command, text in try option.apply(&command.judging, text) }
            }
    }

    init() {}

    mutating func finish(operands: [String]) throws {
        runArguments = operands.isEmpty ? nil : operands
        judging.resolveThresholds()
    }

    /// A failure of the command's own (its flags' values, the run arguments, the report):
    /// one line, and the status to exit with.
    struct Failure: Error {
        let message: String
        let status: ExitStatus
    }

    /// The trial's settings, from the flags.
    var settings: ABTrial.Settings {
        var settings = ABTrial.Settings(base: base, output: output)
        settings.pairs = pairs
        settings.automaticPairs = autoPairs
        settings.maxTime = maxTime
        settings.layouts = layouts
        settings.thresholds = judging.thresholds
        settings.ignoringParameters = judging.ignoreParameters
        return settings
    }

    func execute() throws -> ExitStatus {
        do {
            // Every output and every run argument is checked before anything is built (two
            // builds take minutes): nothing fails after the work is done that could fail now.
            try checkOutput()
            let trial = ABTrial(settings)
            let revisions = try trial.locate()
            let suite = try runArguments ?? suiteArguments(root: revisions.root)
            try checkRunArguments(suite)
            let counting = countingArguments(suite)
            let measured = try trial.measure(revisions, runs: runs(suite, counting: counting)) {
                progress(words(for: $0, counting: counting))
            }
            return try report(measured, revisions: revisions)
        } catch let failure as ABTrial.Failure {
            Terminal.error("ab: \(words(for: failure))")
            return ABCommand.status(failure)
        } catch let failure as Failure {
            Terminal.error("ab: \(failure.message)")
            return failure.status
        }
    }

    /// One line on standard error, `ab: ` first; nothing for nil.
    func progress(_ line: String?) {
        guard let line else { return }
        FileHandle.standardError.write(Data("ab: \(line)\n".utf8))
    }
}
