import SimBenchCore

/// A vending machine that is an actor: `vending.enum-switch`'s machine, isolated.
actor VendingMachineActor {
    private var machine: EnumSwitchVending.SaleMachine

    init(products: Int) {
        machine = EnumSwitchVending.SaleMachine(count: products)
    }

    /// One customer action: one message.
    func handle(_ action: VendingAction) {
        machine.handle(action)
    }

    /// A whole tape in one message; returns the machine's report.
    func run(_ tape: ArraySlice<VendingAction>) -> MachineReport {
        for action in tape { machine.handle(action) }
        return MachineReport(machine)
    }

    func report() -> MachineReport {
        MachineReport(machine)
    }
}

/// `fleet.actor-per-machine`: every machine an actor. Per slice (one per core), a driver
/// task creates its machines' actors, then sends each event as its own
/// `await machine.handle(action)`, in tape order, and at the end asks each for its report.
enum ActorPerMachineFleet {
    static func run(_ shard: VendingShard, slices: Int) async -> VendingOutcome {
        await withTaskGroup(of: VendingOutcome.self) { group in
            for slice in shard.machineSlices(slices) {
                group.addTask {
                    let machines = slice.map {
                        VendingMachineActor(products: shard.productCounts[$0])
                    }
                    for (machine, offset) in zip(machines, slice) {
                        for action in shard.tape(of: offset) {
                            await machine.handle(action)
                        }
                    }
                    var outcome = VendingOutcome()
                    for (machine, offset) in zip(machines, slice) {
                        outcome.record(await machine.report(), offset: offset, in: shard)
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
