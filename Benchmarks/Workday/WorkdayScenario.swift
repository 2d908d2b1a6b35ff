import SimBenchCore

/// Workers' day-cycles: State objects against enum + switch.
///
/// Modelled on `state-workday.zh.txt`. A `Work` context holds the hour and whether the task
/// is finished; its state decides what the worker does at that hour:
///
/// - Forenoon before 12, then Noon before 13, then Afternoon before 17;
/// - Evening: a finished task sends the worker to Rest; otherwise overtime before 21, and
///   Sleeping after;
/// - Rest and Sleeping end the day.
///
/// Transitions only go forward. Each worker lives day after day: the hour starts at 9 and
/// ticks forward in fixed steps, `taskFinished` is drawn per worker and day, and the tick
/// after a day ends starts the next day in Forenoon. One event is one hour tick, a call of
/// the article's `WriteProgram`.
public struct WorkdayScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "workday",
        title: "State objects vs enum + switch: workers' day-cycles",
        seedArticle: "iOS App的設計模式開發中對State狀態模式的運用",
        entityUnit: "worker",
        eventUnit: "hour tick (one WriteProgram call)",
        defaultEventsPerEntity: 100,
        // A worker's inputs are one `taskFinished` byte per day it can live, so a tick
        // costs a byte per shortest day (`shapeBytes`): 9 ticks at step 1, 33 at 0.25, 5
        // at 2. Nothing else grows with the fleet: variants create a worker at a time.
        bytesPerEvent: 0,
        bytesPerEntity: 0,
        shapeBytes: { configuration in
            let step = configuration.parameters.number("step")
            let days = WorkdayScenario.maximumDays(ticks: configuration.eventsPerEntity, step: step)
            return Double(configuration.entities) * Double(days)
        },
        parameters: [
            .choice(
                "step", "hours between two ticks", default: "1",
                choices: ["0.25", "0.5", "1", "2"]),
            .number(
                "finished", "probability that a day's task is finished by the evening",
                default: 0.5, range: 0...1),
        ]
    )

    public static let variants: [Variant<WorkdayShard, WorkdayOutcome>] = [
        Variant(
            name: "enum-switch", role: .baseline,
            summary: "an enum of states and one switch per tick",
            run: EnumSwitchWorkday.run),
        Variant(
            name: "state-objects-alloc",
            summary: "the article's design: a new state object on every transition",
            run: AllocatingStateObjectsWorkday.run),
        Variant(
            name: "state-objects-shared",
            summary: "one shared instance per state",
            run: SharedStateObjectsWorkday.run),
        Variant(
            name: "floor", role: .floor,
            summary: "the calendar and the per-tick diary, no state logic",
            run: FloorWorkday.run),
    ]

    /// The hour every day starts at, as in the article's `main`.
    public static let startHour = 9.0

    public let configuration: ScenarioConfiguration
    private let step: Double
    private let finishedProbability: Double

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        step = configuration.parameters.number("step")
        finishedProbability = configuration.parameters.number("finished")
    }

    /// The most days `ticks` ticks `step` hours apart can span: the shortest day (task
    /// finished) is the ticks from 9 to 17 inclusive.
    static func maximumDays(ticks: Int, step: Double) -> Int {
        let shortestDay = Int(((17 - WorkdayScenario.startHour) / step).rounded(.up)) + 1
        return ticks / shortestDay + 1
    }

    public func makeShard(entities: Range<Int>) -> WorkdayShard {
        let days = WorkdayScenario.maximumDays(ticks: configuration.eventsPerEntity, step: step)
        var finished = [Bool]()
        finished.reserveCapacity(entities.count * days)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x776F_726B, index: index)
            for _ in 0..<days { finished.append(random.chance(finishedProbability)) }
        }
        return WorkdayShard(
            firstWorker: entities.lowerBound, workerCount: entities.count,
            ticksPerWorker: configuration.eventsPerEntity, step: step, daysPerWorker: days,
            taskFinished: finished)
    }

    public func eventCount(of shard: WorkdayShard) -> Int {
        shard.workerCount * shard.ticksPerWorker
    }
}

/// The workers of one slice of the fleet: how long each lives, and which days' tasks get
/// finished.
public struct WorkdayShard: Sendable {
    public let firstWorker: Int
    public let workerCount: Int
    public let ticksPerWorker: Int
    /// Hours between two ticks.
    public let step: Double
    public let daysPerWorker: Int
    /// `taskFinished` per worker and day, worker after worker.
    public let taskFinished: [Bool]

    /// Whether `worker`'s task is finished on `day` (both shard-relative).
    @inline(__always)
    func isTaskFinished(worker: Int, day: Int) -> Bool {
        taskFinished[worker &* daysPerWorker &+ day]
    }

    /// The hour of the `tick`-th tick of a day.
    @inline(__always)
    func hour(tickOfDay tick: Int) -> Double {
        WorkdayScenario.startHour + Double(tick) * step
    }

    /// Lives every worker of the shard through its ticks.
    ///
    /// The calendar is the same for every variant: before each tick the driver sets the hour
    /// and `taskFinished`, as the article's `main` does, and the tick after a day ended starts
    /// the next day in Forenoon. Generic specialisation inlines each variant's worker type.
    @inline(__always)
    func simulate<Worker: WorkdayWorker>(_ makeWorker: () -> Worker) -> WorkdayOutcome {
        var outcome = WorkdayOutcome()
        for worker in 0..<workerCount {
            var work = makeWorker()
            var day = 0
            var tickOfDay = 0
            var dayOver = false
            for _ in 0..<ticksPerWorker {
                if dayOver {
                    day += 1
                    tickOfDay = 0
                    work.startDay()
                }
                work.hour = hour(tickOfDay: tickOfDay)
                work.taskFinished = isTaskFinished(worker: worker, day: day)
                work.writeProgram()
                tickOfDay += 1
                let handler = work.diary.lastHandled
                dayOver = handler.endsDay
                if dayOver { outcome.dayEnded(in: handler) }
            }
            outcome.record(
                worker: firstWorker + worker, diary: work.diary,
                finalState: work.diary.lastHandled, step: step)
        }
        return outcome
    }
}

/// What the calendar needs of a worker, whatever its design.
protocol WorkdayWorker {
    var hour: Double { get set }
    var taskFinished: Bool { get set }
    var diary: WorkdayDiary { get }
    /// The article's `WriteProgram`: the current state handles the hour.
    mutating func writeProgram()
    /// Starts the next day in Forenoon.
    mutating func startDay()
}
