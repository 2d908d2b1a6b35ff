import Foundation
import SimBench

/// `simbench host`: this host's processor named precisely, and what each runtime mechanism
/// costs on it (`HostProfile`), measured by the tool's mechanism scenario in a few seconds.
struct HostCommand: Command {
    var machines = 10_000
    var events = 100
    var processes = RunOptions.Sampling.processes
    var rounds = 2
    var spanSeconds = 0.0
    var seed: UInt64 = 1
    var allowDebug = false
    /// `--instructions callgrind`: the mechanism variants counted here too.
    var counting = Counting.off
    /// `--csv FILE`: the scenario's rows, the prices file of `run --prices`.
    var csvPath: String?
    /// `--counts FILE`: a counted run's CSV, for the variants' calls when not counted here
    /// and for every pattern's prediction.
    var countsPath: String?

    /// Where the mechanism variants' calls come from.
    enum Counting: String, CaseIterable {
        /// Counted here under Callgrind, after the timed rounds.
        case callgrind
        /// Read from `--counts`' file.
        case off
    }

    /// The committed counts `--counts` reads when not given, where they exist: a counted
    /// default-suite run with the mechanism scenario (`results/README.md`).
    static let committedCounts = "results/hosts/counts.csv"

    static let name = "host"
    static let abstract = "this host's processor, and what each runtime mechanism costs on it"

    private typealias Limits = RunOptions.Limits

    static var flags: [Option<HostCommand>] {
        let defaults = HostCommand()
        return [
            .count(
                RunSetting.machines.flag, help: "entities of the mechanisms scenario",
                default: "\(NumberFormat.grouped(defaults.machines))", limit: Limits.machines
            ) { $0.machines = $1 },
            .count(
                RunSetting.events.flag, help: "numbers per list: events of the mechanism",
                default: "\(defaults.events)", limit: Limits.events
            ) { $0.events = $1 },
            .count(
                RunSetting.processes.flag, value: "K",
                help:
                    "child processes the variants are measured in, one after another; the intervals are Student's t over them",
                default: "\(defaults.processes)", limit: Limits.processes
            ) { $0.processes = $1 },
            .count(
                RunSetting.rounds.flag, help: "measured rounds per variant and process",
                default: "\(defaults.rounds)", limit: Limits.rounds
            ) { $0.rounds = $1 },
            .value(
                RunSetting.span.flag, value: "S",
                help: "spread the processes' starts over at least S seconds",
                default: "\(String(format: "%g", defaults.spanSeconds)) s",
                expected: Limits.span.expected
            ) { $0.spanSeconds = try Limits.span.parse($1) },
            .seed { $0.seed = $1 },
            .choice(
                RunSetting.instructions.flag, value: "SOURCE",
                help:
                    "callgrind: also count each mechanism variant's calls under valgrind (seconds more), so that the prices and --csv's file rest on this binary's counts; off: take the calls from --counts' file",
                default: defaults.counting
            ) { $0.counting = $1 },
            .path(
                "--csv", value: "FILE",
                help:
                    "also write the mechanism scenario's rows as a results CSV: with --instructions callgrind, the prices file of 'run --prices FILE'"
            ) { $0.csvPath = $1 },
            .path(
                "--counts", value: "FILE",
                help:
                    "a counted run's CSV ('run --instructions callgrind' of the default suite and the mechanism scenario): each of its patterns predicted on this host, and the mechanism variants' calls when not counted here",
                default: "\(committedCounts) where it exists"
            ) { $0.countsPath = $1 },
            .flag("--allow-debug", help: "measure in a debug build anyway (its costs mean nothing)")
            { $0.allowDebug = true },
        ]
    }

    static var discussion: String {
        """
        The processor beyond its name (family, model, stepping, microcode, caches,
        frequencies, hypervisor: what every CSV row records and compare tells CPUs apart by),
        then each variant of \(scenarioName): what one event of one runtime mechanism (a
        retain/release pair, a weak load, an allocation and its free, a class method, a
        protocol witness through an existential or an unspecialised generic, an exclusivity
        check) adds to the same plain work, in CPU ns with its 95% interval over processes,
        and what 16 steps of plain code add (the price of a pattern's own instructions).
        A pattern's calls into each mechanism are counted by 'run --instructions callgrind'
        (the calls_*_per_event columns); these are what each call costs here.

        Then the model: each kind of call's price, solved from what every variant adds in
        counts (counted here with --instructions callgrind, else read from --counts' file)
        and in ns, one own instruction priced by the plain steps; and each pattern of
        --counts' file predicted on this host: the ns its counts add over its baseline's,
        at these prices. 'run --instructions callgrind --prices FILE' puts the same
        prediction beside each measured pattern, FILE written here by
        '--instructions callgrind --csv FILE'.
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "the profile printed"),
        (.failure, "the tool has no mechanism scenario, or a measurement failed"),
        (
            .countingUnavailable,
            "--instructions callgrind cannot count on this host (nothing was run)"
        ),
        (
            .usage,
            "a bad flag, an unreadable --counts file or unwritable --csv path, or a debug build without --allow-debug"
        ),
    ]

    private static var scenarioName: String {
        Suite.mechanisms ?? "(none: this tool names no mechanism scenario)"
    }

    init() {}

    mutating func finish(operands: [String]) throws {
        try Self.refuseOperands(operands)
    }

    func execute() async throws -> ExitStatus {
        guard let scenario = Suite.mechanisms else {
            Terminal.error("host: this tool names no mechanism scenario to measure")
            return .failure
        }
        if RunEnvironment.isDebugBuild {
            guard allowDebug else {
                throw UsageError(
                    "host: this is a debug build, whose costs mean nothing; build with 'swift run -c release \(Suite.toolName) host', or pass --allow-debug"
                )
            }
            Terminal.warning(HelpText.debugBanner(name: Suite.toolName))
        }
        let environment = RunEnvironment.current()
        let output = try csvPath.map { try OutputPath.check($0, label: "--csv") }
        let counts = try readCounts()
        let tools: CallgrindPass.Tools?
        do {
            tools = try RunCommand.checkCounting(counting == .callgrind ? .callgrind : .off)
        } catch {
            Terminal.error("host: \(error.description)")
            return .countingUnavailable
        }
        let options = HostProfile.options(
            scenario: scenario, machines: machines, events: events, processes: processes,
            rounds: rounds, spanSeconds: spanSeconds, seed: seed,
            identity: environment.hostIdentity)
        let plan = try RunPlan(
            options: options, catalog: Suite.catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        let progress = ProgressLine(enabled: Terminal.standardErrorIsTerminal)
        let profile = try await HostProfile.measure(
            plan: plan, environment: environment, counting: tools
        ) {
            progress.show($0)
        }
        progress.finish()
        if let output {
            try output.write(
                OutputFile.document(
                    header: ResultRow.columns, rows: profile.rows.map(\.cells)))
        }
        var text = Self.render(profile)
        text +=
            "\n\n"
            + Self.renderModel(
                profile.model(counts: counts?.records), counts: counts,
                secondLevelBytes: environment.hostIdentity.l2Bytes)
        if let csvPath { text += "\nresults: \(csvPath)" }
        try StandardOutput.write(text + "\n")
        return .success
    }

    /// `--counts`' file, or the committed counts where they exist; nil without either. A
    /// file given that cannot be read is a usage error.
    private func readCounts() throws -> ResultsFile? {
        let path =
            countsPath
            ?? (FileManager.default.fileExists(atPath: Self.committedCounts)
                ? Self.committedCounts : nil)
        guard let path else { return nil }
        do {
            return try ResultsFile.read(path)
        } catch {
            throw UsageError("host: --counts: \(error.description)")
        }
    }

    /// The model's prices by kind of call, then each counted pattern's prediction here (its
    /// second-level misses judged by this host's `secondLevelBytes`).
    static func renderModel(_ model: CostModel?, counts: ResultsFile?, secondLevelBytes: UInt64?)
        -> String
    {
        guard let model else {
            return
                "no prices by kind of call: no counts of the mechanism variants; pass --instructions callgrind, or --counts with a counted run of the \(scenarioName) scenario"
        }
        var lines = [
            "what each cost takes here, the model's prices in ns [95% CI]: waited for by the next step (latency), and among independent work (throughput):"
        ]
        var prices = TextTable(header: ["cost", "latency", "95% CI", "throughput", "95% CI"])
        prices.leftAligned = [0]
        func cells(_ price: CostModel.Price?) -> [String] {
            guard let price else { return ["not priced", ""] }
            return [
                NumberFormat.significant(price.nanoseconds),
                NumberFormat.interval(price.low, price.high),
            ]
        }
        for cost in CostModel.Cost.all where cost.hasMechanismPrices {
            let both = model.prices[cost]
            prices.rows.append([cost.phrase] + cells(both?.latency) + cells(both?.throughput))
        }
        lines.append(prices.render(indent: "  "))
        lines.append(
            "  an instruction of plain code (the point's price of an own instruction, every price of a runtime instruction beyond the calls): "
                + (model.plainInstruction.map {
                    "\(NumberFormat.significant($0.nanoseconds)) \(NumberFormat.interval($0.low, $0.high))"
                } ?? "not priced"))
        guard let counts else {
            lines.append(
                "no patterns predicted: no --counts file (\(committedCounts) is absent here)")
            return lines.joined(separator: "\n")
        }
        let predictions = model.predictions(
            counts.records, excluding: Suite.mechanisms,
            secondLevelBytes: secondLevelBytes.map { Double($0) })
        lines.append("")
        lines.append(
            "each pattern's CPU ns added per event predicted here, from the counts of \(counts.path):"
        )
        var table = TextTable(header: ["pattern", "predicted", "95% CI", "from"])
        table.leftAligned = [0, 3]
        for pattern in predictions {
            guard let prediction = pattern.prediction else {
                table.rows.append([pattern.name, "—", "", "adds work not priced here"])
                continue
            }
            let phrase = prediction.phrase()
            let from = phrase.split(separator: ":", maxSplits: 1).dropFirst().first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            table.rows.append([
                pattern.name, NumberFormat.signed(prediction.nanoseconds), prediction.interval,
                from ?? "",
            ])
        }
        lines.append(table.render(indent: "  "))
        let commits = Set(counts.records.map { $0[.gitCommit] })
        let here = RunEnvironment.current().gitCommit
        if !commits.contains(here) || commits.count > 1 {
            lines.append(
                "note: the counts were made by commit \(commits.sorted().joined(separator: ", ")); this binary is \(here.isEmpty ? "of no known commit" : here): a pattern changed since is predicted from its old counts"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The profile as printed: the host, its identity field by field, each mechanism's
    /// price, and how long it took.
    static func render(_ profile: HostProfile) -> String {
        let environment = profile.environment
        var lines = [
            "host \(environment.host) · \(environment.cpuDescription) · \(environment.cores) cores · \(environment.buildConfiguration) build · Swift \(environment.swiftVersion)"
        ]
        let fields = environment.hostIdentity.fields
        lines.append(
            "  identity: "
                + (fields.isEmpty
                    ? "not readable here"
                    : fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ")))
        lines.append("")
        let baseline = profile.baselineNanoseconds.map {
            " over plain work of \(NumberFormat.significant($0)) ns"
        }
        lines.append(
            "what one event of each mechanism adds\(baseline ?? ""), CPU ns [95% CI over processes]:"
        )
        var table = TextTable(header: ["mechanism", "ns/event", "95% CI", "one event is"])
        table.leftAligned = [0, 3]
        for price in profile.prices {
            guard let estimate = price.nanoseconds, price.status == .ok else {
                table.rows.append([
                    price.variant, "—", "", "not measured: \(price.status.rawValue)",
                ])
                continue
            }
            let interval =
                estimate.low.flatMap { low in
                    estimate.high.map {
                        "[\(NumberFormat.significant(low)), \(NumberFormat.significant($0))]"
                    }
                } ?? "—"
            table.rows.append([
                price.variant, NumberFormat.significant(estimate.value), interval, price.summary,
            ])
        }
        lines.append(table.render(indent: "  "))
        for note in profile.notes { lines.append("note: \(note)") }
        lines.append("")
        lines.append(
            "measured in \(String(format: "%.1f", profile.seconds)) s (\(profile.scenario) scenario)"
        )
        return lines.joined(separator: "\n")
    }
}
