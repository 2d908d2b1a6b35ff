import SimBenchCore

/// `workday.enum-switch`, the baseline: the worker's state is an enum, and `writeProgram`
/// is one switch that falls through the day's states until one handles the hour.
enum EnumSwitchWorkday {
    struct Work: WorkdayWorker {
        var hour = 0.0
        var taskFinished = false
        private var state = WorkdayStateID.forenoon
        var diary = WorkdayDiary()

        private mutating func setState(_ state: WorkdayStateID) {
            self.state = state
            diary.transitions += 1
        }

        mutating func writeProgram() {
            while true {
                switch state {
                case .forenoon:
                    if hour < 12 { return diary.handled(by: .forenoon) }
                    setState(.noon)
                case .noon:
                    if hour < 13 { return diary.handled(by: .noon) }
                    setState(.afternoon)
                case .afternoon:
                    if hour < 17 { return diary.handled(by: .afternoon) }
                    setState(.evening)
                case .evening:
                    if taskFinished {
                        setState(.rest)
                    } else if hour < 21 {
                        return diary.handled(by: .evening)
                    } else {
                        setState(.sleeping)
                    }
                case .sleeping:
                    return diary.handled(by: .sleeping)
                case .rest:
                    return diary.handled(by: .rest)
                }
            }
        }

        mutating func startDay() {
            setState(.forenoon)
        }
    }

    static func run(_ shard: WorkdayShard) -> WorkdayOutcome {
        shard.simulate { Work() }
    }
}
