import SimBenchCore

/// `vending.floor`: the customers' loop and the machine's record, with no machine logic.
///
/// It walks the same actions and records each machine through the same `VendingOutcome`
/// as every other variant, but keeps no state: every action only bumps a counter of its
/// kind. What it costs is the simulation's own bookkeeping, the part of every variant's
/// time that no design changes; its outcome differs from the baseline's by design.
enum FloorVending {
    struct SaleMachine: VendingMachineModel {
        var currentState: VendingStateID { .noMoney }
        let productCount: Int
        var ledger = VendingLedger()

        init(count: Int) {
            productCount = count
        }

        mutating func putMoney() { ledger.coinsAccepted += 1 }
        mutating func ejectMoney() { ledger.refunds += 1 }
        mutating func pressButton() { ledger.sales += 1 }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        shard.simulate { SaleMachine(count: $0) }
    }
}
