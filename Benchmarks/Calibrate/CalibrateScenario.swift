import SimBenchCore

/// The ruler: a fixed amount of integer work per event, to prove what the harness can see.
///
/// Not a design pattern: a calibration tool. Each event is one work item, a chain of
/// `work` dependent integer steps (see `Ruler`) seeded from the event's tape entry, whose
/// cost is linear in `work`; so `work=1100` must measure about 10% slower than `work=1000`
/// (a sensitivity check), and the two variants, which run the very same function, must
/// measure the same (an A/A check: any difference between them is the harness's noise or
/// bias, such as variant order). It stays out of the default suite.
///
/// `twin-extra=P` makes the twin run P% more steps past the ruler's `work`: its outcome is
/// still the chain's value after `work` steps, which both variants compute, and the extra
/// steps' result goes to `blackHole`, so the optimiser cannot drop them. That plants a known
/// slowdown in a pattern variant while the baseline stays put: the ratio of the two, measured
/// in the same rounds, moves by P% whatever the machine does between runs, which is what
/// `simbench compare` judges pattern variants on (the regression detector's proof).
public struct CalibrateScenario: Scenario {
    /// The largest `work`: one event of 10 million steps already takes tens of
    /// milliseconds.
    public static let maximumWork = 10_000_000

    public static let descriptor = ScenarioDescriptor(
        name: "calibrate",
        title: "The ruler: fixed integer work per event, for A/A and sensitivity checks",
        entityUnit: "ruler",
        eventUnit: "work item (a chain of `work` dependent integer steps)",
        // One step is a dependent xorshift and multiply, about 9 cycles (3 ns measured on
        // an AMD EPYC host); with work=1000 a work item takes about 3 µs, so 10,000 rulers ×
        // 2 items ≈ 60 ms on one core.
        defaultEventsPerEntity: 2,
        // The tape: one 8-byte seed per event, nothing per ruler (release runs of 2×10⁸
        // and 2×10⁷ events peaked 8.0 B per event above the process).
        bytesPerEvent: 8,
        bytesPerEntity: 0,
        parameters: [
            ParameterSpec(
                name: "work",
                summary: "dependent integer steps per event; a comma list runs each value",
                defaultValue: "1000",
                accepted: "a whole number from 1 to \(maximumWork), or a comma list of them",
                isAxis: true,
                normalize: ParameterSpec.wholeNumberSpelling,
                check: CalibrateScenario.acceptsWork),
            .integer(
                "twin-extra", "percent more steps ruler-twin runs past `work` (0: an A/A pair)",
                default: 0, range: 0...1000),
        ],
        inDefaultSuite: false
    )

    /// What `simbench doctor` checks with this scenario: the A/A pair at `work=1000`, and
    /// `work=1100` against it, a 10% step that must be resolved.
    public static let rulerCheck = RulerCheck(
        scenario: descriptor.name, parameter: "work", reference: "1000", step: "1100",
        ruler: rulerName, twin: twinName)

    static let rulerName = "ruler"
    static let twinName = "ruler-twin"

    public static let variants: [Variant<CalibrateShard, CalibrateOutcome>] = [
        Variant(
            name: rulerName, role: .baseline,
            summary: "`work` dependent xorshift-multiply steps per event",
            run: { Ruler.measure($0, extraSteps: 0) }),
        // The twin has no code of its own, by design: it is the same function, so an A/A
        // comparison is available in every run.
        Variant(
            name: twinName,
            summary:
                "the ruler again (A/A check), plus twin-extra% steps whose result is discarded",
            run: { Ruler.measure($0, extraSteps: $0.twinExtraSteps) }),
        Variant(
            name: "floor", role: .floor,
            summary: "the tape walked and every seed recorded, no chain",
            run: Ruler.walk),
    ]

    /// Whether `value` is a whole number of steps in range, or a comma list of them.
    @Sendable
    static func acceptsWork(_ value: String) -> Bool {
        let items = value.split(separator: ",", omittingEmptySubsequences: false)
        return items.allSatisfy { item in
            Int(item).map((1...maximumWork).contains) ?? false
        }
    }

    public let configuration: ScenarioConfiguration
    private let work: Int
    private let twinExtraSteps: Int

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        work = configuration.parameters.integer("work")
        twinExtraSteps = work * configuration.parameters.integer("twin-extra") / 100
    }

    public func makeShard(entities: Range<Int>) -> CalibrateShard {
        let events = configuration.eventsPerEntity
        var seeds = [UInt64]()
        seeds.reserveCapacity(entities.count * events)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x6361_6C69, index: index)
            for _ in 0..<events { seeds.append(random.next()) }
        }
        return CalibrateShard(
            firstRuler: entities.lowerBound, rulerCount: entities.count,
            itemsPerRuler: events, work: work, twinExtraSteps: twinExtraSteps, seeds: seeds)
    }

    public func eventCount(of shard: CalibrateShard) -> Int {
        shard.seeds.count
    }
}

/// The rulers of one slice of the fleet: each work item's seed and the steps per item.
public struct CalibrateShard: Sendable {
    /// The fleet index of the first ruler.
    public let firstRuler: Int
    public let rulerCount: Int
    public let itemsPerRuler: Int
    /// Dependent steps per work item.
    public let work: Int
    /// Steps `ruler-twin` runs past `work`, whose result it discards.
    public let twinExtraSteps: Int
    /// Every work item's seed, ruler after ruler.
    public let seeds: [UInt64]
}
