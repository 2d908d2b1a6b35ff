import SimBenchCore

/// A run refused before anything is built: it would need more memory than the machine can
/// give.
///
/// The plan says what does not fit; the caller that planned it says which of its settings to
/// lower (a run: machines or events; the doctor: machines).
struct MemoryRefusal: Error, Sendable {
    /// The scenario whose configuration group does not fit.
    var scenario: String
    var machines: Int
    /// Events per machine.
    var events: Int
    /// Configurations measured together (axis values compared side by side).
    var configurations: Int
    /// The estimate, in bytes; nil when it overflows 64 bits.
    var estimate: UInt64?
    /// The limit that binds (`MemoryBudget`): "the 80% of this host's 24 GB memory it
    /// may use", "what the address-space limit (RLIMIT_AS, ulimit -v) of 12 GB leaves".
    var limit: String
    /// The machines, at these events, the refusal suggests (`suggestedMachines`); nil when
    /// not even one would fit.
    var fittingMachines: Int?
    /// Whether `machines` and `events` are a sweep's largest values.
    var largestOfSweep: Bool

    /// `scenario 'marks' (2 configurations measured together) would need about 40 GB, more
    /// than …`: what does not fit, in any command's words.
    var shortfall: String {
        let need = estimate.map(formatBytes) ?? "more than 9 EB"
        let together =
            configurations > 1 ? " (\(configurations) configurations measured together)" : ""
        return "scenario '\(scenario)'\(together) would need about \(need), more than \(limit)"
    }

    /// What to do: the machines that would fit, or that even one machine would not.
    var remedy: SettingMessage {
        fittingMachines.map { "\(.machines) \($0) would fit" }
            ?? "not even \(.machines) 1 would fit"
    }

    /// The share of the budget a suggested count is fitted to. The budget moves from one
    /// process to the next (the memory available now, the address space a process has
    /// mapped beyond what is resident), so a count fitted to the whole of this process's
    /// budget could be refused when run; one fitted to this share of it is accepted.
    static let suggestionShare = 0.95

    /// The machines a refusal suggests: the most that fit in `suggestionShare` of `budget`
    /// (as `fits` judges, the same check a run passes), rounded down to three significant
    /// digits; 1 when only the whole budget holds one; nil when not even one fits.
    ///
    /// - Parameter fits: whether a count fits in a number of bytes.
    static func suggestedMachines(
        below machines: Int, budget: UInt64, fits: (Int, UInt64) -> Bool
    ) -> Int? {
        let share = UInt64(Double(budget) * suggestionShare)
        guard fits(1, share) else { return fits(1, budget) ? 1 : nil }
        var (low, high) = (1, machines)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if fits(middle, share) { low = middle } else { high = middle }
        }
        var magnitude = 1
        while low / magnitude >= 1000 { magnitude *= 10 }
        return low / magnitude * magnitude
    }

    /// A run's refusal, naming its settings.
    @Sendable static func runRefusal(_ refusal: MemoryRefusal) -> RunPlanError {
        let largest = refusal.largestOfSweep ? " (the largest of the sweep)" : ""
        return RunPlanError(
            .machines,
            "\(.machines) \(refusal.machines) with \(.events) \(refusal.events)\(largest): \(refusal.shortfall); \(refusal.remedy) (or lower \(.events))"
        )
    }
}

extension RunPlan {
    /// Refuses a group of `configurations` whose estimated peak (`peakEstimate`) is more
    /// than this process can be given: the smallest of 80% of the machine's memory, what is
    /// available now, the address-space and data limits, and the cgroup's (`MemoryBudget`).
    ///
    /// - Parameter budget: what the run may use (`MemoryBudget.current`).
    /// - Parameter sweep: `machines` and `events` are a sweep's largest values, which the
    ///   refusal says.
    /// - Returns: nil when the group fits.
    static func memoryRefusal(
        entry: ScenarioEntry, variants: [String], machines: Int, events: Int, seed: UInt64,
        parameterSets: [ParameterValues], configurations: Int, resident: UInt64,
        budget: MemoryBudget, sweep: Bool = false
    ) -> MemoryRefusal? {
        // One check, for the run and for the count a refusal suggests.
        func fits(_ count: Int, _ bytes: UInt64) -> Bool {
            peakEstimate(
                entry: entry, variants: variants, machines: count, events: events, seed: seed,
                parameterSets: parameterSets, configurations: configurations, resident: resident
            ).map { $0 <= bytes } ?? false
        }
        if fits(machines, budget.bytes) { return nil }
        let total = peakEstimate(
            entry: entry, variants: variants, machines: machines, events: events, seed: seed,
            parameterSets: parameterSets, configurations: configurations, resident: resident)
        // The estimate grows with the machines: the suggestion is found by bisection.
        let fitting = MemoryRefusal.suggestedMachines(
            below: machines, budget: budget.bytes, fits: fits)
        return MemoryRefusal(
            scenario: entry.name, machines: machines, events: events,
            configurations: configurations,
            estimate: total, limit: budget.limit, fittingMachines: fitting, largestOfSweep: sweep)
    }

    /// The memory the process holds at its peak while a group of `configurations` is set up
    /// and measured, in bytes; nil when it overflows 64 bits.
    ///
    /// What this process holds already (`resident`: the runtime, Foundation, the binary,
    /// some 25 MB, which dominates small runs), plus, for every configuration measured
    /// together, what the scenario says its configuration holds
    /// (`ScenarioDescriptor.estimatedBytes`: its bytes per event and per machine, what its
    /// shape parameters add, the largest over the parameter sets, and what the measured
    /// `variants` build of their own). Those figures are
    /// fitted to the peak resident memory of release runs over every scenario and shape
    /// parameter (see the test that sweeps them): the peak stays within [0.5, 2] of the
    /// estimate.
    static func peakEstimate(
        entry: ScenarioEntry, variants: [String], machines: Int, events: Int, seed: UInt64,
        parameterSets: [ParameterValues], configurations: Int, resident: UInt64
    ) -> UInt64? {
        // In floating point, so that an absurd shape cannot trap: anything past what 64 bits
        // hold is an overflow.
        let perConfiguration =
            parameterSets.map { parameters in
                entry.descriptor.estimatedBytes(
                    ScenarioConfiguration(
                        entities: machines, eventsPerEntity: events, seed: seed,
                        parameters: parameters),
                    variants: variants)
            }.max() ?? 0
        let total = Double(configurations) * max(perConfiguration, 0) + Double(resident)
        guard total.isFinite, total < Double(UInt64.max / 2) else { return nil }
        return UInt64(total.rounded(.up))
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
