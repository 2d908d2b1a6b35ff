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
        // What every design shares per machine: vending's machines. The designs differ by
        // far (bytes_per_entity, debug build, 20,000 machines: sliced 2.5 B, floor 1.1,
        // mutex-shared 169, actor-per-machine 294, batched 289, task-per-machine 1,690), and
        // run one after another, so each counts its own below and the plan the largest of
        // those measured: a run of the floor design alone (1,000,000 machines, release)
        // peaked at 137 MB (this model: about 135 MB), where counting every design said 2.53 GB.
        bytesPerEntity: VendingScenario.descriptor.bytesPerEntity,
        // The process's peak per machine beyond the shared part, about 1.5-2x bytes_per_entity
        // (the runtime keeps some of what a design frees). task-per-machine's pending child
        // task and result: a million machines with 5 rounds and a warm-up peaked at 2.5-3.4 GB
        // resident in two runs (up to 3.4 KB per machine); 10,000 at 55-58 MB; 100,000 with
        // one round at 195 MB. 2,400 in all keeps both within [0.7, 1.4] of the estimate.
        variantBytesPerEntity: [
            "task-per-machine": 2_390, "actor-per-machine": 500,
            "actor-per-machine-batched": 500, "mutex-shared": 300,
        ],
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
