import SimBenchCore
import Testing

@testable import Subjects

/// Every design of `fleet`, run with a given number of slices (the cores it assumes).
private let designs: [(name: String, run: @Sendable (VendingShard, Int) async -> VendingOutcome)] =
    [
        ("sliced", { await SlicedFleet.run($0, slices: $1) }),
        ("actor-per-machine", { await ActorPerMachineFleet.run($0, slices: $1) }),
        ("actor-per-machine-batched", { await BatchedActorFleet.run($0, slices: $1) }),
        // One task per machine whatever the cores: the slice count does not apply.
        ("task-per-machine", { shard, _ in await TaskPerMachineFleet.run(shard) }),
        ("mutex-shared", { await MutexSharedFleet.run($0, slices: $1) }),
    ]

/// Slice counts to try: one core, the usual few, more slices than machines.
private let sliceCounts = [1, 2, 3, 8, 64]

/// Checks every design against `vending.enum-switch` on the same tapes, with every slice
/// count, and the fleet's variants through the harness's own slicing into shards.
private func expectDesignsAgree(
    machines: Int, events: Int, seed: UInt64, parameters: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let configuration = FleetScenario.makeConfiguration(
        entities: machines, events: events, seed: seed, parameters: parameters)
    let shard = FleetScenario(configuration: configuration).makeShard(entities: 0..<machines)
    let reference = EnumSwitchVending.run(shard)
    // The fleet's tapes are vending's, so its baseline is vending's baseline.
    let vending = runVariant(
        VendingScenario.self, VendingScenario.baselineName, entities: machines, events: events,
        seed: seed, parameters: parameters)
    #expect(
        vending == reference, "fleet's tapes differ from vending's: seed \(seed)",
        sourceLocation: sourceLocation)
    for design in designs {
        for slices in sliceCounts {
            let outcome = await design.run(shard, slices)
            #expect(
                outcome == reference && outcome.checksum == reference.checksum,
                "fleet.\(design.name) differs from enum-switch: seed \(seed), \(machines) machines, \(events) events, \(slices) slices, \(parameters)",
                sourceLocation: sourceLocation)
        }
    }
    for variant in FleetScenario.checkedVariants {
        for shards in [1, 3] where shards == 1 || machines >= 3 {
            let outcome = await runVariantAsync(
                FleetScenario.self, variant.name, entities: machines, events: events, seed: seed,
                parameters: parameters, slices: shards)
            #expect(
                outcome == reference,
                "fleet.\(variant.name) differs over \(shards) shards: seed \(seed), \(machines) machines, \(events) events",
                sourceLocation: sourceLocation)
        }
    }
}

/// Serialized: every design floods the cooperative pool with tasks and actor jobs, and the
/// harness's timing tests, which run beside these, need some rounds with a free thread.
@Suite("fleet", .serialized)
struct FleetTests {
    @Test("the tests cover every checked variant, and every variant is asynchronous")
    func designsCoverTheVariants() {
        #expect(Set(designs.map(\.name)) == Set(FleetScenario.checkedVariants.map(\.name)))
        #expect(FleetScenario.variants.allSatisfy { $0.isAsynchronous })
        #expect(FleetScenario.isAsynchronous && !VendingScenario.isAsynchronous)
        #expect(FleetScenario.baselineName == "sliced" && FleetScenario.floorName == "floor")
    }

    @Test("every design agrees with enum-switch, whatever the slicing", arguments: 0..<30)
    func designsAgree(seed: UInt64) async {
        for (machines, events) in [(1, 1), (1, 200), (2, 1), (5, 37), (40, 30), (130, 8)] {
            await expectDesignsAgree(machines: machines, events: events, seed: seed)
        }
        await expectDesignsAgree(
            machines: 25, events: 20, seed: seed, parameters: ["products": "0"])
        await expectDesignsAgree(
            machines: 25, events: 20, seed: seed, parameters: ["products": "1"])
    }

    @Test("a single machine with a single event, each action, in every design")
    func singleEvent() async {
        for action in [VendingAction.putMoney, .ejectMoney, .pressButton] {
            for products in [0, 1, 3] {
                let shard = VendingShard(
                    firstMachine: 41, eventsPerMachine: 1, productCounts: [products],
                    actions: [action])
                let reference = EnumSwitchVending.run(shard)
                #expect(reference.machines == 1)
                for design in designs {
                    for slices in [1, 4] {
                        let outcome = await design.run(shard, slices)
                        #expect(
                            outcome == reference,
                            "\(design.name): \(action), \(products) products, \(slices) slices")
                    }
                }
            }
        }
    }

    @Test("a fleet with no machines gives the empty outcome in every design")
    func noMachines() async {
        let shard = VendingShard(
            firstMachine: 0, eventsPerMachine: 5, productCounts: [], actions: [])
        for design in designs {
            #expect(await design.run(shard, 2) == VendingOutcome(), "\(design.name)")
        }
    }

    @Test("per-machine order matters: a wrong order is caught")
    func orderIsChecked() async {
        // putMoney then pressButton sells; pressButton then putMoney does not.
        let inOrder = VendingShard(
            firstMachine: 0, eventsPerMachine: 2, productCounts: [3, 3],
            actions: [.putMoney, .pressButton, .putMoney, .pressButton])
        let swapped = VendingShard(
            firstMachine: 0, eventsPerMachine: 2, productCounts: [3, 3],
            actions: [.pressButton, .putMoney, .putMoney, .pressButton])
        let sold = await MutexSharedFleet.run(inOrder, slices: 2)
        #expect(sold.sales == 2)
        #expect(await MutexSharedFleet.run(swapped, slices: 2) != sold)
    }

    @Test("machine slices cover every machine once, in order, never empty")
    func slicesCoverTheFleet() {
        for machines in [1, 2, 7, 100] {
            let shard = VendingShard(
                firstMachine: 0, eventsPerMachine: 1,
                productCounts: Array(repeating: 1, count: machines),
                actions: Array(repeating: .putMoney, count: machines))
            for slices in [1, 2, 3, 8, 200] {
                let parts = shard.machineSlices(slices)
                #expect(parts.count == min(slices, machines))
                #expect(parts.allSatisfy { !$0.isEmpty })
                #expect(parts.flatMap { Array($0) } == Array(0..<machines))
            }
        }
    }
}
