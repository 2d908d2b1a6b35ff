import Foundation
import SimBench

/// `simbench ab --base REF`: the working tree (head) against a git commit (base), measured
/// on this host in the same minutes, as alternating child processes.
///
/// It builds REF in a git worktree under `.build/ab/` (release, with a build folder kept
/// between calls) and the head, then runs `simbench run` of each build in turn, in ABBA
/// order over `--pairs` pairs, and judges each (scenario, params, sweep, variant) with the pairs
/// as the unit (`ResultsComparison(pairs:)`). With `--layouts on` (the default) both builds
/// are relinked before each pair with a new code layout (`CodeLayouts`).
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
    /// `--pairs auto` never stops before this many pairs: fewer give a t interval too wide
    /// (4.3 standard errors with 3 pairs) to see a usual threshold.
    static let automaticMinimumPairs = 3
    /// `--max-time`'s value with `--pairs auto` when none is given.
    static let automaticMaxTime = 3600.0

    /// `--counts`: whether every run counts instructions.
    enum Counting: String, CaseIterable {
        /// Under Callgrind where valgrind is installed (`run --instructions callgrind`).
        case auto
        case off
    }

    /// The run argument that counts instructions under Callgrind.
    static let countingArguments = ["--instructions", "callgrind"]
    /// Where the base's worktree, build folder and build logs live, under the repository.
    static let directory = ".build/ab"
    /// The Markdown report, written into `--output` whatever `--format` prints (for a
    /// pull-request comment next to a text log).
    static let markdownReport = "report.md"
    /// The CI suite's run arguments, under the repository.
    static let suiteFile = "Benchmarks/ci.conf"
    /// The executable product each side builds: the running tool's own (`simbench`, or a
    /// package's tool over its own catalog, `BenchmarkTool`), named as SwiftPM names its
    /// executable.
    static var product: String {
        String(ProcessPool.currentExecutable.split(separator: "/").last ?? "simbench")
    }

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
                    "pairs of runs (base and head each once), in ABBA order; auto: from \(automaticMinimumPairs), add pairs until every row not flagged would flag a change of its threshold seen in its pairs (its 95% CI no wider than the threshold), or --max-time runs out",
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
                    "start no pair that would end past S seconds of pairs (judged by the pairs so far); with --pairs auto, \(Int(automaticMaxTime)) s unless given",
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
                    "where each run's CSV goes (base-1.csv, head-1.csv, …), and the Markdown report (\(markdownReport))",
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

    static var discussion: String {
        """
        HOW IT RUNS
          The base is checked out in a git worktree in \(directory)/base and built there
          (swift build -c release, build folder \(directory)/build, kept between calls); the
          head is the working tree, built as usual. Then each pair runs both builds' '\(Suite.toolName)
          run' with the same arguments: base first in odd pairs, head first in even ones
          (ABBA), so that a machine slowing down favours neither. When both builds can take
          turns on the machine (run --help, TAKING TURNS), a pair's two runs go side by side:
          the first takes the machine, then the second starts, and each measures only while
          the other's span waits, never beside it; otherwise one after the other.

        CODE LAYOUTS (--layouts on, the default)
          Where the linker puts each function moves a tight loop's speed, the same in every
          run of one binary: a change to one function can speed up or slow down another.
          So each side is compiled once with every Swift function in a section of its own
          and linked by the toolchain's ld.lld (build folders \(directory)/base/\(RunCommand.layoutsBuildPath),
          where run --layouts in the worktree relinks too, and \(directory)/head-layouts),
          and before each pair both are relinked with
          --shuffle-sections and a new seed: only the link is repeated. The report names
          the seeds. Layout then varies between pairs, so the pairs' interval holds it.
          --layouts off builds as before: one layout per build, the head in the usual
          .build folder.

        COUNTS (--counts auto, the default)
          Where valgrind is installed, every run also counts instructions under Callgrind
          (run --instructions callgrind: a counted pass after the timed rounds). Counts do
          not move with layout or with the host: a time change whose instructions per
          event (and estimated cycles) did not move is a 'layout/env shift', shown and not
          counted in the exit status, and a change of counts is the code's. Without
          valgrind, or with --counts off, time alone decides.

        HOW IT DECIDES
          As compare, per (scenario, params, sweep, variant), on the same figures, but the interval
          comes from the pairs: each pair gives one change, log(head / base), and the 95% CI
          is Student's t interval of their mean. It includes what moves one process against
          another, which no interval inside one run can. A change counts when it passes the
          threshold and its CI excludes 0: a paired t test, which flags at most 5% of rows
          when nothing changed and sees smaller changes as pairs are added. Each row not
          flagged says what it could have seen: 'no change beyond ±6.1% visible with 6
          pairs' (an observed change beyond ±6.1% would have been flagged: the larger of
          the threshold and the CI's half-width) and the true change caught 4 times in 5
          (80% power). When a scenario's baseline variant moved, its patterns are judged on
          their own CPU time over the machine-speed reference, and a move of their ratio is
          reported as 'moved with baseline', never as their change. With one pair nothing
          is judged. Rows of one build only (a scenario or variant added or removed) are
          listed, not judged.
        """
    }

    static var exitStatuses: [(status: ExitStatus, meaning: String)] {
        [
            (.success, "no regression"),
            (.regression, "at least one regression"),
            (.improvement, "improvements and no regression, with --fail-on-improvement"),
            (
                .wrongOutcome,
                "a build computes a wrong outcome (its run stops ab at once), or the head's results hold one"
            ),
            (
                .failure,
                "not a git repository, the base has no \(Suite.toolName) (no Package.swift), a build or run failed, or the base's results lack a column the verdicts read (then nothing more is run)"
            ),
            (
                .usage,
                "usage: bad flag or value, --base is not a commit, --output cannot take the files, or the run arguments are refused (all found before anything is built)"
            ),
        ]
    }

    init() {}

    mutating func finish(operands: [String]) throws {
        runArguments = operands.isEmpty ? nil : operands
        judging.resolveThresholds()
    }

    /// A failure that ends `ab`: one line, and the status to exit with.
    struct Failure: Error {
        let message: String
        let status: ExitStatus
    }

    func execute() throws -> ExitStatus {
        do {
            return try measure()
        } catch let failure as Failure {
            Terminal.error("ab: \(failure.message)")
            return failure.status
        }
    }

    private func measure() throws -> ExitStatus {
        // Every output and every run argument is checked before anything is built (two
        // builds take minutes): nothing fails after the work is done that could fail now.
        try checkOutput()
        let (root, commit, suite) = try checkBaseAndArguments()
        let short = String(commit.prefix(8))
        let (workspace, worktree) = try checkOutBase(commit, short: short, root: root)
        let builds = try buildBoth(
            short: short, root: root, workspace: workspace, worktree: worktree)
        try prepareOutputFolder()
        let files = try runPairs(builds, suite: suite, short: short)
        return try report(
            files, short: short, root: root,
            seeds: builds.seeds.map { Array($0.prefix(files.count)) })
    }

    /// The repository, the base's commit and the suite's run arguments, checked.
    private func checkBaseAndArguments() throws -> (root: String, commit: String, suite: [String]) {
        let root = try git(
            ["rev-parse", "--show-toplevel"], in: nil,
            failure: "not inside a git repository: ab builds --base from git")
        guard
            let commit = try? git(
                ["rev-parse", "--verify", "--quiet", "\(base)^{commit}"], in: root, failure: "")
        else {
            throw Failure(
                message:
                    "--base '\(base)' is not a commit of \(root); expected a branch, tag or commit",
                status: .usage)
        }
        let suite = try runArguments ?? suiteArguments(root: root)
        try checkRunArguments(suite)

        return (root, commit, suite)
    }

    /// The base checked out in its own worktree under `.build/ab` (made once, then reused).
    private func checkOutBase(
        _ commit: String, short: String, root: String
    ) throws -> (workspace: String, worktree: String) {
        let workspace = "\(root)/\(ABCommand.directory)"
        let worktree = "\(workspace)/base"
        do {
            try FileManager.default.createDirectory(
                atPath: workspace, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                message:
                    "cannot create \(workspace), where the base is built: \(Self.reason(error))",
                status: .failure)
        }
        if FileManager.default.fileExists(atPath: "\(worktree)/.git") {
            _ = try git(
                ["checkout", "--quiet", "--detach", "--force", commit], in: worktree,
                failure: "cannot check out \(base) in \(worktree)")
        } else {
            _ = try? git(["worktree", "prune"], in: root, failure: "")
            _ = try git(
                ["worktree", "add", "--quiet", "--detach", "--force", worktree, commit], in: root,
                failure: "cannot add a worktree for \(base) in \(worktree)")
        }
        guard FileManager.default.fileExists(atPath: "\(worktree)/Package.swift") else {
            throw Failure(
                message:
                    "the base (\(base), \(short)) has no \(Suite.toolName): no Package.swift at its root; nothing was run",
                status: .failure)
        }
        return (workspace, worktree)
    }

    /// Both sides built (with layouts: compiled once each, linked with the first pair's
    /// seeds), and what each later pair needs to relink them.
    struct Builds {
        let baseSide: BuildSide
        let headSide: BuildSide
        let baseBinary: String
        let headBinary: String
        /// One (base, head) seed per pair; nil with `--layouts off`.
        let seeds: [(base: UInt32, head: UInt32)]?
        /// The compile flags both sides were built with, repeated on every relink.
        let compile: [String]
    }

    private func buildBoth(
        short: String, root: String, workspace: String, worktree: String
    ) throws -> Builds {
        // With layouts, each side is compiled once, in a build folder of its own (the
        // function-sections objects never mix with a plain build's), and linked with the
        // first pair's seed; each later pair only relinks. The base's is its checkout's own
        // folder of layouts (`RunCommand.layoutsBuildPath`), which `run --layouts` in the
        // worktree compiles alike, and so only relinks.
        var generator = SystemRandomNumberGenerator()
        let seeds = layouts == .on ? CodeLayouts.seeds(pairs: pairs, using: &generator) : nil
        let compile = seeds == nil ? [] : CodeLayouts.buildArguments
        let baseSide = BuildSide(
            label: "base (\(base), \(short))", directory: worktree,
            scratch: seeds == nil
                ? "\(workspace)/build" : "\(worktree)/\(RunCommand.layoutsBuildPath)",
            log: "\(workspace)/base")
        let headSide = BuildSide(
            label: "head", directory: root,
            scratch: seeds == nil ? nil : "\(workspace)/head-layouts",
            log: "\(workspace)/head")
        let firstLink = seeds.map {
            (
                CodeLayouts.linkArguments(seed: $0[0].base),
                CodeLayouts.linkArguments(seed: $0[0].head)
            )
        }
        progress(
            "building the base (\(base), \(short)) in \(worktree)\(seeds == nil ? "" : ", functions in sections of their own, linked by ld.lld")"
        )
        let baseBinary = try build(
            baseSide, arguments: compile + (firstLink?.0 ?? []), log: baseSide.log + "-build.log")
        progress(
            "building the head (the working tree)\(seeds == nil ? "" : ", the same way, in \(headSide.scratch!)")"
        )
        let headBinary = try build(
            headSide, arguments: compile + (firstLink?.1 ?? []), log: headSide.log + "-build.log")

        return Builds(
            baseSide: baseSide, headSide: headSide, baseBinary: baseBinary,
            headBinary: headBinary, seeds: seeds, compile: compile)
    }

    /// `--output` made, and an earlier `ab`'s CSVs and report in it removed.
    private func prepareOutputFolder() throws {
        do {
            try FileManager.default.createDirectory(
                atPath: output, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                message: "--output: cannot create '\(output)': \(Self.reason(error))",
                status: .failure)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        where ((name.hasPrefix("base-") || name.hasPrefix("head-")) && name.hasSuffix(".csv"))
            || name == ABCommand.markdownReport
        {
            // Only an earlier ab's files: never a directory of that name.
            var status = stat()
            guard lstat("\(output)/\(name)", &status) == 0, status.st_mode & S_IFMT == S_IFREG
            else { continue }
            try? FileManager.default.removeItem(atPath: "\(output)/\(name)")
        }
    }

    /// The ABBA pairs: each relinked on new layouts (from the second pair), then each side's
    /// `run` in turn, its CSV read back.
    private func runPairs(
        _ builds: Builds, suite: [String], short: String
    ) throws -> [(base: ResultsFile, head: ResultsFile)] {
        let (baseSide, headSide, seeds, compile) = (
            builds.baseSide, builds.headSide, builds.seeds, builds.compile
        )
        let (baseBinary, headBinary) = (builds.baseBinary, builds.headBinary)
        let counting = countingArguments(suite)
        if !counting.isEmpty {
            progress(
                "counting instructions in every run (\(counting.joined(separator: " "))); --counts off skips it"
            )
        } else if counts == .auto, (try? CallgrindPass.locateTools()) == nil {
            progress("no valgrind here: time alone decides, without counts")
        }
        let turns = turnsFile([baseBinary, headBinary])
        defer { if let turns { try? FileManager.default.removeItem(atPath: turns) } }
        var files = [(base: ResultsFile, head: ResultsFile)]()
        let started = Date()
        let budget = maxTime ?? (autoPairs ? ABCommand.automaticMaxTime : nil)
        let total = autoPairs ? "auto" : "\(pairs)"
        for pair in 1...pairs {
            if let budget {
                let elapsed = Date().timeIntervalSince(started)
                if !ABCommand.roomForPair(pair, elapsed: elapsed, budget: budget) {
                    progress(
                        "--max-time \(String(format: "%g", budget)) s: no room for pair \(pair) after \(Int(elapsed)) s; judging \(pair - 1) pairs"
                    )
                    break
                }
            }
            if autoPairs, pair > ABCommand.automaticMinimumPairs,
                try sees(files, short: short)
            {
                break
            }
            if let seeds, pair > 1 {
                let seed = seeds[pair - 1]
                progress(
                    "pair \(pair)/\(total): relinking the base (layout seed \(seed.base)) and the head (layout seed \(seed.head))"
                )
                try relink(
                    baseSide, arguments: compile + CodeLayouts.linkArguments(seed: seed.base))
                try relink(
                    headSide, arguments: compile + CodeLayouts.linkArguments(seed: seed.head))
            }
            // ABBA: base first in odd pairs, head first in even ones.
            let order = pair % 2 == 1 ? ["base", "head"] : ["head", "base"]
            let runs = order.map { side in
                let path = "\(output)/\(side)-\(pair).csv"
                let isBase = side == "base"
                return SideRun(
                    binary: isBase ? baseBinary : headBinary,
                    arguments: ["run"] + suite + (isBase ? baseArguments : headArguments)
                        + counting + ["--quiet", "--csv", path],
                    side: isBase ? "base (\(base), \(short))" : "head", csv: path)
            }
            if let turns {
                progress("pair \(pair)/\(total): \(order[0]) and \(order[1]), taking turns")
                try runTakingTurns(runs, turns: turns)
            } else {
                for (side, run) in zip(order, runs) {
                    progress("pair \(pair)/\(total): \(side)")
                    try runChild(run)
                }
            }
            var read = [String: ResultsFile]()
            for (side, run) in zip(order, runs) {
                let file = try ResultsFile.read(run.csv)
                if side == "base", pair == 1 { try checkColumns(file) }
                read[side] = file
            }
            files.append((read["base"]!, read["head"]!))
        }

        return files
    }

    /// The file both sides take turns on (`MachineTurns`), when both builds can
    /// (`takeTurns`); nil when one cannot, and the sides run one after another.
    private func turnsFile(_ binaries: [String]) -> String? {
        guard takeTurns(binaries) else {
            progress(
                "a build that cannot take turns on the machine: the sides run one after another")
            return nil
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "simbench-ab-turns-\(getpid())"
        ).path
    }

    /// Whether pair number `pair` (from 1) may start `elapsed` seconds into the pairs
    /// without ending past `budget` (`--max-time`), each pair taken to last as long as the
    /// mean of those before it. The first pair always runs.
    static func roomForPair(_ pair: Int, elapsed: Double, budget: Double) -> Bool {
        guard pair > 1 else { return true }
        return elapsed + elapsed / Double(pair - 1) <= budget
    }

    /// Whether every row not flagged over `files` would see a change of its threshold
    /// (`ResultsComparison.rowsBlindToThreshold`), for `--pairs auto`; says which rows do
    /// not yet.
    private func sees(
        _ files: [(base: ResultsFile, head: ResultsFile)], short: String
    ) throws -> Bool {
        let blind = try ResultsComparison(
            pairs: files, thresholds: judging.thresholds,
            ignoringParameters: judging.ignoreParameters, baseSummary: "", headSummary: ""
        ).rowsBlindToThreshold
        guard
            let widest = blind.max(by: {
                ($0.pairedTest?.visible ?? 0) < ($1.pairedTest?.visible ?? 0)
            })
        else {
            progress("--pairs auto: every row sees its threshold after \(files.count) pairs")
            return true
        }
        progress(
            "--pairs auto: \(blind.count) row\(blind.count == 1 ? "" : "s") cannot yet see the threshold after \(files.count) pairs (widest: \(widest.identity.benchmarkName), ±\(String(format: "%.1f%%", (widest.pairedTest?.visible ?? 0) * 100)))"
        )
        return false
    }

    /// The run arguments that count instructions in every run (`--counts auto`): Callgrind's,
    /// where valgrind is installed and the run arguments do not say how to count already.
    private func countingArguments(_ suite: [String]) -> [String] {
        let given = (suite + baseArguments + headArguments).contains {
            $0 == "--instructions" || $0.hasPrefix("--instructions=")
        }
        guard counts == .auto, !given, (try? CallgrindPass.locateTools()) != nil else {
            return []
        }
        return ABCommand.countingArguments
    }

    /// The comparison of the pairs: `report.md` written, the report printed, and `ab`'s
    /// exit status.
    private func report(
        _ files: [(base: ResultsFile, head: ResultsFile)], short: String, root: String,
        seeds: [(base: UInt32, head: UInt32)]?
    ) throws -> ExitStatus {
        let dirty =
            (try? git(["status", "--porcelain", "--untracked-files=no"], in: root, failure: ""))?
            .isEmpty == false
        let headCommit =
            (try? git(["rev-parse", "--short=8", "HEAD"], in: root, failure: "")) ?? "?"
        let layoutText = { (side: KeyPath<(base: UInt32, head: UInt32), UInt32>) in
            seeds.map { "; " + CodeLayouts.summary($0.map { $0[keyPath: side] }) }
                ?? "; one layout (--layouts off)"
        }
        var comparison = try ResultsComparison(
            pairs: files, thresholds: judging.thresholds,
            ignoringParameters: judging.ignoreParameters,
            layouts: seeds != nil,
            baseSummary:
                "\(base) (\(short)), \(files.count) runs in \(output)/base-*.csv\(layoutText(\.base))",
            headSummary:
                "working tree (\(headCommit)\(dirty ? " with changes" : "")), \(files.count) runs in \(output)/head-*.csv\(layoutText(\.head))"
        )
        comparison.title = ABCommand.title
        comparison.listsEveryRowsFunctions = judging.functions
        let markdown = ABCommand.marker + "\n" + comparison.render(.markdown)
        let reportPath = "\(output)/\(ABCommand.markdownReport)"
        do {
            try OutputFile.writeAtomically(markdown + "\n", to: reportPath)
        } catch {
            throw Failure(message: "cannot write \(reportPath): \(error.reason)", status: .failure)
        }
        switch judging.format {
        case .markdown: print(markdown)
        case .json: print(comparison.render(.json))
        case .html: print(comparison.render(.html))
        case .text: print(comparison.render(.text, width: judging.wide ? nil : Terminal.width))
        }
        return ExitStatus.judging(
            comparison, failOnImprovement: judging.failOnImprovement,
            current: files.map(\.head), side: "working tree's runs", command: Self.name)
    }

    /// Checks `--output` before anything runs: an existing directory in which the runs'
    /// CSVs and the report can be written (files of those names, if any, are regular files),
    /// or a path whose missing directories can be created. A refusal is a usage error.
    private func checkOutput() throws {
        func refuse(_ reason: String) -> Failure {
            Failure(
                message:
                    "--output: '\(output.escapingControlCharacters)' \(reason); expected a directory for the runs' CSVs and \(ABCommand.markdownReport)",
                status: .usage)
        }
        guard !output.isEmpty else { throw refuse("is empty") }
        guard output != OutputPath.standardOutputName else {
            throw refuse("(standard output) cannot be used here")
        }
        var status = stat()
        if stat(output, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("is not a directory") }
            let names =
                (1...pairs).flatMap { ["base-\($0).csv", "head-\($0).csv"] } + [
                    ABCommand.markdownReport
                ]
            do {
                for name in names {
                    let path = output.hasSuffix("/") ? output + name : output + "/" + name
                    _ = try OutputPath.check(
                        path, label: "--output", standardOutput: false, streams: false)
                }
            } catch {
                throw Failure(message: "\(error)", status: .usage)
            }
            return
        }
        // The nearest missing directory must be creatable in its existing parent.
        let (missing, parent) = OutputPath.firstMissing(of: output)
        if stat(parent, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw refuse(
                "cannot be created: '\(parent.escapingControlCharacters)' is not a directory")
        }
        do {
            _ = try OutputPath.check(missing, label: "--output", standardOutput: false)
        } catch {
            throw Failure(message: "\(error)", status: .usage)
        }
    }

    /// Checks the run arguments as each side's `simbench run` will get them, before any
    /// build: the head's are planned as `run` plans them (scenarios, variants, parameters,
    /// counts, memory); the base's flags and values are parsed (its scenarios and
    /// parameters are its own, checked when it runs). Output flags are refused: ab names
    /// each run's CSV itself, and every run would write over, or append to, the same file.
    private func checkRunArguments(_ suite: [String]) throws {
        for (side, extra) in [("head", headArguments), ("base", baseArguments)] {
            let words = suite + extra
            let run: RunCommand
            do {
                guard case .command(let parsed) = try CommandParser.parse(RunCommand.self, words)
                else {
                    throw UsageError("--help is not a run argument")
                }
                run = parsed
            } catch {
                throw Failure(
                    message:
                        "the \(side)'s run arguments (\(words.joined(separator: " "))): \(error)",
                    status: .usage)
            }
            let outputs = [
                ("--csv", run.csvPath), ("--raw", run.rawPath), ("--append", run.historyPath),
                ("--save-baseline", run.baselineName),
            ]
            if let flag = outputs.first(where: { $0.1 != nil })?.0 {
                throw Failure(
                    message:
                        "the \(side)'s run arguments: \(flag) is not taken; ab writes each run's CSV into --output ('\(output)')",
                    status: .usage)
            }
            guard side == "head" else { continue }
            let environment = RunEnvironment.current()
            do {
                _ = try RunPlan(
                    options: run.options, catalog: Suite.catalog, cores: environment.cores,
                    physicalMemory: environment.physicalMemory)
            } catch {
                throw Failure(
                    message:
                        "the \(side)'s run arguments (\(words.joined(separator: " "))): \(error)",
                    status: .usage)
            }
        }
    }

    /// A Foundation error's reason, in one line, without its domain and code.
    private static func reason(_ error: Error) -> String {
        let text =
            (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
        return text.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }

    /// The CI suite's run arguments: one per whitespace-separated word, `#` to the end of a
    /// line dropped (`SuiteFile`, as `run --suite` reads them).
    private func suiteArguments(root: String) throws -> [String] {
        let path = "\(root)/\(ABCommand.suiteFile)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(
                message: "no \(path) to read the CI suite from; give run arguments after '--'",
                status: .usage)
        }
        return SuiteFile.words(of: text)
    }

    /// Refuses a base whose results lack a column the verdicts read.
    private func checkColumns(_ file: ResultsFile) throws {
        if let missing = judging.thresholds.metric.missingColumn(in: file.header) {
            throw Failure(
                message:
                    "the base's results \(file.path) lack the column '\(missing)', which the verdicts read (an older \(Suite.toolName)); nothing more was run",
                status: .failure)
        }
    }

    func progress(_ line: String) {
        FileHandle.standardError.write(Data("ab: \(line)\n".utf8))
    }
}
