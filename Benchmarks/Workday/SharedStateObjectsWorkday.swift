import SimBenchCore

/// `workday.state-objects-shared`: the article's states, one shared instance each.
///
/// The article notes that states without instance variables can be shared by every
/// context; this variant does so, and transitions allocate nothing.
enum SharedStateObjectsWorkday {
    class State: @unchecked Sendable {
        // Safe: no state class has stored properties, so the shared instances hold nothing
        // that threads could race on.
        func writeProgram(_ work: Work) { fatalError("abstract") }
    }

    final class ForenoonState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = ForenoonState()
        override func writeProgram(_ work: Work) {
            if work.hour < 12 {
                work.diary.handled(by: .forenoon)
            } else {
                work.setState(NoonState.shared)
                work.writeProgram()
            }
        }
    }

    final class NoonState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = NoonState()
        override func writeProgram(_ work: Work) {
            if work.hour < 13 {
                work.diary.handled(by: .noon)
            } else {
                work.setState(AfternoonState.shared)
                work.writeProgram()
            }
        }
    }

    final class AfternoonState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = AfternoonState()
        override func writeProgram(_ work: Work) {
            if work.hour < 17 {
                work.diary.handled(by: .afternoon)
            } else {
                work.setState(EveningState.shared)
                work.writeProgram()
            }
        }
    }

    final class EveningState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = EveningState()
        override func writeProgram(_ work: Work) {
            if work.taskFinished {
                work.setState(RestState.shared)
                work.writeProgram()
            } else if work.hour < 21 {
                work.diary.handled(by: .evening)
            } else {
                work.setState(SleepingState.shared)
                work.writeProgram()
            }
        }
    }

    final class SleepingState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = SleepingState()
        override func writeProgram(_ work: Work) {
            work.diary.handled(by: .sleeping)
        }
    }

    final class RestState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = RestState()
        override func writeProgram(_ work: Work) {
            work.diary.handled(by: .rest)
        }
    }

    final class Work: WorkdayWorker {
        var hour = 0.0
        var taskFinished = false
        private var current: State = ForenoonState.shared
        var diary = WorkdayDiary()

        func setState(_ state: State) {
            current = state
            diary.transitions += 1
        }

        func writeProgram() {
            current.writeProgram(self)
        }

        func startDay() {
            setState(ForenoonState.shared)
        }
    }

    static func run(_ shard: WorkdayShard) -> WorkdayOutcome {
        shard.simulate { Work() }
    }
}
