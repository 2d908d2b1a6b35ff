import SimBenchCore
import Testing

@testable import Subjects

@Suite("workday")
struct WorkdayTests {
    @Test("every variant agrees with enum-switch", arguments: 0..<40)
    func variantsAgree(seed: UInt64) {
        for (workers, ticks) in [(0, 10), (1, 1), (1, 500), (9, 40), (30, 100)] {
            expectVariantsAgree(WorkdayScenario.self, entities: workers, events: ticks, seed: seed)
        }
        for step in ["0.25", "0.5", "2"] {
            expectVariantsAgree(
                WorkdayScenario.self, entities: 12, events: 90, seed: seed,
                parameters: ["step": step])
        }
        for finished in ["0", "1"] {
            expectVariantsAgree(
                WorkdayScenario.self, entities: 12, events: 90, seed: seed,
                parameters: ["finished": finished])
        }
    }

    @Test(
        "a day with the task finished ends in Rest at 17",
        arguments: WorkdayScenario.checkedVariants.map(\.name))
    func finishedDay(variant: String) {
        // Ticks at 9, 10, …, 17: Forenoon 9–11, Noon 12, Afternoon 13–16, Rest at 17.
        let shard = WorkdayShard(
            firstWorker: 0, workerCount: 1, ticksPerWorker: 9, step: 1, daysPerWorker: 1,
            taskFinished: [true])
        let outcome = WorkdayScenario.variants.first { $0.name == variant }!.prepare(shard)()
        #expect(outcome.ticksPerState == [3, 1, 4, 0, 0, 1])
        #expect(outcome.daysEndedInRest == 1 && outcome.daysEndedSleeping == 0)
        #expect(outcome.transitions == 4)
        #expect(outcome.finalStates[WorkdayStateID.rest.rawValue] == 1)
    }

    @Test(
        "an unfinished day works overtime until 21, then sleeps",
        arguments: WorkdayScenario.checkedVariants.map(\.name))
    func overtimeDay(variant: String) {
        // 9…21 is 13 ticks, then the next day starts in Forenoon at 9 with its task finished.
        let shard = WorkdayShard(
            firstWorker: 0, workerCount: 1, ticksPerWorker: 14, step: 1, daysPerWorker: 2,
            taskFinished: [false, true])
        let outcome = WorkdayScenario.variants.first { $0.name == variant }!.prepare(shard)()
        #expect(outcome.ticksPerState == [4, 1, 4, 4, 1, 0])
        #expect(outcome.daysEndedSleeping == 1)
        // Forenoon→Noon→Afternoon→Evening→Sleeping, then the new day's Forenoon.
        #expect(outcome.transitions == 5)
        #expect(outcome.finalStates[WorkdayStateID.forenoon.rawValue] == 1)
    }
}
