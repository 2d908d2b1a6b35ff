/// Rounds in which the machine, not the variant, set the pace.
///
/// A round's utilisation is the workers' thread CPU time over the wall time they could have
/// used (`RoundMeasurement.utilization`). With nothing else running it is nearly the same in
/// every round of a variant: the slices are fixed, and so is how unevenly they finish. When
/// another process takes a core, or the host steals the virtual CPU, the workers wait while
/// the wall clock runs, and utilisation drops: on 2 cores, losing one of them for the whole
/// round halves it.
///
/// A round is interfered with when its utilisation falls below `fraction` of the variant's
/// median utilisation in the same run: it lost at least a fifth of the CPU its own round
/// usually gets. Quiet rounds stay within a few percent of their median (seen on a 2-core
/// VM: p10 at 0.97× the median, 8 actors), so a fifth is well outside their jitter and well
/// inside what a lost core costs. Comparing with the variant's own median, not with 1,
/// keeps a fleet whose slices cannot fill the cores (3 actors on 2 cores) from counting as
/// interfered all the time.
public enum Interference {
    /// The share of the median utilisation below which a round counts as interfered with.
    public static let fraction = 0.8
    /// The share of a variant's rounds above which `run` warns about it.
    public static let warningShare = 0.2

    /// How many of `utilizations` (one per round) fall below `fraction` × their median.
    public static func interferedRounds(_ utilizations: [Double]) -> Int {
        guard !utilizations.isEmpty else { return 0 }
        let median = Percentile.median(sorted: utilizations.sorted())
        return utilizations.count { $0 < fraction * median }
    }

    /// Whether `interfered` of `rounds` is more than `warningShare`.
    public static func warrantsWarning(interfered: Int, rounds: Int) -> Bool {
        rounds > 0 && Double(interfered) > warningShare * Double(rounds)
    }
}
