/// How far a run has got, for the progress line: an estimate, from the work each group of
/// configurations holds and the rounds it is planned to take.
///
/// A group's share of the run is its events per round times its variants (summed over its
/// configurations): in a sweep from 10³ to 10⁶ machines, the last point is most of the run.
/// Inside a group, setting up counts as one round, then the warm-up rounds
/// (`RunOptions.warmup`, or the automatic limit), then the measured rounds. A group cut short by
/// a maximum time (`RunOptions.maxTimeSeconds`) counts as done as soon as its measured time says so.
struct RunProgress: Sendable {
    /// Each group's share of the whole run; they sum to 1.
    let shares: [Double]
    let rounds: Int
    let warmupRounds: Int
    let minTimeSeconds: Double?
    let maxTimeSeconds: Double?

    init(groups: [[PlannedConfiguration]], plan: RunPlan) {
        let work = groups.map { group in
            group.reduce(0.0) { sum, planned in
                sum + Double(planned.configuration.entities)
                    * Double(planned.configuration.eventsPerEntity)
                    * Double(max(planned.variants.count, 1))
            }
        }
        let total = work.reduce(0, +)
        shares = work.map { total > 0 ? $0 / total : 1 / Double(max(work.count, 1)) }
        rounds = max(plan.rounds, 1)
        warmupRounds = plan.warmup ?? BenchmarkRunner.automaticWarmupLimit
        minTimeSeconds = plan.minTimeSeconds
        maxTimeSeconds = plan.maxTimeSeconds
    }

    /// Where a group is.
    enum Step {
        /// Setting up configuration `index` of `count`.
        case settingUp(index: Int, count: Int)
        /// Warm-up round `round` (from 1), unit `unit` of `units` in it.
        case warmingUp(round: Int, unit: Int, units: Int)
        /// Measured round `round` (from 1), unit `unit` of `units`; `measured` is the most and
        /// `leastMeasured` the least time (seconds) any unit has measured so far.
        case measuring(round: Int, unit: Int, units: Int, measured: Double, leastMeasured: Double)
    }

    /// The run's fraction done, 0 to 1, at `step` of group `group`.
    func fraction(group: Int, at step: Step) -> Double {
        let done = shares[..<min(group, shares.count)].reduce(0, +)
        let share = group < shares.count ? shares[group] : 0
        return min(1, max(0, done + share * withinGroup(step)))
    }

    /// A group's fraction done, 0 to 1.
    func withinGroup(_ step: Step) -> Double {
        let setup = 1.0
        let warmup = Double(warmupRounds)
        let measured = Double(rounds)
        let total = setup + warmup + measured
        switch step {
        case .settingUp(let index, let count):
            return setup * Double(index) / Double(max(count, 1)) / total
        case .warmingUp(let round, let unit, let units):
            let rounds = min(Double(round - 1) + Double(unit) / Double(max(units, 1)), warmup)
            return (setup + rounds) / total
        case .measuring(let round, let unit, let units, let most, let least):
            var byRounds = (Double(round - 1) + Double(unit) / Double(max(units, 1))) / measured
            // A minimum time (`RunOptions.minTimeSeconds`) holds the group until every unit has measured that long.
            if let minimum = minTimeSeconds { byRounds = min(byRounds, least / minimum) }
            // A maximum time ends it once one unit has (after the fewest rounds it allows).
            let byTime = maxTimeSeconds.map { most / $0 } ?? 0
            let completion = min(1, max(byRounds, byTime))
            return (setup + warmup + measured * completion) / total
        }
    }
}
