import SimBenchCore
import Synchronization

/// `fleet.mutex-shared`: all machines in one array behind one `Mutex`.
///
/// As many tasks as cores each drive their own slice of machines, interleaving them (one
/// event of each machine in turn, not a machine's whole tape at once), and every event takes
/// the one lock. A machine's events still arrive in tape order.
enum MutexSharedFleet {
    /// The fleet's machines, shared by every driver task.
    final class SharedMachines: Sendable {
        let machines: Mutex<[EnumSwitchVending.SaleMachine]>

        init(_ machines: [EnumSwitchVending.SaleMachine]) {
            self.machines = Mutex(machines)
        }
    }

    static func run(_ shard: VendingShard, slices: Int) async -> VendingOutcome {
        let shared = SharedMachines(
            shard.productCounts.map { EnumSwitchVending.SaleMachine(count: $0) })
        let events = shard.eventsPerMachine
        await withTaskGroup(of: Void.self) { group in
            for slice in shard.machineSlices(slices) {
                group.addTask {
                    for step in 0..<events {
                        for offset in slice {
                            let action = shard.actions[offset * events + step]
                            shared.machines.withLock { $0[offset].handle(action) }
                        }
                    }
                }
            }
        }
        return shared.machines.withLock { machines in
            var outcome = VendingOutcome()
            for (offset, machine) in machines.enumerated() {
                outcome.record(MachineReport(machine), offset: offset, in: shard)
            }
            return outcome
        }
    }
}
