import SimBenchCore

/// A validated `simbench run`: which configurations to measure, and how.
///
/// Building a plan checks every flag, name and parameter and estimates the memory the run
/// needs, so that bad input is refused before anything is allocated, run or written.
public struct RunPlan: Sendable {
    /// What the plan was made of: the options as given, and the machine's cores and
    /// memory it was checked against. A child process plans the same run from them
    /// (`ChildRequest`), never from the command line.
    public let inputs: Inputs
    /// In the order they are measured; a child of the run may be asked to measure some
    /// (`ChildRequest.configurations`).
    public internal(set) var configurations: [PlannedConfiguration]
    /// How many configurations the whole suite has, before a shard took its part.
    public let suiteConfigurationCount: Int
    /// Machines: one value, or the values of a sweep in the order given.
    public let machines: [Int]
    /// The settings given several values (`machines = [1000, 10_000]`), in `SweepSetting` order;
    /// empty when the run sweeps nothing.
    public let sweeps: [SweepSetting]
    public internal(set) var rounds: Int
    public internal(set) var warmup: Int?
    public internal(set) var minTimeSeconds: Double?
    public internal(set) var maxTimeSeconds: Double?
    public let seed: UInt64
    /// Child processes the run is repeated in (`ProcessPool`); 1 measures in this process.
    public internal(set) var processes: Int
    /// Seconds the processes' starts are spread over (`RunOptions.spanSeconds`).
    public internal(set) var spanSeconds: Double
    /// The share of an event's time below which an overhead stops mattering.
    public let negligible: Double
    /// Where instruction counts come from.
    public let instructions: InstructionSource

    /// Whether this plan is the allocation pass's (`AllocationPass`): its rounds count
    /// allocations and time nothing that is reported.
    public internal(set) var isAllocationPass = false

    /// Rounds never exceed this, whatever `minTimeSeconds` asks.
    public static let roundLimit = RunOptions.Limits.rounds.range.upperBound
    /// Worker actors per core when `actors` is not given.
    public static let actorsPerCore = 4

    /// Validates `options` against the scenarios of `catalog`.
    public init(
        options: RunOptions, catalog: Catalog, cores: Int, physicalMemory: UInt64
    ) throws(RunPlanError) {
        try self.init(
            options: options, catalog: catalog, cores: cores, physicalMemory: physicalMemory,
            refusing: MemoryRefusal.runRefusal)
    }

    /// Validates `options`; a run too large for the machine's memory is refused with the
    /// line `refusing` makes of it, which names the flags of the command that planned it
    /// (a run's machines and events, the doctor's machines).
    init(
        options: RunOptions, catalog: Catalog, cores: Int, physicalMemory: UInt64,
        refusing: (MemoryRefusal) -> RunPlanError
    ) throws(RunPlanError) {
        inputs = Inputs(options: options, cores: cores, physicalMemory: physicalMemory)
        // A catalog the harness cannot measure as declared (a scenario without a baseline) is
        // its author's to fix, whatever the options.
        if let problem = catalog.problems.first {
            throw RunPlanError(.scenarios, SettingMessage(stringLiteral: problem))
        }
        try RunPlan.checkLimits(options)
        let entries = try RunPlan.selectScenarios(options.scenarios, from: catalog)
        let variantsByScenario = try RunPlan.selectVariants(options.variants, of: entries)
        let parameterSets = try RunPlan.expandParameters(options.parameters, of: entries)

        // A value given twice is measured once, in its first place.
        var options = options
        options.machines = RunPlan.unique(options.machines)
        options.eventsPerMachine = options.eventsPerMachine.map(RunPlan.unique)
        options.actors = options.actors.map(RunPlan.unique)
        let swept = RunPlan.sweptSettings(options)
        // What the process holds already is read once, so that the points of a sweep are
        // estimated against one baseline and differ only by their own bytes.
        let resident = ResourceUsage.currentResidentBytes() ?? 0
        var configurations = [PlannedConfiguration]()
        for entry in entries {
            configurations += try RunPlan.configurations(
                of: entry, variants: variantsByScenario[entry.name]!,
                sets: parameterSets[entry.name]!, options: options, swept: swept, cores: cores,
                resident: resident, physicalMemory: physicalMemory, refusing: refusing)
        }
        self.configurations = options.shard?.select(configurations) ?? configurations
        suiteConfigurationCount = configurations.count
        machines = options.machines
        sweeps = SweepSetting.allCases.filter(swept.contains)
        rounds = options.rounds
        warmup = options.warmup
        minTimeSeconds = options.minTimeSeconds
        maxTimeSeconds = options.maxTimeSeconds
        seed = options.seed
        processes = options.processes
        spanSeconds = options.spanSeconds
        negligible = options.negligible
        instructions = options.instructions
    }

    /// What a plan is made of, as it travels to a child process.
    public struct Inputs: Sendable, Codable {
        public var options: RunOptions
        public var cores: Int
        public var physicalMemory: UInt64
    }

    /// The plan `inputs` make, over `catalog`: the same configurations, in the same order,
    /// as the plan they were taken from.
    public init(_ inputs: Inputs, catalog: Catalog) throws(RunPlanError) {
        try self.init(
            options: inputs.options, catalog: catalog, cores: inputs.cores,
            physicalMemory: inputs.physicalMemory)
    }

    /// `entry`'s configurations: each of its parameter `sets` at every point of the sweep
    /// (machines, events, actors), in that order, with the worker count decided here, once
    /// (`ScenarioEntry.workers`), and each group's memory estimate. A sweep whose largest
    /// point the machine cannot hold is refused with the line `refusing` makes of it.
    private static func configurations(
        of entry: ScenarioEntry, variants: [VariantInfo], sets: [ParameterValues],
        options: RunOptions, swept: Set<SweepSetting>, cores: Int, resident: UInt64,
        physicalMemory: UInt64, refusing: (MemoryRefusal) -> RunPlanError
    ) throws(RunPlanError) -> [PlannedConfiguration] {
        var configurations = [PlannedConfiguration]()
        let eventCounts = options.eventsPerMachine ?? [entry.descriptor.defaultEventsPerEntity]
        // Values of axes that are not compared split the scenario into groups measured
        // one after another; each group is held in memory at once.
        let separate = entry.descriptor.parameters.filter { $0.isAxis && !$0.comparesValues }
        func groupKey(_ values: ParameterValues) -> String {
            separate.map { "\($0.name)=\(values[$0.name] ?? "")" }.joined(separator: ";")
        }
        let groups = Dictionary(grouping: sets, by: groupKey)
        let largestGroup = groups.values.map(\.count).max() ?? 1
        // The largest point of a sweep first: a sweep the machine cannot hold is refused
        // before anything runs, naming the value that does not fit. Every point is
        // measured alone, so the largest is the peak.
        let variantNames = variants.map(\.name)
        if let refusal = RunPlan.memoryRefusal(
            entry: entry, variants: variantNames, machines: options.machines.max()!,
            events: eventCounts.max()!, seed: options.seed, parameterSets: sets,
            configurations: largestGroup,
            resident: resident,
            budget: MemoryBudget.current(physicalMemory: physicalMemory),
            sweep: !swept.isDisjoint(with: [.machines, .events]))
        {
            throw refusing(refusal)
        }
        var points = Set<String>()
        for machines in options.machines {
            for events in eventCounts {
                // Each group's own: its configurations, held at once.
                let estimates = groups.mapValues { group in
                    RunPlan.peakEstimate(
                        entry: entry, variants: variantNames, machines: machines, events: events,
                        seed: options.seed, parameterSets: group, configurations: group.count,
                        resident: resident)
                }
                for requested in options.actors ?? [max(1, cores) * RunPlan.actorsPerCore] {
                    // The workers that will run (ScenarioEntry.workers): never more than
                    // machines, and one for an asynchronous scenario, which spreads the
                    // work itself. Actor counts that come to the same fleet are measured
                    // once.
                    let actors = entry.workers(planned: requested, entities: machines)
                    let sweep = SweepSetting.cell(
                        [.machines: machines, .events: events, .actors: actors], swept: swept)
                    guard points.insert(sweep).inserted else { continue }
                    for parameters in sets {
                        let configuration = ScenarioConfiguration(
                            entities: machines, eventsPerEntity: events, seed: options.seed,
                            parameters: parameters)
                        configurations.append(
                            PlannedConfiguration(
                                entry: entry, configuration: configuration,
                                variants: variants,
                                group: "\(entry.name)|\(sweep)|\(groupKey(parameters))",
                                estimatedPeakBytes: estimates[groupKey(parameters)] ?? nil,
                                actors: actors, sweep: sweep))
                    }
                }
            }
        }
        return configurations
    }

    /// The configurations measured side by side in the same rounds: each run of consecutive
    /// configurations with one `PlannedConfiguration.group`, in the plan's order.
    var groups: [[PlannedConfiguration]] {
        var groups = [[PlannedConfiguration]]()
        for planned in configurations {
            if let last = groups.last?.last, last.group == planned.group {
                groups[groups.count - 1].append(planned)
            } else {
                groups.append([planned])
            }
        }
        return groups
    }

    private static func unique(_ values: [Int]) -> [Int] {
        var seen = [Int]()
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen
    }

    /// The settings given more than one value.
    private static func sweptSettings(_ options: RunOptions) -> Set<SweepSetting> {
        var swept = Set<SweepSetting>()
        if options.machines.count > 1 { swept.insert(.machines) }
        if let events = options.eventsPerMachine, events.count > 1 { swept.insert(.events) }
        if let actors = options.actors, actors.count > 1 { swept.insert(.actors) }
        return swept
    }

    /// Every count and duration within `RunOptions.Limits`: the one place they are checked.
    private static func checkLimits(_ options: RunOptions) throws(RunPlanError) {
        typealias Limits = RunOptions.Limits
        try Limits.machines.check(options.machines, setting: .machines)
        if let events = options.eventsPerMachine {
            try Limits.events.check(events, setting: .events)
        }
        if let actors = options.actors { try Limits.actors.check(actors, setting: .actors) }
        try Limits.rounds.check(options.rounds, setting: .rounds)
        if let warmup = options.warmup { try Limits.warmup.check(warmup, setting: .warmup) }
        if let seconds = options.minTimeSeconds {
            try Limits.seconds.check(seconds, setting: .minTime)
        }
        if let seconds = options.maxTimeSeconds {
            try Limits.seconds.check(seconds, setting: .maxTime)
        }
        try Limits.processes.check(options.processes, setting: .processes)
        try Limits.span.check(options.spanSeconds, setting: .span)
        try Limits.negligible.check(options.negligible, setting: .negligible)
    }

    private static func selectScenarios(
        _ names: [String]?, from catalog: Catalog
    ) throws(RunPlanError) -> [ScenarioEntry] {
        guard let names else { return catalog.defaultSuite }
        guard !names.isEmpty else {
            throw .outOfRange(
                setting: .scenarios, value: "", accepted: known(catalog.entries.map(\.name)))
        }
        var entries = [ScenarioEntry]()
        for name in names {
            guard let entry = catalog.entry(named: name) else {
                throw RunPlanError(
                    .scenarios,
                    "\(.scenarios): unknown scenario '\(name)'; expected \(known(catalog.entries.map(\.name)))"
                )
            }
            if !entries.contains(where: { $0.name == name }) { entries.append(entry) }
        }
        return entries
    }

    /// Each scenario's chosen variants, baseline first, floor last.
    private static func selectVariants(
        _ names: [String]?, of entries: [ScenarioEntry]
    ) throws(RunPlanError) -> [String: [VariantInfo]] {
        var chosen = [String: [VariantInfo]]()
        guard let names else {
            for entry in entries {
                chosen[entry.name] = ordered(entry.variants, of: entry)
            }
            return chosen
        }
        var wanted = [String: Set<String>]()
        for name in names {
            var matched = false
            for entry in entries {
                let plain: String
                if name.hasPrefix(entry.name + ".") {
                    plain = String(name.dropFirst(entry.name.count + 1))
                } else if !name.contains(".") {
                    plain = name
                } else {
                    continue
                }
                if entry.variant(named: plain) != nil {
                    wanted[entry.name, default: []].insert(plain)
                    matched = true
                }
            }
            guard matched else {
                let all = entries.flatMap { entry in
                    entry.variants.map { "\(entry.name).\($0.name)" }
                }
                throw RunPlanError(
                    .variants,
                    "\(.variants): no selected scenario has a variant '\(name)'; expected \(known(all))"
                )
            }
        }
        for entry in entries {
            guard let names = wanted[entry.name] else {
                throw RunPlanError(
                    .variants,
                    "\(.variants): none of the named variants belongs to scenario '\(entry.name)'; name one of \(known(entry.variants.map(\.name))), or leave it out of \(.scenarios)"
                )
            }
            chosen[entry.name] = ordered(
                entry.variants.filter { names.contains($0.name) }, of: entry)
        }
        return chosen
    }

    /// `variants` with the baseline first and the floor last, both always measured: every
    /// ratio needs the baseline, every net ratio the floor.
    private static func ordered(_ variants: [VariantInfo], of entry: ScenarioEntry) -> [VariantInfo]
    {
        let middle = variants.filter { $0 != entry.baseline && $0 != entry.floor }
        return [entry.baseline] + middle + (entry.floor.map { [$0] } ?? [])
    }

    /// Each scenario's parameter sets: defaults, overridden by `parameters`, axis lists expanded
    /// into one set per combination.
    ///
    /// Every value given is checked, also one that a later assignment of the same name
    /// overrides: a typo is refused, never silently dropped. Values are normalised
    /// (`01000` → `1000`) and then de-duplicated, keeping the first place, so that one value
    /// is never measured twice under two identities.
    private static func expandParameters(
        _ assignments: [ParameterAssignment], of entries: [ScenarioEntry]
    ) throws(RunPlanError) -> [String: [ParameterValues]] {
        for assignment in assignments {
            if let scenario = assignment.scenario {
                guard let entry = entries.first(where: { $0.name == scenario }) else {
                    throw RunPlanError(
                        .parameters,
                        "\(.parameters): '\("\(scenario).\(assignment.name)".clippedForMessage)' names a scenario that is not selected; selected: \(known(entries.map(\.name)))"
                    )
                }
                guard entry.parameter(named: assignment.name) != nil else {
                    throw unknownParameter(assignment.name, in: [entry])
                }
            } else if !entries.contains(where: { $0.parameter(named: assignment.name) != nil }) {
                throw unknownParameter(assignment.name, in: entries)
            }
            for entry in entries
            where assignment.scenario == nil || assignment.scenario == entry.name {
                guard let spec = entry.parameter(named: assignment.name) else { continue }
                _ = try values(of: assignment.value, for: spec, of: entry)
            }
        }
        var sets = [String: [ParameterValues]]()
        for entry in entries {
            var combinations: [[String: String]] = [[:]]
            for spec in entry.descriptor.parameters {
                let given = assignments.last {
                    $0.name == spec.name && ($0.scenario == nil || $0.scenario == entry.name)
                }
                let unique = try values(of: given?.value ?? spec.defaultValue, for: spec, of: entry)
                combinations = combinations.flatMap { partial in
                    unique.map { value in partial.merging([spec.name: value]) { $1 } }
                }
            }
            sets[entry.name] = combinations.map(ParameterValues.init)
        }
        return sets
    }

    /// The values `text` gives `spec` (one, or an axis's comma list): each checked, then
    /// normalised, without repeats, in the order given.
    private static func values(
        of text: String, for spec: ParameterSpec, of entry: ScenarioEntry
    ) throws(RunPlanError) -> [String] {
        let values =
            spec.isAxis
            ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
        for value in values where !spec.accepts(value) {
            throw RunPlanError(
                .parameters,
                "\(.parameters): \(entry.name).\(spec.name)='\(value.clippedForMessage)' is not valid; expected \(spec.accepted)\(spec.isAxis ? " (or a comma list of them)" : "")"
            )
        }
        var unique = [String]()
        for value in values.map(spec.normalized) where !unique.contains(value) {
            unique.append(value)
        }
        return unique
    }

    private static func unknownParameter(_ name: String, in entries: [ScenarioEntry])
        -> RunPlanError
    {
        let all = entries.flatMap { entry in
            entry.descriptor.parameters.map { "\(entry.name).\($0.name)" }
        }
        return RunPlanError(
            .parameters,
            "\(.parameters): unknown parameter '\(name.clippedForMessage)'; the selected scenarios take \(all.isEmpty ? "no parameters" : known(all))"
        )
    }

    private static func known(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
