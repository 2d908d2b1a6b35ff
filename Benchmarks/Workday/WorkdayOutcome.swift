import SimBenchCore

/// A worker's state, shared by every variant for recording outcomes.
public enum WorkdayStateID: Int, Sendable, CaseIterable {
    case forenoon
    case noon
    case afternoon
    case evening
    case sleeping
    case rest

    public var name: String {
        switch self {
        case .forenoon: "Forenoon"
        case .noon: "Noon"
        case .afternoon: "Afternoon"
        case .evening: "Evening"
        case .sleeping: "Sleeping"
        case .rest: "Rest"
        }
    }

    /// Whether a day ends in this state.
    public var endsDay: Bool { self == .sleeping || self == .rest }
}

/// What one worker's ticks did: the article's log lines, counted instead of printed.
public struct WorkdayDiary: Sendable {
    /// Ticks handled by each state, indexed by `WorkdayStateID.rawValue`.
    public var ticks = InlineArray<6, Int>(repeating: 0)
    public var transitions = 0
    /// The sequence of states that handled ticks, in order: a `SequenceDigest`, so that
    /// recording a tick is a counter and an overlapped mix, not a step of a hash chain on
    /// the tick's critical path. A worker that visits the right states in the wrong order
    /// still gets another digest.
    public var order = SequenceDigest()
    /// The state that handled the latest tick.
    public private(set) var lastHandled = WorkdayStateID.forenoon

    public init() {}

    /// Records that `state` handled (logged) the current tick.
    @inline(__always)
    public mutating func handled(by state: WorkdayStateID) {
        ticks[state.rawValue] &+= 1
        order.append(state.rawValue)
        lastHandled = state
    }
}

/// Hours spent per state and how days ended, over a fleet of workers.
public struct WorkdayOutcome: ScenarioOutcome {
    public var workers = 0
    /// Ticks handled per state; hours are ticks times the step.
    public var ticksPerState = [Int](repeating: 0, count: 6)
    public var transitions = 0
    public var daysEndedInRest = 0
    public var daysEndedSleeping = 0
    /// Workers by the state their last tick left them in.
    public var finalStates = [Int](repeating: 0, count: 6)
    public var workerDigest: UInt64 = 0
    /// Hours between ticks, to report hours.
    public var step = 0.0

    public init() {}

    public mutating func record(
        worker index: Int, diary: WorkdayDiary, finalState: WorkdayStateID, step: Double
    ) {
        workers += 1
        self.step = step
        // One digest per worker, folded once.
        var digest = SequenceDigest()
        digest.append(diary.order.value)
        for state in 0..<6 {
            ticksPerState[state] += diary.ticks[state]
            digest.append(diary.ticks[state])
        }
        transitions += diary.transitions
        digest.append(diary.transitions)
        finalStates[finalState.rawValue] += 1
        digest.append(finalState.rawValue)
        workerDigest &+= Checksum.entityContribution(index: index, hash: digest.value)
    }

    /// Records that a worker's day ended in `state` (Rest or Sleeping).
    @inline(__always)
    public mutating func dayEnded(in state: WorkdayStateID) {
        if state == .rest { daysEndedInRest += 1 } else { daysEndedSleeping += 1 }
    }

    public mutating func merge(_ other: WorkdayOutcome) {
        workers += other.workers
        if other.workers > 0 { step = other.step }
        for state in 0..<6 {
            ticksPerState[state] += other.ticksPerState[state]
            finalStates[state] += other.finalStates[state]
        }
        transitions += other.transitions
        daysEndedInRest += other.daysEndedInRest
        daysEndedSleeping += other.daysEndedSleeping
        workerDigest &+= other.workerDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(workers)
        checksum.combine(contentsOf: ticksPerState)
        checksum.combine(transitions)
        checksum.combine(daysEndedInRest)
        checksum.combine(daysEndedSleeping)
        checksum.combine(contentsOf: finalStates)
        checksum.combine(workerDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [("workers", "\(workers)")]
        for state in WorkdayStateID.allCases {
            let hours = Double(ticksPerState[state.rawValue]) * step
            lines.append(("hours in \(state.name)", "\(hours)"))
        }
        lines.append(("transitions", "\(transitions)"))
        lines.append(("days ended in Rest", "\(daysEndedInRest)"))
        lines.append(("days ended Sleeping", "\(daysEndedSleeping)"))
        return lines
    }
}
