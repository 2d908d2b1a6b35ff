/// The clocks of the timed regions, read through `clock_gettime`.
///
/// Wall time is Linux's `CLOCK_MONOTONIC` (what every result so far was measured with) and,
/// on Darwin, `CLOCK_MONOTONIC_RAW`, which clock_gettime(3) there describes as unaffected by
/// frequency or time adjustments. The CPU clocks (`CLOCK_THREAD_CPUTIME_ID`,
/// `CLOCK_PROCESS_CPUTIME_ID`) are POSIX and read alike everywhere.
extension Platform {
    /// The clock wall time is read from, by name.
    static var monotonicClockName: String {
        #if canImport(Darwin)
            "CLOCK_MONOTONIC_RAW"
        #else
            "CLOCK_MONOTONIC"
        #endif
    }

    #if canImport(Darwin)
        static let monotonicClock = CLOCK_MONOTONIC_RAW
    #else
        static let monotonicClock = CLOCK_MONOTONIC
    #endif

    /// Whether `clock` can be read here.
    static func clockWorks(_ clock: clockid_t) -> Bool {
        var now = timespec()
        return clock_gettime(clock, &now) == 0
    }
}

/// Monotonic wall-clock time in nanoseconds (`Platform.monotonicClock`).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(Platform.monotonicClock, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// CPU time the calling thread has run, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
///
/// Unlike the process's CPU time it counts neither the runtime's other threads nor any time
/// the thread spent descheduled, so around a synchronous run it is that run's own cost on
/// one core, whatever the machine's other processes did meanwhile.
@inline(__always)
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// CPU time every thread of the process has run, in nanoseconds
/// (`CLOCK_PROCESS_CPUTIME_ID`).
///
/// What an asynchronous variant costs, whose work runs on whichever of the runtime's
/// threads its tasks land: it counts the runtime's own threads too, and anything else the
/// process does meanwhile.
@inline(__always)
func processCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
