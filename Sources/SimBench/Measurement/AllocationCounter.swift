import CSimBenchSystem

/// The number of allocator calls the whole process has made, from the allocation counter
/// (Sources/CAllocationInterposer), which interposes glibc's allocator.
///
/// The counter is never part of the process that times: an interposer costs every
/// allocation and free a few nanoseconds, and so would make every allocating pattern look
/// dearer than in a user's app. `simbench run` times in a process running glibc's allocator
/// untouched, where `isActive` is false, and counts in a separate, untimed child that it
/// starts with the counter preloaded (`AllocationPass`). There, and in a test bundle that
/// links the counter, the functions below are found by name and `isActive` is true.
///
/// malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc and pvalloc are
/// counted (free is not), on every thread, by per-thread tallies. Take the difference of
/// two readings around the measured region.
public enum AllocationCounter {
    /// The counter's entry points, when a counter is in this process.
    private struct Entry: Sendable {
        var count: @convention(c) () -> UInt64
        var countOnThisThread: @convention(c) () -> UInt64
        var active: @convention(c) () -> Int32
        var trackBegin: @convention(c) () -> Int32
        var trackEnd: @convention(c) () -> Int64
        var trackProcessBegin: @convention(c) () -> Int32
        var trackProcessEnd: @convention(c) () -> Int64
    }

    /// Looked up once, by name, in every object of the process (`RTLD_DEFAULT`): the
    /// preloaded library's, or the executable's own where a test bundle links the counter.
    private static let entry: Entry? = {
        func function<F>(_ name: String, as type: F.Type) -> F? {
            guard let address = Platform.symbol(named: name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard
            let count = function(
                "simbench_allocation_count", as: (@convention(c) () -> UInt64).self),
            let thread = function(
                "simbench_thread_allocation_count", as: (@convention(c) () -> UInt64).self),
            let active = function(
                "simbench_allocation_counting_active", as: (@convention(c) () -> Int32).self),
            let begin = function(
                "simbench_track_bytes_begin", as: (@convention(c) () -> Int32).self),
            let end = function("simbench_track_bytes_end", as: (@convention(c) () -> Int64).self),
            let processBegin = function(
                "simbench_track_process_bytes_begin", as: (@convention(c) () -> Int32).self),
            let processEnd = function(
                "simbench_track_process_bytes_end", as: (@convention(c) () -> Int64).self)
        else { return nil }
        return Entry(
            count: count, countOnThisThread: thread, active: active, trackBegin: begin,
            trackEnd: end, trackProcessBegin: processBegin, trackProcessEnd: processEnd)
    }()

    /// Whether allocations are counted in this process: a counter is present, and an
    /// allocation made inside the C library reaches it (probed once).
    ///
    /// False in the process that times, by design; false too under a sanitizer, whose
    /// runtime owns the allocator.
    public static let isActive: Bool = {
        guard !isUnderSanitizer, let entry else { return false }
        return entry.active() != 0
    }()

    /// Whether this is a ThreadSanitizer or AddressSanitizer build: no counter may be
    /// preloaded or linked there (the sanitizer's runtime owns the allocator).
    public static var isUnderSanitizer: Bool {
        simbench_sanitized() != 0
    }

    /// Why allocations cannot be counted by this build at all, or `nil` when they can (in
    /// the allocation pass).
    public static var unavailableReason: String? {
        if let reason = Platform.allocationCountingUnavailable { return reason }
        return isUnderSanitizer ? "allocation counting: not counted under a sanitizer" : nil
    }

    /// The allocator calls of every thread so far; monotonic; 0 without a counter.
    ///
    /// - Complexity: O(threads the process ever had).
    public static func count() -> UInt64 {
        guard isActive, let entry else { return 0 }
        return entry.count()
    }

    /// The allocator calls the calling thread has made so far; monotonic; 0 without a
    /// counter.
    ///
    /// Exact for synchronous code, which stays on one thread: other threads' allocations
    /// never enter it. Async code may resume on another thread, so use `count()` there.
    public static func countOnThisThread() -> UInt64 {
        guard isActive, let entry else { return 0 }
        return entry.countOnThisThread()
    }
}

extension AllocationCounter {
    /// The most heap bytes the calling thread held at once while `body` ran, above what it
    /// held before; nil where allocations are not counted.
    ///
    /// Exact for synchronous code, which stays on one thread: the allocator's usable size of
    /// every block the thread allocated, less every block it freed, at the high-water mark.
    /// Blocks freed that were allocated before `body` count against it.
    public static func peakBytes<T>(during body: () -> T) -> (T, Int64?) {
        guard isActive, let entry, entry.trackBegin() != 0 else { return (body(), nil) }
        let result = body()
        let peak = entry.trackEnd()
        return (result, peak >= 0 ? peak : nil)
    }

    /// The most heap bytes the whole process held at once while `body` ran, above what it
    /// held before; nil where allocations are not counted.
    ///
    /// For asynchronous code, which hops threads: every thread's allocations and frees
    /// count, so whatever else the process does meanwhile counts too. Call it while nothing
    /// else runs, and from one place at a time (a second call meanwhile gets nil).
    public static func processPeakBytes<T>(during body: () async -> T) async -> (T, Int64?) {
        guard isActive, let entry, entry.trackProcessBegin() != 0 else {
            return (await body(), nil)
        }
        let result = await body()
        let peak = entry.trackProcessEnd()
        return (result, peak >= 0 ? peak : nil)
    }
}
