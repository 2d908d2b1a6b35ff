import Foundation
import SimBenchCore

/// One vending fleet run under five concurrency designs: what it costs to give every
/// machine its own actor, its own task, or a share of one lock, against running slices of
/// machines synchronously.
///
/// The inputs are `vending`'s (the same tapes for the same seed and `products`), and every
/// design runs `vending.enum-switch`'s machine logic, so only the concurrency differs. Each
/// machine's events arrive in tape order whatever the design, which is why every design's
/// outcome equals the baseline's.
///
/// The variants are asynchronous: each spreads the whole fleet over tasks and actors of its
/// own, from the harness's one worker, and its CPU time and allocations are the whole
/// process's. Each run creates its machines (and their actors or tasks) and tears them down:
/// what one machine costs in a design includes having it.
///
/// The floor is the baseline's design with `vending.floor`'s machine, which keeps no state:
/// the slices' tasks, the customers' loop and the per-machine record. Net of it, a design's
/// ratio compares its cost of delivering and handling an event with the enum-switch
/// transition's alone.
public struct FleetScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "fleet",
        title: "concurrency designs: one vending fleet, five ways to run it",
        seedArticle: VendingScenario.descriptor.seedArticle,
        entityUnit: VendingScenario.descriptor.entityUnit,
        eventUnit: "customer action delivered to a machine",
        // vending's, so that by default the fleet runs vending's very tapes. Fewer would
        // shorten actor-per-machine's rounds, but let task-per-machine's cost of a task per
        // machine hide its events from the doctor's scaling check (at 50 it grew 1.78× for
        // 8× the events on a loaded 2-core VM, at 20 1.95×; it must grow 2×).
        defaultEventsPerEntity: VendingScenario.descriptor.defaultEventsPerEntity,
        bytesPerEvent: VendingScenario.descriptor.bytesPerEvent,
        // The process's peak per machine over a whole run: task-per-machine's pending child
        // task and result (bytes_per_entity about 1.6 KB on Linux with Swift 6.3), plus what
        // the runtime keeps after the designs' rounds. A million machines with 5 rounds and a
        // warm-up peaked at 2.5-3.4 GB resident in two runs (up to 3.4 KB per machine); 10,000
        // at 55-58 MB; 100,000 with one round at 195 MB (1.7 KB per machine, 0.54 of an
        // estimate at 3,200 B). 2,400 keeps both within [0.7, 1.4] of the estimate.
        bytesPerEntity: 2_400,
        parameters: VendingScenario.descriptor.parameters
    )

    /// How many slices the sliced designs cut the fleet into: one per core this process may
    /// run on, as the harness counts them.
    public static var slices: Int { ProcessInfo.processInfo.activeProcessorCount }

    public static let variants: [Variant<VendingShard, VendingOutcome>] = [
        Variant(
            name: "sliced", role: .baseline,
            summary:
                "a child task per slice of machines, one slice per core, each run synchronously",
            runAsync: { await SlicedFleet.run($0, slices: slices) }),
        Variant(
            name: "actor-per-machine",
            summary: "every machine an actor; a driver task per slice awaits one message per event",
            runAsync: { await ActorPerMachineFleet.run($0, slices: slices) }),
        Variant(
            name: "actor-per-machine-batched",
            summary: "every machine an actor, sent its whole tape in one message",
            runAsync: { await BatchedActorFleet.run($0, slices: slices) }),
        Variant(
            name: "task-per-machine",
            summary: "a task group with one child task per machine, no actors",
            runAsync: { await TaskPerMachineFleet.run($0) }),
        Variant(
            name: "mutex-shared",
            summary:
                "all machines in one array behind one Mutex; a task per core, every event takes the lock",
            runAsync: { await MutexSharedFleet.run($0, slices: slices) }),
        Variant(
            name: "floor", role: .floor,
            summary: "the sliced design's tasks and customers' loop, no machine logic",
            runAsync: { await FloorFleet.run($0, slices: slices) }),
    ]

    private let vending: VendingScenario

    public init(configuration: ScenarioConfiguration) {
        vending = VendingScenario(configuration: configuration)
    }

    public func makeShard(entities: Range<Int>) -> VendingShard {
        vending.makeShard(entities: entities)
    }

    public func eventCount(of shard: VendingShard) -> Int {
        vending.eventCount(of: shard)
    }
}
