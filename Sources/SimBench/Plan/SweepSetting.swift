/// A run setting that machines, events or actors may sweep: given several values,
/// each value is a configuration of its own, measured one after another.
///
/// A row's `sweep` cell names the swept settings and their values at that row
/// (`machines=1000;actors=4`, in the order of `allCases`), which is what tells the rows of
/// one sweep apart: `ResultIdentity` includes it, so `compare`, `merge` and a history keep
/// the sizes apart. The values are also in each setting's own column (`column`).
public enum SweepSetting: String, CaseIterable, Sendable {
    case machines
    case events
    case actors

    /// The results column that holds the setting's value in every row.
    public var column: ResultColumn {
        switch self {
        case .machines: .machines
        case .events: .eventsPerMachine
        case .actors: .actors
        }
    }

    /// The run setting that sweeps it.
    public var setting: RunSetting { RunSetting(rawValue: rawValue)! }

    /// `machines=1000;actors=4`: the settings of `values` that are swept, in `allCases`
    /// order.
    static func cell(_ values: [SweepSetting: Int], swept: Set<SweepSetting>) -> String {
        allCases.filter(swept.contains).compactMap { setting in
            values[setting].map { "\(setting.rawValue)=\($0)" }
        }.joined(separator: ";")
    }

    /// The settings a `sweep` cell names (`machines=1000;actors=4` → machines, actors);
    /// unknown names are skipped.
    public static func named(in cell: String) -> [SweepSetting] {
        cell.split(separator: ";").compactMap { part in
            part.split(separator: "=", maxSplits: 1).first.flatMap {
                SweepSetting(rawValue: String($0))
            }
        }
    }
}
