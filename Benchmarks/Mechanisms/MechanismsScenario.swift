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
        // The miss variants' three buffers, one of each per process.
        shapeBytes: { configuration in
            Double(
                configuration.parameters.integer(l2BytesParameter)
                    + configuration.parameters.integer(l3BytesParameter)
                    + configuration.parameters.integer(memoryBytesParameter))
        },
        parameters: [
            .integer(
                l2BytesParameter,
                "bytes of the buffer miss-l2 chases: more than the first-level data cache, less than the second (rounded down to a power of two); simbench host sets it from the processor's caches",
                default: 256 * 1024, range: 4096...(1 << 30)),
            .integer(
                l3BytesParameter,
                "bytes of the buffer miss-l3 chases: more than the second-level cache, less than the third (rounded down to a power of two); simbench host sets it from the processor's caches",
                default: 4 * 1024 * 1024, range: 4096...(1 << 32)),
            .integer(
                memoryBytesParameter,
                "bytes of the buffer miss-memory chases: more than the last-level cache (rounded down to a power of two); simbench host sets it from the processor's caches",
                default: 128 * 1024 * 1024, range: 4096...(1 << 34)),
        ],
        inDefaultSuite: false
    )

    /// The parameters naming the miss variants' buffer sizes, in bytes.
    static let l2BytesParameter = CacheSizedParameter.l2Bytes
    static let l3BytesParameter = CacheSizedParameter.l3Bytes
    static let memoryBytesParameter = CacheSizedParameter.memoryBytes

    /// The variants, baseline first; each file beside this one holds one. The memory
    /// variants run last of the miss variants: their buffer, larger than the last level,
    /// would push the others' buffers out of it, and a counted run (which touches a few
    /// thousand lines, each once) would then count misses to memory where the timed rounds,
    /// round after round through the same buffer, meet the level it fits.
    public static let variants: [Variant<MechanismsShard, MechanismsOutcome>] = [
        plainVariant, retainReleaseVariant, weakLoadVariant, allocationVariant,
        classMethodVariant, existentialVariant, genericVariant, exclusivityVariant,
        stepsVariant, missL2Variant, missL3Variant,
        retainReleaseSpreadVariant, weakLoadSpreadVariant, allocationSpreadVariant,
        existentialSpreadVariant, exclusivitySpreadVariant, stepsSpreadVariant,
        missL2SpreadVariant, missL3SpreadVariant, missMemoryVariant, missMemorySpreadVariant,
        floorVariant,
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
            numbers: numbers,
            l2Bytes: configuration.parameters.integer(Self.l2BytesParameter),
            l3Bytes: configuration.parameters.integer(Self.l3BytesParameter),
            memoryBytes: configuration.parameters.integer(Self.memoryBytesParameter))
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
    /// The miss variants' buffer sizes (`l2-bytes`, `l3-bytes`, `memory-bytes`).
    public let l2Bytes: Int
    public let l3Bytes: Int
    public let memoryBytes: Int

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
