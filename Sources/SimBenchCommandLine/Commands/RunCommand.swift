import Foundation
import SimBench
import SimBenchCore

/// `simbench run`: measures the chosen scenarios, prints a comparison table and writes a CSV.
struct RunCommand: Command {
    var options = RunOptions()
    var csvPath: String?
    var rawPath: String?
    var quiet = false
    var allowDebug = false
    /// `--save-baseline NAME`, `--append PATH`: see RunCommand+Tracking.swift.
    var baselineName: String?
    var historyPath: String?
    var roundsGiven = false
    /// `--wide`: every column of the result table, whatever the terminal's width.
    var wide = false
    /// `--prices FILE`: this host's mechanism prices, for the patterns' predicted costs
    /// (RunCommand+Counting.swift).
    var pricesPath: String?

    /// Without `--rounds` or `--max-time`, a variant stops after this much measured time
    /// (still at least 3 rounds), so that slow configurations do not stretch the suite.
    static let defaultMaxTimeSeconds = 1.0

    static let name = "run"

    /// What `--machines` counts, in the running tool's words: its default suite's entity
    /// units (` (vending machines, workers, …)`); nothing before a tool started.
    static var entityUnits: String {
        let catalog = Suite.startedCatalog
        let suite = catalog.map { $0.defaultSuite.isEmpty ? $0.entries : $0.defaultSuite } ?? []
        var units = [String]()
        for entry in suite where !units.contains(BenchmarkTool.plural(entry.descriptor.entityUnit))
        {
            units.append(BenchmarkTool.plural(entry.descriptor.entityUnit))
        }
        return units.isEmpty ? "" : " (\(units.joined(separator: ", ")))"
    }
    static let abstract = "measure scenarios, print a table, write a CSV"

    static var flags: [Option<RunCommand>] {
        typealias Limits = RunOptions.Limits
        let defaults = RunOptions()
        let atLeast = BenchmarkRunner.minimumRoundsUnderMaxTime
        return [
            .suite(
                help:
                    "read run arguments from FILE (whitespace-separated, # to the end of a line a comment) as if typed here; flags after it override its values. A package's CI suite, which ab and scripts/ci-bench.sh read, is its \(ABCommand.suiteFile)"
            ),
            .counts(
                RunSetting.machines.flag,
                help:
                    "entities each scenario simulates\(RunCommand.entityUnits); a comma list sweeps them (1000,10000,100000), each value measured after the other",
                default: defaults.machines.map(String.init).joined(separator: ","),
                limit: Limits.machines
            ) { $0.options.machines = $1 },
            .counts(
                RunSetting.events.flag, help: "events per entity; a comma list sweeps them",
                default: "each scenario's own (see '\(Suite.toolName) list')", limit: Limits.events
            ) { $0.options.eventsPerMachine = $1 },
            .list(
                RunSetting.scenarios.flag, "--scenarios", value: "A,B", help: "scenarios to run",
                default: "the default suite (see '\(Suite.toolName) list')",
                expected: "a comma list of scenarios (see '\(Suite.toolName) list')"
            ) { $0.options.scenarios = $1 },
            .list(
                RunSetting.variants.flag, "--variants", value: "X,Y",
                help:
                    "variants to run, plain (\(HelpText.examplePattern.variant)) or qualified (\(HelpText.examplePattern.scenario).\(HelpText.examplePattern.variant)); each scenario's baseline always runs",
                default: "all", expected: "a comma list of variants (see '\(Suite.toolName) list')"
            ) { $0.options.variants = $1 },
            .count(
                RunSetting.rounds.flag, help: "measured rounds per variant",
                default:
                    "\(RunOptions.Sampling.roundsPerProcess) per process over several processes; with --processes 1, \(defaults.rounds), cut short once a variant has \(String(format: "%g", defaultMaxTimeSeconds)) s of samples (at least \(atLeast) rounds) unless --rounds or --max-time is given",
                limit: Limits.rounds
            ) {
                $0.options.rounds = $1
                $0.roundsGiven = true
            },
            .count(
                RunSetting.warmup.flag, help: "warm-up rounds",
                default:
                    "\(RunOptions.Sampling.warmupPerProcess) over several processes; with --processes 1, until samples settle (at most \(BenchmarkRunner.automaticWarmupLimit))",
                limit: Limits.warmup
            ) { $0.options.warmup = $1 },
            .value(
                RunSetting.minTime.flag, value: "S",
                help: "keep measuring past --rounds until every variant has S seconds",
                expected: Limits.seconds.expected
            ) { $0.options.minTimeSeconds = try Limits.seconds.parse($1) },
            .value(
                RunSetting.maxTime.flag, value: "S",
                help: "stop once a variant has S seconds of samples (at least \(atLeast) rounds)",
                expected: Limits.seconds.expected
            ) { $0.options.maxTimeSeconds = try Limits.seconds.parse($1) },
            .seed { $0.options.seed = $1 },
            .count(
                RunSetting.processes.flag, value: "K",
                help:
                    "repeat the run in K child processes, one after another, and pool their samples; ratios and ns added are formed in each process and their intervals are Student's t over the processes (95% of a re-run); 1 measures in this process, whose intervals hold its rounds only",
                default: "\(defaults.processes)", limit: Limits.processes
            ) { $0.options.processes = $1 },
            .value(
                RunSetting.span.flag, value: "S",
                help:
                    "spread the processes' starts over S seconds, waiting between them when they are quicker, so that they meet the host's changing state as a re-run would; never over more than \(String(format: "%g", ProcessSpread.workMultiple)) times the processes' own work, so that a short run does not wait (its header says so); 0 starts each as the last ends",
                default: "\(String(format: "%g", defaults.spanSeconds)) s",
                expected: Limits.span.expected
            ) { $0.options.spanSeconds = try Limits.span.parse($1) },
            .count(
                RunSetting.layouts.flag, value: "N",
                help:
                    "spread the processes over N code layouts of this package (compiled once with every function in its own section, relinked by ld.lld with shuffled sections and seeds drawn from --seed), so that the intervals hold another build's layout too; needs the package's checkout here and --processes N or more",
                default: "\(defaults.layouts)", limit: Limits.layouts
            ) { $0.options.layouts = $1 },
            .value(
                "--layout-seed", value: "S",
                help:
                    "draw the link seeds of --layouts from S instead of --seed: other layouts of the same simulation",
                default: "--seed", expected: "a whole number from 0 to \(UInt64.max)"
            ) {
                guard let seed = DecimalText.wholeNumber($1, as: UInt64.self) else {
                    throw UsageError.invalid(
                        "--layout-seed", $1, expected: "a whole number from 0 to \(UInt64.max)")
                }
                $0.options.layoutSeed = seed
            },
            .value(
                RunSetting.negligible.flag, value: "P",
                help:
                    "the share of an event's time below which a pattern's overhead stops mattering, for the break-even work",
                default: RelativeChange.percent(defaults.negligible),
                expected: Limits.negligible.expected
            ) { $0.options.negligible = try Limits.negligible.parse($1) },
            .counts(
                RunSetting.actors.flag, value: "K[,K…]",
                help:
                    "worker actors; a comma list (1,2,4,8) measures how the run scales: the same work spread over more actors",
                default: "\(RunPlan.actorsPerCore) per core (never more than entities)",
                limit: Limits.actors
            ) { $0.options.actors = $1 },
            .parameter(
                help:
                    "a scenario parameter; SCENARIO.K=V limits it to one scenario; a comma list for an axis parameter runs each value"
            ) { $0.options.parameters.append($1) },
            .path("--csv", help: "results file", default: "results/\(Suite.toolName)-<run id>.csv")
            {
                $0.csvPath = $1
            },
            .path(
                "--raw",
                help:
                    "also write one row per sample (\(RawSamples.sampleColumns.joined(separator: ", "))); with --instructions callgrind, one row per function counted as runtime-other (\(RawSamples.functionColumns.joined(separator: ", ")))"
            ) { $0.rawPath = $1 },
            .value(
                "--save-baseline", value: "NAME",
                help:
                    "also store the results as \(BaselineStore.directory)/NAME.csv (NAME: letters, digits, '.', '_', '-'); not saved if a variant's outcome was wrong",
                expected: "a baseline name such as ci"
            ) { command, name in
                try BaselineStore.validate(name)
                command.baselineName = name
            },
            .path(
                RunSetting.history.flag,
                help:
                    "add the rows to a history CSV (created if missing); earlier rows are never rewritten; a file from an older \(Suite.toolName) keeps its header"
            ) { $0.historyPath = $1 },
            .value(
                RunSetting.shard.flag, value: "I/N",
                help:
                    "run the I-th of N parts of the suite: configurations dealt round-robin; join the parts' CSVs with '\(Suite.toolName) merge'",
                expected: "I/N such as 2/4"
            ) { $0.options.shard = try ShardSelection(parsing: $1) },
            .choice(
                RunSetting.instructions.flag, value: "SOURCE",
                help:
                    "where instructions_per_event comes from: auto (perf where the kernel allows it, else none), perf (only perf: refused where the kernel does not count, as on most VMs), callgrind (a counted pass after the timed rounds, under valgrind: each synchronous variant run once over the first entities, about \(NumberFormat.grouped(CallgrindPass.eventBudget)) events, so it takes seconds; also fills estimated_cycles_per_event), off",
                default: defaults.instructions
            ) { $0.options.instructions = $1 },
            .path(
                "--prices", value: "FILE",
                help:
                    "with --instructions callgrind, predict each pattern's ns added on this host from what its counts add over its baseline's, priced by FILE: this host's mechanism prices, written by '\(Suite.toolName) host --instructions callgrind --csv FILE' (refused if measured on another CPU identity); the prediction is the predicted_ns_added_per_event column, in the summary and the --wide sentences"
            ) { $0.pricesPath = $1 },
            .flag(
                "--wide",
                help:
                    "show every column of the result table (min, max, events/s, peak RSS, prepare, …), however wide; by default the table fits COLUMNS, or \(Terminal.defaultWidth) columns"
            ) { $0.wide = true },
            .flag(
                "--quiet", "-q",
                help:
                    "print nothing but errors: no progress, header, tables, summary or paths (the results file is written as always; its columns hold what the tables' warnings rest on)"
            ) {
                $0.quiet = true
            },
            .flag("--allow-debug", help: "run a debug build anyway (its timings mean nothing)") {
                $0.allowDebug = true
            },
        ]
    }

    static var discussion: String {
        """
        HOW IT MEASURES
          The entities are split into slices, one per actor; each actor builds its slice's
          inputs before any timing. Every round runs each variant once over every entity,
          variants in a seeded shuffled order; every outcome of every round must equal the
          baseline's or the variant is reported WRONG with no timing, and the exit status
          is 3.
          Results depend on --seed only, never on --actors or the number of cores.
          The process that times runs glibc's allocator untouched. Afterwards an untimed
          child, this binary again with the allocation counter preloaded, runs the same
          configurations (\(AllocationPass.warmupRounds) warm-up, \(AllocationPass.countedRounds) counted rounds) for \(ResultColumn.allocationsPerEvent.heading) and bytes
          per entity.
          CPU ns/event is each worker thread's own CPU clock around its slice, summed: the
          variant's cost on one core, blind to time a worker waited for a core. A round whose
          utilisation (that CPU over wall × workers that could run at once) falls below
          \(Int(Interference.fraction * 100))% of the variant's median is interfered with; above a fifth of such rounds,
          or under \(RunWarnings.minimumSamples) samples (one process) or \(RunWarnings.minimumProcesses) processes, one warning line
          under the table names the rows; what each warning means is said once, after the
          tables. Over several processes each ratio, net ratio and ns added is formed
          within each process and the interval is Student's t over the processes (over code
          layouts with several), plus the drift between runs the processes cannot show
          (\(RunDrift.measured.range), measured on a shared host): 95% of a re-run. An absolute
          time's interval (ns/event, CPU ns/event) holds this run only: the host's speed
          drifts. With one process every interval is the bootstrap of its rounds, and needs
          \(Bootstrap.minimumSamples) ("—" below that).
          The processes' starts are spread over --span, or over \(String(format: "%g", ProcessSpread.workMultiple)) times their own work when
          that is less: a short run does not wait, and its header says that its intervals
          rest on the drift between runs.

        OUTPUT
          A header of three lines (build and host; the run's shape and what this host cannot
          measure; what the intervals hold), then a table per scenario: CPU ns per event and
          the CPU ratio to the baseline with its 95% CI, the wall time per event with its
          run's CI, CV, allocations per event. With --processes K (K ≥ \(ModeDetector.minimumProcesses)), a modes column
          marks a row whose processes split into two costs ('\(Suite.toolName) explain' finds the
          switch that removes the slow one). The CSV holds one row per (scenario, parameters,
          sweep point, variant), written whole through a temporary file and a rename; its
          path is printed after the tables. Last, the summary: one line per pattern with its
          CPU ratio [95% CI], the CPU ns it adds per event [CI], the bytes it adds per
          entity, the real work per event above which the overhead is under --negligible of
          the total, and with counts the mechanism of most of its extra instructions. --wide
          adds under each table one sentence per pattern saying the same.
          On a terminal, stderr shows one progress line (configuration, step, percentage,
          time left), at most 4 times a second, erased at the end; off a terminal, nothing.
          --quiet prints none of this, only errors (a wrong outcome, a file not written) and
          a debug build's warning, on stderr: the CSV is the run's whole answer.

        SWEEPS
          --machines, --events and --actors take comma lists: each value is a configuration
          measured alone, one after another, with a table each. The memory check takes the
          largest before anything runs. --actors 1,2,4,8 spreads the same work over more
          actors (how the run scales). The CSV's last column, sweep, says each row's point
          (machines=1000); compare, merge and the exports keep the points apart.

        TAKING TURNS (\(MachineTurns.variable)=FILE)
          Runs that share a machine take turns on it: each holds an exclusive lock on FILE
          from before it measures to its end, and lets it go only while its processes' span
          waits, when another run's processes measure. No two runs measure at once, and each
          fills the other's waits. Each turn taken adds a line to FILE, the run's process id
          and its parent's, so that the order the runs held the machine in is on record.
          \(Suite.toolName) ab runs its two builds so when both can (their 'run --help' names
          the variable).

        COUNTS (--instructions callgrind)
          After the timed rounds, which time natively as always, one more child process of
          this binary runs under valgrind --tool=callgrind (stripped of debug info, with
          SWIFT_DETERMINISTIC_HASHING=1). For each synchronous variant it builds the first
          entities' inputs (about \(NumberFormat.grouped(CallgrindPass.eventBudget)) events, never more than --machines), runs the
          variant once uncounted, then once counted: instructions_per_event, and
          estimated_cycles_per_event from Callgrind's cache simulation (L1 hits + 5 × LL hits
          + 35 × RAM accesses, on one fixed cache geometry). The same binary gives the same
          counts on any machine, loaded or not. instructions_source says where the count came
          from. Asynchronous scenarios get no counts: Valgrind runs one thread at a
          time. Without valgrind, one line says how to install it, and the exit status is 6.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "success"),
        (.failure, "a file could not be written, or --append names an invalid results file"),
        (.wrongOutcome, "a variant's outcome differed"),
        (
            .countingUnavailable,
            "--instructions callgrind or perf cannot count on this host (nothing was run)"
        ),
        (
            .usage,
            "bad flag, value or name; or the memory estimate exceeds what the run may use here (the smallest of 80% of physical memory, the memory available now, ulimit -v and -d, the container's cgroup limit): the line names the limit and the --machines that would fit; nothing was run or written"
        ),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        try Self.refuseOperands(operands)
        // Over several processes, a few rounds each (`RunOptions.Sampling`); in one, up to
        // --rounds, cut short by time.
        if options.processes > 1 {
            if !roundsGiven && options.maxTimeSeconds == nil {
                options.rounds = RunOptions.Sampling.roundsPerProcess
            }
            if options.warmup == nil { options.warmup = RunOptions.Sampling.warmupPerProcess }
        } else if !roundsGiven && options.maxTimeSeconds == nil {
            options.maxTimeSeconds = RunCommand.defaultMaxTimeSeconds
        }
    }

    func execute() async throws -> ExitStatus {
        let environment = RunEnvironment.current()
        let plan = try RunPlan(
            options: options, catalog: Suite.catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        // Before anything runs or is written: the outputs, the sweep, the counting asked for
        // and the build must all be possible here.
        let csv = csvPath ?? "results/\(Suite.toolName)-\(environment.runID).csv"
        var outputs = try checkOutputs(csv: csv)
        try checkHistoryTakesSweep(plan)
        let model = try loadPrices(instructions: plan.instructions, environment: environment)
        let countingTools: CallgrindPass.Tools?
        do {
            countingTools = try RunCommand.checkCounting(plan.instructions)
        } catch {
            Terminal.error("run: \(error.description)")
            return .countingUnavailable
        }
        try checkLayouts(plan)
        if let problem = ChildRole.scratchDirectoryProblem() {
            throw UsageError(
                "run: the temporary directory '\(ChildRole.scratchDirectory)' (TMPDIR) cannot hold the measured processes' files: \(problem); set TMPDIR to a writable directory"
            )
        }
        try checkBuild()
        if csvPath == nil { try prepareResultsFolder(&outputs) }

        announceShard(plan)
        // With runs taking turns on the machine, this one waits for its turn here and keeps
        // it to the end but for its span's waits.
        try MachineTurns.take()
        let (result, counted) = try await measure(
            plan, environment: environment, countingTools: countingTools)
        return try report(
            result, counted: counted, model: model, plan: plan, environment: environment,
            outputs: outputs, csv: csv)
    }

    /// Prints `text` for people on standard output, unless `--quiet` asked for errors only.
    func say(_ text: @autoclosure () -> String) {
        if !quiet { print(text()) }
    }

    /// A debug build runs only when asked to, and says what its timings are worth.
    private func checkBuild() throws {
        guard RunEnvironment.isDebugBuild else { return }
        guard allowDebug else {
            throw UsageError(
                "run: this is a debug build, whose timings mean nothing; build with 'swift run -c release \(Suite.toolName) run …', or pass --allow-debug"
            )
        }
        Terminal.warning(HelpText.debugBanner(name: Suite.toolName))
    }

    /// `results/`, where the default CSV goes, made if missing.
    private func prepareResultsFolder(_ outputs: inout Outputs) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: "results", withIntermediateDirectories: true)
        } catch {
            throw FileError(path: "results", reason: "cannot create the results directory")
        }
        try prepareDefaultCSV(&outputs)
    }

    /// The timed rounds (in this process or `--processes` children), then the untimed passes:
    /// allocations counted in a child, and instructions under Callgrind when asked for.
    private func measure(
        _ plan: RunPlan, environment: RunEnvironment, countingTools: CallgrindPass.Tools?
    ) async throws -> (RunResult, CountedResult?) {
        let progress = ProgressLine(enabled: !quiet && Terminal.standardErrorIsTerminal)
        // The children (of --processes and of the allocation pass) are this very binary, or
        // with --layouts its relinked builds, asked by a request file (`ChildRole`).
        let layouts = try prepareLayouts(plan)
        defer { layouts.remove() }
        var result = try await BenchmarkRunner(plan: plan, environment: environment)
            .runWithChildren(
                layouts: layouts.binaries,
                makeLayout: { index in if index > 0 { try layouts.make(index) } },
                progress: { progress.show($0) })
        // The layouts' seeds in --wide's header; the compact one's intervals line counts them.
        if wide, let note = layouts.note { result = result.noting(note) }
        // Then, as untimed, the counted pass under Callgrind (`--instructions callgrind`).
        var counted: CountedResult?
        if let countingTools {
            progress.show(
                BenchmarkRunner.Progress(
                    scenario: 1, scenarios: 1, label: "counting instructions",
                    phase: "under callgrind"))
            counted = try CallgrindPass.run(
                plan: plan, tools: countingTools, executable: ProcessPool.currentExecutable,
                geometry: CacheGeometry(host: environment.hostIdentity))
            result = result.adding(notes: counted!.notes)
        }
        progress.finish()

        return (result, counted)
    }

    /// The table, the CSV (and raw samples), the tracking files, and the run's status.
    private func report(
        _ result: RunResult, counted: CountedResult?, model: CostModel?, plan: RunPlan,
        environment: RunEnvironment, outputs: Outputs, csv: String
    ) throws -> ExitStatus {
        // One group of rows per measured configuration, in `result.configurations` order.
        let filled = result.configurations.enumerated().map { index, configuration in
            let rows = configuration.rows(environment: environment, seed: plan.seed)
            return counted?.filled(rows, configuration: index) ?? rows
        }
        let groups = ResultRow.oneRun(
            model.map { ResultRow.predicting(filled, model: $0) } ?? filled)
        let rows = groups.flatMap { $0 }
        say(ResultTable(result: result, plan: plan, rowGroups: groups, wide: wide).render())

        let document = OutputFile.document(header: ResultRow.columns, rows: rows.map(\.cells))
        try writeResults(
            outputs, document: document, raw: RawSamples.document(result, counted: counted))
        say("results: \(csv)")
        if let rawPath { say("raw samples: \(rawPath)") }
        try recordTracking(document: document, rows: rows, hasWrongOutcome: result.hasWrongOutcome)
        // The answers last: what the terminal shows when the run ends.
        let summary = RunSummary.lines(
            RunSummary.rows(groups), width: wide ? .max : Terminal.summaryWidth)
        if !summary.isEmpty { say("\n" + summary.joined(separator: "\n")) }

        if result.hasWrongOutcome {
            let wrong = result.configurations.flatMap { configuration in
                configuration.wrongVariants.map { "\(configuration.planned.label).\($0)" }
            }
            Terminal.error(
                "wrong outcome: \(wrong.joined(separator: ", ")) computed something other than the baseline; no timing reported for it"
            )
            return .wrongOutcome
        }
        return .success
    }
}
