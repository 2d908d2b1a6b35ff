#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's CPU time and memory, as the kernel accounts them.
///
/// CPU time covers every thread (user plus system, from `getrusage(RUSAGE_SELF)`), so the
/// CPU time of a measured region is the difference of two readings; unlike wall time it
/// grows when the fleet's actors run in parallel. Peak resident memory is the high-water
/// mark of the whole process's life, so only its growth across a region says anything about
/// that region.
public struct ResourceUsage: Sendable, Equatable {
    /// Time spent running user code, in nanoseconds (the kernel keeps microseconds).
    public let userNanoseconds: UInt64
    /// Time spent in the kernel on the process's behalf, in nanoseconds.
    public let systemNanoseconds: UInt64
    /// The most memory the process has had resident at once, in bytes (`ru_maxrss`).
    public let peakResidentBytes: UInt64

    /// User plus system CPU time, in nanoseconds.
    public var cpuNanoseconds: UInt64 { userNanoseconds + systemNanoseconds }

    public init(userNanoseconds: UInt64, systemNanoseconds: UInt64, peakResidentBytes: UInt64) {
        self.userNanoseconds = userNanoseconds
        self.systemNanoseconds = systemNanoseconds
        self.peakResidentBytes = peakResidentBytes
    }

    /// The usage of the whole process so far.
    public static func current() -> ResourceUsage {
        var usage = rusage()
        // getrusage cannot fail for RUSAGE_SELF with a valid pointer.
        _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(
            userNanoseconds: nanoseconds(usage.ru_utime),
            systemNanoseconds: nanoseconds(usage.ru_stime),
            // Linux reports ru_maxrss in kilobytes.
            peakResidentBytes: UInt64(max(usage.ru_maxrss, 0)) * 1024)
    }

    /// The memory resident right now, in bytes, from `/proc/self/statm`; `nil` where that
    /// file cannot be read.
    ///
    /// Its growth across the building of a fleet, divided by the machines, is the memory
    /// one machine costs.
    public static func currentResidentBytes() -> UInt64? {
        // statm: "size resident shared text lib data dt", in pages.
        guard let statm = readSmallFile("/proc/self/statm") else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = UInt64(fields[1]) else { return nil }
        return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The memory the system could give this process now without swapping, in bytes
    /// (`MemAvailable` in `/proc/meminfo`); nil where that cannot be read.
    public static func availableBytes() -> UInt64? {
        guard let meminfo = readSmallFile("/proc/meminfo", capacity: 4096) else { return nil }
        for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            // "MemAvailable:   23456789 kB"
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kilobytes = UInt64(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    private static func nanoseconds(_ time: timeval) -> UInt64 {
        UInt64(max(time.tv_sec, 0)) * 1_000_000_000 + UInt64(max(time.tv_usec, 0)) * 1_000
    }

    /// The contents of a small text file such as a `/proc` entry (Foundation-free).
    private static func readSmallFile(_ path: String, capacity: Int = 256) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: capacity)
        let length = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        return String(decoding: bytes[..<length], as: UTF8.self)
    }
}
