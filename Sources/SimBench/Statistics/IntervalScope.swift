/// What a run's intervals hold, said once: the table's header, the CSV's `interval_unit`
/// and the manual's account derive from it.
///
/// Over several processes a ratio, the ratio net of the floor and the ns added are each
/// formed within a process and pooled with Student's t over processes, or over code layouts
/// when the run spread its processes over several (`ProcessEstimates`): their 95% interval is
/// the one a re-run's own figure lands in (`ProcessEstimates.Reach.rerun`), with the drift
/// between runs that one run's processes cannot show (`RunDrift`). An absolute time
/// (ns/event, CPU ns/event, CPU time over the machine-speed reference) moves with the host's speed, which drifts by 10–50% over minutes
/// on a shared machine: its interval holds this run's processes only, and says so. With one
/// process, every interval is the bootstrap of that process's rounds, which other processes
/// often miss.
public struct IntervalScope: Sendable, Equatable {
    public let processes: Int
    public let layouts: Int

    public init(processes: Int, layouts: Int) {
        self.processes = max(1, processes)
        self.layouts = max(1, layouts)
    }

    /// What the intervals are built over, as the CSV's `interval_unit` says it: `rounds` (of
    /// one process), `processes` or `layouts`.
    public var unit: String {
        if processes == 1 { return "rounds" }
        return layouts > 1 ? "layouts" : "processes"
    }

    /// The run's processes and layouts: "20 processes over 4 code layouts"; "10 processes,
    /// one code layout: add layouts N to include layout" (the setting named by the caller).
    public var sample: SettingMessage {
        if processes == 1 { return "1 process" }
        return layouts > 1
            ? "\(processes) processes over \(layouts) code layouts"
            : "\(processes) processes, one code layout: add \(.layouts) N to include layout"
    }

    /// The run header's line, short: what the intervals hold, over how many code layouts
    /// when several, and where the method is explained (the manual's Methodology; `sentence`
    /// says it in full).
    public var brief: SettingMessage {
        if processes == 1 {
            return "intervals: one process's rounds only (\(.processes) N: a re-run's; Methodology)"
        }
        let over = layouts > 1 ? ", over \(layouts) code layouts" : ""
        return
            "intervals: ratios, ns added hold 95% of re-runs\(over); times, this run (Methodology)"
    }

    /// The full account of what the intervals hold: the wide table's header, the manual's.
    public var sentence: SettingMessage {
        if processes == 1 {
            return """
                intervals: the rounds of one process only; a re-run's processes often land \
                outside them (\(.processes) N spreads the rounds over N processes)
                """
        }
        return """
            intervals: ratios, net of floor and ns added: where 95% of re-runs land (Student's \
            t over \(layouts > 1 ? "layouts" : "processes"), plus a drift between runs of \
            \(RunDrift.measured.range) measured on a shared host; \(sample)); an absolute time's \
            (ns/event, CPU ns/event, CPU over the reference) holds this run only, the host's \
            speed drifts between runs
            """
    }
}

extension ConfigurationResult {
    /// What this configuration's intervals hold.
    public var intervalScope: IntervalScope {
        let groups = processGroups
        return IntervalScope(processes: groups.processCount, layouts: groups.layoutCount)
    }
}
