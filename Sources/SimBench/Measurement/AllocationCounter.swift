import CAllocationCounter

/// The number of allocator calls the whole process has made, from the C shim that
/// interposes glibc's allocator.
///
/// malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc and pvalloc are
/// counted (free is not), on every thread, by per-thread tallies, so counting costs a few
/// instructions per allocation and no contention. Take the difference of two readings
/// around the measured region; allocations by other threads at the same time are included,
/// which is what a fleet spread over actors needs.
public enum AllocationCounter {
    /// Whether the interposed allocator is in effect, so that counts are real.
    ///
    /// Probed once: an allocation made inside the C library must reach the counter. When
    /// it does not (a static build, another allocator preloaded), leave the column empty
    /// and say why, with `inactiveReason`.
    public static var isActive: Bool {
        simbench_allocation_counting_active() != 0
    }

    /// Whether this is a ThreadSanitizer or AddressSanitizer build, under which the
    /// counter steps aside (the sanitizer's runtime owns the allocator).
    public static var isUnderSanitizer: Bool {
        simbench_allocation_counter_sanitized() != 0
    }

    /// Why the counts are not shown, or `nil` when they are real.
    public static var inactiveReason: String? {
        if isActive { return nil }
        return isUnderSanitizer
            ? "allocation counting: not counted under a sanitizer"
            : "allocation counting: glibc's allocator is not interposed in this process"
    }

    /// The allocator calls of every thread so far; monotonic.
    ///
    /// - Complexity: O(threads the process ever had).
    public static func count() -> UInt64 {
        simbench_allocation_count()
    }

    /// The allocator calls the calling thread has made so far; monotonic.
    ///
    /// Exact for synchronous code, which stays on one thread: other threads' allocations
    /// never enter it. Async code may resume on another thread, so use `count()` there.
    public static func countOnThisThread() -> UInt64 {
        simbench_thread_allocation_count()
    }
}

extension AllocationCounter {
    /// The most heap bytes the calling thread held at once while `body` ran, above what it
    /// held before; nil where the allocator is not interposed.
    ///
    /// Exact for synchronous code, which stays on one thread: the allocator's usable size of
    /// every block the thread allocated, less every block it freed, at the high-water mark.
    /// Blocks freed that were allocated before `body` count against it.
    public static func peakBytes<T>(during body: () -> T) -> (T, Int64?) {
        guard isActive, simbench_track_bytes_begin() != 0 else { return (body(), nil) }
        let result = body()
        let peak = simbench_track_bytes_end()
        return (result, peak >= 0 ? peak : nil)
    }
}

extension AllocationCounter {
    /// The most heap bytes the whole process held at once while `body` ran, above what it
    /// held before; nil where the allocator is not interposed.
    ///
    /// For asynchronous code, which hops threads: every thread's allocations and frees
    /// count, so whatever else the process does meanwhile counts too. Call it while nothing
    /// else runs, and from one place at a time (a second call meanwhile gets nil).
    public static func processPeakBytes<T>(during body: () async -> T) async -> (T, Int64?) {
        guard isActive, simbench_track_process_bytes_begin() != 0 else { return (await body(), nil) }
        let result = await body()
        let peak = simbench_track_process_bytes_end()
        return (result, peak >= 0 ? peak : nil)
    }
}
