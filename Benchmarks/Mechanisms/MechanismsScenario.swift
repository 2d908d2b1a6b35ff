import SimBenchCore

/// What this host's runtime mechanisms cost: beside a plain baseline, one variant per
/// mechanism, each doing the baseline's very work plus one event of that mechanism per
/// event, and nothing else, so that its ns added per event is that mechanism's price here.
///
/// Not a design pattern: a price list, which `simbench host` runs briefly. A pattern's
/// instructions are the same on every x86-64 host, but what a retain, a weak load or an
/// allocation takes is not; a counted run gives a pattern's calls into each mechanism
/// (`calls_*_per_event`), and these variants give each call's price on this host.
///
/// Each event folds a number into its entity's running sum through `foldEvent` (an opaque
/// call, `identity` in another module), so that the optimiser can neither merge events nor
/// hoist a mechanism out of the loop. It stays out of the default suite.
public struct MechanismsScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "mechanisms",
        title: "What one runtime mechanism costs on this host, beside the same plain work",
        entityUnit: "list",
        eventUnit: "number folded",
        defaultEventsPerEntity: 100,
        // The shard: one 8-byte number per event; per list, its sum in the outcome.
        bytesPerEvent: 8,
        bytesPerEntity: 16,
        inDefaultSuite: false
    )

    /// The variants, baseline first; each file beside this one holds one.
    public static let variants: [Variant<MechanismsShard, MechanismsOutcome>] = [
        plainVariant, retainReleaseVariant, weakLoadVariant, allocationVariant,
        classMethodVariant, existentialVariant, genericVariant, exclusivityVariant,
        stepsVariant, floorVariant,
    ]

    public let configuration: ScenarioConfiguration

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
    }

    public func makeShard(entities: Range<Int>) -> MechanismsShard {
        var numbers = [Int]()
        numbers.reserveCapacity(entities.count * configuration.eventsPerEntity)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x6D65_6368, index: index)
            for _ in 0..<configuration.eventsPerEntity {
                numbers.append(Int(truncatingIfNeeded: random.next()))
            }
        }
        return MechanismsShard(
            firstEntity: entities.lowerBound, eventsPerEntity: configuration.eventsPerEntity,
            numbers: numbers)
    }

    public func eventCount(of shard: MechanismsShard) -> Int { shard.numbers.count }

    /// Runs `event` on every number of `shard`, each list's running sum from 0: the loop
    /// every variant but `exclusivity` shares, inlined into each so that only `event`
    /// differs.
    @inline(__always)
    static func fold(_ shard: MechanismsShard, _ event: (inout Int, Int) -> Void)
        -> MechanismsOutcome
    {
        var outcome = MechanismsOutcome()
        var index = 0
        for entity in 0..<shard.entities {
            var sum = 0
            for _ in 0..<shard.eventsPerEntity {
                event(&sum, shard.numbers[index])
                index += 1
            }
            outcome.add(entity: shard.firstEntity + entity, sum: sum)
        }
        return outcome
    }
}

/// Each event's work, the same in every variant: the next running sum, through a call the
/// optimiser cannot see through (`identity` lives in another module, unoptimised).
@inline(never)
func foldEvent(_ sum: inout Int, _ number: Int) {
    sum = identity(sum &* 31) &+ number
}

public struct MechanismsShard: Sendable {
    public let firstEntity: Int
    public let eventsPerEntity: Int
    public let numbers: [Int]

    var entities: Int { eventsPerEntity == 0 ? 0 : numbers.count / eventsPerEntity }
}

/// Every list's running sum, folded into a digest by list.
public struct MechanismsOutcome: ScenarioOutcome {
    public var digest: UInt64 = 0
    public var lists = 0

    public init() {}

    mutating func add(entity: Int, sum: Int) {
        digest &+= Checksum.entityContribution(
            index: entity, hash: UInt64(bitPattern: Int64(sum)))
        lists += 1
    }

    public mutating func merge(_ other: MechanismsOutcome) {
        digest &+= other.digest
        lists += other.lists
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(lists)
        checksum.combine(digest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        [("lists", "\(lists)"), ("digest", String(digest, radix: 16))]
    }
}
