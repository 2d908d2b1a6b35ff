/// The warnings a run prints under a configuration's table: measurements it should not
/// trust as they are.
public enum RunWarnings {
    /// Fewer samples than this and a variant's statistics are thin: `run` says so.
    public static let minimumSamples = 10

    /// The share of a variant's round time above which the harness's fixed cost per round
    /// (an empty fleet's round) is worth a warning.
    public static let emptyRoundShare = 0.01

    /// One line per variant whose samples are too few, too many of whose rounds another
    /// process interfered with, or whose rounds are so short that the harness's own cost
    /// per round shows.
    public static func lines(for rows: [ResultRow]) -> [String] {
        var lines = [String]()
        for row in rows where row.status == .ok {
            if let empty = row.emptyRoundNs, let time = row.nsPerEvent {
                let round = time.median * Double(row.eventsPerRound)
                if empty > emptyRoundShare * round {
                    lines.append(
                        "  warning: \(row.variant): the harness's fixed cost of a round (\(NumberFormat.significant(empty / 1000)) µs on an empty fleet) is \(NumberFormat.percent(empty / round)) of its round; give more --machines or --events")
                }
            }
            let samples = row.rounds * row.processes
            if samples < minimumSamples {
                lines.append(
                    "  warning: \(row.variant): only \(samples) samples (fewer than \(minimumSamples)); its intervals are wide or missing (\(Bootstrap.minimumSamples) at least), give more --rounds")
            }
            if let interfered = row.interferedRounds,
                Interference.warrantsWarning(interfered: interfered, rounds: samples)
            {
                lines.append(
                    "  warning: \(row.variant): \(interfered) of \(samples) rounds interfered with (CPU use below \(Int(Interference.fraction * 100))% of its median): another process or the host took the CPU; its wall times are suspect")
            }
        }
        return lines
    }
}
