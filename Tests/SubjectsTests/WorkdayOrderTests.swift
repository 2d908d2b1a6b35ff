import SimBenchCore
import Testing

@testable import Subjects

/// A worker that lives the baseline's day but records it in another order: within each
/// day, its first Noon tick and its first Afternoon tick trade places. Every count (ticks per
/// state, transitions, days ended, final state) is the baseline's; only the order differs.
///
/// With `swaps` false it records the baseline's order through the same buffering, which
/// shows that nothing else about the wrapper changes the outcome.
private struct ReorderingWork: WorkdayWorker {
    var inner = EnumSwitchWorkday.Work()
    let swaps: Bool
    private var order = SequenceDigest()
    /// The states that handled today's ticks so far, in order.
    private var today: [WorkdayStateID] = []

    init(swaps: Bool) {
        self.swaps = swaps
    }

    var hour: Double {
        get { inner.hour }
        set { inner.hour = newValue }
    }

    var taskFinished: Bool {
        get { inner.taskFinished }
        set { inner.taskFinished = newValue }
    }

    var diary: WorkdayDiary {
        var diary = inner.diary
        var order = order
        append(today, to: &order)
        diary.order = order
        return diary
    }

    mutating func writeProgram() {
        inner.writeProgram()
        today.append(inner.diary.lastHandled)
    }

    mutating func startDay() {
        append(today, to: &order)
        today.removeAll()
        inner.startDay()
    }

    private func append(_ day: [WorkdayStateID], to order: inout SequenceDigest) {
        var day = day
        if swaps, let noon = day.firstIndex(of: .noon),
            let afternoon = day.firstIndex(of: .afternoon)
        {
            day.swapAt(noon, afternoon)
        }
        for state in day { order.append(state.rawValue) }
    }
}

@Suite("workday: the order of states matters")
struct WorkdayOrderTests {
    private func run(_ shard: WorkdayShard, swaps: Bool) -> WorkdayOutcome {
        shard.simulate { ReorderingWork(swaps: swaps) }
    }

    @Test(
        "right states in the wrong order are WRONG; in the right order they agree",
        arguments: 0..<20)
    func wrongOrderIsCaught(seed: UInt64) {
        for step in ["0.5", "1"] {
            let configuration = WorkdayScenario.makeConfiguration(
                entities: 9, events: 60, seed: seed, parameters: ["step": step])
            let shard = WorkdayScenario(configuration: configuration).makeShard(entities: 0..<9)
            let baseline = EnumSwitchWorkday.run(shard)
            let control = run(shard, swaps: false)
            #expect(
                control == baseline,
                "the wrapper alone changes the outcome: seed \(seed), step \(step)")

            let reordered = run(shard, swaps: true)
            // The same states, as often, with the same transitions and endings…
            #expect(reordered.ticksPerState == baseline.ticksPerState)
            #expect(reordered.transitions == baseline.transitions)
            #expect(reordered.daysEndedInRest == baseline.daysEndedInRest)
            #expect(reordered.daysEndedSleeping == baseline.daysEndedSleeping)
            #expect(reordered.finalStates == baseline.finalStates)
            // …in another order: the outcome check (equality with the baseline's) refuses it.
            #expect(
                reordered != baseline, "a reordered day went unnoticed: seed \(seed), step \(step)")
            #expect(reordered.checksum != baseline.checksum)
        }
    }

    @Test("the sequence digest depends on order, and only on the sequence")
    func sequenceDigestOrder() {
        var forward = SequenceDigest()
        var backward = SequenceDigest()
        var again = SequenceDigest()
        for state in [0, 1, 2, 2, 3] { forward.append(state) }
        for state in [3, 2, 2, 1, 0] { backward.append(state) }
        for state in [0, 1, 2, 2, 3] { again.append(state) }
        #expect(forward.value != backward.value)
        #expect(forward.value == again.value)
        var shorter = SequenceDigest()
        for state in [0, 1, 2, 2] { shorter.append(state) }
        #expect(shorter.value != forward.value)
        // The pattern a plain positional sum cannot tell apart: ABBA against BAAB.
        var abba = SequenceDigest()
        var baab = SequenceDigest()
        for state in [1, 2, 2, 1] { abba.append(state) }
        for state in [2, 1, 1, 2] { baab.append(state) }
        #expect(abba.value != baab.value)
    }

    @Test("every transposition of two different words in a sequence changes the digest")
    func transpositions() {
        // A day's worth of states, and every swap of two positions holding different states.
        let day = [0, 0, 0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4]
        func digest(_ words: [Int]) -> UInt64 {
            var digest = SequenceDigest()
            for word in words { digest.append(word) }
            return digest.value
        }
        let original = digest(day)
        var seen: Set<UInt64> = [original]
        for i in day.indices {
            for j in day.indices where i < j && day[i] != day[j] {
                var swapped = day
                swapped.swapAt(i, j)
                let value = digest(swapped)
                #expect(value != original, "swapping positions \(i) and \(j) went unnoticed")
                seen.insert(value)
            }
        }
        // Distinct reorderings also differ from one another.
        let reorderings = day.indices.flatMap { i in
            day.indices.filter { i < $0 && day[i] != day[$0] }
        }.count
        #expect(seen.count == reorderings + 1)
    }
}
