import SimBenchCore

/// `fleet.sliced`, the baseline: a child task per slice of machines, one slice per core,
/// each running its slice synchronously, as the harness itself runs a synchronous scenario.
enum SlicedFleet {
    static func run(_ shard: VendingShard, slices: Int) async -> VendingOutcome {
        await runSlices(shard, slices: slices) { EnumSwitchVending.SaleMachine(count: $0) }
    }

    /// Runs each slice in a child task with machines from `makeMachine`; merges in any order
    /// (merging outcomes is order-independent).
    static func runSlices<Machine: VendingMachineModel & SendableMetatype>(
        _ shard: VendingShard, slices: Int,
        _ makeMachine: @escaping @Sendable (_ products: Int) -> Machine
    ) async -> VendingOutcome {
        await withTaskGroup(of: VendingOutcome.self) { group in
            for slice in shard.machineSlices(slices) {
                group.addTask { shard.simulate(machines: slice, makeMachine) }
            }
            var outcome = VendingOutcome()
            for await part in group { outcome.merge(part) }
            return outcome
        }
    }
}
