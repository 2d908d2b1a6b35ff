extension Platform {
    /// The process's CPU time and peak resident memory, from `getrusage(RUSAGE_SELF)`.
    ///
    /// - Returns: User and system time in nanoseconds; `ru_maxrss` in bytes (Linux counts
    ///   it in kibibytes, Darwin in bytes).
    static func processUsage() -> (user: UInt64, system: UInt64, peakResidentBytes: UInt64) {
        var usage = rusage()
        // getrusage cannot fail for RUSAGE_SELF with a valid pointer.
        #if canImport(Glibc)
            _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
            let peakBytes = UInt64(max(usage.ru_maxrss, 0))
        #else
            let peakBytes = UInt64(max(usage.ru_maxrss, 0)) * 1024
        #endif
        func nanoseconds(_ time: timeval) -> UInt64 {
            UInt64(max(time.tv_sec, 0)) * 1_000_000_000 + UInt64(max(time.tv_usec, 0)) * 1_000
        }
        return (nanoseconds(usage.ru_utime), nanoseconds(usage.ru_stime), peakBytes)
    }

    /// The memory resident right now, in bytes; nil where it cannot be read (the portable
    /// build on Linux, which has no POSIX call for it).
    static func residentBytes() -> UInt64? {
        #if os(Linux) && !SIMBENCH_PORTABLE
            // statm: "size resident shared text lib data dt", in pages.
            guard let statm = readSmallFile("/proc/self/statm", capacity: 256) else { return nil }
            let fields = statm.split(separator: " ")
            guard fields.count > 1, let pages = UInt64(fields[1]) else { return nil }
            return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(
                MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            return result == KERN_SUCCESS ? UInt64(info.resident_size) : nil
        #else
            return nil
        #endif
    }

    /// The memory the system could give this process now without swapping, in bytes
    /// (`MemAvailable` in `/proc/meminfo`); nil where that cannot be read (not Linux).
    static func availableMemoryBytes() -> UInt64? {
        #if os(Linux) && !SIMBENCH_PORTABLE
            guard let meminfo = readSmallFile("/proc/meminfo", capacity: 4096) else {
                return nil
            }
            for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
                // "MemAvailable:   23456789 kB"
                let fields = line.split(separator: " ")
                guard fields.count >= 2, let kilobytes = UInt64(fields[1]) else { return nil }
                return kilobytes * 1024
            }
            return nil
        #else
            return nil
        #endif
    }

    /// `/proc/self/status`'s `Vm…` lines (`VmRSS`, `VmSize`, `VmData` …), in bytes; empty
    /// where there is no such file (not Linux).
    static func processMemoryStatus() -> [String: UInt64] {
        #if os(Linux) && !SIMBENCH_PORTABLE
            guard let text = readSmallFile("/proc/self/status", capacity: 8192) else {
                return [:]
            }
            var values = [String: UInt64]()
            for line in text.split(separator: "\n") where line.hasPrefix("Vm") {
                // "VmSize:	  123456 kB"
                let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
                if parts.count >= 2, let kilobytes = UInt64(parts[1]) {
                    values[String(parts[0])] = kilobytes * 1024
                }
            }
            return values
        #else
            return [:]
        #endif
    }

    /// A limit `getrlimit` keeps on the process's memory.
    enum MemoryLimit {
        /// RLIMIT_AS, `ulimit -v`.
        case addressSpace
        /// RLIMIT_DATA, `ulimit -d`.
        case data
    }

    /// The soft limit `limit`, in bytes; nil when unlimited.
    static func memoryLimit(_ limit: MemoryLimit) -> UInt64? {
        var value = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(
                limit == .addressSpace ? RLIMIT_AS.rawValue : RLIMIT_DATA.rawValue)
        #else
            let resource = limit == .addressSpace ? RLIMIT_AS : RLIMIT_DATA
        #endif
        // RLIM_INFINITY is UInt64.max on Linux, Int64.max on Darwin: either is unlimited.
        guard getrlimit(resource, &value) == 0, value.rlim_cur < rlim_t(Int64.max) else {
            return nil
        }
        return UInt64(value.rlim_cur)
    }

    /// The cgroup memory-limit files that may hold this process's limit, most specific
    /// first (`memory.max`, v1's `memory.limit_in_bytes`); none where there are no cgroups.
    static func cgroupMemoryFiles() -> [(path: String, file: String)] {
        #if os(Linux) && !SIMBENCH_PORTABLE
            // "0::/user.slice/…" (v2), "7:memory:/docker/…" (v1).
            let membership = readSmallFile("/proc/self/cgroup", capacity: 4096) ?? ""
            var candidates = [(path: String, file: String)]()
            for line in membership.split(separator: "\n") {
                let fields = line.split(
                    separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3 else { continue }
                let group = String(fields[2])
                if fields[0] == "0" && fields[1].isEmpty {
                    candidates.append(("/sys/fs/cgroup\(group)/memory.max", "memory.max"))
                } else if fields[1].split(separator: ",").contains("memory") {
                    candidates.append(
                        (
                            "/sys/fs/cgroup/memory\(group)/memory.limit_in_bytes",
                            "memory.limit_in_bytes"
                        ))
                }
            }
            // Inside a container the group's own path is often not mounted: its root is.
            return candidates + [
                ("/sys/fs/cgroup/memory.max", "memory.max"),
                ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "memory.limit_in_bytes"),
            ]
        #else
            return []
        #endif
    }
}
