import SimBenchCore

/// A validated `simbench run`: which configurations to measure, and how.
///
/// Building a plan checks every flag, name and parameter and estimates the memory the run
/// needs, so that bad input is refused before anything is allocated, run or written.
public struct RunPlan: Sendable {
    public let configurations: [PlannedConfiguration]
    /// How many configurations the whole suite has, before `--shard` took its part.
    public let suiteConfigurationCount: Int
    /// `--machines`: one value, or the values of a sweep in the order given.
    public let machines: [Int]
    /// The settings given a comma list (`--machines 1000,10000`), in `SweepSetting` order;
    /// empty when the run sweeps nothing.
    public let sweeps: [SweepSetting]
    public internal(set) var rounds: Int
    public internal(set) var warmup: Int?
    public internal(set) var minTimeSeconds: Double?
    public internal(set) var maxTimeSeconds: Double?
    public let seed: UInt64
    /// Child processes the run is repeated in (`ProcessPool`); 1 measures in this process.
    public internal(set) var processes: Int
    /// The share of an event's time below which an overhead stops mattering.
    public let negligible: Double

    /// Whether this plan is the allocation pass's (`AllocationPass`): its rounds count
    /// allocations and time nothing that is reported.
    public internal(set) var isAllocationPass = false

    /// Rounds never exceed this, whatever `--min-time` asks.
    public static let roundLimit = RunOptions.Limits.rounds.range.upperBound
    /// Worker actors per core when `--actors` is not given.
    public static let actorsPerCore = 4

    /// Validates `options` against the scenarios of `catalog`.
    public init(
        options: RunOptions, catalog: Catalog, cores: Int, physicalMemory: UInt64
    ) throws(UsageError) {
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
            let eventCounts = options.eventsPerMachine ?? [entry.descriptor.defaultEventsPerEntity]
            let sets = parameterSets[entry.name]!
            // Values of axes that are not compared split the scenario into groups measured
            // one after another; each group is held in memory at once.
            let separate = entry.descriptor.parameters.filter { $0.isAxis && !$0.comparesValues }
            func groupKey(_ values: ParameterValues) -> String {
                separate.map { "\($0.name)=\(values[$0.name] ?? "")" }.joined(separator: ";")
            }
            let largestGroup = Dictionary(grouping: sets, by: groupKey).values.map(\.count).max() ?? 1
            // The largest point of a sweep first: a sweep the machine cannot hold is refused
            // before anything runs, naming the value that does not fit. Every point is
            // measured alone, so the largest is the peak.
            try RunPlan.checkMemory(
                entry: entry, machines: options.machines.max()!, events: eventCounts.max()!,
                seed: options.seed, parameterSets: sets, configurations: largestGroup,
                resident: resident, physicalMemory: physicalMemory,
                sweep: !swept.isDisjoint(with: [.machines, .events]))
            var points = Set<String>()
            for machines in options.machines {
                for events in eventCounts {
                    let estimate = RunPlan.peakEstimate(
                        entry: entry, machines: machines, events: events, seed: options.seed,
                        parameterSets: sets, configurations: largestGroup, resident: resident)
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
                                    variants: variantsByScenario[entry.name]!,
                                    group: "\(entry.name)|\(sweep)|\(groupKey(parameters))",
                                    estimatedPeakBytes: estimate, actors: actors, sweep: sweep))
                        }
                    }
                }
            }
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
        negligible = options.negligible
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
    private static func checkLimits(_ options: RunOptions) throws(UsageError) {
        typealias Limits = RunOptions.Limits
        try Limits.machines.check(options.machines, flag: "--machines")
        if let events = options.eventsPerMachine { try Limits.events.check(events, flag: "--events") }
        if let actors = options.actors { try Limits.actors.check(actors, flag: "--actors") }
        try Limits.rounds.check(options.rounds, flag: "--rounds")
        if let warmup = options.warmup { try Limits.warmup.check(warmup, flag: "--warmup") }
        if let seconds = options.minTimeSeconds { try Limits.seconds.check(seconds, flag: "--min-time") }
        if let seconds = options.maxTimeSeconds { try Limits.seconds.check(seconds, flag: "--max-time") }
        try Limits.processes.check(options.processes, flag: "--processes")
        try Limits.negligible.check(options.negligible, flag: "--negligible")
    }

    private static func selectScenarios(
        _ names: [String]?, from catalog: Catalog
    ) throws(UsageError) -> [ScenarioEntry] {
        guard let names else { return catalog.defaultSuite }
        guard !names.isEmpty else {
            throw .invalid("--scenario", "", expected: known(catalog.entries.map(\.name)))
        }
        var entries = [ScenarioEntry]()
        for name in names {
            guard let entry = catalog.entry(named: name) else {
                throw UsageError(
                    "--scenario: unknown scenario '\(name)'; expected \(known(catalog.entries.map(\.name)))")
            }
            if !entries.contains(where: { $0.name == name }) { entries.append(entry) }
        }
        return entries
    }

    /// Each scenario's chosen variants, baseline first, floor last.
    private static func selectVariants(
        _ names: [String]?, of entries: [ScenarioEntry]
    ) throws(UsageError) -> [String: [VariantInfo]] {
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
                let all = entries.flatMap { entry in entry.variants.map { "\(entry.name).\($0.name)" } }
                throw UsageError(
                    "--variant: no selected scenario has a variant '\(name)'; expected \(known(all))")
            }
        }
        for entry in entries {
            guard let names = wanted[entry.name] else {
                throw UsageError(
                    "--variant: none of the named variants belongs to scenario '\(entry.name)'; name one of \(known(entry.variants.map(\.name))), or leave it out of --scenario")
            }
            chosen[entry.name] = ordered(entry.variants.filter { names.contains($0.name) }, of: entry)
        }
        return chosen
    }

    /// `variants` with the baseline first and the floor last, both always measured: every
    /// ratio needs the baseline, every net ratio the floor.
    private static func ordered(_ variants: [VariantInfo], of entry: ScenarioEntry) -> [VariantInfo] {
        let middle = variants.filter { $0 != entry.baseline && $0 != entry.floor }
        return [entry.baseline] + middle + (entry.floor.map { [$0] } ?? [])
    }

    /// Each scenario's parameter sets: defaults, overridden by `--param`, axis lists expanded
    /// into one set per combination.
    ///
    /// Every value given is checked, also one that a later `--param` of the same name
    /// overrides: a typo is refused, never silently dropped. Values are normalised
    /// (`01000` → `1000`) and then de-duplicated, keeping the first place, so that one value
    /// is never measured twice under two identities.
    private static func expandParameters(
        _ assignments: [ParameterAssignment], of entries: [ScenarioEntry]
    ) throws(UsageError) -> [String: [ParameterValues]] {
        for assignment in assignments {
            if let scenario = assignment.scenario {
                guard let entry = entries.first(where: { $0.name == scenario }) else {
                    throw UsageError(
                        "--param: '\(scenario).\(assignment.name)' names a scenario that is not selected; selected: \(known(entries.map(\.name)))")
                }
                guard entry.parameter(named: assignment.name) != nil else {
                    throw unknownParameter(assignment.name, in: [entry])
                }
            } else if !entries.contains(where: { $0.parameter(named: assignment.name) != nil }) {
                throw unknownParameter(assignment.name, in: entries)
            }
            for entry in entries where assignment.scenario == nil || assignment.scenario == entry.name {
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
    ) throws(UsageError) -> [String] {
        let values = spec.isAxis ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
        for value in values where !spec.accepts(value) {
            throw UsageError(
                "--param: \(entry.name).\(spec.name)='\(value)' is not valid; expected \(spec.accepted)\(spec.isAxis ? " (or a comma list of them)" : "")")
        }
        var unique = [String]()
        for value in values.map(spec.normalized) where !unique.contains(value) { unique.append(value) }
        return unique
    }

    private static func unknownParameter(_ name: String, in entries: [ScenarioEntry]) -> UsageError {
        let all = entries.flatMap { entry in entry.descriptor.parameters.map { "\(entry.name).\($0.name)" } }
        return UsageError(
            "--param: unknown parameter '\(name)'; the selected scenarios take \(all.isEmpty ? "no parameters" : known(all))")
    }

    /// The memory a group of `configurations` needs at its peak, refused when it is more
    /// than the machine can give: 80% of its memory, and no more than is available now.
    ///
    /// The estimate is what this process holds already (the runtime, Foundation, the
    /// binary: some 25 MB, which dominates small runs) plus the scenario's own bytes per
    /// event and per machine (`ScenarioDescriptor`) for every machine of every configuration
    /// measured together, plus what the scenario's shape adds (`ScenarioDescriptor.shapeBytes`,
    /// the largest over the parameter sets). Those figures were measured on this project's
    /// scenarios across shapes (see the test that sweeps them): the estimate stays within 2×
    /// of the peak resident memory a run reaches.
    ///
    /// - Parameter sweep: `machines` and `events` are a sweep's largest values, which the
    ///   message says.
    /// - Returns: the estimate, in bytes.
    @discardableResult
    private static func checkMemory(
        entry: ScenarioEntry, machines: Int, events: Int, seed: UInt64,
        parameterSets: [ParameterValues], configurations: Int, resident: UInt64,
        physicalMemory: UInt64, sweep: Bool = false
    ) throws(UsageError) -> UInt64 {
        let total = peakEstimate(
            entry: entry, machines: machines, events: events, seed: seed, parameterSets: parameterSets,
            configurations: configurations, resident: resident)
        var budget = physicalMemory / 10 * 8
        var limit = "the 80% of this machine's \(formatBytes(physicalMemory)) memory it may use"
        if let available = ResourceUsage.availableBytes(), available < budget {
            budget = available
            limit = "the \(formatBytes(available)) of memory available now"
        }
        if total == nil || total! > budget {
            let need = total.map(formatBytes) ?? "more than 9 EB"
            let together = configurations > 1 ? " (\(configurations) configurations measured together)" : ""
            let largest = sweep ? ", the largest of the sweep," : ""
            throw UsageError(
                "--machines \(machines) with --events \(events)\(largest): scenario '\(entry.name)'\(together) would need about \(need), more than \(limit); lower --machines or --events")
        }
        return total!
    }

    /// The estimate `checkMemory` holds against the machine's memory, in bytes; nil when it
    /// overflows 64 bits.
    private static func peakEstimate(
        entry: ScenarioEntry, machines: Int, events: Int, seed: UInt64,
        parameterSets: [ParameterValues], configurations: Int, resident: UInt64
    ) -> UInt64? {
        let descriptor = entry.descriptor
        let (perMachineEvents, overflow1) = events.multipliedReportingOverflow(by: descriptor.bytesPerEvent)
        let (perMachine, overflow2) = perMachineEvents.addingReportingOverflow(descriptor.bytesPerEntity)
        let (perConfiguration, overflow3a) = perMachine.multipliedReportingOverflow(by: machines)
        // Computed in floating point, so that an absurd shape cannot trap: anything past
        // Int.max is an overflow like the others.
        let shape = descriptor.shapeBytes.map { shapeBytes in
            parameterSets.map { parameters in
                shapeBytes(
                    ScenarioConfiguration(
                        entities: machines, eventsPerEntity: events, seed: seed, parameters: parameters))
            }.max() ?? 0
        } ?? 0
        let shapeOverflow = !(shape < Double(Int.max / 2))
        let (withShape, overflow3c) = perConfiguration.addingReportingOverflow(
            shapeOverflow ? 0 : Int(max(shape, 0).rounded(.up)))
        let (data, overflow3b) = withShape.multipliedReportingOverflow(by: configurations)
        let (total, overflow4) = UInt64(max(data, 0)).addingReportingOverflow(resident)
        let overflow = overflow1 || overflow2 || overflow3a || shapeOverflow || overflow3c || overflow3b
            || overflow4
        return overflow ? nil : total
    }

    private static func known(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// `1.5 GB`, `640 KB`: decimal units, as `df -H` prints them.
func formatBytes(_ bytes: UInt64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB", "PB", "EB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : "\((value * 10).rounded() / 10) \(units[unit])"
}
