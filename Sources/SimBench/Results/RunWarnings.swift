/// The warnings a run prints: measurements it should not trust as they are.
///
/// Under a table, at most one line naming the rows each kind of warning touches
/// (`line(for:leavingOut:)`); the advice, what the warning means and which setting to raise,
/// once per run after the tables (`kinds(in:)`), however many tables share it.
public enum RunWarnings {
    /// Fewer samples than this and a variant's statistics are thin: `run` says so.
    public static let minimumSamples = 10
    /// Over several processes the intervals are Student's t over them: with fewer than this,
    /// its quantile (2.78 for 5 processes, 12.7 for 2) makes them wide, and `run` says so.
    public static let minimumProcesses = 5

    /// The share of a variant's round time above which the harness's fixed cost per round
    /// (an empty fleet's round) is worth a warning.
    public static let emptyRoundShare = 0.01

    /// What can be wrong with a row's measurement, in the order the line names them.
    public enum Kind: Sendable, CaseIterable, Equatable {
        /// The harness's fixed cost of a round is more than `emptyRoundShare` of the row's
        /// round: it is in the wall time.
        case roundCost
        /// Fewer than `minimumProcesses` processes: the t intervals are wide.
        case fewProcesses
        /// One process with fewer than `minimumSamples` rounds.
        case fewSamples
        /// Too many rounds interfered with (`Interference`).
        case interfered

        /// The line's name for the kind: `round cost in wall time: enum-switch 32%, …`.
        var name: String {
            switch self {
            case .roundCost: "round cost in wall time"
            case .fewProcesses: "few processes"
            case .fewSamples: "few samples"
            case .interfered: "rounds interfered with"
            }
        }

        /// The kind concerns the wall times only: a table that leaves out its wall times
        /// (to fit the terminal) need not say it under itself.
        public var concernsWallTime: Bool { self == .roundCost || self == .interfered }

        /// What the kind means and what to do about it, said once per run.
        public var advice: SettingMessage {
            switch self {
            case .roundCost:
                "\(roundCostMeaning): more work per round (\(.machines) or \(.events)) makes it a smaller share"
            case .fewProcesses:
                "few processes: the intervals are Student's t over processes and wide below \(minimumProcesses): give more \(.processes)"
            case .fewSamples:
                "few samples: intervals need \(Bootstrap.minimumSamples) and are wide below \(minimumSamples): give more \(.rounds) or \(.processes)"
            case .interfered:
                "rounds interfered with: in over a fifth of some rows' rounds another process took the CPU (use below \(Int(Interference.fraction * 100))% of the row's median): their wall times are suspect"
            }
        }
    }

    /// The advice on `kind` for a run of `groups` (a configuration's rows each): `advice`,
    /// and for the round cost how much more work per round would bring its largest share
    /// under `emptyRoundShare` (`12 times these rounds' work`), since a scenario whose events
    /// are cheap may need far more entities or events than the default sizes give.
    public static func advice(_ kind: Kind, in groups: [[ResultRow]]) -> SettingMessage {
        guard kind == .roundCost else { return kind.advice }
        let largest = groups.joined().compactMap(roundCostShare).max() ?? 0
        guard largest > emptyRoundShare else { return kind.advice }
        let times = Int((largest / emptyRoundShare).rounded(.up))
        return
            "\(roundCostMeaning): about \(times) times these rounds' work (\(.machines) or \(.events)) brings it under \(NumberFormat.percent(emptyRoundShare)) in every row"
    }

    /// What the round cost's warning means, before what to do about it.
    private static let roundCostMeaning =
        "round cost in wall time: the harness's fixed cost of a round (an empty round's wall time) is over \(NumberFormat.percent(emptyRoundShare)) of some rows' rounds, in their wall times only (their CPU times leave it out)"

    /// The share of `row`'s round that the harness's fixed cost of a round takes, when it
    /// is measured and past `emptyRoundShare`; nil for the floor, which is meant to be small.
    private static func roundCostShare(_ row: ResultRow) -> Double? {
        guard row.status == .ok, row.role != .floor, let empty = row.emptyRoundNs,
            let time = row.nsPerEvent
        else { return nil }
        let round = time.median * Double(row.eventsPerRound)
        return empty > emptyRoundShare * round ? empty / round : nil
    }

    /// One kind of warning and the rows it touches, each with its figure (`napping 2.0%`,
    /// `napping 3 of 10`, `napping`).
    public struct Finding: Sendable, Equatable {
        public let kind: Kind
        public let rows: [String]
    }

    /// What is wrong with one configuration's rows, a finding per kind that touches any. The
    /// floor is left out of the round cost: it is meant to be small.
    public static func findings(for rows: [ResultRow]) -> [Finding] {
        let measured = rows.filter { $0.status == .ok && $0.nsPerEvent != nil }
        var touched = [Kind: [String]]()
        for row in measured {
            if let share = roundCostShare(row) {
                touched[.roundCost, default: []].append(
                    "\(row.variant) \(NumberFormat.percent(share))")
            }
            if row.processes > 1 && row.processes < minimumProcesses {
                touched[.fewProcesses, default: []].append("\(row.variant) \(row.processes)")
            }
            if row.processes == 1 && row.rounds < minimumSamples {
                touched[.fewSamples, default: []].append("\(row.variant) \(row.rounds)")
            }
            let samples = row.rounds * row.processes
            if let interfered = row.interferedRounds,
                Interference.warrantsWarning(interfered: interfered, rounds: samples)
            {
                touched[.interfered, default: []].append(
                    "\(row.variant) \(interfered) of \(samples)")
            }
        }
        return Kind.allCases.compactMap { kind in
            touched[kind].map { Finding(kind: kind, rows: $0) }
        }
    }

    /// The line under one configuration's table, nil when nothing is wrong:
    /// `  warning: round cost in wall time: enum-switch 32.2%, table 30.7%; rounds interfered
    /// with: state-objects 3 of 10`. The kinds of `leavingOut` are not named (the table does
    /// not show what they concern).
    public static func line(for rows: [ResultRow], leavingOut: Set<Kind> = []) -> String? {
        let findings = findings(for: rows).filter { !leavingOut.contains($0.kind) }
        guard !findings.isEmpty else { return nil }
        return "  warning: "
            + findings.map { "\($0.kind.name): \($0.rows.joined(separator: ", "))" }
            .joined(separator: "; ")
    }

    /// Every kind found in any of `groups` (a configuration's rows each), once each, in
    /// `Kind` order: the run says each one's advice once.
    public static func kinds(in groups: [[ResultRow]]) -> [Kind] {
        let found = Set(groups.flatMap { findings(for: $0).map(\.kind) })
        return Kind.allCases.filter(found.contains)
    }
}
