/// The warnings a run prints under a configuration's table: measurements it should not
/// trust as they are.
public enum RunWarnings {
    /// Fewer samples than this and a variant's statistics are thin: `run` says so.
    public static let minimumSamples = 10

    /// One line per variant whose samples are too few, or too many of whose rounds another
    /// process interfered with.
    public static func lines(for rows: [ResultRow]) -> [String] {
        var lines = [String]()
        for row in rows where row.status == "ok" {
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
