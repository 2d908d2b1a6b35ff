import SimBenchCore

/// The manual's scenario: doubles numbers two ways.
struct Doubling: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "doubling", title: "doubles numbers two ways", seedArticle: "none",
        entityUnit: "list", eventUnit: "number doubled", defaultEventsPerEntity: 50,
        bytesPerEvent: 8, bytesPerEntity: 32)

    static let variants: [Variant<[Int], Sum>] = [
        Variant(name: "add", role: .baseline, summary: "x + x") { numbers in
            Sum(value: numbers.reduce(0) { $0 &+ ($1 &+ $1) })
        },
        Variant(name: "shift", summary: "x << 1") { numbers in
            Sum(value: numbers.reduce(0) { $0 &+ ($1 << 1) })
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }

    func makeShard(entities: Range<Int>) -> [Int] {
        entities.flatMap { index in
            (0..<configuration.eventsPerEntity).map { index * 1000 + $0 }
        }
    }

    func eventCount(of shard: [Int]) -> Int { shard.count }

    struct Sum: ScenarioOutcome {
        var value = 0
        mutating func merge(_ other: Sum) { value &+= other.value }
        var checksum: UInt64 { UInt64(bitPattern: Int64(value)) }
        var summary: [(label: String, value: String)] { [("sum", "\(value)")] }
    }
}
