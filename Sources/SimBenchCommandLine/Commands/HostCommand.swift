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

    static let name = "host"
    static let abstract = "this host's processor, and what each runtime mechanism costs on it"

    private typealias Limits = RunOptions.Limits

    static var flags: [Option<HostCommand>] {
        let defaults = HostCommand()
        return [
            .count(
                RunSetting.machines.flag, help: "lists of numbers each variant folds",
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
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "the profile printed"),
        (.failure, "the tool has no mechanism scenario, or a measurement failed"),
        (.usage, "a bad flag, or a debug build without --allow-debug"),
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
                    "host: this is a debug build, whose costs mean nothing; build with 'swift run -c release simbench host', or pass --allow-debug"
                )
            }
            Terminal.warning(HelpText.debugBanner)
        }
        let environment = RunEnvironment.current()
        let options = HostProfile.options(
            scenario: scenario, machines: machines, events: events, processes: processes,
            rounds: rounds, spanSeconds: spanSeconds, seed: seed)
        let plan = try RunPlan(
            options: options, catalog: Suite.catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        let progress = ProgressLine(enabled: Terminal.standardErrorIsTerminal)
        let profile = try await HostProfile.measure(plan: plan, environment: environment) {
            progress.show($0)
        }
        progress.finish()
        try StandardOutput.write(Self.render(profile) + "\n")
        return .success
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
