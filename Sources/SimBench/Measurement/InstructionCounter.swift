import CSimBenchSystem

/// Counts the user-space instructions the whole process retires, through `perf_event_open`.
///
/// One hardware counter is opened per thread alive at creation (from `/proc/self/task`),
/// each inheriting to the threads it creates afterwards, so threads spawned later (the
/// actors' pool growing) are counted too; `read()` sums them, children included. Take the
/// difference of two readings around the measured region.
///
/// Many virtual machines expose no hardware counters: the kernel then refuses, and
/// `init()` throws an error whose description is the one line to print once.
public final class InstructionCounter: Sendable {
    private let descriptors: [Int32]

    /// Opens the counters; throws `InstructionCounterUnavailable` where the kernel refuses.
    public init() throws(InstructionCounterUnavailable) {
        var opened = [Int32]()
        for thread in Platform.threadIDs() ?? [0] {
            let result = simbench_perf_open_instructions(thread)
            if result >= 0 {
                opened.append(result)
            } else if -result != ESRCH {
                // ESRCH: the thread exited between listing and opening; nothing to count.
                opened.forEach(simbench_perf_close)
                throw InstructionCounterUnavailable(errorNumber: -result)
            }
        }
        guard !opened.isEmpty else {
            throw InstructionCounterUnavailable(errorNumber: ESRCH)
        }
        descriptors = opened
    }

    deinit {
        descriptors.forEach(simbench_perf_close)
    }

    /// The instructions counted since `init()`, or `nil` if the kernel fails to report them.
    public func read() -> UInt64? {
        var total: UInt64 = 0
        for descriptor in descriptors {
            let count = simbench_perf_read(descriptor)
            guard count >= 0 else { return nil }
            total &+= UInt64(count)
        }
        return total
    }

    /// Whether instruction counts can be had here, or the reason they cannot.
    public static func unavailableReason() -> String? {
        do {
            _ = try InstructionCounter()
            return nil
        } catch {
            return error.description
        }
    }
}

/// Why the kernel refused to count instructions: one line, printed once.
public struct InstructionCounterUnavailable: Error, CustomStringConvertible, Sendable {
    /// The `errno` of `perf_event_open`.
    public let errorNumber: Int32

    public var description: String {
        guard Platform.isLinux else { return "perf_event_open: \(Platform.notLinux)" }
        let meaning: String
        switch errorNumber {
        case ENOENT, EOPNOTSUPP, ENODEV:
            meaning = "not supported: no hardware instruction counter (a virtual machine?)"
        case EACCES, EPERM:
            meaning = "not permitted: see /proc/sys/kernel/perf_event_paranoid"
        case ENOSYS:
            meaning = "not available in this kernel"
        default:
            meaning = "refused"
        }
        let reason = String(cString: strerror(errorNumber))
        return "perf_event_open: \(meaning) (errno \(errorNumber): \(reason))"
    }
}
