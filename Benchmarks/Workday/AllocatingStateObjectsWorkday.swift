import SimBenchCore

/// `workday.state-objects-alloc`: the article's design.
///
/// Each state decides by the hour whether to handle the tick or to hand the worker on: it
/// allocates the next state (`[w SetState:[NoonState new]]`) and calls `WriteProgram` again.
/// The article's `NSLog` lines become counts in the worker's diary.
enum AllocatingStateObjectsWorkday {
    class State {
        func writeProgram(_ work: Work) { fatalError("abstract") }
    }

    final class ForenoonState: State {
        override func writeProgram(_ work: Work) {
            if work.hour < 12 {
                // "Working in the forenoon, full of energy"
                work.diary.handled(by: .forenoon)
            } else {
                work.setState(NoonState())
                work.writeProgram()
            }
        }
    }

    final class NoonState: State {
        override func writeProgram(_ work: Work) {
            if work.hour < 13 {
                // "Hungry, lunch; sleepy, nap"
                work.diary.handled(by: .noon)
            } else {
                work.setState(AfternoonState())
                work.writeProgram()
            }
        }
    }

    final class AfternoonState: State {
        override func writeProgram(_ work: Work) {
            if work.hour < 17 {
                // "Afternoon in good shape, keep going"
                work.diary.handled(by: .afternoon)
            } else {
                work.setState(EveningState())
                work.writeProgram()
            }
        }
    }

    final class EveningState: State {
        override func writeProgram(_ work: Work) {
            if work.taskFinished {
                work.setState(RestState())
                work.writeProgram()
            } else if work.hour < 21 {
                // "Overtime, exhausted"
                work.diary.handled(by: .evening)
            } else {
                work.setState(SleepingState())
                work.writeProgram()
            }
        }
    }

    final class SleepingState: State {
        override func writeProgram(_ work: Work) {
            // "Can't go on, fell asleep"
            work.diary.handled(by: .sleeping)
        }
    }

    final class RestState: State {
        override func writeProgram(_ work: Work) {
            // "Went home after work"
            work.diary.handled(by: .rest)
        }
    }

    /// The article's `Work` context.
    final class Work: WorkdayWorker {
        var hour = 0.0
        var taskFinished = false
        private var current: State = ForenoonState()
        var diary = WorkdayDiary()

        func setState(_ state: State) {
            current = state
            diary.transitions += 1
        }

        func writeProgram() {
            current.writeProgram(self)
        }

        func startDay() {
            setState(ForenoonState())
        }
    }

    static func run(_ shard: WorkdayShard) -> WorkdayOutcome {
        shard.simulate { Work() }
    }
}
