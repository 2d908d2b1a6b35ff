import SimBenchCore

/// Probes of the instruction split (`MechanismRules`): a baseline and, beside it, one
/// variant per runtime mechanism, each doing the baseline's very work plus that mechanism
/// once per event, and nothing else. Counted under Callgrind, each variant's extra
/// instructions must land in its own mechanism; the tests (`MechanismSplitTests`) check it.
///
/// Each event folds a number into a running sum through `fold`, an opaque call, so that
/// the optimiser can neither merge events nor hoist a mechanism out of the loop.
struct MechanismProbeScenario: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "mechanisms",
        title: "one runtime mechanism per event, each beside the same plain work",
        seedArticle: "none", entityUnit: "list", eventUnit: "number folded",
        defaultEventsPerEntity: 100, bytesPerEvent: 8, bytesPerEntity: 32)

    /// The variant that exercises each mechanism, by mechanism name.
    static let probes = [
        "refcount": "retain", "alloc": "allocate", "dispatch": "cast",
        "exclusivity": "exclusive",
    ]

    static let variants: [Variant<[Int], Sum>] = [
        Variant(name: "plain", role: .baseline, summary: "adds each number to a running sum") {
            numbers in
            let total = UncheckedTotal()
            return {
                total.value = 0
                for number in numbers { total.add(number) }
                return Sum(total.value)
            }
        },
        Variant(
            name: "retain",
            summary: "loads a weak reference per event: the instance retained, then released"
        ) { numbers in
            let total = UncheckedTotal()
            let box = Box()
            let reference = WeakReference(target: box)
            return {
                withExtendedLifetime(box) {
                    total.value = 0
                    for number in numbers where reference.target != nil { total.add(number) }
                    return Sum(total.value)
                }
            }
        },
        Variant(name: "allocate", summary: "allocates and frees a word per event") { numbers in
            let total = UncheckedTotal()
            return {
                total.value = 0
                for number in numbers {
                    let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
                    word.initialize(to: number)
                    total.add(word.pointee)
                    word.deallocate()
                }
                return Sum(total.value)
            }
        },
        Variant(name: "cast", summary: "casts each number, held as Any, to a protocol") {
            numbers in
            let total = UncheckedTotal()
            let items: [Any] = numbers.map { Number($0) }
            return {
                total.value = 0
                // The cast alone: the number itself is read as in the baseline, not through
                // the protocol, so that no witness call joins it.
                for index in numbers.indices where items[index] as? Folding != nil {
                    total.add(numbers[index])
                }
                return Sum(total.value)
            }
        },
        Variant(
            name: "exclusive",
            summary: "the running sum's property written under exclusivity checks"
        ) { numbers in
            let total = Total()
            return {
                total.value = 0
                for number in numbers { total.add(number) }
                return Sum(total.value)
            }
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }

    func makeShard(entities: Range<Int>) -> [Int] {
        entities.flatMap { index in
            (0..<configuration.eventsPerEntity).map { index &* 1000 &+ $0 }
        }
    }

    func eventCount(of shard: [Int]) -> Int { shard.count }
}

/// Each event's work, the same in every variant: the next running sum, through a call the
/// optimiser cannot see through (`identity` lives in another module, unoptimised). So it can
/// neither merge events nor hoist a mechanism out of the loop: an exclusivity check around
/// the whole loop, say, instead of around each write.
@inline(never)
func fold(_ sum: Int, _ number: Int) -> Int {
    identity(sum &* 31) &+ number
}

final class Box {}

/// A weak reference: reading it retains its target (`swift_weakLoadStrong`), which the
/// reader releases when done.
struct WeakReference {
    weak var target: Box?
}

/// The running sum, a class property written by a method per event, under Swift's dynamic
/// exclusivity checks (`swift_beginAccess`, `swift_endAccess`): the `exclusive` variant's.
final class Total {
    var value = 0

    @inline(never)
    func add(_ number: Int) { value = fold(value, number) }
}

/// The same running sum without the checks, and nothing else changed: the other variants'.
final class UncheckedTotal {
    @exclusivity(unchecked) var value = 0

    @inline(never)
    func add(_ number: Int) { value = fold(value, number) }
}

protocol Folding {
    var value: Int { get }
}

struct Number: Folding {
    let value: Int
    init(_ value: Int) { self.value = value }
}

struct Sum: ScenarioOutcome {
    var value = 0
    init() {}
    init(_ value: Int) { self.value = value }
    mutating func merge(_ other: Sum) { value &+= other.value }
    var checksum: UInt64 { UInt64(bitPattern: Int64(value)) }
    var summary: [(label: String, value: String)] { [("sum", "\(value)")] }
}
