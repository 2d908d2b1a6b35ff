import CSimBenchSystem

/// Children started while the calling thread is kept on one core: each child, and every
/// thread it makes, inherits the mask (`sched_setaffinity`), so a whole run goes on one core
/// without a wrapper such as `taskset`.
public enum OneCore {
    /// Why the platform refused to keep the thread on one core.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `body` with the calling thread kept on the first core it may use, then gives it
    /// back its cores. `body` must not suspend: the mask is the thread's, not the task's.
    public static func keeping<T>(_ body: () throws -> T) throws -> T {
        guard simbench_keep_on_one_core() >= 0 else {
            throw Refusal(
                description:
                    "this platform does not keep threads on one core: \(String(cString: strerror(errno)))"
            )
        }
        defer { _ = simbench_restore_cores() }
        return try body()
    }
}
