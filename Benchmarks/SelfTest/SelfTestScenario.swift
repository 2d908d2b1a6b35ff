import SimBenchCore

/// The harness's own checks: variants that cheat on purpose.
///
/// `simbench run --scenario selftest` must report `off-by-one` as WRONG, give it no timing
/// and exit with status 3; `simbench doctor --scenario selftest` must fail `precomputed`,
/// whose outcome is right but computed before timing, as an optimiser that hoisted or
/// deleted the work would leave it. The end-to-end tests rely on both, and a user can run
/// them to see that the checks are alive. Each entity sums its tape of small numbers.
public struct SelfTestScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "selftest",
        title: "the harness's outcome check: one variant is wrong on purpose",
        entityUnit: "counter",
        eventUnit: "number added to a running sum",
        defaultEventsPerEntity: 100,
        bytesPerEvent: 8,
        bytesPerEntity: 16,
        inDefaultSuite: false
    )

    public static let variants: [Variant<SelfTestShard, SelfTestOutcome>] = [
        Variant(name: "reference", role: .baseline, summary: "adds every number") { shard in
            SelfTestOutcome(shard: shard, skipping: nil)
        },
        Variant(name: "same", summary: "adds every number, the same as the reference") { shard in
            SelfTestOutcome(shard: shard, skipping: nil)
        },
        Variant(name: "off-by-one", summary: "wrong on purpose: skips each counter's last number") {
            shard in
            SelfTestOutcome(shard: shard, skipping: shard.eventsPerCounter - 1)
        },
        Variant(
            name: "precomputed",
            summary:
                "cheats on purpose: adds up in its untimed preparation, so its time does not grow with events"
        ) { (shard: SelfTestShard) -> () -> SelfTestOutcome in
            let outcome = SelfTestOutcome(shard: shard, skipping: nil)
            return { outcome }
        },
        // Every scenario has a floor, so the harness treats them all alike; here the
        // bookkeeping is nearly all there is, so its share of the reference is near 1.
        Variant(
            name: "floor", role: .floor,
            summary: "reads every number and xors it into the record instead of adding"
        ) { shard in
            SelfTestOutcome(shard: shard, skipping: nil, combine: ^)
        },
    ]

    public let configuration: ScenarioConfiguration

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
    }

    public func makeShard(entities: Range<Int>) -> SelfTestShard {
        var numbers = [Int]()
        numbers.reserveCapacity(entities.count * configuration.eventsPerEntity)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x7365_6C66, index: index)
            for _ in 0..<configuration.eventsPerEntity { numbers.append(1 + random.next(below: 9)) }
        }
        return SelfTestShard(
            firstCounter: entities.lowerBound, eventsPerCounter: configuration.eventsPerEntity,
            numbers: numbers)
    }

    public func eventCount(of shard: SelfTestShard) -> Int {
        shard.numbers.count
    }
}

public struct SelfTestShard: Sendable {
    public let firstCounter: Int
    public let eventsPerCounter: Int
    public let numbers: [Int]
}

public struct SelfTestOutcome: ScenarioOutcome {
    public var total = 0
    public var digest: UInt64 = 0

    public init() {}

    init(shard: SelfTestShard, skipping skipped: Int?, combine: (Int, Int) -> Int = (+)) {
        let counters =
            shard.eventsPerCounter == 0 ? 0 : shard.numbers.count / shard.eventsPerCounter
        for counter in 0..<counters {
            var sum = 0
            for event in 0..<shard.eventsPerCounter where event != skipped {
                sum = combine(sum, shard.numbers[counter * shard.eventsPerCounter + event])
            }
            total += sum
            digest &+= Checksum.entityContribution(
                index: shard.firstCounter + counter, hash: UInt64(sum))
        }
    }

    public mutating func merge(_ other: SelfTestOutcome) {
        total += other.total
        digest &+= other.digest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(total)
        checksum.combine(digest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        [("total", "\(total)")]
    }
}
