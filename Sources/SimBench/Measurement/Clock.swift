import Glibc

/// Monotonic wall-clock time in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
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
