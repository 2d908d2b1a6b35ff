import SimBenchCore

/// What a machine reports when its tape has run: what `VendingOutcome.record` needs.
struct MachineReport: Sendable {
    var ledger: VendingLedger
    var finalState: VendingStateID
    var productsLeft: Int

    init<Machine: VendingMachineModel>(_ machine: Machine) {
        ledger = machine.ledger
        finalState = machine.currentState
        productsLeft = machine.productCount
    }
}

extension VendingOutcome {
    /// Adds the report of the machine at `offset` in `shard`.
    mutating func record(_ report: MachineReport, offset: Int, in shard: VendingShard) {
        record(
            machine: shard.firstMachine + offset, ledger: report.ledger,
            finalState: report.finalState, productsLeft: report.productsLeft)
    }
}

extension VendingShard {
    /// The actions of the machine at `offset`, in tape order.
    @inline(__always)
    func tape(of offset: Int) -> ArraySlice<VendingAction> {
        let start = offset * eventsPerMachine
        return actions[start..<start + eventsPerMachine]
    }

    /// The machines cut into at most `slices` contiguous, non-empty ranges of offsets, in
    /// order.
    func machineSlices(_ slices: Int) -> [Range<Int>] {
        let count = min(max(1, slices), machineCount)
        return (0..<count).map { part in
            (machineCount * part / count)..<(machineCount * (part + 1) / count)
        }
    }
}
