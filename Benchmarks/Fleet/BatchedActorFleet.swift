import SimBenchCore

/// `fleet.actor-per-machine-batched`: every machine an actor, sent its whole tape in one
/// message, which answers with the machine's report. Per slice (one per core), a driver
/// task creates its machines' actors and sends them their tapes in order.
enum BatchedActorFleet {
    static func run(_ shard: VendingShard, slices: Int) async -> VendingOutcome {
        await withTaskGroup(of: VendingOutcome.self) { group in
            for slice in shard.machineSlices(slices) {
                group.addTask {
                    let machines = slice.map {
                        VendingMachineActor(products: shard.productCounts[$0])
                    }
                    var outcome = VendingOutcome()
                    for (machine, offset) in zip(machines, slice) {
                        outcome.record(
                            await machine.run(shard.tape(of: offset)), offset: offset, in: shard)
                    }
                    return outcome
                }
            }
            var outcome = VendingOutcome()
            for await part in group { outcome.merge(part) }
            return outcome
        }
    }
}
