import SimBenchCore

/// `workday.floor`: the calendar and the diary, with no state logic.
///
/// The driver sets the hour and `taskFinished` before each tick as for every variant, and
/// each tick is recorded through the same `WorkdayDiary`; the worker only reads the day's
/// flag to pick the state it records (Forenoon or Afternoon, neither of which ends a day),
/// so that the input is read as the other variants read it. What it costs is the
/// simulation's own bookkeeping; its outcome differs from the baseline's by design.
enum FloorWorkday {
    struct Work: WorkdayWorker {
        var hour = 0.0
        var taskFinished = false
        var diary = WorkdayDiary()

        mutating func writeProgram() {
            diary.handled(by: taskFinished ? .afternoon : .forenoon)
        }

        mutating func startDay() {}
    }

    static func run(_ shard: WorkdayShard) -> WorkdayOutcome {
        shard.simulate { Work() }
    }
}
