import SimBenchCore

/// `fleet.floor`: the sliced design with `vending.floor`'s machine, which keeps no state.
///
/// The slices' tasks, the customers' loop and each machine's record, as in every design;
/// no machine logic and no per-machine concurrency. Its outcome differs from the
/// baseline's by design.
enum FloorFleet {
    static func run(_ shard: VendingShard, slices: Int) async -> VendingOutcome {
        await SlicedFleet.runSlices(shard, slices: slices) { FloorVending.SaleMachine(count: $0) }
    }
}
