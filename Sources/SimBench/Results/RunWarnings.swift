/// The warnings a run prints under a configuration's table: measurements it should not
/// trust as they are.
public enum RunWarnings {
    /// Fewer samples than this and a variant's statistics are thin: `run` says so.
    public static let minimumSamples = 10
    /// Over several processes the intervals are Student's t over them: with fewer than this,
    /// its quantile (2.78 for 5 processes, 12.7 for 2) makes them wide, and `run` says so.
    public static let minimumProcesses = 5

    /// The share of a variant's round time above which the harness's fixed cost per round
    /// (an empty fleet's round) is worth a warning.
    public static let emptyRoundShare = 0.01

    /// The lines for one configuration's rows: one for the variants whose rounds are so
    /// short that the harness's own cost per round shows, one for variants with too few
    /// samples, and one per variant too many of whose rounds another process interfered
    /// with. The floor is left out of the first: it is meant to be small. The remedies name
    /// the settings to raise, in the words of whoever prints the lines.
    public static func lines(for rows: [ResultRow]) -> [SettingMessage] {
        let measured = rows.filter { $0.status == .ok && $0.nsPerEvent != nil }
        var lines = [SettingMessage]()
        var shortRounds = [String]()
        var emptyRound: Double?
        for row in measured where row.role != .floor {
            guard let empty = row.emptyRoundNs, let time = row.nsPerEvent else { continue }
            let round = time.median * Double(row.eventsPerRound)
            if empty > emptyRoundShare * round {
                shortRounds.append("\(row.variant) \(NumberFormat.percent(empty / round))")
                emptyRound = empty
            }
        }
        if let emptyRound, !shortRounds.isEmpty {
            lines.append(
                "  warning: the harness's fixed cost of a round (\(NumberFormat.significant(emptyRound / 1000)) µs on an empty fleet) is more than \(NumberFormat.percent(emptyRoundShare)) of the round of \(shortRounds.joined(separator: ", ")); it is in their wall times, not in CPU time; give more \(.machines) or \(.events)"
            )
        }
        let fewProcesses = measured.filter { $0.processes > 1 && $0.processes < minimumProcesses }
        if let first = fewProcesses.first {
            lines.append(
                "  warning: only \(first.processes) processes of \(fewProcesses.map(\.variant).joined(separator: ", ")) (fewer than \(minimumProcesses)); the intervals are Student's t over processes and wide below \(minimumProcesses): give more \(.processes)"
            )
        }
        let few = measured.filter { $0.processes == 1 && $0.rounds < minimumSamples }
        if let first = few.first {
            let samples = first.rounds * first.processes
            lines.append(
                "  warning: only \(samples) samples of \(few.map(\.variant).joined(separator: ", ")) (fewer than \(minimumSamples)); intervals need \(Bootstrap.minimumSamples) and are wide below \(minimumSamples): give more \(.rounds) or \(.processes)"
            )
        }
        for row in measured {
            let samples = row.rounds * row.processes
            if let interfered = row.interferedRounds,
                Interference.warrantsWarning(interfered: interfered, rounds: samples)
            {
                lines.append(
                    "  warning: \(row.variant): \(interfered) of \(samples) rounds interfered with (CPU use below \(Int(Interference.fraction * 100))% of its median): another process or the host took the CPU; its wall times are suspect"
                )
            }
        }
        return lines
    }
}
