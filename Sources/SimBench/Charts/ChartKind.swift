/// What a chart draws: one kind per chart the harness can draw.
public enum ChartKind: String, Sendable, CaseIterable {
    /// A forest plot per configuration: each pattern's ratio to its baseline with its 95%
    /// interval on a log axis, a line at 1×, and the ratio net of the floor where measured.
    case ratios
    /// ns/event against the swept size (machines or events per machine), log-log, a line
    /// and 95% band per variant; beside it, the ratio to the baseline against size.
    case sweep
    /// Events per second against actors, with each variant's ideal linear scaling.
    case scaling
    /// A history file's runs: each variant's ns/event and ratio per run, 95% bands, and the
    /// runs `compare` flags against the run before marked.
    case history
    /// Allocations per event, per variant.
    case allocs
    /// Each process's CPU ratio to the baseline, one dot per process: modes show as clusters.
    case processes
    /// Counted instructions per event by runtime mechanism: a stacked bar per variant,
    /// baseline first (`InstructionSource.callgrind`).
    case mechanisms

    /// One line for a command's help; it names the run setting a chart needs.
    public var summary: SettingMessage {
        switch self {
        case .ratios:
            "forest plot: each pattern's ratio to its baseline, 95% CI, log axis, net of floor too"
        case .sweep: "ns/event and ratio against entities or events per entity, log-log, 95% bands"
        case .scaling: "events/s against actors, with the ideal linear line"
        case .history:
            "ns/event and ratio across the runs of a history file (\(.history)); flagged runs marked"
        case .allocs: "allocations per event per variant"
        case .processes:
            "each process's CPU ratio to the baseline, one dot per process; modes marked"
        case .mechanisms:
            "counted instructions per event by runtime mechanism, a stacked bar per variant"
        }
    }
}
