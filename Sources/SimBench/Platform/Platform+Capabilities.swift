import CSimBenchSystem

extension Platform {
    /// One thing the harness measures or relies on, and whether this platform offers it.
    public struct Capability: Sendable {
        /// What it is: "thread CPU clock", "instruction counts (perf)" …
        public let name: String
        /// Whether it can be had here.
        public let available: Bool
        /// How it is had, or why it cannot be and what stands in for it.
        public let detail: String
    }

    /// Why allocation counts cannot be had on this platform at all; nil where the
    /// interposer serves (glibc's dynamic loader preloads it).
    static var allocationCountingUnavailable: String? {
        #if canImport(Darwin)
            "allocation counting: the interposer is glibc's, and no macOS library of it is built yet"
        #else
            nil
        #endif
    }

    /// Why Valgrind cannot count instructions on this platform at all; nil where it may
    /// (found on PATH or not).
    static var valgrindUnavailable: String? {
        #if canImport(Darwin)
            "instruction counts under Callgrind are Linux only: Valgrind does not run on current macOS"
        #else
            nil
        #endif
    }

    /// Every capability, probed now. Each unavailable one says why, never pretends a zero.
    ///
    /// - Parameter executable: the binary whose allocation library is looked for.
    public static func capabilities(executable: String) -> [Capability] {
        func capability(_ name: String, _ how: String?, else reason: @autoclosure () -> String)
            -> Capability
        {
            how.map { Capability(name: name, available: true, detail: $0) }
                ?? Capability(name: name, available: false, detail: reason())
        }
        func when(_ condition: Bool, _ how: String) -> String? { condition ? how : nil }
        let peakRegion = PeakResidentMemory.reset() && PeakResidentMemory.current() != nil
        let library = AllocationPass.library(besides: executable)
        let valgrind = CallgrindPass.executable(named: "valgrind")
        #if canImport(Darwin)
            let peakUnit = "bytes"
            let residentCall = "task_info (MACH_TASK_BASIC_INFO)"
            let executableCall = "_NSGetExecutablePath"
        #else
            let peakUnit = "KiB"
            let residentCall = "/proc/self/statm"
            let executableCall = isLinux ? "/proc/self/exe" : "argv[0] resolved on PATH"
        #endif
        return [
            capability(
                "wall clock", when(clockWorks(monotonicClock), monotonicClockName),
                else: "clock_gettime(\(monotonicClockName)) fails: \(errnoText())"),
            capability(
                "thread CPU clock",
                when(clockWorks(CLOCK_THREAD_CPUTIME_ID), "CLOCK_THREAD_CPUTIME_ID"),
                else: "clock_gettime(CLOCK_THREAD_CPUTIME_ID) fails: \(errnoText())"),
            capability(
                "process CPU clock",
                when(clockWorks(CLOCK_PROCESS_CPUTIME_ID), "CLOCK_PROCESS_CPUTIME_ID"),
                else: "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) fails: \(errnoText())"),
            capability(
                "peak memory (process)", "getrusage ru_maxrss (in \(peakUnit))", else: ""),
            capability(
                "peak memory (per scenario)",
                when(peakRegion, "/proc/self/clear_refs resets it, VmHWM reads it"),
                else: "no reset of the high-water mark (\(notLinux)): reported as unknown"),
            capability(
                "resident memory", when(residentBytes() != nil, residentCall),
                else: "no call reads it here (\(notLinux)): memory per machine is unknown"),
            capability(
                "available memory",
                when(availableMemoryBytes() != nil, "/proc/meminfo MemAvailable"),
                else:
                    "not read (\(notLinux)): the memory budget is 80% of physical memory and the rlimits"
            ),
            capability(
                "container memory limit", when(isLinux, "cgroup memory.max, memory.limit_in_bytes"),
                else: "no cgroups (\(notLinux))"),
            capability(
                "instruction counts (perf)",
                when(InstructionCounter.unavailableReason() == nil, "perf_event_open"),
                else: InstructionCounter.unavailableReason() ?? ""),
            capability(
                "instruction counts (Callgrind)",
                valgrindUnavailable == nil ? valgrind.map { "valgrind at \($0)" } : nil,
                else: valgrindUnavailable ?? "valgrind not found on PATH"),
            capability(
                "allocation counts",
                allocationCountingUnavailable == nil
                    ? library.map { "\(preloadVariable)=\($0) in an untimed child" } : nil,
                else: allocationCountingUnavailable
                    ?? "\(AllocationPass.libraryName) not found beside \(executable)"),
            capability(
                "unnamed result files",
                when(
                    isLinux && !cannotNameUnnamedFiles,
                    "O_TMPFILE, named through /proc/self/fd by linkat"),
                else: "\(notLinux): results are written whole to a named temporary, then renamed"
            ),
            capability(
                "one core (explain)", when(isLinux, "sched_setaffinity"),
                else: "POSIX keeps no thread on a core (\(notLinux)): explain refuses that mode"),
            capability(
                "children end with simbench",
                isLinux
                    ? "lifeline pipe and PR_SET_PDEATHSIG; closefrom"
                    : "lifeline pipe; descriptors closed one by one",
                else: ""),
            capability(
                "free memory given back", when(isLinux, "malloc_trim between scenarios"),
                else: "no malloc_trim (\(notLinux)): freed pages stay with the allocator"),
            capability("executable path", executableCall, else: ""),
            capability(
                "processor model",
                processorModel().map { _ in
                    isLinux ? "/proc/cpuinfo" : "sysctl machdep.cpu.brand_string"
                }, else: "not read (\(notLinux)): cpu_model is \"unknown\""),
        ]
    }
}
