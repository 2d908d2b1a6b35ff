import SimBenchCore

/// `fleet.task-per-machine`: a task group with one child task per machine, each running its
/// machine's tape synchronously; no actors. All children are added before the first result
/// is taken, so up to one pending task per machine exists at once.
enum TaskPerMachineFleet {
    static func run(_ shard: VendingShard) async -> VendingOutcome {
        await withTaskGroup(of: (Int, MachineReport).self) { group in
            for offset in 0..<shard.machineCount {
                group.addTask {
                    var machine = EnumSwitchVending.SaleMachine(count: shard.productCounts[offset])
                    for action in shard.tape(of: offset) { machine.handle(action) }
                    return (offset, MachineReport(machine))
                }
            }
            var outcome = VendingOutcome()
            for await (offset, report) in group {
                outcome.record(report, offset: offset, in: shard)
            }
            return outcome
        }
    }
}
