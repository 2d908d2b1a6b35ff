import SimBench
import SimBenchCore

/// The harness's tests measure these tiny scenarios of their own, not the suite's: the
/// `SimBench` library knows no scenario, and its tests prove it can measure anyone's.
///
/// Every entity holds a tape of small numbers; a variant sums them, times `work`, plus
/// `bias` per number. `tally` has an axis parameter, a wrong variant and a correct twin;
/// `echo` has a non-axis parameter; `hidden` stays out of the default suite.
enum FakeScenarios {
    static let catalog = Catalog([TallyScenario.self, EchoScenario.self, HiddenScenario.self])
}

struct TallyScenario: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "tally", title: "sums a tape of numbers", seedArticle: "none",
        entityUnit: "counter", eventUnit: "number added", defaultEventsPerEntity: 20,
        bytesPerEvent: 8, bytesPerEntity: 16,
        parameters: [
            .integer(
                "work", "times each sum is multiplied", default: 1, range: 1...100, isAxis: true),
            .integer("bias", "added to every number", default: 0, range: 0...9),
        ])

    static let variants: [Variant<NumberTape, TapeSum>] = [
        Variant(name: "plain", role: .baseline, summary: "adds every number") { TapeSum($0) },
        Variant(name: "same", summary: "adds every number again") { TapeSum($0) },
        Variant(name: "off-by-one", summary: "skips each counter's last number") {
            TapeSum($0, skippingLast: true)
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> NumberTape { NumberTape(configuration, entities) }
    func eventCount(of shard: NumberTape) -> Int { shard.numbers.count }
}

struct EchoScenario: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "echo", title: "sums a tape of numbers, another way", seedArticle: "none",
        entityUnit: "counter", eventUnit: "number added", defaultEventsPerEntity: 10,
        bytesPerEvent: 8, bytesPerEntity: 16,
        parameters: [.integer("bias", "added to every number", default: 0, range: 0...9)])

    static let variants: [Variant<NumberTape, TapeSum>] = [
        Variant(name: "plain", role: .baseline, summary: "adds every number") { TapeSum($0) },
        Variant(name: "copy", summary: "adds every number, after copying the tape") { shard in
            { TapeSum(NumberTape(copying: shard)) }
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> NumberTape { NumberTape(configuration, entities) }
    func eventCount(of shard: NumberTape) -> Int { shard.numbers.count }
}

struct HiddenScenario: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "hidden", title: "runs only when named", seedArticle: "none",
        entityUnit: "counter", eventUnit: "number added", defaultEventsPerEntity: 5,
        bytesPerEvent: 8, bytesPerEntity: 16, inDefaultSuite: false)

    static let variants: [Variant<NumberTape, TapeSum>] = [
        Variant(name: "plain", role: .baseline, summary: "adds every number") { TapeSum($0) }
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> NumberTape { NumberTape(configuration, entities) }
    func eventCount(of shard: NumberTape) -> Int { shard.numbers.count }
}

/// Each entity's numbers, entity after entity.
struct NumberTape: Sendable {
    let firstEntity: Int
    let eventsPerEntity: Int
    let work: Int
    let numbers: [Int]

    init(_ configuration: ScenarioConfiguration, _ entities: Range<Int>) {
        let parameters = configuration.parameters
        let bias = parameters["bias"].flatMap { Int($0) } ?? 0
        var numbers = [Int]()
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x7461_6C6C, index: index)
            for _ in 0..<configuration.eventsPerEntity {
                numbers.append(1 + bias + random.next(below: 9))
            }
        }
        firstEntity = entities.lowerBound
        eventsPerEntity = configuration.eventsPerEntity
        work = parameters["work"].flatMap { Int($0) } ?? 1
        self.numbers = numbers
    }

    init(copying tape: NumberTape) {
        firstEntity = tape.firstEntity
        eventsPerEntity = tape.eventsPerEntity
        work = tape.work
        numbers = Array(tape.numbers)
    }
}

/// The total of a tape, and a digest of each entity's sum at its fleet index.
struct TapeSum: ScenarioOutcome {
    var total = 0
    var digest: UInt64 = 0

    init() {}

    init(_ tape: NumberTape, skippingLast: Bool = false) {
        let entities = tape.eventsPerEntity == 0 ? 0 : tape.numbers.count / tape.eventsPerEntity
        for entity in 0..<entities {
            var sum = 0
            for event in 0..<tape.eventsPerEntity
            where !(skippingLast && event == tape.eventsPerEntity - 1) {
                sum += tape.numbers[entity * tape.eventsPerEntity + event]
            }
            sum *= tape.work
            total += sum
            digest &+= Checksum.entityContribution(
                index: tape.firstEntity + entity, hash: UInt64(sum))
        }
    }

    mutating func merge(_ other: TapeSum) {
        total += other.total
        digest &+= other.digest
    }

    var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(total)
        checksum.combine(digest)
        return checksum.value
    }

    var summary: [(label: String, value: String)] { [("total", "\(total)")] }
}
