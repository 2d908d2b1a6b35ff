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

    /// The columns that say how large a configuration was, one per setting, in `allCases`
    /// order: where charts, reports and comparisons read a row's size.
    public static let columns = allCases.map(\.column)

    /// The setting's name on a chart's axis, with its unit.
    public var axisName: String {
        switch self {
        case .machines: "machines"
        case .events: "events per machine"
        case .actors: "actors"
        }
    }

    /// The setting whose column is `column`, if it is a size column.
    public init?(column: ResultColumn) {
        guard let setting = SweepSetting.allCases.first(where: { $0.column == column }) else {
            return nil
        }
        self = setting
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
